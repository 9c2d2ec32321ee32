package summary

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// Statement constructors in the normal form DecodeBody produces: unused
// variables and refs -1, unused Kind, Site and Line 0, Args nil when empty.

func sNew(dst, ref, site int32) Stmt {
	return Stmt{Op: OpNew, Dst: dst, Src: -1, Base: -1, Ref: ref, Site: site}
}

func sNewArray(dims uint8, dst, ref, site int32) Stmt {
	return Stmt{Op: OpNewArray, Kind: dims, Dst: dst, Src: -1, Base: -1, Ref: ref, Site: site}
}

func sConst(kind uint8, dst, ref int32) Stmt {
	return Stmt{Op: OpConst, Kind: kind, Dst: dst, Src: -1, Base: -1, Ref: ref}
}

func sCopy(dst, src int32) Stmt { return Stmt{Op: OpCopy, Dst: dst, Src: src, Base: -1, Ref: -1} }

func sCast(dst, src, ref int32) Stmt {
	return Stmt{Op: OpCast, Dst: dst, Src: src, Base: -1, Ref: ref}
}

func sLoad(dst, base, field int32) Stmt {
	return Stmt{Op: OpLoad, Dst: dst, Src: -1, Base: base, Ref: field}
}

func sStore(base, src, field int32) Stmt {
	return Stmt{Op: OpStore, Dst: -1, Src: src, Base: base, Ref: field}
}

func sStaticLoad(dst, field int32) Stmt {
	return Stmt{Op: OpStaticLoad, Dst: dst, Src: -1, Base: -1, Ref: field}
}

func sStaticStore(src, field int32) Stmt {
	return Stmt{Op: OpStaticStore, Dst: -1, Src: src, Base: -1, Ref: field}
}

func sArrayLoad(dst, base int32) Stmt {
	return Stmt{Op: OpArrayLoad, Dst: dst, Src: -1, Base: base, Ref: -1}
}

func sArrayStore(base, src int32) Stmt {
	return Stmt{Op: OpArrayStore, Dst: -1, Src: src, Base: base, Ref: -1}
}

func sCall(op Op, kind uint8, dst, base, ref, site, line int32, args ...int32) Stmt {
	if len(args) == 0 {
		args = nil
	}
	return Stmt{Op: op, Kind: kind, Dst: dst, Src: -1, Base: base, Ref: ref, Site: site, Line: line, Args: args}
}

func sReturn(src int32) Stmt { return Stmt{Op: OpReturn, Dst: -1, Src: src, Base: -1, Ref: -1} }
func sThrow(src int32) Stmt  { return Stmt{Op: OpThrow, Dst: -1, Src: src, Base: -1, Ref: -1} }

func sCatch(dst, ref int32) Stmt {
	return Stmt{Op: OpCatch, Dst: dst, Src: -1, Base: -1, Ref: ref}
}

// testRefs are the ids of testPool's entries.
type testRefs struct {
	object, str, exc, a, arr, arr2, klass   int32 // strings
	fObj, fInt, sObj, sInt                  int32 // fields
	mVirt, mStatic, mIface, mBoot, mSpecial int32 // methods
}

// testPool returns a small pool with every kind of entry; it is the same
// for every call (FuzzDecodeBody relies on it).
func testPool() (*Pool, testRefs) {
	p := NewPool()
	var r testRefs
	r.object = p.String("java/lang/Object")
	r.str = p.String("java/lang/String")
	r.exc = p.String("java/lang/Exception")
	r.a = p.String("p/A")
	r.arr = p.String("[Ljava/lang/Object;")
	r.arr2 = p.String("[[I")
	r.klass = p.String("java/lang/Class")
	r.fObj = p.Field("p/A", "next", "Lp/A;")
	r.fInt = p.Field("p/A", "count", "I")
	r.sObj = p.Field("p/A", "INSTANCE", "Lp/A;")
	r.sInt = p.Field("p/A", "COUNTER", "J")
	r.mVirt = p.Method("p/A", "run", "(Ljava/lang/Object;ILjava/lang/Object;)Ljava/lang/Object;", false)
	r.mStatic = p.Method("p/A", "tick", "()V", false)
	r.mIface = p.Method("java/util/List", "add", "(Ljava/lang/Object;)Z", true)
	r.mBoot = p.Method("java/lang/invoke/LambdaMetafactory", "metafactory", "(...)Ljava/lang/invoke/CallSite;", false)
	r.mSpecial = p.Method("p/A", "<init>", "()V", false)
	return p, r
}

// sampleBodies returns hand-built bodies in DecodeBody's normal form.
func sampleBodies(r testRefs) map[string]*Body {
	bodies := map[string]*Body{}

	// Every op, with primitive (-1) operands where they are allowed,
	// negative site and line differences, line 0, and variables far
	// beyond the 16 newest (absolute encoding) as well as near them
	// (relative encoding), including both ends of the relative window.
	bodies["allOps"] = &Body{
		NumVars: 40,
		Params:  []int32{0, -1, 1, -1},
		Stmts: []Stmt{
			sNew(2, r.a, 10),
			sNewArray(1, 3, r.arr, 14),
			sNewArray(2, 4, r.arr2, 5), // site goes down
			sConst(5, 5, r.str),        // ir.ConstString
			sConst(6, 6, r.klass),      // ir.ConstClass
			sCopy(7, 0),
			sCast(8, 7, r.a),
			sLoad(9, 0, r.fObj),
			sLoad(-1, 0, r.fInt), // primitive read
			sStore(0, 9, r.fObj),
			sStore(2, -1, r.fInt), // primitive or null written
			sStaticLoad(10, r.sObj),
			sStaticLoad(-1, r.sInt),
			sStaticStore(10, r.sObj),
			sStaticStore(-1, r.sInt),
			sArrayLoad(11, 3),
			sArrayLoad(-1, 4),
			sArrayStore(3, 11),
			sArrayStore(4, -1),
			sCall(OpCall, CallVirtual, 12, 0, r.mVirt, 20, 7, 1, -1, 11),
			sCall(OpCall, CallStatic, -1, -1, r.mStatic, 3, 0),           // site and line go down, line 0
			sCall(OpCall, CallInterface, 30, 2, r.mIface, 40, 12, 29, 2), // 30, 29: jumps ahead, absolute
			sCall(OpCall, CallSpecial, -1, 13, r.mSpecial, 65535, 1<<20),
			sCall(OpDynCall, 0, 14, -1, r.mBoot, 41, 12, 0),
			sCall(OpDynCall, 0, 15, -1, r.mBoot, 0, 0),
			sCall(OpConcat, 0, 16, -1, -1, 42, 13, 5, -1, 12),
			sCall(OpConcat, 0, 17, -1, -1, 1<<30, 1),
			sCatch(18, r.exc),
			sCatch(19, -1), // catch-all
			sCopy(39, 1),   // far ahead: absolute
			sCopy(24, 39),  // d = 39+1-24 = 16: just outside the window, absolute
			sCopy(25, 39),  // d = 15: last relative slot
			sCopy(39, 39),  // d = 1
			sReturn(12),
			sThrow(18),
			sReturn(2), // far behind: absolute
		},
	}

	// No variables, no parameters, no statements.
	bodies["empty"] = &Body{Stmts: []Stmt{}}

	// A static method whose parameters are all primitive, and a table
	// initialiser: rows of "a = new T[]; a[*] = const; S.f = a" with
	// fresh variables, so rows after the 16th variable encode alike.
	init := &Body{NumVars: 60, Params: []int32{-1, -1}}
	for row := int32(0); row < 20; row++ {
		a, c := 3*row, 3*row+1
		init.Stmts = append(init.Stmts,
			sNewArray(1, a, r.arr, 100+8*row),
			sConst(5, c, r.str),
			sArrayStore(a, c),
			sStaticStore(a, r.sObj),
			sCall(OpCall, CallStatic, 3*row+2, -1, r.mStatic, 104+8*row, 50+row, a, c),
		)
	}
	bodies["tableInit"] = init

	// An instance method with many variables, all uses relative.
	chain := &Body{NumVars: 35, Params: []int32{0}}
	for v := int32(1); v < 35; v++ {
		chain.Stmts = append(chain.Stmts, sLoad(v, v-1, r.fObj))
	}
	chain.Stmts = append(chain.Stmts, sReturn(34), sThrow(0))
	bodies["chain"] = chain

	// Parameters only, one of them beyond the relative window.
	bodies["paramsOnly"] = &Body{NumVars: 100, Params: []int32{99, -1, 0, 98, 17}, Stmts: []Stmt{}}
	return bodies
}

// checkBody reports why b is not structurally valid for pool p: every
// variable in [-1, NumVars), every ref within the pool, required refs set.
func checkBody(b *Body, p *Pool) error {
	if b.NumVars < 0 {
		return fmt.Errorf("NumVars %d", b.NumVars)
	}
	okVar := func(v int32) bool { return v >= -1 && v < b.NumVars }
	for i, v := range b.Params {
		if !okVar(v) {
			return fmt.Errorf("param %d: variable %d", i, v)
		}
	}
	for i := range b.Stmts {
		s := &b.Stmts[i]
		if s.Op < OpNew || s.Op >= opMax {
			return fmt.Errorf("stmt %d: op %d", i, s.Op)
		}
		for _, v := range append([]int32{s.Dst, s.Src, s.Base}, s.Args...) {
			if !okVar(v) {
				return fmt.Errorf("stmt %d (%s): variable %d", i, s.Op, v)
			}
		}
		n := 0
		switch s.Op.refKind() {
		case refString:
			n = len(p.strTab)
		case refField:
			n = len(p.fieldTab)
		case refMethod:
			n = len(p.methodTab)
		}
		if s.Ref < -1 || int(s.Ref) >= n {
			return fmt.Errorf("stmt %d (%s): ref %d of %d", i, s.Op, s.Ref, n)
		}
		if s.Ref < 0 && s.Op.refKind() != refNone && s.Op != OpCatch {
			return fmt.Errorf("stmt %d (%s): missing ref", i, s.Op)
		}
	}
	return nil
}

func TestBodyRoundTrip(t *testing.T) {
	p, r := testPool()
	for name, b := range sampleBodies(r) {
		if err := checkBody(b, p); err != nil {
			t.Fatalf("%s: test body is invalid: %v", name, err)
		}
		data := AppendBody(nil, b)
		got, err := DecodeBody(data, p, nil)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if !reflect.DeepEqual(got, b) {
			t.Errorf("%s: round trip differs:\n%s", name, diffBodies(b, got))
		}
		// Appending to a non-empty buffer writes the same bytes after it.
		prefixed := AppendBody([]byte("xyz"), b)
		if !bytes.Equal(prefixed[3:], data) {
			t.Errorf("%s: AppendBody depends on the buffer", name)
		}
		// The encoding is canonical.
		if again := AppendBody(nil, got); !bytes.Equal(again, data) {
			t.Errorf("%s: re-encoding gives different bytes", name)
		}
	}
}

// TestBodyVarEncoding checks that the relative variable encoding makes
// repetitive code give repetitive bytes, and the window's edges.
func TestBodyVarEncoding(t *testing.T) {
	_, r := testPool()
	// Rows after the first few encode identically (sites and lines advance
	// by the same differences, variables are fresh).
	row := func(i int32) []byte {
		b := sampleBodies(r)["tableInit"]
		prefix := &Body{NumVars: b.NumVars, Params: b.Params, Stmts: b.Stmts[:5*i]}
		full := &Body{NumVars: b.NumVars, Params: b.Params, Stmts: b.Stmts[:5*(i+1)]}
		// Both start with the statement count; it is < 128 either way.
		return AppendBody(nil, full)[len(AppendBody(nil, prefix)):]
	}
	for i := int32(2); i < 20; i++ {
		if !bytes.Equal(row(i), row(1)) {
			t.Errorf("row %d encodes as % x, row 1 as % x", i, row(i), row(1))
		}
	}
	// Single variables after newest 39.
	cases := []struct {
		v    int32
		want uint64
	}{
		{40, 1},            // newest+1: d = 0
		{39, 3},            // d = 1
		{25, 2*15 + 1},     // d = 15, the last relative slot
		{24, 2 * (24 + 1)}, // d = 16: absolute
		{0, 2 * 1},         // absolute
		{41, 2 * (41 + 1)}, // beyond newest+1: absolute
		{-1, 0},            // none
		{99, 2 * (99 + 1)}, // absolute, two bytes
		{38, 2*2 + 1},      // d = 2
		{30, 2*10 + 1},     // d = 10
		{26, 2*14 + 1},     // d = 14
		{23, 2 * (23 + 1)}, // d = 17
		{1, 2 * (1 + 1)},   // absolute
		{2, 2 * (2 + 1)},   // absolute
		{16, 2 * (16 + 1)}, // absolute
	}
	for _, c := range cases {
		vc := varCodec{newest: 39}
		got := vc.put(nil, c.v)
		if want := putUint(nil, c.want); !bytes.Equal(got, want) {
			t.Errorf("put(%d) after newest 39 = % x, want % x", c.v, got, want)
		}
		vc2 := varCodec{newest: 39}
		rd := &varReader{b: got}
		if v := vc2.get(rd); v != c.v || rd.err != nil || rd.off != len(got) {
			t.Errorf("get(put(%d)) = %d, %v", c.v, v, rd.err)
		}
		if c.v >= 0 && vc.newest != max(39, c.v) {
			t.Errorf("put(%d): newest %d", c.v, vc.newest)
		}
	}
}

func TestBodyMapper(t *testing.T) {
	from, r := testPool()
	// The target pool already holds other entries and some of the same in
	// another order, so ids differ.
	to := NewPool()
	to.String("zzz")
	to.Method("q/B", "m", "()V", false)
	to.Field("q/B", "f", "I")
	to.String("p/A")
	to.Field("p/A", "count", "I")
	to.Method("java/util/List", "add", "(Ljava/lang/Object;)Z", false) // not the interface method
	m := NewMapper(from, to)
	for _, name := range []string{"allOps", "tableInit", "chain", "allOps"} { // allOps twice: cached ids
		want := sampleBodies(r)[name]
		got, err := DecodeBody(AppendBody(nil, want), from, m)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		checkMapped(t, name, from, to, want, got)
		if err := checkBody(got, to); err != nil {
			t.Errorf("%s: mapped body invalid for the target pool: %v", name, err)
		}
	}
	// The interface method was not merged with the class method of the
	// same name that the target pool had (id 1).
	if got, err := DecodeBody(AppendBody(nil, &Body{Stmts: []Stmt{sCall(OpCall, CallInterface, -1, -1, r.mIface, 1, 1)}}), from, m); err != nil || got.Stmts[0].Ref == 1 || !to.methodTab[got.Stmts[0].Ref].Interface {
		t.Errorf("interface method reference mapped to %+v, %v", got, err)
	}
	// No entry was interned twice.
	seen := map[string]bool{}
	for _, s := range to.strTab {
		if seen[s] {
			t.Errorf("string %q interned twice", s)
		}
		seen[s] = true
	}
}

// checkMapped checks that got is want with its pool ids translated from
// pool from to pool to, naming the same strings, fields and methods.
func checkMapped(t *testing.T, name string, from, to *Pool, want, got *Body) {
	t.Helper()
	if got.NumVars != want.NumVars || !reflect.DeepEqual(got.Params, want.Params) || len(got.Stmts) != len(want.Stmts) {
		t.Errorf("%s: shape differs:\n%s", name, diffBodies(want, got))
		return
	}
	for i := range want.Stmts {
		w, g := want.Stmts[i], got.Stmts[i]
		if w.Ref >= 0 {
			switch w.Op.refKind() {
			case refString:
				if g.Ref < 0 || int(g.Ref) >= len(to.strTab) || to.strTab[g.Ref] != from.strTab[w.Ref] {
					t.Errorf("%s: stmt %d (%s): string %d does not map to %q", name, i, w.Op, g.Ref, from.strTab[w.Ref])
				}
			case refField:
				if g.Ref < 0 || int(g.Ref) >= len(to.fieldTab) || to.FieldName(g.Ref) != from.FieldName(w.Ref) {
					t.Errorf("%s: stmt %d (%s): field %d does not map to %s", name, i, w.Op, g.Ref, from.FieldName(w.Ref))
				}
			case refMethod:
				if g.Ref < 0 || int(g.Ref) >= len(to.methodTab) || to.MethodName(g.Ref) != from.MethodName(w.Ref) ||
					to.methodTab[g.Ref].Interface != from.methodTab[w.Ref].Interface {
					t.Errorf("%s: stmt %d (%s): method %d does not map to %s", name, i, w.Op, g.Ref, from.MethodName(w.Ref))
				}
			}
		} else if g.Ref != w.Ref {
			t.Errorf("%s: stmt %d (%s): ref %d, want %d", name, i, w.Op, g.Ref, w.Ref)
		}
		g.Ref = w.Ref
		if !reflect.DeepEqual(g, w) {
			t.Errorf("%s: stmt %d: got %+v, want %+v", name, i, g, w)
		}
	}
}

// badBodies returns encodings that DecodeBody must reject.
func badBodies(p *Pool, r testRefs) map[string][]byte {
	ns, nf, nm := int32(len(p.strTab)), int32(len(p.fieldTab)), int32(len(p.methodTab))
	enc := func(numVars int32, params []int32, stmts ...Stmt) []byte {
		return AppendBody(nil, &Body{NumVars: numVars, Params: params, Stmts: stmts})
	}
	raw := func(parts ...uint64) []byte {
		var b []byte
		for _, x := range parts {
			b = putUint(b, x)
		}
		return b
	}
	bad := map[string][]byte{
		// Variables out of range.
		"dst = NumVars":        enc(3, nil, sNew(3, r.a, 1)),
		"src = NumVars":        enc(3, nil, sCopy(0, 3)),
		"base = NumVars":       enc(3, nil, sLoad(0, 3, r.fObj)),
		"store src = NumVars":  enc(3, nil, sStore(0, 5, r.fObj)),
		"arg = NumVars":        enc(3, nil, sCall(OpCall, CallStatic, -1, -1, r.mStatic, 1, 1, 0, 3)),
		"call dst = NumVars":   enc(3, nil, sCall(OpCall, CallStatic, 3, -1, r.mStatic, 1, 1)),
		"return = NumVars":     enc(1, nil, sReturn(1)),
		"far var":              enc(3, nil, sThrow(1000)),
		"param = NumVars":      enc(2, []int32{0, 2}),
		"param far":            enc(2, []int32{1 << 30}),
		"no vars, one used":    enc(0, nil, sReturn(0)),
		"relative below zero":  raw(1, 0, 1, uint64(OpReturn), 3),                                  // d = 1 with newest -1
		"relative far below":   raw(1, 0, 1, uint64(OpReturn), 2*200+1),                            // d = 200
		"relative huge":        raw(1, 0, 1, uint64(OpReturn), 1<<63+1),                            // d = 2^62
		"absolute > MaxInt32":  raw(1, 0, 1, uint64(OpReturn), 2*(1<<31+1)),                        // v = 2^31
		"absolute max uint64":  raw(1, 0, 1, uint64(OpReturn), 1<<64-2),                            // v = 2^63-2
		"NumVars > MaxInt32":   raw(1<<31, 0, 0),                                                   //
		"param > MaxInt32":     raw(5, 1, 1<<32, 0),                                                //
		"ref > MaxInt32":       raw(1, 0, 1, uint64(OpNew), 1, 1<<33, 0),                           //
		"site overflow":        raw(1, 0, 2, uint64(OpNew), 1, 1, 1<<32-2, uint64(OpNew), 3, 1, 2), // 2^31-1, then +1
		"site underflow":       append(raw(1, 0, 1, uint64(OpNew), 1, 1), putVarint(-(1<<31)-1)...),
		"line overflow":        append(raw(0, 0, 1, uint64(OpCall), 3, 0, 0, 1, 0), append(putVarint(1<<31), 0)...),
		"stmt count > bytes":   raw(0, 0, 5, uint64(OpReturn)),
		"param count > bytes":  raw(1, 10, 0),
		"arg count > bytes":    raw(1, 0, 1, uint64(OpCall), 3, 0, 0, 1, 0, 0, 100, 0),
		"trailing byte":        append(enc(1, []int32{0}, sReturn(0)), 0),
		"trailing stmt":        append(enc(1, []int32{0}, sReturn(0)), byte(OpReturn), 1),
		"unknown op 0":         raw(1, 0, 1, 0, 1),
		"unknown op opMax":     raw(1, 0, 1, uint64(opMax), 1),
		"unknown op 255":       append(raw(1, 0, 1), 255, 1),
		"overlong varint":      {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01, 0, 0},
		"empty":                nil,
		"only NumVars":         raw(1),
		"unterminated varint":  {0x80},
		"unterminated in stmt": append(raw(1, 0, 1, uint64(OpReturn)), 0x80),
		"missing op":           raw(1, 0, 1),
		// Refs out of range or missing.
		"new ref = len(Strings)":      enc(1, nil, sNew(0, ns, 1)),
		"newarray ref far":            enc(1, nil, sNewArray(1, 0, 1000, 1)),
		"const ref = len(Strings)":    enc(1, nil, sConst(5, 0, ns)),
		"cast ref = len(Strings)":     enc(2, nil, sCast(0, 1, ns)),
		"catch ref = len(Strings)":    enc(1, nil, sCatch(0, ns)),
		"load ref = len(Fields)":      enc(2, nil, sLoad(0, 1, nf)),
		"store ref = len(Fields)":     enc(2, nil, sStore(0, 1, nf)),
		"sload ref = len(Fields)":     enc(1, nil, sStaticLoad(0, nf)),
		"sstore ref = len(Fields)":    enc(1, nil, sStaticStore(0, nf)),
		"call ref = len(Methods)":     enc(1, nil, sCall(OpCall, CallStatic, 0, -1, nm, 1, 1)),
		"dyncall ref = len(Methods)":  enc(1, nil, sCall(OpDynCall, 0, 0, -1, nm, 1, 1)),
		"concat with a ref":           enc(1, nil, sCall(OpConcat, 0, 0, -1, 0, 1, 1)),
		"new without ref":             enc(1, nil, sNew(0, -1, 1)),
		"newarray without ref":        enc(1, nil, sNewArray(1, 0, -1, 1)),
		"const without ref":           enc(1, nil, sConst(5, 0, -1)),
		"cast without ref":            enc(2, nil, sCast(0, 1, -1)),
		"load without ref":            enc(2, nil, sLoad(0, 1, -1)),
		"store without ref":           enc(2, nil, sStore(0, 1, -1)),
		"sload without ref":           enc(1, nil, sStaticLoad(0, -1)),
		"sstore without ref":          enc(1, nil, sStaticStore(0, -1)),
		"call without ref":            enc(1, nil, sCall(OpCall, CallStatic, 0, -1, -1, 1, 1)),
		"dyncall without ref":         enc(1, nil, sCall(OpDynCall, 0, 0, -1, -1, 1, 1)),
		"bad stmt after good ones":    enc(2, []int32{0}, sNew(1, r.a, 1), sCopy(0, 1), sReturn(2)),
		"bad ref after good ones":     enc(2, []int32{0}, sNew(1, r.a, 1), sCopy(0, 1), sNew(1, 99, 2)),
		"bad param after good stmts":  enc(2, []int32{0, 5}, sNew(1, r.a, 1), sReturn(1)),
		"negative NumVars (encoding)": enc(-1, nil),
	}
	return bad
}

// putVarint writes a zig-zag difference, as putDelta does.
func putVarint(v int64) []byte { return binary.AppendVarint(nil, v) }

func TestBodyBad(t *testing.T) {
	p, r := testPool()
	for name, data := range badBodies(p, r) {
		b, err := decodeNoPanic(data, p)
		if err == nil {
			t.Errorf("%s: accepted % x as %+v", name, data, b)
		} else if b != nil {
			t.Errorf("%s: error %v with a body", name, err)
		}
	}
	// The out-of-range errors say so.
	for _, name := range []string{"dst = NumVars", "arg = NumVars", "param = NumVars", "new ref = len(Strings)", "call ref = len(Methods)", "relative below zero"} {
		if _, err := DecodeBody(badBodies(p, r)[name], p, nil); err == nil || !strings.Contains(err.Error(), "out of range") {
			t.Errorf("%s: error %v does not say out of range", name, err)
		}
	}
	// The last valid variable and ids are accepted.
	ns, nf, nm := int32(len(p.strTab)), int32(len(p.fieldTab)), int32(len(p.methodTab))
	edge := &Body{NumVars: 3, Params: []int32{2}, Stmts: []Stmt{
		sNew(2, ns-1, 1), sConst(5, 2, ns-1), sCast(2, 2, ns-1), sCatch(2, ns-1), sNewArray(1, 2, ns-1, 2),
		sLoad(2, 2, nf-1), sStore(2, 2, nf-1), sStaticLoad(2, nf-1), sStaticStore(2, nf-1),
		sCall(OpCall, CallVirtual, 2, 2, nm-1, 3, 3, 2), sCall(OpDynCall, 0, 2, -1, nm-1, 4, 4, 2),
	}}
	if got, err := DecodeBody(AppendBody(nil, edge), p, nil); err != nil || !reflect.DeepEqual(got, edge) {
		t.Errorf("last valid ids: %v\n%s", err, diffBodies(edge, got))
	}
}

// decodeNoPanic is DecodeBody, turning a panic into an error that names it.
func decodeNoPanic(data []byte, p *Pool) (b *Body, err error) {
	defer func() {
		if x := recover(); x != nil {
			b, err = nil, fmt.Errorf("PANIC: %v", x)
		}
	}()
	return DecodeBody(data, p, nil)
}

func TestBodyTruncatedAndCorrupt(t *testing.T) {
	p, r := testPool()
	accepted := 0
	for name, b := range sampleBodies(r) {
		good := AppendBody(nil, b)
		// A prefix of a valid body runs out of bytes where the whole body
		// does not: every truncation is an error.
		for n := 0; n < len(good); n++ {
			got, err := decodeNoPanic(good[:n:n], p)
			if err == nil {
				t.Errorf("%s: truncated to %d of %d bytes: accepted as %+v", name, n, len(good), got)
			} else if strings.HasPrefix(err.Error(), "PANIC") {
				t.Errorf("%s: truncated to %d bytes: %v", name, n, err)
			}
		}
		// A changed byte may give another valid body (a different variable
		// or ref), but never an invalid one or a panic.
		for i := range good {
			for _, change := range []func(byte) byte{
				func(x byte) byte { return x ^ 0x01 },
				func(x byte) byte { return x ^ 0x02 },
				func(x byte) byte { return x ^ 0x10 },
				func(x byte) byte { return x ^ 0x40 },
				func(x byte) byte { return x ^ 0x80 },
				func(x byte) byte { return ^x },
				func(x byte) byte { return 0 },
				func(x byte) byte { return 0x7f },
				func(x byte) byte { return x + 1 },
				func(x byte) byte { return x - 1 },
			} {
				bad := append([]byte(nil), good...)
				bad[i] = change(bad[i])
				got, err := decodeNoPanic(bad, p)
				if err != nil {
					if strings.HasPrefix(err.Error(), "PANIC") {
						t.Errorf("%s: byte %d changed to %#x: %v", name, i, bad[i], err)
					}
					continue
				}
				accepted++
				if err := checkBody(got, p); err != nil {
					t.Errorf("%s: byte %d changed to %#x: accepted an invalid body: %v", name, i, bad[i], err)
					continue
				}
				again, err := DecodeBody(AppendBody(nil, got), p, nil)
				if err != nil || !reflect.DeepEqual(again, got) {
					t.Errorf("%s: byte %d changed to %#x: accepted body does not round-trip: %v", name, i, bad[i], err)
				}
			}
		}
		// Inserting or deleting a byte never panics either.
		for i := 0; i <= len(good); i++ {
			ins := append(append(append([]byte(nil), good[:i]...), 0x81), good[i:]...)
			if _, err := decodeNoPanic(ins, p); err != nil && strings.HasPrefix(err.Error(), "PANIC") {
				t.Errorf("%s: byte inserted at %d: %v", name, i, err)
			}
			if i < len(good) {
				del := append(append([]byte(nil), good[:i]...), good[i+1:]...)
				if _, err := decodeNoPanic(del, p); err != nil && strings.HasPrefix(err.Error(), "PANIC") {
					t.Errorf("%s: byte %d deleted: %v", name, i, err)
				}
			}
		}
	}
	t.Logf("%d corrupted bodies were valid bodies", accepted)
}

// FuzzDecodeBody checks that DecodeBody never panics, accepts only
// structurally valid bodies, and that what it accepts round-trips.
func FuzzDecodeBody(f *testing.F) {
	p, r := testPool()
	for _, b := range sampleBodies(r) {
		f.Add(AppendBody(nil, b))
	}
	for _, data := range badBodies(p, r) {
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := DecodeBody(data, p, nil)
		if err != nil {
			if b != nil {
				t.Fatalf("error %v with a body", err)
			}
			return
		}
		if err := checkBody(b, p); err != nil {
			t.Fatalf("accepted an invalid body: %v", err)
		}
		enc := AppendBody(nil, b)
		again, err := DecodeBody(enc, p, nil)
		if err != nil {
			t.Fatalf("re-encoded body rejected: %v\nbody %+v\nencoded % x", err, b, enc)
		}
		if !reflect.DeepEqual(again, b) {
			t.Fatalf("re-encoded body differs:\n%s", diffBodies(b, again))
		}
		if enc2 := AppendBody(nil, again); !bytes.Equal(enc2, enc) {
			t.Fatalf("encoding is not canonical")
		}
		// Optimize accepts any valid body (bounded here: it allocates
		// per variable) and gives a valid, encodable one.
		if b.NumVars <= 1<<12 {
			o := Optimize(b)
			if err := checkBody(o, p); err != nil {
				t.Fatalf("Optimize made an invalid body: %v\nfrom %+v\nto %+v", err, b, o)
			}
			if o.NumVars > b.NumVars || len(o.Stmts) > len(b.Stmts) {
				t.Fatalf("Optimize grew the body")
			}
			if _, err := DecodeBody(AppendBody(nil, o), p, nil); err != nil {
				t.Fatalf("optimized body does not decode: %v", err)
			}
		}
	})
}

// diffBodies describes how two bodies differ.
func diffBodies(want, got *Body) string {
	if want == nil || got == nil {
		return fmt.Sprintf("got %+v, want %+v", got, want)
	}
	var sb strings.Builder
	if want.NumVars != got.NumVars {
		fmt.Fprintf(&sb, "NumVars %d, want %d\n", got.NumVars, want.NumVars)
	}
	if !reflect.DeepEqual(want.Params, got.Params) {
		fmt.Fprintf(&sb, "Params %#v, want %#v\n", got.Params, want.Params)
	}
	if len(want.Stmts) != len(got.Stmts) {
		fmt.Fprintf(&sb, "%d statements, want %d (nil: %v, %v)\n", len(got.Stmts), len(want.Stmts), got.Stmts == nil, want.Stmts == nil)
	}
	for i := range min(len(want.Stmts), len(got.Stmts)) {
		if !reflect.DeepEqual(want.Stmts[i], got.Stmts[i]) {
			fmt.Fprintf(&sb, "stmt %d: %+v, want %+v\n", i, got.Stmts[i], want.Stmts[i])
		}
	}
	return sb.String()
}
