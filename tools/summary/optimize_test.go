package summary

import (
	"fmt"
	"math/rand"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// roundTrip encodes and decodes b, giving DecodeBody's normal form.
func roundTrip(t *testing.T, b *Body, p *Pool) *Body {
	t.Helper()
	if err := checkBody(b, p); err != nil {
		t.Fatalf("invalid body %+v: %v", b, err)
	}
	got, err := DecodeBody(AppendBody(nil, b), p, nil)
	if err != nil {
		t.Fatalf("body %+v does not decode: %v", b, err)
	}
	return got
}

func TestOptimize(t *testing.T) {
	p, r := testPool()
	cases := []struct {
		name     string
		in, want *Body
	}{
		{
			// (a) A variable whose only definition is a copy is replaced by
			// its source, transitively, and the copies go.
			name: "copy substituted",
			in: &Body{NumVars: 5, Params: []int32{0}, Stmts: []Stmt{
				sNew(1, r.a, 7),
				sCopy(2, 1),
				sStore(0, 2, r.fObj),
				sCopy(3, 2), // 3 → 2 → 1
				sCall(OpCall, CallVirtual, -1, 3, r.mVirt, 9, 4, 2, -1, 3),
				sCopy(4, 0), // a copy of a parameter: 4 → 0
				sStore(4, 3, r.fObj),
				sReturn(3),
			}},
			want: &Body{NumVars: 2, Params: []int32{0}, Stmts: []Stmt{
				sNew(1, r.a, 7),
				sStore(0, 1, r.fObj),
				sCall(OpCall, CallVirtual, -1, 1, r.mVirt, 9, 4, 1, -1, 1),
				// the second store became the first
				sReturn(1),
			}},
		},
		{
			// (b) Temporaries defined only by constants of one class become
			// one variable; the constants and the array stores then repeat
			// and collapse. A constant of another class stays apart.
			name: "constants merged",
			in: &Body{NumVars: 7, Params: []int32{-1}, Stmts: []Stmt{
				sNewArray(1, 0, r.arr, 3),
				sConst(5, 1, r.str),
				sArrayStore(0, 1),
				sConst(5, 2, r.str),
				sArrayStore(0, 2),
				sConst(5, 3, r.str),
				sArrayStore(0, 3),
				sConst(6, 4, r.klass),
				sArrayStore(0, 4),
				sConst(5, 5, r.str), // the same class twice in one variable
				sConst(5, 5, r.str),
				sArrayStore(0, 5),
				sStaticStore(0, r.sObj),
				sCall(OpCall, CallStatic, 6, -1, r.mStatic, 20, 8, 1, 2, 3, 5),
			}},
			want: &Body{NumVars: 4, Params: []int32{-1}, Stmts: []Stmt{
				sNewArray(1, 0, r.arr, 3),
				sConst(5, 1, r.str),
				sArrayStore(0, 1),
				sConst(6, 2, r.klass),
				sArrayStore(0, 2),
				sStaticStore(0, r.sObj),
				sCall(OpCall, CallStatic, 3, -1, r.mStatic, 20, 8, 1, 1, 1, 1),
			}},
		},
		{
			// Constants of one class but with different kinds: still one
			// abstract object per class. A variable with a constant and
			// another definition is not merged.
			name: "constants mixed",
			in: &Body{NumVars: 4, Stmts: []Stmt{
				sConst(5, 0, r.str),
				sConst(7, 1, r.str),
				sConst(5, 2, r.str),
				sLoad(2, 3, r.fObj),
				sReturn(0), sReturn(1), sReturn(2),
			}},
			want: &Body{NumVars: 3, Stmts: []Stmt{
				sConst(5, 0, r.str),
				sConst(7, 0, r.str),
				sConst(5, 1, r.str),
				sLoad(1, 2, r.fObj),
				sReturn(0), sReturn(1),
			}},
		},
		{
			// (c) A parameter whose only other definition is a copy is not
			// substituted; nor is one defined only by constants (merging it
			// with the other constant variables would give them the
			// caller's arguments).
			name: "parameters kept",
			in: &Body{NumVars: 6, Params: []int32{0, 1, 2}, Stmts: []Stmt{
				sNew(3, r.a, 1),
				sCopy(1, 3),
				sConst(5, 2, r.str),
				sConst(5, 4, r.str),
				sConst(5, 5, r.str),
				sReturn(1), sReturn(2), sThrow(4), sThrow(5),
			}},
			want: &Body{NumVars: 5, Params: []int32{0, 1, 2}, Stmts: []Stmt{
				sNew(3, r.a, 1),
				sCopy(1, 3),
				sConst(5, 2, r.str),
				sConst(5, 4, r.str),
				sReturn(1), sReturn(2), sThrow(4),
			}},
		},
		{
			// (d) A variable with two definitions (a copy and a load) stays.
			name: "two definitions",
			in: &Body{NumVars: 3, Params: []int32{0}, Stmts: []Stmt{
				sCopy(1, 0),
				sLoad(1, 0, r.fObj),
				sCopy(2, 1),
				sReturn(2),
			}},
			want: &Body{NumVars: 2, Params: []int32{0}, Stmts: []Stmt{
				sCopy(1, 0),
				sLoad(1, 0, r.fObj),
				sReturn(1),
			}},
		},
		{
			// (e) Calls and allocations are never removed, even when they
			// repeat exactly, and keep their sites and lines; other
			// statements that repeat go.
			name: "calls and allocations kept",
			in: &Body{NumVars: 4, Params: []int32{0}, Stmts: []Stmt{
				sNew(1, r.a, 5),
				sNew(1, r.a, 5),
				sNew(1, r.a, 6),
				sNewArray(2, 2, r.arr2, 8),
				sNewArray(2, 2, r.arr2, 8),
				sCall(OpCall, CallVirtual, 3, 0, r.mVirt, 10, 3, 1),
				sCall(OpCall, CallVirtual, 3, 0, r.mVirt, 10, 3, 1),
				sCall(OpCall, CallStatic, -1, -1, r.mStatic, 12, 4),
				sCall(OpCall, CallStatic, -1, -1, r.mStatic, 12, 4),
				sCall(OpDynCall, 0, 3, -1, r.mBoot, 14, 5),
				sCall(OpDynCall, 0, 3, -1, r.mBoot, 14, 5),
				sCall(OpConcat, 0, 3, -1, -1, 16, 6, 1, -1),
				sCall(OpConcat, 0, 3, -1, -1, 16, 6, 1, -1),
				sLoad(-1, 0, r.fInt), sLoad(-1, 0, r.fInt),
				sStore(0, 3, r.fObj), sStore(0, 3, r.fObj),
				sStaticLoad(-1, r.sInt), sStaticLoad(-1, r.sInt),
				sArrayLoad(3, 2), sArrayLoad(3, 2),
				sCast(3, 1, r.a), sCast(3, 1, r.a),
				sCatch(3, r.exc), sCatch(3, r.exc), sCatch(3, -1),
				sCopy(3, 3), // trivial
				sReturn(3), sReturn(3), sThrow(3), sThrow(3),
			}},
			want: &Body{NumVars: 4, Params: []int32{0}, Stmts: []Stmt{
				sNew(1, r.a, 5),
				sNew(1, r.a, 5),
				sNew(1, r.a, 6),
				sNewArray(2, 2, r.arr2, 8),
				sNewArray(2, 2, r.arr2, 8),
				sCall(OpCall, CallVirtual, 3, 0, r.mVirt, 10, 3, 1),
				sCall(OpCall, CallVirtual, 3, 0, r.mVirt, 10, 3, 1),
				sCall(OpCall, CallStatic, -1, -1, r.mStatic, 12, 4),
				sCall(OpCall, CallStatic, -1, -1, r.mStatic, 12, 4),
				sCall(OpDynCall, 0, 3, -1, r.mBoot, 14, 5),
				sCall(OpDynCall, 0, 3, -1, r.mBoot, 14, 5),
				sCall(OpConcat, 0, 3, -1, -1, 16, 6, 1, -1),
				sCall(OpConcat, 0, 3, -1, -1, 16, 6, 1, -1),
				sLoad(-1, 0, r.fInt),
				sStore(0, 3, r.fObj),
				sStaticLoad(-1, r.sInt),
				sArrayLoad(3, 2),
				sCast(3, 1, r.a),
				sCatch(3, r.exc), sCatch(3, -1),
				sReturn(3), sThrow(3),
			}},
		},
		{
			// Unused variables disappear and the rest are renumbered in
			// order of first appearance, parameters first.
			name: "renumbered",
			in: &Body{NumVars: 10, Params: []int32{7, -1, 3}, Stmts: []Stmt{
				sNew(9, r.a, 1),
				sCopy(5, 9),
				sStore(7, 5, r.fObj),
				sReturn(3),
			}},
			want: &Body{NumVars: 3, Params: []int32{0, -1, 1}, Stmts: []Stmt{
				sNew(2, r.a, 1),
				sStore(0, 2, r.fObj),
				sReturn(1),
			}},
		},
		{
			// A cycle of copies.
			name: "copy cycle",
			in: &Body{NumVars: 4, Params: []int32{0}, Stmts: []Stmt{
				sCopy(1, 2),
				sCopy(2, 3),
				sCopy(3, 1),
				sStore(0, 2, r.fObj),
			}},
			want: &Body{NumVars: 2, Params: []int32{0}, Stmts: []Stmt{
				sStore(0, 1, r.fObj),
			}},
		},
		{
			name: "no variables",
			in: &Body{Params: []int32{-1}, Stmts: []Stmt{
				sStaticLoad(-1, r.sInt),
				sCall(OpCall, CallStatic, -1, -1, r.mStatic, 1, 1, -1),
			}},
			want: &Body{Params: []int32{-1}, Stmts: []Stmt{
				sStaticLoad(-1, r.sInt),
				sCall(OpCall, CallStatic, -1, -1, r.mStatic, 1, 1, -1),
			}},
		},
	}
	for _, c := range cases {
		t.Run(strings.ReplaceAll(c.name, " ", "_"), func(t *testing.T) {
			before := AppendBody(nil, c.in)
			out := Optimize(c.in)
			// (f) The result is a valid body that round-trips.
			got := roundTrip(t, out, p)
			want := roundTrip(t, c.want, p)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("got %+v\n%s", out, diffBodies(want, got))
			}
			if out.NumVars > c.in.NumVars || len(out.Stmts) > len(c.in.Stmts) || len(out.Params) != len(c.in.Params) {
				t.Errorf("grew or lost parameters: %+v", out)
			}
			if after := AppendBody(nil, c.in); !slices.Equal(after, before) {
				t.Errorf("Optimize changed its input")
			}
			// Optimizing again changes nothing more.
			if again := roundTrip(t, Optimize(out), p); !reflect.DeepEqual(again, got) {
				t.Errorf("not idempotent:\n%s", diffBodies(got, again))
			}
			if d := pointsToDiff(c.in, out); d != "" {
				t.Errorf("points-to answers differ:\n%s", d)
			}
		})
	}
}

// unusedVars returns the variables of b that no parameter or statement
// mentions.
func unusedVars(b *Body) []int32 {
	used := make([]bool, b.NumVars)
	mark := func(v int32) {
		if v >= 0 {
			used[v] = true
		}
	}
	for _, v := range b.Params {
		mark(v)
	}
	for _, s := range b.Stmts {
		mark(s.Dst)
		mark(s.Src)
		mark(s.Base)
		for _, a := range s.Args {
			mark(a)
		}
	}
	var out []int32
	for v, u := range used {
		if !u {
			out = append(out, int32(v))
		}
	}
	return out
}

// TestOptimizeDense checks that Optimize numbers the variables it keeps
// densely: NumVars counts only variables that still occur.
//
// Regression: Optimize gave a variable its new id before deciding to drop
// the statement (a copy that became trivial), so a variable occurring only
// in dropped copies still counted in NumVars. Smallest input: NumVars 3,
// Params [0], "1 = copy 2; return 0" gave NumVars 2 with variable 1 unused
// (2 is never defined, so 1 is merged into 2 and the copy becomes "1 = 1").
func TestOptimizeDense(t *testing.T) {
	p, _ := testPool()
	for _, in := range []*Body{
		{NumVars: 3, Params: []int32{0}, Stmts: []Stmt{sCopy(1, 2), sReturn(0)}},
		{NumVars: 3, Params: []int32{0}, Stmts: []Stmt{sCopy(1, 2), sCopy(2, 1), sReturn(0)}},
		{NumVars: 2, Params: []int32{0}, Stmts: []Stmt{sCopy(1, 1), sReturn(0)}},
	} {
		out := Optimize(in)
		roundTrip(t, out, p)
		if u := unusedVars(out); len(u) > 0 || out.NumVars != 1 {
			t.Errorf("Optimize(%+v) = %+v: NumVars %d, want 1; unused variables %v", in, out, out.NumVars, u)
		}
	}
}

// pointsTo solves b flow-insensitively (Andersen style, within the method)
// and returns what Optimize promises to keep: the points-to sets of
// parameters, of call receivers, arguments and results, of returned and
// thrown values, the heap and statics, the fields read and written
// (MOD/USE), and the allocations. Abstract objects are named by what
// Optimize keeps: sites, classes, parameter positions, fields.
func pointsTo(b *Body) map[string]bool {
	pts := make([]map[string]bool, b.NumVars)
	for i := range pts {
		pts[i] = map[string]bool{}
	}
	heap := map[string]map[string]bool{}
	cell := func(k string) map[string]bool {
		if heap[k] == nil {
			heap[k] = map[string]bool{}
		}
		return heap[k]
	}
	changed := true
	addAll := func(dst map[string]bool, src map[string]bool) {
		for o := range src {
			if !dst[o] {
				dst[o] = true
				changed = true
			}
		}
	}
	add := func(dst map[string]bool, o string) { addAll(dst, map[string]bool{o: true}) }
	of := func(v int32) map[string]bool {
		if v < 0 {
			return map[string]bool{}
		}
		return pts[v]
	}
	for i, v := range b.Params {
		if v >= 0 {
			add(pts[v], fmt.Sprintf("param%d", i))
		}
	}
	for changed {
		changed = false
		for _, s := range b.Stmts {
			switch s.Op {
			case OpNew, OpNewArray:
				add(pts[s.Dst], fmt.Sprintf("new@%d:%d", s.Site, s.Ref))
			case OpConst:
				add(pts[s.Dst], fmt.Sprintf("const:%d", s.Ref))
			case OpCatch:
				add(pts[s.Dst], fmt.Sprintf("exc:%d", s.Ref))
			case OpCopy, OpCast:
				if s.Dst >= 0 {
					addAll(pts[s.Dst], of(s.Src))
				}
			case OpLoad, OpArrayLoad:
				f := "[]"
				if s.Op == OpLoad {
					f = fmt.Sprint(s.Ref)
				}
				if s.Dst >= 0 {
					for o := range of(s.Base) {
						addAll(pts[s.Dst], cell(o+"."+f))
					}
					add(pts[s.Dst], "in:"+f)
				}
			case OpStore, OpArrayStore:
				f := "[]"
				if s.Op == OpStore {
					f = fmt.Sprint(s.Ref)
				}
				for o := range of(s.Base) {
					addAll(cell(o+"."+f), of(s.Src))
				}
			case OpStaticLoad:
				if s.Dst >= 0 {
					addAll(pts[s.Dst], cell(fmt.Sprint("static.", s.Ref)))
					add(pts[s.Dst], fmt.Sprint("in:static.", s.Ref))
				}
			case OpStaticStore:
				addAll(cell(fmt.Sprint("static.", s.Ref)), of(s.Src))
			case OpCall, OpDynCall, OpConcat:
				if s.Dst >= 0 {
					add(pts[s.Dst], fmt.Sprintf("result@%d:%d", s.Site, s.Ref))
				}
			case OpReturn:
				addAll(cell("return"), of(s.Src))
			case OpThrow:
				addAll(cell("throw"), of(s.Src))
			}
		}
	}
	facts := map[string]bool{}
	set := func(m map[string]bool) string {
		return fmt.Sprint(slices.Sorted(func(yield func(string) bool) {
			for k := range m {
				if !yield(k) {
					return
				}
			}
		}))
	}
	for k, m := range heap {
		facts[k+" -> "+set(m)] = true
	}
	for i, v := range b.Params {
		facts[fmt.Sprintf("param %d (%v) -> %s", i, v >= 0, set(of(v)))] = true
	}
	calls := 0
	for _, s := range b.Stmts {
		switch s.Op {
		case OpCall, OpDynCall, OpConcat:
			k := fmt.Sprintf("call %d %s kind %d ref %d site %d line %d", calls, s.Op, s.Kind, s.Ref, s.Site, s.Line)
			calls++
			facts[fmt.Sprintf("%s: receiver (%v) %s", k, s.Base >= 0, set(of(s.Base)))] = true
			facts[fmt.Sprintf("%s: result (%v) %s", k, s.Dst >= 0, set(of(s.Dst)))] = true
			facts[fmt.Sprintf("%s: %d args", k, len(s.Args))] = true
			for j, a := range s.Args {
				facts[fmt.Sprintf("%s: arg %d (%v) %s", k, j, a >= 0, set(of(a)))] = true
			}
		case OpNew, OpNewArray:
			facts[fmt.Sprintf("alloc %d: %s kind %d ref %d site %d", calls, s.Op, s.Kind, s.Ref, s.Site)] = true
			calls++
		case OpLoad, OpStore, OpArrayLoad, OpArrayStore:
			for o := range of(s.Base) {
				facts[fmt.Sprintf("%s %s.%d", s.Op, o, s.Ref)] = true
			}
		case OpStaticLoad, OpStaticStore:
			facts[fmt.Sprintf("%s %d", s.Op, s.Ref)] = true
		}
	}
	return facts
}

// pointsToDiff describes how the answers of pointsTo differ for a and b.
func pointsToDiff(a, b *Body) string {
	fa, fb := pointsTo(a), pointsTo(b)
	var out []string
	for k := range fa {
		if !fb[k] {
			out = append(out, "- "+k)
		}
	}
	for k := range fb {
		if !fa[k] {
			out = append(out, "+ "+k)
		}
	}
	slices.Sort(out)
	return strings.Join(out, "\n")
}

// randomBody returns a well-formed body of the kind FromIR makes (defined
// variables where the op requires one), biased towards copies and
// constants so that Optimize has work to do.
func randomBody(rnd *rand.Rand, r testRefs) *Body {
	n := int32(1 + rnd.Intn(10))
	b := &Body{NumVars: n}
	v := func() int32 { return rnd.Int31n(n) }
	opt := func() int32 {
		if rnd.Intn(4) == 0 {
			return -1
		}
		return v()
	}
	perm := rnd.Perm(int(n))
	for i := range rnd.Intn(4) {
		p := int32(-1)
		if i < len(perm) && rnd.Intn(4) != 0 {
			p = int32(perm[i])
		}
		b.Params = append(b.Params, p)
	}
	strs := []int32{r.str, r.klass, r.a}
	fields := []int32{r.fObj, r.sObj}
	methods := []int32{r.mVirt, r.mStatic}
	for range rnd.Intn(20) {
		var s Stmt
		site := rnd.Int31n(8)
		switch k := rnd.Intn(22); {
		case k < 2:
			s = sNew(v(), strs[rnd.Intn(3)], site)
		case k < 3:
			s = sNewArray(1, v(), r.arr, site)
		case k < 7:
			s = sConst(uint8(5+rnd.Intn(2)), v(), strs[rnd.Intn(2)])
		case k < 11:
			s = sCopy(v(), v())
		case k < 12:
			s = sCast(v(), v(), strs[rnd.Intn(3)])
		case k < 13:
			s = sLoad(opt(), v(), fields[rnd.Intn(2)])
		case k < 14:
			s = sStore(v(), opt(), fields[rnd.Intn(2)])
		case k < 15:
			s = sStaticLoad(opt(), fields[rnd.Intn(2)])
		case k < 16:
			s = sStaticStore(opt(), fields[rnd.Intn(2)])
		case k < 17:
			s = sArrayLoad(opt(), v())
		case k < 18:
			s = sArrayStore(v(), opt())
		case k < 19:
			var args []int32
			for range rnd.Intn(3) {
				args = append(args, opt())
			}
			s = sCall(OpCall, uint8(rnd.Intn(4)), opt(), opt(), methods[rnd.Intn(2)], site, rnd.Int31n(3), args...)
		case k < 20:
			s = sCatch(v(), []int32{-1, r.exc}[rnd.Intn(2)])
		case k < 21:
			s = sReturn(v())
		default:
			s = sThrow(v())
		}
		b.Stmts = append(b.Stmts, s)
	}
	if b.Stmts == nil {
		b.Stmts = []Stmt{}
	}
	return b
}

// TestOptimizeRandom checks on random bodies that Optimize keeps every
// points-to answer it promises to keep, gives valid bodies that
// round-trip with densely numbered variables, and never grows a body. (A
// second Optimize may shrink a body further: merging can make two copies
// into a variable identical, leaving it one definition; that is not a bug.)
func TestOptimizeRandom(t *testing.T) {
	p, r := testPool()
	rnd := rand.New(rand.NewSource(1))
	shrunk := 0
	for i := 0; i < 20000; i++ {
		in := randomBody(rnd, r)
		if err := checkBody(in, p); err != nil {
			t.Fatalf("generator made an invalid body: %v", err)
		}
		out := Optimize(in)
		if err := checkBody(out, p); err != nil {
			t.Fatalf("body %d: invalid result %v\nin  %+v\nout %+v", i, err, in, out)
		}
		if out.NumVars > in.NumVars || len(out.Stmts) > len(in.Stmts) || len(out.Params) != len(in.Params) {
			t.Fatalf("body %d: grew\nin  %+v\nout %+v", i, in, out)
		}
		if out.NumVars < in.NumVars {
			shrunk++
		}
		got := roundTrip(t, out, p)
		if d := pointsToDiff(in, got); d != "" {
			t.Fatalf("body %d: points-to answers differ:\n%s\nin  %+v\nout %+v", i, d, in, out)
		}
		if u := unusedVars(out); len(u) > 0 {
			t.Fatalf("body %d: variables %v unused (see TestOptimizeDense)\nin  %+v\nout %+v", i, u, in, out)
		}
	}
	t.Logf("%d of 20000 bodies lost variables", shrunk)
}
