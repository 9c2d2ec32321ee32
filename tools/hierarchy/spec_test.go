package hierarchy

import (
	"reflect"
	"strings"
	"testing"
)

// TestAddSharedClass: adding the classes of java.base again from their
// descriptions, with shared strings (with and without a numbering of
// their selectors) or interned copies, gives the same classes, supertypes
// and members as the hierarchy they were taken from, and methods with the
// same selectors.
func TestAddSharedClass(t *testing.T) {
	skipIfNoJDK(t)
	h := build(javaBase(t))
	plain, shared, numbered := NewBuilder(), NewBuilder(), NewBuilder()
	numbering, nums := new(Selectors), map[selKey]int32{}
	var specs []*ClassSpec
	for _, c := range h.Classes() {
		if s := SpecOf(c); s != nil {
			specs = append(specs, s)
			plain.AddClass(s)
			shared.AddSharedClass(s, nil, nil)
			sels := make([]int32, len(s.Methods))
			for i, m := range s.Methods {
				n, ok := nums[selKey{m.Name, m.Desc}]
				if !ok {
					n = int32(len(nums))
					nums[selKey{m.Name, m.Desc}] = n
				}
				sels[i] = n
			}
			numbered.AddSharedClass(s, numbering, sels)
		}
	}
	hp, hs, hn := plain.Build(), shared.Build(), numbered.Build()
	if len(specs) < 5000 || hp.NumClasses() != hs.NumClasses() || hp.NumClasses() != hn.NumClasses() {
		t.Fatalf("%d specs; %d, %d and %d classes", len(specs), hp.NumClasses(), hs.NumClasses(), hn.NumClasses())
	}
	for _, s := range specs {
		a, b, c := SpecOf(hp.Lookup(s.Name)), SpecOf(hs.Lookup(s.Name)), SpecOf(hn.Lookup(s.Name))
		if !reflect.DeepEqual(a, s) || !reflect.DeepEqual(b, s) || !reflect.DeepEqual(c, s) {
			t.Fatalf("%s: rebuilt descriptions differ:\n%+v\n%+v\n%+v\n%+v", s.Name, s, a, b, c)
		}
	}
	// Methods share a selector if and only if their names and descriptors are equal.
	bySel := map[int32]selKey{}
	for i := range hn.NumMethods() {
		m := hn.Method(int32(i))
		k := selKey{m.Name, m.Desc}
		if prev, ok := bySel[m.sel]; ok && prev != k {
			t.Fatalf("%s: selector %d is also %v", m.Key(), m.sel, prev)
		}
		bySel[m.sel] = k
		// Added in the same order, selectors get the same ids.
		if p := hp.Lookup(m.Class.Name).DeclaredMethod(m.Name, m.Desc); p == nil || p.sel != m.sel {
			t.Fatalf("%s: not in the plain hierarchy with its selector", m.Key())
		}
	}
	if len(bySel) != len(nums) {
		t.Errorf("%d selectors, %d distinct names and descriptors", len(bySel), len(nums))
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
