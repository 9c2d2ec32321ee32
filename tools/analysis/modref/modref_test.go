package modref_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/container/intsets"

	"github.com/rules-fragment/rules_fragment/tools/analysis/modref"
	"github.com/rules-fragment/rules_fragment/tools/analysis/pointsto"
	"github.com/rules-fragment/rules_fragment/tools/callgraph"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/link"
	"github.com/rules-fragment/rules_fragment/tools/summary"
)

const jdk17 = "/usr/lib/jvm/java-17-openjdk-amd64"

const pkg = "corpus/modref/"

// compile builds the .java files of testing/corpus/modref/src/corpus/modref
// matching glob into a class directory.
func compile(t *testing.T, glob string) string {
	t.Helper()
	if _, err := exec.LookPath("javac"); err != nil {
		t.Skip("SKIP: javac not found")
	}
	if _, err := os.Stat(filepath.Join(jdk17, "lib", "modules")); err != nil {
		t.Skipf("SKIP: no JDK 17 runtime image at %s", jdk17)
	}
	src, _ := filepath.Glob("../../../testing/corpus/modref/src/corpus/modref/" + glob)
	if len(src) == 0 {
		t.Fatalf("no sources match %s", glob)
	}
	out := t.TempDir()
	if b, err := exec.Command("javac", append([]string{"--release", "17", "-d", out}, src...)...).CombinedOutput(); err != nil {
		t.Fatalf("javac: %v\n%s", err, b)
	}
	return out
}

// method returns the method with key "pkg/C.m(desc)".
func method(t *testing.T, p *link.Program, key string) *hierarchy.Method {
	t.Helper()
	i := strings.LastIndex(key[:strings.IndexByte(key, '(')], ".")
	c := p.Hierarchy.Lookup(key[:i])
	if c == nil {
		t.Fatalf("no class for %s", key)
	}
	for _, m := range c.Methods {
		if m.Name+m.Desc == key[i+1:] {
			return m
		}
	}
	t.Fatalf("no method %s", key)
	return nil
}

// alloc names the k-th allocation (1-based) of method key, as AND_f names
// its object: the allocation's site id read from the method's body.
func alloc(t *testing.T, p *link.Program, key string, k int) string {
	t.Helper()
	b, err := p.Body(method(t, p, key))
	if err != nil || b == nil {
		t.Fatalf("no body for %s: %v", key, err)
	}
	for _, st := range b.Stmts {
		if st.Op == summary.OpNew || st.Op == summary.OpNewArray {
			if k--; k == 0 {
				return fmt.Sprintf("%s@%d", key, st.Site)
			}
		}
	}
	t.Fatalf("%s has fewer allocations", key)
	return ""
}

func names(r *modref.Result, s *intsets.Sparse) []string {
	if s == nil {
		return nil
	}
	return r.Names(s.AppendTo(nil))
}

func sorted(xs ...string) []string {
	slices.Sort(xs)
	return xs
}

// site returns the call site of ref in method caller.
func site(t *testing.T, g *callgraph.Graph, caller, ref string) *callgraph.Site {
	t.Helper()
	for _, s := range g.Sites {
		if s.Caller.Key() == caller && s.Ref == ref {
			return s
		}
	}
	t.Fatalf("no call of %s in %s", ref, caller)
	return nil
}

// analyzeMain compiles the corpus and runs AND_f and MOD/USE from its
// main methods (the program is closed when the test ends); glob picks
// the sources (compile), "*.java" by default.
func analyzeMain(t *testing.T, glob ...string) (*link.Program, *pointsto.Result, *modref.Result) {
	t.Helper()
	dir := compile(t, append(glob, "*.java")[0])
	p, err := link.Load(link.Options{Client: []string{dir}, Libraries: []string{jdk17}, Release: 17})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	pt, err := pointsto.Analyze(p, p.MainMethods(), pointsto.Options{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := modref.Analyze(p, pt)
	if err != nil {
		t.Fatal(err)
	}
	return p, pt, r
}

func TestHandChecked(t *testing.T) {
	p, pt, r := analyzeMain(t)
	main := pkg + "Main."
	a := func(m string, k int) string { return alloc(t, p, main+m, k) }
	box := func(m string, k int, f string) string { return a(m, k) + "." + pkg + "Main$Box." + f }
	static := func(f string) string { return "static " + pkg + f }

	type want struct {
		method   string
		mod, use []string
	}
	bothSq := sorted(a("virtual()V", 1)+"."+pkg+"Main$Sq.side:I", a("onlySq()V", 1)+"."+pkg+"Main$Sq.side:I")
	onlySq := []string{a("onlySq()V", 1) + "." + pkg + "Main$Sq.side:I"}
	virtualMod := sorted(a("virtual()V", 1)+"."+pkg+"Main$Sq.side:I", a("virtual()V", 2)+"."+pkg+"Main$Circ.r:I")
	fresh, kept := box("fresh()L"+pkg+"Main$Box;", 1, "n:I"), box("kept()L"+pkg+"Main$Box;", 1, "n:I")
	copyA, copyB := a("copy()V", 1)+"[]", a("copy()V", 3)+"[]"
	// The call of System.arraycopy may initialise System (JVMS §5.5): its
	// <clinit>'s effects are the call's too.
	sysMod, sysUse := r.Method(method(t, p, "java/lang/System.<clinit>()V"))
	if sysMod == nil || sysMod.IsEmpty() {
		t.Fatal("System.<clinit> not reached or writes nothing")
	}
	withSys := func(s *intsets.Sparse, xs ...string) []string { return sorted(append(names(r, s), xs...)...) }
	for _, w := range []want{
		{"alias()V", []string{box("alias()V", 1, "n:I")}, nil},
		{"readN(L" + pkg + "Main$Box;)I", nil, []string{box("callsReader()V", 1, "n:I")}},
		{"callsReader()V", nil, []string{box("callsReader()V", 1, "n:I")}},
		{"statics()V", sorted(static("Main.shared:Ljava/lang/Object;"), static("Main.counter:I")), []string{static("Main.counter:I")}},
		{"arrays()Ljava/lang/Object;", []string{a("arrays()Ljava/lang/Object;", 1) + "[]"}, []string{a("arrays()Ljava/lang/Object;", 2) + "[]"}},
		{"transitive()V", []string{box("transitive()V", 1, "n:I")}, nil},
		{"dispatch(L" + pkg + "Main$Shape;)V", virtualMod, virtualMod},
		{"virtual()V", virtualMod, virtualMod},
		{"onlySq()V", onlySq, onlySq},
		{"fresh()L" + pkg + "Main$Box;", []string{fresh}, nil},
		{"callsFresh()L" + pkg + "Main$Box;", nil, nil},
		{"kept()L" + pkg + "Main$Box;", sorted(kept, static("Main.shared:Ljava/lang/Object;")), nil},
		{"callsKept()L" + pkg + "Main$Box;", sorted(kept, static("Main.shared:Ljava/lang/Object;")), nil},
		{"copy()V", withSys(sysMod, copyA, copyB), withSys(sysUse, copyA)},
		{"initialised()I", []string{static("Main$Init.ready:I")}, nil},
	} {
		mod, use := r.Method(method(t, p, main+w.method))
		if got := names(r, mod); !slices.Equal(got, w.mod) {
			t.Errorf("MOD(%s) = %q, want %q", w.method, got, w.mod)
		}
		if got := names(r, use); !slices.Equal(got, w.use) {
			t.Errorf("USE(%s) = %q, want %q", w.method, got, w.use)
		}
	}

	// Sq.grow writes the side of every Sq its receiver may be; the calls
	// above access one each.
	if mod, use := r.Method(method(t, p, pkg+"Main$Sq.grow()V")); !slices.Equal(names(r, mod), bothSq) || !slices.Equal(names(r, use), bothSq) {
		t.Errorf("MOD, USE(Sq.grow) = %q, %q, want %q", names(r, mod), names(r, use), bothSq)
	}

	// Call sites.
	g := pt.Graph
	for _, w := range []struct {
		caller, ref string
		mod, use    []string
	}{
		{main + "callsReader()V", main + "readN(L" + pkg + "Main$Box;)I", nil, []string{box("callsReader()V", 1, "n:I")}},
		{main + "transitive()V", main + "setN(L" + pkg + "Main$Box;I)V", []string{box("transitive()V", 1, "n:I")}, nil},
		{main + "onlySq()V", pkg + "Main$Shape.grow()V", onlySq, onlySq},
		{main + "callsFresh()L" + pkg + "Main$Box;", main + "fresh()L" + pkg + "Main$Box;", nil, nil},
		{main + "callsKept()L" + pkg + "Main$Box;", main + "kept()L" + pkg + "Main$Box;", sorted(kept, static("Main.shared:Ljava/lang/Object;")), nil},
		{main + "copy()V", "java/lang/System.arraycopy(Ljava/lang/Object;ILjava/lang/Object;II)V", withSys(sysMod, copyB), withSys(sysUse, copyA)},
		{main + "initialised()I", pkg + "Main$Init.get()I", []string{static("Main$Init.ready:I")}, nil},
		{pkg + "Main$Pt.copy()L" + pkg + "Main$Pt;", "java/lang/Object.clone()Ljava/lang/Object;",
			sorted(a("cloned()L"+pkg+"Main$Pt;", 1)+"."+pkg+"Main$Pt.x:I", a("cloned()L"+pkg+"Main$Pt;", 1)+"."+pkg+"Main$Pt.y:Ljava/lang/Object;"),
			sorted(a("cloned()L"+pkg+"Main$Pt;", 1)+"."+pkg+"Main$Pt.x:I", a("cloned()L"+pkg+"Main$Pt;", 1)+"."+pkg+"Main$Pt.y:Ljava/lang/Object;")},
	} {
		mod, use := r.Site(site(t, g, w.caller, w.ref))
		if got := names(r, mod); !slices.Equal(got, w.mod) {
			t.Errorf("MOD(%s at %s) = %q, want %q", w.ref, w.caller, got, w.mod)
		}
		if got := names(r, use); !slices.Equal(got, w.use) {
			t.Errorf("USE(%s at %s) = %q, want %q", w.ref, w.caller, got, w.use)
		}
	}

	// A thread's run() modifies the box through Thread.start's native half.
	mod, _ := r.Method(method(t, p, main+"thread()V"))
	if n := box("thread()V", 2, "n:I"); !slices.Contains(names(r, mod), n) {
		t.Errorf("MOD(thread) lacks %s (run() through Thread.start0)", n)
	}
	mod, _ = r.Site(site(t, g, main+"thread()V", pkg+"Main$Worker.start()V"))
	if n := box("thread()V", 2, "n:I"); !slices.Contains(names(r, mod), n) {
		t.Errorf("MOD(w.start()) lacks %s", n)
	}

	// Native models: System.setOut0 (at its call in System, which cannot
	// initialise System again), Unsafe.compareAndSetInt and a VarHandle's
	// compareAndSet on a reference and an int field (AtomicReference's,
	// AtomicBoolean's).
	mod, use := r.Site(site(t, g, "java/lang/System.setOut(Ljava/io/PrintStream;)V", "java/lang/System.setOut0(Ljava/io/PrintStream;)V"))
	if got, w := names(r, mod), []string{"static java/lang/System.out:Ljava/io/PrintStream;"}; !slices.Equal(got, w) || !use.IsEmpty() {
		t.Errorf("setOut0 call: MOD %q, USE %q, want MOD %q and no USE", got, names(r, use), w)
	}
	mod, _ = r.Method(method(t, p, main+"natives()V"))
	for _, n := range []string{"static java/lang/System.out:Ljava/io/PrintStream;", a("natives()V", 1) + ".java/util/concurrent/atomic/AtomicInteger.value:I",
		a("natives()V", 2) + ".java/util/concurrent/atomic/AtomicReference.value:Ljava/lang/Object;",
		a("natives()V", 3) + ".java/util/concurrent/atomic/AtomicBoolean.value:I"} {
		if !slices.Contains(names(r, mod), n) {
			t.Errorf("MOD(natives) lacks %s", n)
		}
	}

	// Field handles: their invoke calls access the fields they name.
	fh := main + "fieldHandles()V"
	hb := box(fh[len(main):], 1, "n:I")
	for _, w := range []struct {
		ref      string
		mod, use []string
	}{
		{"java/lang/invoke/MethodHandle.invokeExact(L" + pkg + "Main$Box;I)V", []string{hb}, nil},
		{"java/lang/invoke/MethodHandle.invokeExact(L" + pkg + "Main$Box;)I", nil, []string{hb}},
		{"java/lang/invoke/MethodHandle.invoke(I)V", []string{static("Main.counter:I")}, nil},
	} {
		mod, use := r.Site(site(t, g, fh, w.ref))
		if got := names(r, mod); !slices.Equal(got, w.mod) {
			t.Errorf("MOD(%s in fieldHandles) = %q, want %q", w.ref, got, w.mod)
		}
		if got := names(r, use); !slices.Equal(got, w.use) {
			t.Errorf("USE(%s in fieldHandles) = %q, want %q", w.ref, got, w.use)
		}
	}

	// VarHandles: their access modes access the fields they name.
	vh := main + "varHandles()V"
	for _, w := range []struct {
		ref      string
		mod, use []string
	}{
		{"java/lang/invoke/VarHandle.compareAndSet(L" + pkg + "Main$Box;II)Z", []string{box(vh[len(main):], 1, "n:I")}, []string{box(vh[len(main):], 1, "n:I")}},
		{"java/lang/invoke/VarHandle.setRelease(L" + pkg + "Main$Box;)V", []string{static("Main.shared:Ljava/lang/Object;")}, nil},
		{"java/lang/invoke/VarHandle.getAndAdd(I)V", []string{static("Main.counter:I")}, []string{static("Main.counter:I")}},
	} {
		mod, use := r.Site(site(t, g, vh, w.ref))
		if got := names(r, mod); !slices.Equal(got, w.mod) {
			t.Errorf("MOD(%s in varHandles) = %q, want %q", w.ref, got, w.mod)
		}
		if got := names(r, use); !slices.Equal(got, w.use) {
			t.Errorf("USE(%s in varHandles) = %q, want %q", w.ref, got, w.use)
		}
	}

	// 0-CFA_f: one object per class, so the aliases are the class's.
	pt0, err := pointsto.Analyze(p, p.MainMethods(), pointsto.Options{PerClass: true})
	if err != nil {
		t.Fatal(err)
	}
	r0, err := modref.Analyze(p, pt0)
	if err != nil {
		t.Fatal(err)
	}
	mod, _ = r0.Method(method(t, p, main+"alias()V"))
	if got, w := names(r0, mod), []string{"class " + pkg + "Main$Box." + pkg + "Main$Box.n:I"}; !slices.Equal(got, w) {
		t.Errorf("0cfa MOD(alias) = %q, want %q", got, w)
	}
	mod, _ = r0.Method(method(t, p, main+"onlySq()V"))
	if got, w := names(r0, mod), []string{"class " + pkg + "Main$Sq." + pkg + "Main$Sq.side:I"}; !slices.Equal(got, w) {
		t.Errorf("0cfa MOD(onlySq) = %q, want %q", got, w)
	}
}

// TestFragment: in library-fragment mode a library method that may call
// back into client code may do whatever a client does (the seed's
// ph_proc), here write the count of any Counter a client holds and the
// client's own data (the placeholder static); one that cannot call back
// writes only its receiver's count.
func TestFragment(t *testing.T) {
	dir := compile(t, "lib/*.java")
	p, err := link.Load(link.Options{Client: []string{dir}, Libraries: []string{jdk17}, Release: 17,
		Fragment: &link.Placeholders{ClosedWorld: true}})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	pt, err := pointsto.Analyze(p, []*hierarchy.Method{p.FragmentMain}, pointsto.Options{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := modref.Analyze(p, pt)
	if err != nil {
		t.Fatal(err)
	}
	lib := pkg + "lib/"
	ph := "static " + link.PlaceholderMain + "." + link.PlaceholderField + ":Ljava/lang/Object;"
	// The client's Counters: the placeholder main's allocations of a
	// Counter and of a placeholder client subclass of it.
	var counters []string
	for o := range pt.NumObjects() {
		if x := pt.Object(o); x.Class.Name == lib+"Counter" || (x.Class.Super != nil && x.Class.Super.Name == lib+"Counter") {
			counters = append(counters, x.String()+"."+lib+"Counter.count:I")
			if x.Method != p.FragmentMain {
				t.Errorf("Counter object %s not allocated by the placeholder main", x)
			}
		}
	}
	slices.Sort(counters)
	if len(counters) != 2 {
		t.Fatalf("Counter objects %q, want two", counters)
	}
	inc, _ := r.Method(method(t, p, lib+"Counter.inc()V"))
	if got, w := names(r, inc), counters; !slices.Equal(got, w) {
		t.Errorf("MOD(Counter.inc) = %q, want %q", got, w)
	}
	run, _ := r.Method(method(t, p, lib+"Counter.run(L"+lib+"Callback;)V"))
	for _, w := range append(counters, ph) {
		if !slices.Contains(names(r, run), w) {
			t.Errorf("MOD(Counter.run) = %q lacks %s (a client callback may write it)", names(r, run), w)
		}
	}
	cb, _ := r.Site(site(t, pt.Graph, lib+"Counter.run(L"+lib+"Callback;)V", lib+"Callback.call(L"+lib+"Counter;)V"))
	if !slices.Contains(names(r, cb), ph) {
		t.Errorf("MOD(cb.call) = %q lacks %s", names(r, cb), ph)
	}
}

// TestSiteUnionsRemembered: a call site's sets are the same whether the
// unions of its callees' sets come from those Site remembered for other
// sites or are made afresh.
func TestSiteUnionsRemembered(t *testing.T) {
	_, pt, r := analyzeMain(t)
	remembered := make([][2]*intsets.Sparse, len(pt.Graph.Sites)) // shared sets: no copies
	for i, s := range pt.Graph.Sites {
		mod, use := r.Site(s)
		remembered[i] = [2]*intsets.Sparse{mod, use}
	}
	same := func(a, b *intsets.Sparse) bool { return a == b || a != nil && b != nil && a.Equals(b) }
	checked := 0
	for i, s := range pt.Graph.Sites {
		r.ForgetUnions()
		mod, use := r.Site(s)
		if !same(mod, remembered[i][0]) || !same(use, remembered[i][1]) {
			t.Fatalf("site %s@%d %s: MOD/USE made afresh differ from those made with remembered unions", s.Caller.Key(), s.ID, s.Ref)
		}
		if mod != nil && !mod.IsEmpty() {
			checked++
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d sites with a MOD set", checked)
	}
	t.Logf("%d sites, %d checked with a MOD set", len(pt.Graph.Sites), checked)
}

// TestAnyArrayOneLocation: an array Array.newInstance makes is one
// location however it is seen (its views as array classes, pointsto's
// anyarray.go): the write through a Box[] and the read through the
// Object[] meet, in the callees and at their calls.
func TestAnyArrayOneLocation(t *testing.T) {
	p, pt, r := analyzeMain(t)
	main := pkg + "Main."
	b, err := p.Body(method(t, p, main+"made()[Ljava/lang/Object;"))
	if err != nil || b == nil {
		t.Fatalf("no body for made(): %v", err)
	}
	var at int32 = -1
	for _, st := range b.Stmts {
		if st.Op == summary.OpCall {
			at = st.Site
		}
	}
	want := []string{fmt.Sprintf("any array [Ljava/lang/Object; at %smade()[Ljava/lang/Object;@%d[]", main, at)}
	if mod, _ := r.Method(method(t, p, main+"writesView([Ljava/lang/Object;)V")); !slices.Equal(names(r, mod), want) {
		t.Errorf("MOD(writesView) = %q, want %q", names(r, mod), want)
	}
	if _, use := r.Method(method(t, p, main+"readsRaw([Ljava/lang/Object;)Ljava/lang/Object;")); !slices.Equal(names(r, use), want) {
		t.Errorf("USE(readsRaw) = %q, want %q", names(r, use), want)
	}
	// At the calls in anyArray(), which holds only the Object[].
	g := pt.Graph
	if mod, _ := r.Site(site(t, g, main+"anyArray()V", main+"writesView([Ljava/lang/Object;)V")); !slices.Equal(names(r, mod), want) {
		t.Errorf("MOD at the call of writesView = %q, want %q", names(r, mod), want)
	}
	if _, use := r.Site(site(t, g, main+"anyArray()V", main+"readsRaw([Ljava/lang/Object;)Ljava/lang/Object;")); !slices.Equal(names(r, use), want) {
		t.Errorf("USE at the call of readsRaw = %q, want %q", names(r, use), want)
	}
}
