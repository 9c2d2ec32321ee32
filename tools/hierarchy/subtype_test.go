package hierarchy

import (
	"strings"
	"testing"
)

func names(cs []*Class) string {
	var s []string
	for _, c := range cs {
		s = append(s, c.Name)
	}
	return strings.Join(s, " ")
}

func TestSubtypeQueries(t *testing.T) {
	h := scenarioHierarchy(t)
	i, d := mustClass(t, h, "dm/I"), mustClass(t, h, "dm/D")
	if got := names(h.DirectSubtypes(i)); got != "dm/AbsI dm/J dm/K dm/Reabs" {
		t.Errorf("DirectSubtypes(I) = %s", got)
	}
	if got := names(h.Subtypes(i)); got != "dm/AbsI dm/ConcI dm/D dm/I dm/J dm/K dm/Reabs dm/ReabsImpl dm/Super" {
		t.Errorf("Subtypes(I) = %s", got)
	}
	if got := names(h.Supertypes(d)); got != "java/lang/Object dm/I dm/J dm/K" {
		t.Errorf("Supertypes(D) = %s", got)
	}
	leaf := mustClass(t, h, "sp/Leaf")
	if got := names(h.Supertypes(leaf)); got != "sp/Mid sp/Base java/lang/Object" {
		t.Errorf("Supertypes(Leaf) = %s", got)
	}
	if got := names(h.Subtypes(mustClass(t, h, "sp/Base"))); got != "sp/Base sp/Leaf sp/Leaf2 sp/Mid sp/Mid2" {
		t.Errorf("Subtypes(Base) = %s", got)
	}
	if got := names(h.DirectSubtypes(mustClass(t, h, "sp/Base"))); got != "sp/Mid sp/Mid2" {
		t.Errorf("DirectSubtypes(Base) = %s", got)
	}
	// Every class known at Build is a subtype of Object.
	if len(h.Subtypes(h.Object())) != len(h.Classes()) {
		t.Errorf("Subtypes(Object) has %d of %d classes", len(h.Subtypes(h.Object())), len(h.Classes()))
	}
	// Subtypes and IsSubclass agree.
	for _, s := range []*Class{i, d, leaf, mustClass(t, h, "java/util/Collection"), mustClass(t, h, "java/lang/Number")} {
		in := map[*Class]bool{}
		for _, c := range h.Subtypes(s) {
			in[c] = true
		}
		for _, c := range h.Classes() {
			if h.IsSubclass(c, s) != in[c] {
				t.Errorf("IsSubclass(%s, %s) = %v but Subtypes says %v", c, s, !in[c], in[c])
			}
		}
	}
	if h.LUB(leaf, mustClass(t, h, "sp/Mid2")).Name != "sp/Base" || h.LUB(d, mustClass(t, h, "dm/ConcI")) != h.Object() {
		t.Error("LUB")
	}
	// The verifier treats interfaces like Object for assignability.
	if !h.IsAssignable(leaf, i) || h.IsAssignable(leaf, d) || !h.IsAssignable(d, i) || h.IsAssignable(h.Lookup("[I"), i) {
		t.Error("IsAssignable")
	}
}

func TestAccess(t *testing.T) {
	h := scenarioHierarchy(t)
	prot, protSub, a, b := mustClass(t, h, "p1/Prot"), mustClass(t, h, "p2/ProtSub"), mustClass(t, h, "p1/A"), mustClass(t, h, "p2/B")
	pm := prot.DeclaredMethod("pm", "()V")
	pkg := prot.DeclaredMethod("pkg", "()V")
	cases := []struct {
		d, ref *Class
		m      *Method
		want   bool
	}{
		{protSub, protSub, pm, true},
		{protSub, prot, pm, true}, // T is a superclass of D (§5.4.4)
		{b, prot, pm, false},      // not a subclass, other package
		{a, prot, pm, true},       // same package
		{protSub, protSub, pkg, false},
		{a, prot, pkg, true},
		{b, b, b.DeclaredMethod("m", "()V"), true},
		{a, b, b.DeclaredMethod("m", "()V"), false},
	}
	for _, c := range cases {
		if got := h.CanAccessMethod(c.d, c.ref, c.m); got != c.want {
			t.Errorf("CanAccessMethod(%s, %s, %s) = %v", c.d, c.ref, c.m, got)
		}
	}
	if !h.CanAccessClass(b, prot) || !h.CanAccessClass(a, mustClass(t, h, "java/lang/String")) {
		t.Error("CanAccessClass public")
	}
	if h.CanAccessClass(a, mustClass(t, h, "jdk/internal/misc/Unsafe")) {
		t.Error("unnamed-module class can access non-exported jdk.internal.misc")
	}
}
