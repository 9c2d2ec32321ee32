package summary

import (
	"bytes"
	"errors"
	"fmt"
	"github.com/rules-fragment/rules_fragment/tools/classpath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
	"github.com/vmihailenco/msgpack/v5"

	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
)

var unitHeader = Header{Producer: "unit-test 1", Target: "//lib:service",
	Deps: []Dep{{Target: "//lib:base", BodySHA: bytes.Repeat([]byte{7}, 32)}}}

// sampleUnit builds a unit of two modules and three classes. bodies[name][i]
// is the decoded Body of the class's method i (nil without code).
func sampleUnit() (*Unit, map[string][]*Body) {
	p := NewPool()
	str := p.String("java/lang/String")
	impl := p.String("com/example/api/Service$Impl")
	exc := p.String("java/lang/IllegalStateException")
	fName := p.Field("com/example/api/Service$Impl", "name", "Ljava/lang/String;")
	fCount := p.Field("com/example/api/Service$Impl", "count", "I")
	sDefault := p.Field("com/example/api/Service", "DEFAULT", "Lcom/example/api/Service;")
	mInit := p.Method("java/lang/Object", "<init>", "()V", false)
	mRun := p.Method("com/example/api/Service", "run", "(Ljava/lang/Object;)Ljava/lang/Object;", true)
	mConcat := p.Method("java/lang/String", "valueOf", "(Ljava/lang/Object;)Ljava/lang/String;", false)
	mBoot := p.Method("java/lang/invoke/LambdaMetafactory", "metafactory", "(Ljava/lang/invoke/MethodHandles$Lookup;)Ljava/lang/invoke/CallSite;", false)

	bodies := map[string][]*Body{
		"com/example/api/Service": {
			nil, // abstract run
			{NumVars: 3, Params: []int32{0, 1}, Stmts: []Stmt{ // default runTwice
				sCall(OpCall, CallInterface, 2, 0, mRun, 1, 20, 1),
				sCall(OpCall, CallInterface, 2, 0, mRun, 6, 21, 2),
				sReturn(2),
			}},
			{NumVars: 2, Stmts: []Stmt{ // <clinit>
				sNew(0, impl, 0),
				sCall(OpCall, CallSpecial, -1, 0, mInit, 4, 5),
				sCall(OpDynCall, 0, 1, -1, mBoot, 9, 6),
				sStaticStore(0, sDefault),
			}},
		},
		"com/example/api/Service$Impl": {
			{NumVars: 2, Params: []int32{0, 1}, Stmts: []Stmt{ // <init>(String)
				sCall(OpCall, CallSpecial, -1, 0, mInit, 1, 10),
				sStore(0, 1, fName),
				sStore(0, -1, fCount),
			}},
			{NumVars: 7, Params: []int32{0, 1}, Stmts: []Stmt{ // run
				sLoad(2, 0, fName),
				sLoad(-1, 0, fCount),
				sConst(5, 3, str),
				sCall(OpConcat, 0, 4, -1, -1, 12, 30, 3, 2, -1),
				sCall(OpCall, CallStatic, 5, -1, mConcat, 15, 30, 1),
				sCast(6, 5, str),
				sNew(4, exc, 20),
				sCatch(4, exc),
				sThrow(4),
				sReturn(6),
			}},
			nil, // native
		},
	}
	u := &Unit{Pool: p}
	u.Modules = []*hierarchy.Module{
		{
			Name: "com.example.lib", Version: "1.2.3", Defined: true, Origin: "/build/lib.jar",
			Exports:          []string{"com/example/api", "com/example/util"},
			QualifiedExports: map[string][]string{"com/example/internal": {"com.example.app", "com.example.test"}, "com/example/spi": {"com.example.impl"}, "com/example/a": {"x"}},
			Requires:         []string{"java.base", "java.logging"},
			Packages:         []string{"com/example/api", "com/example/internal", "com/example/spi", "com/example/util"},
			Provides:         map[string][]string{"com/example/api/Service": {"com/example/util/B", "com/example/util/A"}, "java/lang/Runnable": {"com/example/util/R"}},
		},
		{Name: "com.example.open", Defined: true, Open: true, Requires: []string{"java.base"}},
	}
	u.Services = Services([]classpath.Service{
		{Name: "z/S", Providers: []string{"p/One", "p/Two"}},
		{Name: "a/S", Providers: []string{"p/Three"}},
		{Name: "z/S", Providers: []string{"p/Two", "p/Four"}},
	})
	u.Classes = []*Class{
		{ClassSpec: hierarchy.ClassSpec{
			Name: "com/example/api/Service", Super: "java/lang/Object", Access: 0x0601,
			Origin: "/build/lib.jar", Module: "com.example.lib",
			Interfaces:          []string{"java/lang/AutoCloseable", "java/io/Serializable"},
			NestMembers:         []string{"com/example/api/Service$Impl"},
			PermittedSubclasses: []string{"com/example/api/Service$Impl"},
			Fields:              []hierarchy.FieldSpec{{Name: "DEFAULT", Desc: "Lcom/example/api/Service;", Access: 0x0019}},
			Methods: []hierarchy.MethodSpec{
				{Name: "run", Desc: "(Ljava/lang/Object;)Ljava/lang/Object;", Access: 0x0401},
				{Name: "runTwice", Desc: "(Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;", Access: 0x0001},
				{Name: "<clinit>", Desc: "()V", Access: 0x0008},
			},
		}},
		{ClassSpec: hierarchy.ClassSpec{
			Name: "com/example/api/Service$Impl", Super: "java/lang/Object", Access: 0x0030,
			Origin: "/build/lib.jar", Module: "com.example.lib", NestHost: "com/example/api/Service",
			Interfaces: []string{"com/example/api/Service"},
			Fields: []hierarchy.FieldSpec{
				{Name: "name", Desc: "Ljava/lang/String;", Access: 0x0012},
				{Name: "count", Desc: "I", Access: 0x0002},
			},
			Methods: []hierarchy.MethodSpec{
				{Name: "<init>", Desc: "(Ljava/lang/String;)V", Access: 0x0001},
				{Name: "run", Desc: "(Ljava/lang/Object;)Ljava/lang/Object;", Access: 0x0001},
				{Name: "hash", Desc: "()I", Access: 0x0101},
			},
		}},
		// A lambda proxy: synthetic, no module, no members.
		{ClassSpec: hierarchy.ClassSpec{
			Name: "com/example/api/Service$$Lambda$1", Access: 0x1010, Synthetic: true,
			Origin:     "/build/lib.jar",
			Interfaces: []string{"java/util/function/Supplier"},
		}},
	}
	for _, c := range u.Classes {
		bs := bodies[c.Name]
		if len(c.Methods) == 0 {
			continue
		}
		c.Bodies = make([][]byte, len(c.Methods))
		for i, b := range bs {
			if b != nil {
				c.Bodies[i] = AppendBody(nil, b)
			}
		}
	}
	return u, bodies
}

func writeUnit(t testing.TB, u *Unit) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteUnit(&buf, unitHeader, u); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// sameUnit reports how got differs from want, ignoring what is not stored
// (origins) and the pools' lookup maps.
func sameUnit(want, got *Unit) error {
	for _, c := range got.Classes {
		got.Complete(c)
	}
	if !slices.Equal(want.Pool.strTab, got.Pool.strTab) {
		return fmt.Errorf("strings %q, want %q", got.Pool.strTab, want.Pool.strTab)
	}
	if !slices.Equal(want.Pool.fieldTab, got.Pool.fieldTab) {
		return fmt.Errorf("fields %v, want %v", got.Pool.fieldTab, want.Pool.fieldTab)
	}
	if !slices.Equal(want.Pool.methodTab, got.Pool.methodTab) {
		return fmt.Errorf("methods %v, want %v", got.Pool.methodTab, want.Pool.methodTab)
	}
	if len(want.Modules) != len(got.Modules) {
		return fmt.Errorf("%d modules, want %d", len(got.Modules), len(want.Modules))
	}
	for i, m := range want.Modules {
		w := *m
		w.Origin = ""
		if !reflect.DeepEqual(&w, got.Modules[i]) {
			return fmt.Errorf("module %d: %+v, want %+v", i, got.Modules[i], &w)
		}
	}
	if !reflect.DeepEqual(want.Services, got.Services) {
		return fmt.Errorf("services %v, want %v", got.Services, want.Services)
	}
	if len(want.Classes) != len(got.Classes) {
		return fmt.Errorf("%d classes, want %d", len(got.Classes), len(want.Classes))
	}
	for i, c := range want.Classes {
		w := c.ClassSpec
		w.Origin = ""
		g := got.Classes[i]
		if !reflect.DeepEqual(w, g.ClassSpec) {
			return fmt.Errorf("class %d: %+v, want %+v", i, g.ClassSpec, w)
		}
		for j := range c.Methods {
			wb, werr := want.BodyBytes(c, j)
			gb, gerr := got.BodyBytes(g, j)
			if werr != nil || gerr != nil {
				return fmt.Errorf("class %s: body %d: %v, %v", c.Name, j, gerr, werr)
			}
			if (wb == nil) != (gb == nil) || !bytes.Equal(wb, gb) {
				return fmt.Errorf("class %s: body %d is % x, want % x", c.Name, j, gb, wb)
			}
		}
	}
	return nil
}

func TestUnitRoundTrip(t *testing.T) {
	u, bodies := sampleUnit()
	data := writeUnit(t, u)
	got, h, err := ReadUnit("service.sum", bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if h.Schema != Schema || h.Producer != unitHeader.Producer || h.Target != unitHeader.Target ||
		!reflect.DeepEqual(h.Deps, unitHeader.Deps) || h.BodySize == 0 || len(h.BodySHA) != 32 {
		t.Errorf("header = %+v", h)
	}
	if err := sameUnit(u, got); err != nil {
		t.Fatal(err)
	}
	// The read pool interns like the written one.
	for i, s := range u.Pool.strTab {
		if id := got.Pool.String(s); id != int32(i) {
			t.Errorf("string %q: id %d, want %d", s, id, i)
		}
	}
	for i, f := range u.Pool.fieldTab {
		if id := got.Pool.FieldID(f); id != int32(i) {
			t.Errorf("field %v: id %d, want %d", f, id, i)
		}
	}
	for i, m := range u.Pool.methodTab {
		if id := got.Pool.MethodID(m); id != int32(i) {
			t.Errorf("method %v: id %d, want %d", m, id, i)
		}
	}
	if len(got.Pool.strTab) != len(u.Pool.strTab) || len(got.Pool.fieldTab) != len(u.Pool.fieldTab) || len(got.Pool.methodTab) != len(u.Pool.methodTab) {
		t.Errorf("the read pool grew when interning its own entries")
	}
	// Bodies decode as written, with the unit's ids and mapped into a
	// linker's pool.
	linker := NewPool()
	linker.String("a/Z")
	linker.Method("a/Z", "run", "(Ljava/lang/Object;)Ljava/lang/Object;", true)
	mp := NewMapper(got.Pool, linker)
	for _, c := range got.Classes {
		for i := range c.Methods {
			var want *Body
			if bs := bodies[c.Name]; bs != nil {
				want = bs[i]
			}
			b, err := got.Body(c, i, nil)
			if err != nil {
				t.Errorf("%s.%s: %v", c.Name, c.Methods[i].Name, err)
				continue
			}
			if !reflect.DeepEqual(b, want) {
				t.Errorf("%s.%s: body differs:\n%s", c.Name, c.Methods[i].Name, diffBodies(want, b))
			}
			if want == nil {
				continue
			}
			mb, err := got.Body(c, i, mp)
			if err != nil {
				t.Errorf("%s.%s mapped: %v", c.Name, c.Methods[i].Name, err)
				continue
			}
			checkMapped(t, c.Name+"."+c.Methods[i].Name, got.Pool, linker, want, mb)
		}
	}
	// A body error names the method.
	bad := Class{ClassSpec: got.Complete(got.Classes[1]).ClassSpec}
	bad.Bodies = make([][]byte, len(bad.Methods))
	for i := range bad.Methods {
		bad.Bodies[i], _ = got.BodyBytes(got.Classes[1], i)
	}
	bad.Bodies[1] = bad.Bodies[1][:len(bad.Bodies[1])-1]
	if _, err := got.Body(&bad, 1, nil); err == nil || !strings.Contains(err.Error(), "Service$Impl.run(Ljava/lang/Object;)") {
		t.Errorf("truncated body: error %v does not name the method", err)
	}
}

// TestUnitDeterministic writes a unit twice, and writes what was read back.
func TestUnitDeterministic(t *testing.T) {
	u, _ := sampleUnit()
	first := writeUnit(t, u)
	for i := 0; i < 5; i++ { // the qualified exports are a map
		if again := writeUnit(t, u); !bytes.Equal(again, first) {
			t.Fatalf("write %d: different bytes", i+2)
		}
	}
	// A fresh copy of the unit (pool not yet holding the class names)
	// gives the same bytes.
	fresh, _ := sampleUnit()
	if got := writeUnit(t, fresh); !bytes.Equal(got, first) {
		t.Errorf("a fresh unit writes different bytes")
	}
	read, _, err := ReadUnit("a.sum", bytes.NewReader(first))
	if err != nil {
		t.Fatal(err)
	}
	if got := writeUnit(t, read); !bytes.Equal(got, first) {
		t.Errorf("rewriting the read unit gives different bytes")
	}
}

func TestUnitEmpty(t *testing.T) {
	u := &Unit{Pool: NewPool()}
	got, _, err := ReadUnit("empty.sum", bytes.NewReader(writeUnit(t, u)))
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Pool.strTab)+len(got.Pool.fieldTab)+len(got.Pool.methodTab)+len(got.Modules)+len(got.Classes) != 0 {
		t.Errorf("empty unit read as %+v", got)
	}
}

// isFileError reports whether err is an *Error naming file.
func isFileError(err error, file string) bool {
	var e *Error
	return errors.As(err, &e) && e.File == file && strings.Contains(err.Error(), file)
}

func TestUnitCorrupt(t *testing.T) {
	u, _ := sampleUnit()
	good := writeUnit(t, u)
	for n := 0; n < len(good); n++ {
		if _, _, err := ReadUnit("t.sum", bytes.NewReader(good[:n])); !isFileError(err, "t.sum") {
			t.Fatalf("truncated to %d of %d bytes: %v", n, len(good), err)
		}
	}
	// Every changed byte is rejected (the header's CRC of the compressed
	// body covers also bytes zstd would decode to the same content).
	for i := range good {
		for _, x := range []byte{0x01, 0x5a, 0x80} {
			bad := slices.Clone(good)
			bad[i] ^= x
			if _, _, err := ReadUnit("c.sum", bytes.NewReader(bad)); !isFileError(err, "c.sum") {
				t.Fatalf("byte %d changed (^%#x): %v", i, x, err)
			}
		}
	}
	// So is anything appended.
	if _, _, err := ReadUnit("j.sum", bytes.NewReader(append(slices.Clone(good), 0))); !isFileError(err, "j.sum") {
		t.Errorf("trailing byte: %v", err)
	}
}

// contentFile writes a summary whose content is the five values given,
// the bodies in one chunk.
func contentFile(t testing.TB, strs []string, refs []byte, modules []any, types, bodies []byte) []byte {
	var buf bytes.Buffer
	chunks, attached := putUint(nil, 0), []byte(nil)
	if len(bodies) > 0 {
		zw, err := zstd.NewWriter(nil)
		if err != nil {
			t.Fatal(err)
		}
		attached = zw.EncodeAll(bodies, nil)
		chunks = putUint(putUint(putUint(nil, 1), uint64(len(bodies))), uint64(len(attached)))
	}
	err := WriteAttached(&buf, unitHeader, func(enc *msgpack.Encoder) error {
		if strs == nil {
			if err := enc.EncodeNil(); err != nil {
				return err
			}
		} else if err := enc.EncodeBytes(appendStrings(nil, strs)); err != nil {
			return err
		}
		if err := enc.EncodeBytes(refs); err != nil {
			return err
		}
		if modules == nil {
			if err := enc.EncodeNil(); err != nil {
				return err
			}
		} else if err := enc.Encode(modules); err != nil {
			return err
		}
		if err := enc.EncodeNil(); err != nil { // no services
			return err
		}
		if err := enc.EncodeBytes(types); err != nil {
			return err
		}
		return enc.EncodeBytes(chunks)
	}, attached)
	if err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestUnitBadContent checks content errors behind a valid container.
func TestUnitBadContent(t *testing.T) {
	u := func(xs ...uint64) []byte {
		var b []byte
		for _, x := range xs {
			b = putUint(b, x)
		}
		return b
	}
	strs := []string{"p/A", "m", "()V", "I"}
	noRefs := u(0, 0)
	// One class p/A: name 0, no super, access 1, flags 0, no module, no
	// nest host, no lists, no fields, one method m()V with a body of n bytes.
	// ... then Refs: count, then string ids as differences.
	classRefs := func(n uint64, refs ...uint64) []byte {
		return append(u(1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 1, 2, 1, n, uint64(len(refs))), u(refs...)...)
	}
	class := func(n uint64) []byte { return classRefs(n) }
	body := AppendBody(nil, &Body{NumVars: 1, Params: []int32{0}, Stmts: []Stmt{sReturn(0)}})
	mods := []any{}
	// The baseline is accepted.
	if got, _, err := ReadUnit("ok.sum", bytes.NewReader(contentFile(t, strs, noRefs, mods, class(uint64(len(body))), body))); err != nil {
		t.Fatalf("baseline: %v", err)
	} else if b, err := got.Body(got.Classes[0], 0, nil); err != nil || b.NumVars != 1 {
		t.Fatalf("baseline body: %v, %v", b, err)
	}
	if got, _, err := ReadUnit("ok.sum", bytes.NewReader(contentFile(t, strs, noRefs, mods, classRefs(uint64(len(body)), 1, 2), body))); err != nil {
		t.Fatalf("with refs: %v", err)
	} else if !slices.Equal(got.Classes[0].Refs, []int32{1, 3}) {
		t.Fatalf("refs %v, want [1 3]", got.Classes[0].Refs)
	}
	cases := map[string][]byte{
		"no string table":        contentFile(t, nil, noRefs, mods, class(uint64(len(body))), body),
		"field string id":        contentFile(t, strs, u(1, 0, 1, 4, 0), mods, class(uint64(len(body))), body),
		"method string id":       contentFile(t, strs, u(0, 1, 0, 1, 9, 0), mods, class(uint64(len(body))), body),
		"refs trailing":          contentFile(t, strs, u(0, 0, 0), mods, class(uint64(len(body))), body),
		"refs truncated":         contentFile(t, strs, u(1, 0, 1), mods, class(uint64(len(body))), body),
		"no modules":             contentFile(t, strs, noRefs, nil, class(uint64(len(body))), body),
		"module not a map":       contentFile(t, strs, noRefs, []any{"x"}, class(uint64(len(body))), body),
		"module exports not str": contentFile(t, strs, noRefs, []any{map[string]any{"exports": []int{1}}}, class(uint64(len(body))), body),
		"class name id":          contentFile(t, strs, noRefs, mods, u(1, 7, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0), nil),
		"class name empty":       contentFile(t, []string{""}, noRefs, mods, u(1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0), nil),
		"class name array":       contentFile(t, []string{"[I"}, noRefs, mods, u(1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0), nil),
		"super id":               contentFile(t, strs, noRefs, mods, u(1, 0, 5, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0), nil),
		"interface id":           contentFile(t, strs, noRefs, mods, u(1, 0, 0, 1, 0, 0, 0, 1, 4, 0, 0, 0, 0), nil),
		"list count":             contentFile(t, strs, noRefs, mods, u(1, 0, 0, 1, 0, 0, 0, 100), nil),
		"body beyond data":       contentFile(t, strs, noRefs, mods, class(uint64(len(body))+1), body),
		"body size huge":         contentFile(t, strs, noRefs, mods, class(1<<63), body),
		"body data left over":    contentFile(t, strs, noRefs, mods, class(uint64(len(body))-1), body),
		"body without method":    contentFile(t, strs, noRefs, mods, u(1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0), body),
		"class table trailing":   contentFile(t, strs, noRefs, mods, append(class(uint64(len(body))), 0), body),
		"class table truncated":  contentFile(t, strs, noRefs, mods, class(uint64(len(body)))[:10], body),
		"ref id":                 contentFile(t, strs, noRefs, mods, classRefs(uint64(len(body)), 1, 3), body),
		"refs not increasing":    contentFile(t, strs, noRefs, mods, classRefs(uint64(len(body)), 1, 0), body),
		"class count":            contentFile(t, strs, noRefs, mods, u(2, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0), nil),
	}
	// Repeated entries, next to each other in a sorted table (found
	// without a map) and apart in an unsorted one. Reference entries are
	// class and name as differences (zigzag: 1 is -1, 2 is +1), then the
	// descriptor (and for methods the interface flag).
	repeats := map[string][]byte{
		"string repeats":        contentFile(t, []string{"p/A", "m", "()V", "p/A"}, noRefs, mods, class(uint64(len(body))), body),
		"sorted string repeats": contentFile(t, []string{"()V", "I", "I", "p/A"}, noRefs, mods, class(uint64(len(body))), body),
		"field repeats":         contentFile(t, strs, u(3, 0, 2, 2, 0, 1, 2, 0, 2, 2, 0), mods, class(uint64(len(body))), body),
		"sorted field repeats":  contentFile(t, strs, u(2, 0, 2, 2, 0, 0, 2, 0), mods, class(uint64(len(body))), body),
		"method repeats":        contentFile(t, strs, u(0, 3, 0, 2, 2, 0, 0, 1, 2, 0, 0, 2, 2, 0), mods, class(uint64(len(body))), body),
		"sorted method repeats": contentFile(t, strs, u(0, 2, 0, 2, 2, 0, 0, 0, 2, 0), mods, class(uint64(len(body))), body),
	}
	for name, data := range repeats {
		if _, _, err := ReadUnit("bad.sum", bytes.NewReader(data)); err == nil || !strings.Contains(err.Error(), "repeats") {
			t.Errorf("%s: error %v, want a repeat", name, err)
		}
		cases[name] = data
	}
	// The same tables without the repeat are accepted.
	for name, data := range map[string][]byte{
		"unsorted strings": contentFile(t, []string{"p/A", "m", "()V", "I"}, noRefs, mods, class(uint64(len(body))), body),
		"unsorted fields":  contentFile(t, strs, u(2, 0, 2, 2, 0, 1, 2, 0), mods, class(uint64(len(body))), body),
		"unsorted methods": contentFile(t, strs, u(0, 2, 0, 2, 2, 0, 0, 1, 2, 0), mods, class(uint64(len(body))), body),
	} {
		if _, _, err := ReadUnit("ok.sum", bytes.NewReader(data)); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	for name, data := range cases {
		if _, _, err := ReadUnit("bad.sum", bytes.NewReader(data)); err == nil {
			t.Errorf("%s: accepted", name)
		} else if !isFileError(err, "bad.sum") {
			t.Errorf("%s: error %v is not an *Error naming the file", name, err)
		}
	}
}

// checkReadUnit reads data and checks what ReadUnit promises: an *Error
// naming the file, or a unit whose bodies decode or fail without panics
// and which rewrites to an equal unit.
func checkReadUnit(t *testing.T, data []byte) {
	u, _, err := ReadUnit("fuzz.sum", bytes.NewReader(data))
	if err != nil {
		if !isFileError(err, "fuzz.sum") {
			t.Fatalf("error %v is not an *Error naming the file", err)
		}
		return
	}
	checkUnit(t, u)
	again, _, err := ReadUnit("again.sum", bytes.NewReader(writeUnit(t, u)))
	if err != nil {
		t.Fatalf("rewritten unit rejected: %v", err)
	}
	if err := sameUnit(u, again); err != nil {
		t.Fatalf("rewritten unit differs: %v", err)
	}
}

// checkUnit decodes every body of u; those accepted must be valid, and
// shared as decoded. A pool that can be a linker's base must give the
// linker its own ids.
func checkUnit(t *testing.T, u *Unit) {
	for _, c := range u.Classes {
		if c.Bodies != nil || len(c.locs) != len(c.Methods) {
			t.Fatalf("class %s: %d bodies for %d methods", c.Name, len(c.locs), len(c.Methods))
		}
		for i := range c.Methods {
			b, err := u.Body(c, i, nil)
			shared, errShared := u.SharedBody(c, i)
			if (err == nil) != (errShared == nil) || !reflect.DeepEqual(b, shared) {
				t.Fatalf("class %s: body %d shared as %v (%v), decoded as %v (%v)", c.Name, i, shared, errShared, b, err)
			}
			if err != nil || b == nil {
				continue
			}
			if err := checkBody(b, u.Pool); err != nil {
				t.Fatalf("class %s: body %d accepted but invalid: %v", c.Name, i, err)
			}
		}
	}
	over, ok := NewPoolOver(u.Pool)
	if !ok {
		return
	}
	p := u.Pool
	for id := range int32(p.NumStrings()) {
		if got := over.String(p.StringAt(id)); got != id {
			t.Fatalf("string %d (%q): id %d over the unit's pool", id, p.StringAt(id), got)
		}
	}
	for id := range int32(p.NumFields()) {
		if got := over.FieldID(p.FieldAt(id)); got != id {
			t.Fatalf("field %d (%s): id %d over the unit's pool", id, p.FieldName(id), got)
		}
	}
	for id := range int32(p.NumMethods()) {
		if got := over.MethodID(p.MethodAt(id)); got != id {
			t.Fatalf("method %d (%s): id %d over the unit's pool", id, p.MethodName(id), got)
		}
	}
}

// FuzzReadUnit fuzzes whole summary files through ReadUnit.
func FuzzReadUnit(f *testing.F) {
	u, _ := sampleUnit()
	f.Add(writeUnit(f, u))
	f.Add(writeUnit(f, &Unit{Pool: NewPool()}))
	f.Add(writeUnit(f, &Unit{Pool: sortedPool()}))
	f.Add([]byte(Magic))
	f.Fuzz(func(t *testing.T, data []byte) {
		checkReadUnit(t, data)
	})
}

// FuzzUnitContent fuzzes the uncompressed content (the five msgpack
// values) and the attached chunks of bodies, which FuzzReadUnit rarely
// reaches behind the checksums.
func FuzzUnitContent(f *testing.F) {
	u, _ := sampleUnit()
	for _, u := range []*Unit{u, {Pool: NewPool()}, {Pool: sortedPool()}} {
		content, attached := encodeContent(f, u)
		f.Add(content, attached)
	}
	f.Fuzz(func(t *testing.T, content, attached []byte) {
		u, err := decodeUnit(contentReader(content))
		if err != nil || u.attach(attached) != nil {
			return
		}
		checkUnit(t, u)
		if _, err := u.classTable(); err != nil {
			return // a chunk does not decompress: its bodies fail to decode (checkUnit)
		}
		content, attached = encodeContent(t, u)
		again, err := decodeUnit(contentReader(content))
		if err == nil {
			err = again.attach(attached)
		}
		if err != nil {
			t.Fatalf("re-encoded unit rejected: %v", err)
		}
		if err := sameUnit(u, again); err != nil {
			t.Fatalf("re-encoded unit differs: %v", err)
		}
	})
}

// encodeContent returns u's content and attached chunks as WriteUnit
// writes them.
func encodeContent(t testing.TB, u *Unit) (content, attached []byte) {
	types, err := u.classTable()
	if err != nil {
		t.Fatal(err)
	}
	chunks, attached, err := u.encodeChunks()
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := u.encode(msgpack.NewEncoder(&buf), types, chunks); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes(), attached
}

// contentReader reads a summary body without its container.
func contentReader(content []byte) *Reader {
	rd := &Reader{file: "fuzz"}
	rd.setBody(content)
	return rd
}

// TestServicesMerge checks that class-path configurations merge by service,
// sorted, providers in class-path order and each once.
func TestServicesMerge(t *testing.T) {
	got := Services([]classpath.Service{
		{Name: "z/S", Providers: []string{"p/One", "p/Two"}},
		{Name: "a/S", Providers: []string{"p/Three"}},
		{Name: "z/S", Providers: []string{"p/Two", "p/Four"}},
	})
	if want := []Service{{"a/S", []string{"p/Three"}}, {"z/S", []string{"p/One", "p/Two", "p/Four"}}}; !reflect.DeepEqual(got, want) {
		t.Fatalf("Services: %v, want %v", got, want)
	}
}
