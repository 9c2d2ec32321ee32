package warmstart

import (
	"sync/atomic"
	"testing"

	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
)

// TestResolveHints: resolving names again finds each method where it was
// found last time, and where a hierarchy lists a class's methods in
// another order, where they are now; a method missing is an error.
func TestResolveHints(t *testing.T) {
	build := func(methods ...string) *hierarchy.Hierarchy {
		b := hierarchy.NewBuilder()
		b.AddClass(&hierarchy.ClassSpec{Name: "java/lang/Object"})
		s := &hierarchy.ClassSpec{Name: "p/A", Super: "java/lang/Object"}
		for _, m := range methods {
			s.Methods = append(s.Methods, hierarchy.MethodSpec{Name: m, Desc: "()V"})
		}
		b.AddClass(s)
		return b.Build()
	}
	n := &Names{Strings: []string{"p/A", "a", "b", "c", "()V"}, ClassName: []int32{0}, ClassPhantom: []bool{false},
		Methods: []int32{0, 3, 4, 0, 1, 4}, MethodPhantom: []bool{false, false}}
	n.hints = make([]atomic.Int32, 2) // as Decode makes them
	for _, order := range [][]string{{"a", "b", "c"}, {"a", "b", "c"}, {"c", "a", "b"}, {"b", "c", "a"}} {
		h := build(order...)
		e, err := n.entities(h)
		if err != nil {
			t.Fatal(err)
		}
		if e.Methods[0].Name != "c" || e.Methods[1].Name != "a" || e.Methods[0].Class != h.Lookup("p/A") {
			t.Errorf("order %v: resolved %s and %s", order, e.Methods[0].Key(), e.Methods[1].Key())
		}
	}
	if _, err := n.entities(build("a", "b")); err == nil {
		t.Error("a method missing: no error")
	}
}
