package hierarchy

import (
	"reflect"
	"strings"
	"testing"
)

// TestAddSharedClass: adding the classes of java.base again from their
// descriptions, with shared strings (with and without a numbering of
// their selectors, taken over by builders with and without classes of
// their own already) or interned copies, gives the same classes,
// supertypes and members as the hierarchy they were taken from, and
// methods share a selector if and only if they do there.
func TestAddSharedClass(t *testing.T) {
	skipIfNoJDK(t)
	h := build(javaBase(t))
	var specs []*ClassSpec
	for _, c := range h.Classes() {
		if s := SpecOf(c); s != nil {
			specs = append(specs, s)
		}
	}
	// Numbered backwards, so that the numbers are not the ids a builder
	// gives as it adds the classes.
	numbering := NewSelectors()
	numbers := make([][]int32, len(specs))
	for i := len(specs) - 1; i >= 0; i-- {
		for _, m := range specs[i].Methods {
			numbers[i] = append(numbers[i], numbering.Number(m.Name, m.Desc))
		}
	}
	// A small numbering, mapped selector by selector.
	small := NewSelectors()
	plain, shared, numbered, mixed := NewBuilder(), NewBuilder(), NewBuilder(), NewBuilder()
	for i, s := range specs {
		plain.AddClass(s)
		shared.AddSharedClass(s, nil, nil)
		numbered.AddSharedClass(s, numbering, numbers[i])
		switch { // classes of the builder's own first, as a link adds the client's
		case i < 200:
			mixed.AddClass(s)
		case i < 300 || i >= len(specs)-100: // before and after the large numbering is taken over
			var ns []int32
			for _, m := range s.Methods {
				ns = append(ns, small.Number(m.Name, m.Desc))
			}
			mixed.AddSharedClass(s, small, ns)
		default:
			mixed.AddSharedClass(s, numbering, numbers[i])
		}
	}
	hp := plain.Build()
	for _, x := range []struct {
		name string
		h    *Hierarchy
	}{{"shared", shared.Build()}, {"numbered", numbered.Build()}, {"mixed", mixed.Build()}} {
		if len(specs) < 5000 || hp.NumClasses() != x.h.NumClasses() || hp.NumMethods() != x.h.NumMethods() {
			t.Fatalf("%s: %d specs; %d and %d classes", x.name, len(specs), hp.NumClasses(), x.h.NumClasses())
		}
		for _, s := range specs {
			a, b := SpecOf(hp.Lookup(s.Name)), SpecOf(x.h.Lookup(s.Name))
			if !reflect.DeepEqual(a, s) || !reflect.DeepEqual(b, s) {
				t.Fatalf("%s: %s: rebuilt descriptions differ:\n%+v\n%+v\n%+v", x.name, s.Name, s, a, b)
			}
		}
		to, from := map[int32]int32{}, map[int32]int32{}
		for i := range x.h.NumMethods() {
			m := x.h.Method(int32(i))
			p := hp.Lookup(m.Class.Name).DeclaredMethod(m.Name, m.Desc)
			if p == nil {
				t.Fatalf("%s: %s: not in the plain hierarchy", x.name, m.Key())
			}
			if q, ok := to[m.sel]; ok && q != p.sel {
				t.Fatalf("%s: %s: its selector is another's too", x.name, m.Key())
			}
			if q, ok := from[p.sel]; ok && q != m.sel {
				t.Fatalf("%s: %s: its selector is not the one of its name and descriptor", x.name, m.Key())
			}
			to[m.sel], from[p.sel] = p.sel, m.sel
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
