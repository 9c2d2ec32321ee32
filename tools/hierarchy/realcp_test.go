package hierarchy

import (
	"fmt"
	"math/rand"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
)

func skipIfNoJDK(t testing.TB) {
	if _, err := os.Stat(jdkHome + "/jmods/java.base.jmod"); err != nil {
		t.Skip("JDK 17 jmods not installed")
	}
}

func TestJavaBaseClosed(t *testing.T) {
	skipIfNoJDK(t)
	h := build(javaBase(t))
	st := h.Stats()
	t.Logf("java.base: %+v", st)
	if st.Phantoms != 0 || st.Cycles != 0 || st.Malformed != 0 || st.Duplicates != 0 {
		t.Errorf("java.base is not self-contained: %+v", st)
	}
	if st.Classes < 5000 || st.Modules != 1 {
		t.Errorf("stats %+v", st)
	}
}

func TestRealClasspath(t *testing.T) {
	skipIfNoJDK(t)
	h := build(jdkAndJars(t))
	st := h.Stats()
	t.Logf("JDK 17 jmods + /usr/share/java jars: %+v", st)
	var ph []string
	for _, c := range h.Classes() {
		if c.Phantom {
			ph = append(ph, c.Name)
		}
	}
	if len(ph) > 15 {
		t.Logf("phantoms (first 15 of %d): %s", len(ph), strings.Join(ph[:15], " "))
	} else {
		t.Logf("phantoms: %s", strings.Join(ph, " "))
	}
	if st.Classes < 30000 || st.Modules < 60 || st.Cycles != 0 {
		t.Errorf("stats %+v", st)
	}

	al := mustClass(t, h, "java/util/ArrayList")
	for _, n := range []string{"java/util/List", "java/util/Collection", "java/lang/Iterable", "java/util/RandomAccess",
		"java/util/AbstractList", "java/lang/Object", "java/lang/Cloneable", "java/io/Serializable"} {
		s := mustClass(t, h, n)
		if !h.IsSubclass(al, s) {
			t.Errorf("ArrayList is not a subtype of %s", n)
		}
		if !slices.Contains(h.Subtypes(s), al) {
			t.Errorf("Subtypes(%s) lacks ArrayList", n)
		}
	}
	if h.IsSubclass(al, mustClass(t, h, "java/util/Map")) || h.IsSubclass(mustClass(t, h, "java/util/List"), al) {
		t.Error("bogus subtyping")
	}
	if !slices.Contains(h.Supertypes(al), mustClass(t, h, "java/util/RandomAccess")) {
		t.Error("Supertypes(ArrayList) lacks RandomAccess")
	}
	size := mustResolve(t, h, "java/util/List", "size", "()I")
	wantDispatch(t, h, "java/util/ArrayList", size, "java/util/ArrayList.size()I")
	forEach := mustResolve(t, h, "java/lang/Iterable", "forEach", "(Ljava/util/function/Consumer;)V")
	wantDispatch(t, h, "java/util/ArrayList", forEach, "java/util/ArrayList.forEach(Ljava/util/function/Consumer;)V")
	// Instantiable AbstractCollection subclasses without their own forEach
	// get Iterable's default.
	var dflt []string
	for _, c := range h.Subtypes(mustClass(t, h, "java/util/AbstractCollection")) {
		if c.IsInstantiable() && h.Dispatch(c, forEach) == forEach {
			dflt = append(dflt, c.Name)
		}
	}
	if len(dflt) == 0 || !slices.Contains(dflt, "java/util/LinkedList") {
		t.Errorf("AbstractCollection subclasses using Iterable.forEach: %v", dflt)
	}
	wantDispatch(t, h, "java/util/LinkedList", forEach, "java/lang/Iterable.forEach(Ljava/util/function/Consumer;)V")
	t.Logf("%d AbstractCollection subclasses use Iterable.forEach, e.g. %v", len(dflt), dflt[:min(5, len(dflt))])

	// CHA over a hot interface method.
	ts := h.Implementations(size)
	t.Logf("List.size: %d dispatch targets", len(ts))
	if !slices.Contains(ts, h.Dispatch(al, size)) || len(ts) < 50 {
		t.Errorf("List.size targets %d", len(ts))
	}
	for i := 1; i < len(ts); i++ {
		if ts[i-1].ID >= ts[i].ID {
			t.Fatal("targets not sorted by id")
		}
	}
	hash := mustResolve(t, h, "java/lang/Object", "hashCode", "()I")
	t.Logf("Object.hashCode: %d dispatch targets", len(h.Implementations(hash)))

	// Modules.
	for n, want := range map[string]bool{
		"java/lang/String":                      true,
		"jdk/internal/misc/Unsafe":              false, // java.base exports jdk.internal.misc only qualified
		"sun/misc/Unsafe":                       true,  // jdk.unsupported
		"java/util/ArrayList$Itr":               false, // not public
		"org/objectweb/asm/ClassReader":         true,  // unnamed module
		"com/sun/tools/javac/main/JavaCompiler": false,
	} {
		if c := h.Lookup(n); c == nil {
			t.Errorf("no %s", n)
		} else if got := h.IsExported(c); got != want {
			t.Errorf("IsExported(%s) = %v, want %v (module %v)", n, got, want, c.Module)
		}
	}
	if !h.IsExportedTo(mustClass(t, h, "jdk/internal/misc/Unsafe"), "jdk.unsupported") {
		t.Error("jdk.internal.misc not exported to jdk.unsupported")
	}
	if m := h.Module("java.base"); m == nil || !m.Defined || !slices.Contains(m.Exports, "java/lang") {
		t.Errorf("java.base module %+v", m)
	}
}

func TestArrays(t *testing.T) {
	skipIfNoJDK(t)
	h := build(javaBase(t))
	obj := h.Object()
	ia := h.Lookup("[I")
	sa := h.Lookup("[Ljava/lang/String;")
	oa := h.Lookup("[Ljava/lang/Object;")
	csa := h.Lookup("[Ljava/lang/CharSequence;")
	ssa := h.Lookup("[[Ljava/lang/String;")
	if ia == nil || sa == nil || oa == nil || csa == nil || ssa == nil {
		t.Fatal("array lookup")
	}
	if h.Lookup("[Lno/Such;") != nil {
		t.Error("array of unknown class without phantom")
	}
	if ia.Component != nil || ia.Elem != "I" || sa.Component != mustClass(t, h, "java/lang/String") || ssa.Component != sa {
		t.Error("components")
	}
	if h.Lookup("[I") != ia || h.ArrayOfPrimitive('I') != ia || h.ArrayOf(sa.Component) != sa || h.Class(ia.ID) != ia {
		t.Error("array identity")
	}
	cl, se := mustClass(t, h, "java/lang/Cloneable"), mustClass(t, h, "java/io/Serializable")
	for _, a := range []*Class{ia, sa, ssa} {
		for _, s := range []*Class{obj, cl, se} {
			if !h.IsSubclass(a, s) {
				t.Errorf("%s !<: %s", a, s)
			}
		}
	}
	checks := []struct {
		a, b *Class
		want bool
	}{
		{sa, oa, true}, {sa, csa, true}, {oa, sa, false}, {ia, oa, false}, {ssa, oa, true},
		{h.Lookup("[J"), ia, false}, {h.Lookup("[[I"), oa, true}, {ia, mustClass(t, h, "java/lang/Comparable"), false},
	}
	for _, c := range checks {
		if got := h.IsSubclass(c.a, c.b); got != c.want {
			t.Errorf("IsSubclass(%s, %s) = %v", c.a, c.b, got)
		}
	}
	lubs := []struct{ a, b, want string }{
		{"[Ljava/lang/String;", "[Ljava/lang/Integer;", "[Ljava/lang/Object;"},
		{"[I", "[J", "java/lang/Object"},
		{"[[I", "[[J", "[Ljava/lang/Object;"},
		{"[I", "java/io/Serializable", "java/io/Serializable"},
		{"java/lang/Integer", "java/lang/Long", "java/lang/Number"},
		{"java/util/ArrayList", "java/util/LinkedList", "java/util/AbstractList"},
		{"java/util/List", "java/util/Set", "java/lang/Object"},
		{"java/util/ArrayList", "java/util/List", "java/util/List"},
		{"[Ljava/util/ArrayList;", "[Ljava/util/LinkedList;", "[Ljava/util/AbstractList;"},
		{"java/lang/String", "[I", "java/lang/Object"},
	}
	for _, l := range lubs {
		if got := h.LUB(h.Lookup(l.a), h.Lookup(l.b)); got == nil || got.Name != l.want {
			t.Errorf("LUB(%s, %s) = %v, want %s", l.a, l.b, got, l.want)
		}
	}
	if h.LUB(nil, sa) != sa {
		t.Error("LUB with null")
	}
	// Arrays have Object's methods.
	clone, err := h.ResolveMethod(ia, "clone", "()Ljava/lang/Object;")
	if err != nil || clone.Class != obj {
		t.Fatalf("[I.clone = %v %v", clone, err)
	}
	if h.Dispatch(sa, clone) != clone {
		t.Error("array clone dispatch")
	}
	if !h.CanAccessMethod(mustClass(t, h, "java/util/ArrayList"), ia, clone) {
		t.Error("array clone not public")
	}
	if h.CanAccessMethod(mustClass(t, h, "java/util/ArrayList"), mustClass(t, h, "java/lang/String"), clone) {
		t.Error("Object.clone accessible through String from java.util")
	}
	ts, _ := h.ResolveMethod(sa, "toString", "()Ljava/lang/String;")
	if h.Dispatch(ssa, ts) != ts {
		t.Error("array toString dispatch")
	}
	sup := h.Supertypes(sa)
	var names []string
	for _, s := range sup {
		names = append(names, s.Name)
	}
	t.Logf("Supertypes(String[]) = %v", names)
	for _, n := range []string{"[Ljava/lang/Object;", "[Ljava/lang/CharSequence;", "[Ljava/lang/Comparable;", "java/lang/Object", "java/lang/Cloneable", "java/io/Serializable"} {
		if !slices.Contains(names, n) {
			t.Errorf("Supertypes(String[]) lacks %s", n)
		}
	}
	if !h.IsExported(sa) || !h.IsExported(ia) {
		t.Error("arrays of exported types are exported")
	}
	// Arrays of phantoms.
	pa := h.LookupOrPhantom("[[Lno/Such;")
	if pa == nil || pa.Component.Component == nil || !pa.Component.Component.Phantom || !h.IsSubclass(pa, oa) {
		t.Errorf("phantom array %+v", pa)
	}
}

// TestDeterminism builds the same inputs in different ways: parsed with
// different numbers of goroutines, added in shuffled order, and built
// concurrently. Ids and Stats must agree.
func TestDeterminism(t *testing.T) {
	skipIfNoJDK(t)
	serial := loadContainers(t, jmodPaths(true), 1)
	parallel := loadContainers(t, jmodPaths(true), 7)
	compare(t, "java.base serial/parallel parse", build(serial), build(parallel))

	all := jdk(t)
	shuffled := slices.Clone(all)
	rand.New(rand.NewSource(1)).Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
	var hs [3]*Hierarchy
	var wg sync.WaitGroup
	for i, in := range [][]loaded{all, shuffled, all} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			hs[i] = build(in)
		}()
	}
	wg.Wait()
	compare(t, "JDK in order/shuffled", hs[0], hs[1])
	compare(t, "JDK concurrent builds", hs[0], hs[2])
}

func compare(t *testing.T, what string, a, b *Hierarchy) {
	t.Helper()
	if a.Stats() != b.Stats() {
		t.Errorf("%s: stats differ:\n%+v\n%+v", what, a.Stats(), b.Stats())
		return
	}
	if d := describe(a); d != describe(b) {
		t.Errorf("%s: hierarchies differ", what)
	}
}

// describe renders every id-bearing fact of a hierarchy.
func describe(h *Hierarchy) string {
	var sb strings.Builder
	for _, c := range h.Classes() {
		fmt.Fprintf(&sb, "%d %s %x %v %v %q", c.ID, c.Name, c.Access, c.Phantom, c.Super, c.Origin)
		for _, i := range c.Interfaces {
			fmt.Fprintf(&sb, " %d", i.ID)
		}
		for _, m := range c.Methods {
			fmt.Fprintf(&sb, " %d:%s", m.ID, m.Key())
		}
		for _, f := range c.Fields {
			fmt.Fprintf(&sb, " %d:%s", f.ID, f.Key())
		}
		if c.Module != nil {
			sb.WriteString(" " + c.Module.Name)
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// TestConcurrentQueries runs queries that create phantoms, arrays and
// cache entries from many goroutines (run with -race).
func TestConcurrentQueries(t *testing.T) {
	skipIfNoJDK(t)
	h := build(javaBase(t))
	pairs := dispatchPairs(h, 20000, 1)
	want := make([]*Method, len(pairs))
	for i, p := range pairs {
		want[i], _ = h.selectVirtual(p.recv, p.m)
	}
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range pairs {
				j := (i*7 + g*1000) % len(pairs)
				p := pairs[j]
				if got := h.Dispatch(p.recv, p.m); got != want[j] && want[j] != nil && !want[j].IsAbstract() {
					t.Errorf("Dispatch(%s, %s) = %v, want %v", p.recv, p.m, got, want[j])
					return
				}
				if i%97 == 0 {
					h.DispatchTargets(p.recv, p.m)
				}
				if i%101 == 0 {
					n := fmt.Sprintf("ph/C%d", i%50)
					c := h.LookupOrPhantom(n)
					a := h.LookupOrPhantom("[L" + n + ";")
					if a.Component != c || h.Lookup(n) != c {
						t.Errorf("phantom identity %s", n)
						return
					}
					if m, _ := h.ResolveMethod(c, "x", "()V"); m == nil || !m.Phantom {
						t.Errorf("phantom method")
						return
					}
					h.ResolveField(c, "f", "I")
					h.Stats()
				}
			}
		}()
	}
	wg.Wait()
	st := h.Stats()
	if st.Phantoms != 50 || st.PhantomMethods != 50 || st.PhantomFields != 50 || st.Arrays < 50 {
		t.Errorf("stats %+v", st)
	}
	if h.NumClasses() != len(h.Classes())+st.Phantoms+st.Arrays {
		t.Errorf("NumClasses %d", h.NumClasses())
	}
	for id := int32(0); id < int32(h.NumClasses()); id++ {
		if c := h.Class(id); c == nil || c.ID != id {
			t.Fatalf("Class(%d) = %v", id, c)
		}
	}
}

type dispatchPair struct {
	recv *Class
	m    *Method
}

// dispatchPairs returns n pseudo-random (receiver, resolved method) pairs
// of virtual calls that type-check: an instantiable receiver class and a
// public or protected instance method of one of its supertypes.
func dispatchPairs(h *Hierarchy, n int, seed int64) []dispatchPair {
	var recvs []*Class
	for _, c := range h.Classes() {
		if c.IsInstantiable() {
			recvs = append(recvs, c)
		}
	}
	r := rand.New(rand.NewSource(seed))
	var out []dispatchPair
	for len(out) < n {
		c := recvs[r.Intn(len(recvs))]
		sups := append(h.Supertypes(c), c)
		s := sups[r.Intn(len(sups))]
		if len(s.Methods) == 0 {
			continue
		}
		m := s.Methods[r.Intn(len(s.Methods))]
		if m.IsStatic() || m.IsPrivate() || m.IsConstructor() || m.IsClassInit() {
			continue
		}
		out = append(out, dispatchPair{c, m})
	}
	return out
}

// TestSelectOnce checks that SelectOnce selects as Select does, before and
// after Select filled the cache, and that it leaves the cache as it was.
func TestSelectOnce(t *testing.T) {
	skipIfNoJDK(t)
	h := build(javaBase(t))
	pairs := dispatchPairs(h, 20000, 2)
	type sel struct {
		m *Method
		o Outcome
	}
	once := make([]sel, len(pairs))
	for i, p := range pairs {
		once[i].m, once[i].o = h.SelectOnce(p.recv, p.m)
		if _, cached := p.recv.dispatch.get(p.m.ID); cached {
			t.Fatalf("SelectOnce(%s, %s) filled the cache", p.recv, p.m)
		}
	}
	for i, p := range pairs {
		m, o := h.Select(p.recv, p.m)
		if m != once[i].m || o != once[i].o {
			t.Fatalf("Select(%s, %s) = %v %v, SelectOnce %v %v", p.recv, p.m, m, o, once[i].m, once[i].o)
		}
		if m, o := h.SelectOnce(p.recv, p.m); m != once[i].m || o != once[i].o {
			t.Fatalf("SelectOnce(%s, %s) from the cache = %v %v, want %v %v", p.recv, p.m, m, o, once[i].m, once[i].o)
		}
	}
}
