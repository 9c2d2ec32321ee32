package hierarchy

import (
	"reflect"
	"testing"
)

// TestAddSharedClass: adding the classes of java.base again from their
// descriptions, with shared strings or interned copies, gives the same
// classes, supertypes and members as the hierarchy they were taken from.
func TestAddSharedClass(t *testing.T) {
	skipIfNoJDK(t)
	h := build(javaBase(t))
	plain, shared := NewBuilder(), NewBuilder()
	var specs []*ClassSpec
	for _, c := range h.Classes() {
		if s := SpecOf(c); s != nil {
			specs = append(specs, s)
			plain.AddClass(s)
			shared.AddSharedClass(s)
		}
	}
	hp, hs := plain.Build(), shared.Build()
	if len(specs) < 5000 || hp.NumClasses() != hs.NumClasses() {
		t.Fatalf("%d specs; %d and %d classes", len(specs), hp.NumClasses(), hs.NumClasses())
	}
	for _, s := range specs {
		a, b := SpecOf(hp.Lookup(s.Name)), SpecOf(hs.Lookup(s.Name))
		if !reflect.DeepEqual(a, s) || !reflect.DeepEqual(b, s) {
			t.Fatalf("%s: rebuilt descriptions differ:\n%+v\n%+v\n%+v", s.Name, s, a, b)
		}
	}
}
