package hierarchy

import (
	"reflect"
	"strings"
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

// TestHasKey: HasKey agrees with comparing Key() for every method of
// java.base against its own key, its neighbours' and near misses.
func TestHasKey(t *testing.T) {
	skipIfNoJDK(t)
	h := build(javaBase(t))
	var prev *Method
	n := 0
	for _, c := range h.Classes() {
		for _, m := range c.Methods {
			k := m.Key()
			if !m.HasKey(k) {
				t.Fatalf("%s: HasKey(own key) false", k)
			}
			for _, x := range []string{k[1:], k + "V", strings.Replace(k, ".", "/", 1), c.Name + "." + m.Name, ""} {
				if m.HasKey(x) {
					t.Fatalf("%s: HasKey(%q) true", k, x)
				}
			}
			if prev != nil && m.HasKey(prev.Key()) != (k == prev.Key()) {
				t.Fatalf("%s: HasKey(%s) wrong", k, prev.Key())
			}
			prev = m
			n++
		}
	}
	if n < 50000 {
		t.Fatalf("only %d methods", n)
	}
}
