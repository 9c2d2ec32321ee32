package hierarchy

import (
	"strings"
	"testing"

	"github.com/rules-fragment/rules_fragment/tools/classfile"
)

// TestSupertypeCycles edits parsed class files into supertype cycles: a
// superclass cycle of three classes, an interface cycle, and a class that
// extends itself. Build must terminate, record the errors, break the
// cycles, and leave every query terminating.
func TestSupertypeCycles(t *testing.T) {
	edit := map[string]func(cf *classfile.ClassFile){
		"sp/Base": func(cf *classfile.ClassFile) { cf.Super = "sp/Leaf" }, // Base → Leaf → Mid → Base
		"dm/I":    func(cf *classfile.ClassFile) { cf.Interfaces = []string{"dm/J"} },
		"st/S":    func(cf *classfile.ClassFile) { cf.Super = "st/S" },
	}
	var ls []loaded
	for _, l := range scenarios(t) {
		if f := edit[l.cf.Name]; f != nil {
			cf := *l.cf
			f(&cf)
			l.cf = &cf
		}
		ls = append(ls, l)
	}
	h := build(ls, javaBase(t))
	st := h.Stats()
	if st.Cycles != 3 {
		t.Errorf("Cycles = %d, want 3", st.Cycles)
	}
	var bad []string
	for _, c := range h.Classes() {
		if len(c.Errors) > 0 {
			bad = append(bad, c.Name+": "+strings.Join(c.Errors, "; "))
		}
		// Every chain ends at Object within the number of classes.
		n := 0
		for k := c; k != nil; k = k.Super {
			if n++; n > len(h.Classes()) {
				t.Fatalf("%s: superclass chain does not end", c.Name)
			}
		}
	}
	t.Logf("errors:\n%s", strings.Join(bad, "\n"))
	if len(bad) != 3 {
		t.Errorf("%d classes with errors, want 3", len(bad))
	}
	for _, n := range []string{"sp/Base", "sp/Mid", "sp/Leaf", "dm/I", "dm/J", "st/S"} {
		c := mustClass(t, h, n)
		h.Supertypes(c)
		h.Subtypes(c)
		h.ResolveField(c, "nope", "I")
		h.ResolveAny(c, "nope", "()V")
		if m, _ := h.ResolveAny(c, "toString", "()Ljava/lang/String;"); m != nil {
			h.Dispatch(c, m)
			h.DispatchTargets(c, m)
		}
		if !h.IsSubclass(c, h.Object()) {
			t.Errorf("%s not below Object", n)
		}
	}
	// Exactly one direction of each broken cycle survives.
	base, leaf := mustClass(t, h, "sp/Base"), mustClass(t, h, "sp/Leaf")
	if h.IsSubclass(base, leaf) && h.IsSubclass(leaf, base) {
		t.Error("Base and Leaf are still mutual subtypes")
	}
	i, j := mustClass(t, h, "dm/I"), mustClass(t, h, "dm/J")
	if h.IsSubclass(i, j) && h.IsSubclass(j, i) {
		t.Error("I and J are still mutual subtypes")
	}
	s := mustClass(t, h, "st/S")
	if s.Super != h.Object() {
		t.Errorf("S.Super = %v", s.Super)
	}
}

// TestMalformedInput feeds hand-made ClassFile values that no javac would
// produce. Nothing may panic; problems are recorded on the classes.
func TestMalformedInput(t *testing.T) {
	b := NewBuilder()
	add := func(cf classfile.ClassFile) { b.Add(&cf, "hand") }
	add(classfile.ClassFile{Name: "java/lang/Object", Super: "x/Y", Interfaces: []string{"x/I"}})
	add(classfile.ClassFile{Name: "x/NoSuper"})
	add(classfile.ClassFile{Name: "x/ArraySuper", Super: "[I"})
	add(classfile.ClassFile{Name: "x/Iface", Super: "java/lang/Object", Access: classfile.AccInterface | classfile.AccAbstract})
	add(classfile.ClassFile{Name: "x/ExtendsIface", Super: "x/Iface"})
	add(classfile.ClassFile{Name: "x/ImplementsClass", Super: "java/lang/Object", Interfaces: []string{"x/NoSuper", "x/Iface", "x/Iface", "[J", ""}})
	add(classfile.ClassFile{Name: "x/IfaceWithSuper", Super: "x/NoSuper", Access: classfile.AccInterface})
	add(classfile.ClassFile{Name: "x/Dup", Super: "java/lang/Object"})
	add(classfile.ClassFile{Name: "x/Dup", Super: "x/NoSuper"})
	add(classfile.ClassFile{Name: "[Lx/Array;"})
	add(classfile.ClassFile{Name: ""})
	b.Add(nil, "nil")
	add(classfile.ClassFile{Name: "x/SelfIface", Super: "java/lang/Object", Access: classfile.AccInterface, Interfaces: []string{"x/SelfIface"}})
	add(classfile.ClassFile{Name: "x/Dups", Super: "java/lang/Object", Methods: []classfile.Method{
		{Name: "m", Desc: "()V", Access: classfile.AccPublic},
		{Name: "m", Desc: "()V", Access: classfile.AccStatic},
	}})
	h := b.Build()
	if b.Build() != h {
		t.Error("Build not idempotent")
	}
	if b.Add(&classfile.ClassFile{Name: "late/Add"}, "") {
		t.Error("Add after Build accepted")
	}
	st := h.Stats()
	t.Logf("stats %+v", st)
	if st.Duplicates != 1 || st.Cycles != 1 {
		t.Errorf("stats %+v", st)
	}
	for _, c := range h.Classes() {
		if len(c.Errors) > 0 {
			t.Logf("%s: %s", c.Name, strings.Join(c.Errors, "; "))
		}
		if c != h.Object() && c.Super == nil {
			t.Errorf("%s has no superclass", c.Name)
		}
	}
	for _, n := range []string{"java/lang/Object", "x/NoSuper", "x/ArraySuper", "x/ExtendsIface", "x/ImplementsClass", "x/IfaceWithSuper"} {
		if c := h.Lookup(n); c == nil || len(c.Errors) == 0 {
			t.Errorf("%s: no error recorded", n)
		}
	}
	if c := mustClass(t, h, "x/ImplementsClass"); len(c.Interfaces) != 1 || c.Interfaces[0].Name != "x/Iface" {
		t.Errorf("ImplementsClass interfaces %v", c.Interfaces)
	}
	if c := mustClass(t, h, "x/Dup"); c.Super != h.Object() {
		t.Error("second definition of x/Dup won")
	}
	if h.Lookup("x/Y") != nil || h.Lookup("x/I") != nil {
		t.Error("Object's bogus supertypes created phantoms")
	}
	d := mustClass(t, h, "x/Dups")
	if m, err := h.ResolveMethod(d, "m", "()V"); err != nil || m.Index != 0 {
		t.Errorf("Dups.m = %v %v", m, err)
	}
	for _, n := range []string{"", "[", "[Q", "[L;", "[Lx/Missing", "x/Missing", "[[[[I"} {
		h.Lookup(n)
		c := h.LookupOrPhantom(n)
		h.Supertypes(c)
		h.LUB(c, h.Object())
		h.IsExported(c)
	}
	if h.LookupOrPhantom("[Q") != nil || h.LookupOrPhantom("") != nil {
		t.Error("malformed names became classes")
	}
}

func TestSynthetic(t *testing.T) {
	b := NewBuilder()
	for _, l := range javaBase(t) {
		b.AddWithModule(l.cf, l.origin, l.module)
	}
	ok := b.AddSynthetic("app/Main$$Lambda$1", "", []string{"java/lang/Runnable"}, classfile.AccFinal|classfile.AccSynthetic,
		[]MethodSpec{{Name: "run", Desc: "()V", Access: classfile.AccPublic}}, []FieldSpec{{Name: "cap$0", Desc: "I", Access: classfile.AccPrivate | classfile.AccFinal}})
	if !ok || b.AddSynthetic("java/lang/String", "", nil, 0, nil, nil) {
		t.Fatal("AddSynthetic")
	}
	h := b.Build()
	lam := mustClass(t, h, "app/Main$$Lambda$1")
	if !lam.Synthetic || lam.Super != h.Object() || lam.Fields[0].Name != "cap$0" {
		t.Errorf("lambda class %+v", lam)
	}
	run := mustResolve(t, h, "java/lang/Runnable", "run", "()V")
	found := false
	for _, m := range h.Implementations(run) {
		found = found || m.Class == lam
	}
	if !found {
		t.Error("lambda run not among Runnable.run implementations")
	}
	if s := h.Stats(); s.Synthetic != 1 || s.Duplicates != 1 {
		t.Errorf("stats %+v", s)
	}
}
