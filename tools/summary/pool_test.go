package summary

import (
	"bytes"
	"reflect"
	"sync"
	"testing"
)

// sortedPoolUnit reads back a unit of sortedPool.
func sortedPoolUnit(t *testing.T) *Unit {
	t.Helper()
	got, _, err := ReadUnit("sorted.sum", bytes.NewReader(writeUnit(t, &Unit{Pool: sortedPool()})))
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// sortedPool is a pool interned in sorted order, as the summarizer interns
// (its fields and methods sorted by ids).
func sortedPool() *Pool {
	p := NewPool()
	for _, s := range []string{"()V", "(Ljava/lang/Object;)Z", "<init>", "I", "Lp/A;", "add", "count", "java/lang/Object", "java/util/List", "next", "p/A"} {
		p.String(s)
	}
	p.Field("p/A", "count", "I")
	p.Field("p/A", "next", "Lp/A;")
	p.Method("java/lang/Object", "<init>", "()V", false)
	p.Method("java/util/List", "add", "(Ljava/lang/Object;)Z", true)
	p.Method("p/A", "<init>", "()V", false)
	return p
}

// TestPoolOver: a pool over a summary's numbers that summary's entries with
// its ids, found without writing the base, and its own after them.
func TestPoolOver(t *testing.T) {
	base := sortedPoolUnit(t).Pool
	nS, nF, nM := base.NumStrings(), base.NumFields(), base.NumMethods()
	p, ok := NewPoolOver(base)
	if !ok {
		t.Fatal("a sorted decoded pool was refused as a base")
	}
	for id := range int32(nS) {
		if got := p.String(base.StringAt(id)); got != id {
			t.Errorf("base string %q: id %d, want %d", base.StringAt(id), got, id)
		}
	}
	for id := range int32(nF) {
		if got := p.FieldID(base.FieldAt(id)); got != id {
			t.Errorf("base field %s: id %d, want %d", base.FieldName(id), got, id)
		}
	}
	for id := range int32(nM) {
		if got := p.MethodID(base.MethodAt(id)); got != id {
			t.Errorf("base method %s: id %d, want %d", base.MethodName(id), got, id)
		}
	}
	if p.NumStrings() != nS || p.NumFields() != nF || p.NumMethods() != nM {
		t.Fatalf("interning the base's entries grew the pool to %d/%d/%d", p.NumStrings(), p.NumFields(), p.NumMethods())
	}
	// New entries: one sorting inside the base's range, one with a new
	// string, one differing from a base method only in Interface.
	s := p.String("java/lang/String")
	f := p.Field("p/A", "other", "I")
	m := p.Method("java/util/List", "add", "(Ljava/lang/Object;)Z", false)
	if s != int32(nS) || p.StringAt(s) != "java/lang/String" || p.String("java/lang/String") != s {
		t.Errorf("new string: id %d, want %d", s, nS)
	}
	if f != int32(nF) || p.FieldName(f) != "p/A.other:I" || p.Field("p/A", "other", "I") != f {
		t.Errorf("new field: id %d (%s), want %d", f, p.FieldName(f), nF)
	}
	if m != int32(nM) || p.MethodAt(m).Interface || p.MethodName(m) != "java/util/List.add(Ljava/lang/Object;)Z" {
		t.Errorf("new method: id %d (%+v), want %d", m, p.MethodAt(m), nM)
	}
	if base.NumStrings() != nS || base.NumFields() != nF || base.NumMethods() != nM || base.strIDs != nil {
		t.Errorf("the base was written to")
	}
	// A summary's ids mapped into the pool land on the base's.
	other := NewPool()
	om := other.Method("p/A", "<init>", "()V", false)
	got := NewMapper(other, p).method(om)
	if got >= int32(nM) || base.MethodName(got) != "p/A.<init>()V" {
		t.Errorf("mapped method: id %d, want the base's p/A.<init>()V", got)
	}
}

// TestPoolOverRefused: only a decoded pool with sorted tables can be a base.
func TestPoolOverRefused(t *testing.T) {
	u, _ := sampleUnit() // interned out of order
	read, _, err := ReadUnit("service.sum", bytes.NewReader(writeUnit(t, u)))
	if err != nil {
		t.Fatal(err)
	}
	over, _ := NewPoolOver(sortedPoolUnit(t).Pool)
	for name, p := range map[string]*Pool{"unsorted": read.Pool, "made": NewPool(), "over a base": over, "nil": nil} {
		if q, ok := NewPoolOver(p); ok || q == nil || q.NumStrings() != 0 {
			t.Errorf("%s pool: accepted as a base", name)
		}
	}
}

// TestSharedBody: a shared body is the unit's own decoding, made once for
// all callers, also concurrent ones.
func TestSharedBody(t *testing.T) {
	u, _ := sampleUnit()
	got, _, err := ReadUnit("service.sum", bytes.NewReader(writeUnit(t, u)))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range got.Classes {
		n := len(got.Complete(c).Methods)
		first := make([]*Body, n)
		var wg sync.WaitGroup
		for range 4 {
			wg.Go(func() {
				for i := range n {
					if _, err := got.SharedBody(c, i); err != nil {
						t.Errorf("%s.%s: %v", c.Name, c.Methods[i].Name, err)
					}
				}
			})
		}
		wg.Wait()
		for i := range n {
			first[i], _ = got.SharedBody(c, i)
			want, _ := got.Body(c, i, nil)
			if !reflect.DeepEqual(first[i], want) {
				t.Errorf("%s.%s: shared body differs:\n%s", c.Name, c.Methods[i].Name, diffBodies(want, first[i]))
			}
			if again, _ := got.SharedBody(c, i); again != first[i] {
				t.Errorf("%s.%s: decoded again", c.Name, c.Methods[i].Name)
			}
		}
	}
}

// TestSharedBodyBudget: past the budget, bodies are decoded at every
// request, still the unit's own.
func TestSharedBodyBudget(t *testing.T) {
	u, _ := sampleUnit()
	got, _, err := ReadUnit("service.sum", bytes.NewReader(writeUnit(t, u)))
	if err != nil {
		t.Fatal(err)
	}
	c := got.Classes[1] // Service$Impl: <init> and run have code
	first, _ := got.Body(c, 0, nil)
	defer func(b int64) { sharedBudget = b }(sharedBudget)
	sharedBudget = bodyBytes(first)
	kept, _ := got.SharedBody(c, 0)
	if again, _ := got.SharedBody(c, 0); again != kept {
		t.Errorf("%s.%s: a body within the budget was not kept", c.Name, c.Methods[0].Name)
	}
	one, _ := got.SharedBody(c, 1)
	two, _ := got.SharedBody(c, 1)
	want, _ := got.Body(c, 1, nil)
	if one == two || !reflect.DeepEqual(one, want) || !reflect.DeepEqual(two, want) {
		t.Errorf("%s.%s: past the budget, kept (%v) or not the unit's body", c.Name, c.Methods[1].Name, one == two)
	}
}
