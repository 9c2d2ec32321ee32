package hierarchy

import (
	"strings"
	"sync"
	"testing"
)

// scenarioSources are small programs for the resolution and selection
// rules, compiled once per test binary.
var scenarioSources = map[string]string{
	// Default methods and the maximally-specific rule.
	"dm/I.java":         "package dm; public interface I { default String m() { return \"I\"; } String n(); }",
	"dm/J.java":         "package dm; public interface J extends I { default String m() { return \"J\"; } }",
	"dm/K.java":         "package dm; public interface K extends I { }",
	"dm/L.java":         "package dm; public interface L { default String m() { return \"L\"; } }",
	"dm/D.java":         "package dm; public class D implements J, K { public String n() { return \"\"; } }",
	"dm/AbsI.java":      "package dm; public abstract class AbsI implements I { }",
	"dm/ConcI.java":     "package dm; public class ConcI extends AbsI { public String n() { return \"\"; } }",
	"dm/Reabs.java":     "package dm; public abstract class Reabs implements I { public abstract String m(); }",
	"dm/ReabsImpl.java": "package dm; public class ReabsImpl extends Reabs { public String m() { return \"R\"; } public String n() { return \"\"; } }",
	"dm/Super.java": `package dm; public class Super implements J, L {
		public String m() { return J.super.m() + L.super.m(); } public String n() { return ""; } }`,
	// Private interface methods.
	"pi/P.java":     "package pi; public interface P { private int helper() { return 1; } default int use() { return helper(); } }",
	"pi/PImpl.java": "package pi; public class PImpl implements P { public int helper() { return 2; } }",
	// Package-private methods across packages (§5.4.5).
	"p1/A.java":    "package p1; public class A { void m() {} public void call() { m(); } }",
	"p2/B.java":    "package p2; public class B extends p1.A { void m() {} }",
	"p1/C.java":    "package p1; public class C extends p2.B { void m() {} }",
	"p1/B2.java":   "package p1; public class B2 extends A { public void m() {} }",
	"p2/C2.java":   "package p2; public class C2 extends p1.B2 { public void m() {} }",
	"p1/Prot.java": "package p1; public class Prot { protected void pm() {} public void pub() {} void pkg() {} }",
	"p2/ProtSub.java": `package p2; public class ProtSub extends p1.Prot {
		protected void pm() {} public void pub() {} public void pkg() {} }`,
	// Static methods.
	"st/S.java":  "package st; public class S { public static void sm() {} public void im() {} }",
	"st/S2.java": "package st; public class S2 extends S { public static void sm() {} }",
	// invokespecial.
	"sp/Base.java":  "package sp; public class Base { public String name() { return \"Base\"; } }",
	"sp/Mid.java":   "package sp; public class Mid extends Base { }",
	"sp/Leaf.java":  "package sp; public class Leaf extends Mid { public String name() { return \"Leaf\" + super.name(); } }",
	"sp/Mid2.java":  "package sp; public class Mid2 extends Base { public String name() { return \"Mid2\"; } }",
	"sp/Leaf2.java": "package sp; public class Leaf2 extends Mid2 { public String name() { return \"Leaf2\" + super.name(); } }",
	// Nestmates.
	"nm/Outer.java": `package nm; public class Outer {
		private int secret() { return 1; }
		class Inner { int peek() { return secret(); } }
		static class Sub extends Outer { private int secret() { return 2; } }
	}`,
	// A library that is later left off the class path.
	"lib/LibBase.java": "package lib; public class LibBase { public int f; public void run() {} }",
	"lib/LibI.java":    "package lib; public interface LibI { void go(); }",
	"app/App.java":     "package app; public class App extends lib.LibBase implements lib.LibI { public void go() {} public void run() {} }",
	"app/App2.java":    "package app; public class App2 extends lib.LibBase { }",
	// Fields.
	"fl/FI.java":  "package fl; public interface FI { int X = 1; }",
	"fl/FI2.java": "package fl; public interface FI2 extends FI { }",
	"fl/FB.java":  "package fl; public class FB { public int y; public static int X; }",
	"fl/FC.java":  "package fl; public class FC extends FB implements FI2 { }",
}

var (
	scenarioOnce    sync.Once
	scenarioClasses []loaded
)

func scenarios(t *testing.T) []loaded {
	scenarioOnce.Do(func() { scenarioClasses = compileJava(t, scenarioSources) })
	if scenarioClasses == nil {
		t.Fatal("scenario compilation failed earlier")
	}
	return scenarioClasses
}

// scenarioHierarchy builds the scenarios plus java.base, leaving out
// classes whose names start with one of the omit prefixes.
func scenarioHierarchy(t *testing.T, omit ...string) *Hierarchy {
	var keep []loaded
outer:
	for _, l := range scenarios(t) {
		for _, p := range omit {
			if strings.HasPrefix(l.cf.Name, p) {
				continue outer
			}
		}
		keep = append(keep, l)
	}
	return build(keep, javaBase(t))
}

func mustClass(t *testing.T, h *Hierarchy, name string) *Class {
	t.Helper()
	c := h.Lookup(name)
	if c == nil {
		t.Fatalf("no class %s", name)
	}
	return c
}

func mustResolve(t *testing.T, h *Hierarchy, class, name, desc string) *Method {
	t.Helper()
	m, err := h.ResolveAny(mustClass(t, h, class), name, desc)
	if err != nil {
		t.Fatalf("resolve %s.%s%s: %v", class, name, desc, err)
	}
	return m
}

// wantDispatch checks that dispatching resolved on recv selects want
// ("" for nil).
func wantDispatch(t *testing.T, h *Hierarchy, recv string, resolved *Method, want string) {
	t.Helper()
	got := h.Dispatch(mustClass(t, h, recv), resolved)
	if gs := keyOrNil(got); gs != want {
		t.Errorf("Dispatch(%s, %s) = %s, want %s", recv, resolved.Key(), gs, want)
	}
}

func keyOrNil(m *Method) string {
	if m == nil {
		return ""
	}
	return m.Key()
}

func keys(ms []*Method) string {
	var s []string
	for _, m := range ms {
		s = append(s, m.Key())
	}
	return strings.Join(s, " ")
}

func TestDefaultMethods(t *testing.T) {
	h := scenarioHierarchy(t)
	im := mustResolve(t, h, "dm/I", "m", "()Ljava/lang/String;")
	if im.Key() != "dm/I.m()Ljava/lang/String;" {
		t.Fatalf("resolved %s", im.Key())
	}
	// Diamond D implements J, K; J overrides I's default: J is more specific.
	wantDispatch(t, h, "dm/D", im, "dm/J.m()Ljava/lang/String;")
	if m := mustResolve(t, h, "dm/D", "m", "()Ljava/lang/String;"); m.Key() != "dm/J.m()Ljava/lang/String;" {
		t.Errorf("ResolveMethod(D.m) = %s, want J.m", m.Key())
	}
	ms := h.MaximallySpecific(mustClass(t, h, "dm/D"), "m", "()Ljava/lang/String;")
	if keys(ms) != "dm/J.m()Ljava/lang/String;" {
		t.Errorf("MaximallySpecific(D) = %s", keys(ms))
	}
	// Abstract class implementing an interface with a default.
	wantDispatch(t, h, "dm/ConcI", im, "dm/I.m()Ljava/lang/String;")
	// Re-abstraction: the abstract class method wins over the default.
	m, o := h.Select(mustClass(t, h, "dm/Reabs"), im)
	if o != FoundAbstract || m.Key() != "dm/Reabs.m()Ljava/lang/String;" {
		t.Errorf("Select(Reabs, I.m) = %v %v", m, o)
	}
	wantDispatch(t, h, "dm/ReabsImpl", im, "dm/ReabsImpl.m()Ljava/lang/String;")
	// Abstract interface method with no implementation on an abstract class.
	in := mustResolve(t, h, "dm/I", "n", "()Ljava/lang/String;")
	if m, o := h.Select(mustClass(t, h, "dm/AbsI"), in); o != FoundAbstract || m != in {
		t.Errorf("Select(AbsI, I.n) = %v %v", m, o)
	}
	wantDispatch(t, h, "dm/AbsI", in, "")
	// CHA over I.m.
	got := keys(h.Implementations(im))
	want := "dm/I.m()Ljava/lang/String; dm/J.m()Ljava/lang/String; dm/ReabsImpl.m()Ljava/lang/String; dm/Super.m()Ljava/lang/String;"
	if got != want {
		t.Errorf("Implementations(I.m) =\n %s\nwant\n %s", got, want)
	}
	if got := keys(h.DispatchTargets(mustClass(t, h, "dm/K"), im)); got != "dm/J.m()Ljava/lang/String;" {
		t.Errorf("DispatchTargets(K, I.m) = %s", got)
	}
	// Interface super calls: J.super.m() in Super.
	jm := mustResolve(t, h, "dm/J", "m", "()Ljava/lang/String;")
	if m, o := h.SelectSpecial(mustClass(t, h, "dm/Super"), mustClass(t, h, "dm/J"), jm); m != jm || o != Found {
		t.Errorf("SelectSpecial(J.super.m) = %v %v", m, o)
	}
	lm := mustResolve(t, h, "dm/L", "m", "()Ljava/lang/String;")
	if m, _ := h.SelectSpecial(mustClass(t, h, "dm/Super"), mustClass(t, h, "dm/L"), lm); m != lm {
		t.Errorf("SelectSpecial(L.super.m) = %v", m)
	}
}

// TestDefaultConflict makes D implement L too, by editing its class file:
// two unrelated non-abstract defaults are ambiguous (ICCE at run time).
func TestDefaultConflict(t *testing.T) {
	var ls []loaded
	for _, l := range scenarios(t) {
		if l.cf.Name == "dm/D" {
			cf := *l.cf
			cf.Interfaces = append([]string{"dm/L"}, cf.Interfaces...)
			l.cf = &cf
		}
		ls = append(ls, l)
	}
	h := build(ls, javaBase(t))
	im := mustResolve(t, h, "dm/I", "m", "()Ljava/lang/String;")
	d := mustClass(t, h, "dm/D")
	if m, o := h.Select(d, im); m != nil || o != Ambiguous {
		t.Errorf("Select(D, I.m) = %v %v, want Ambiguous", m, o)
	}
	if got := keys(h.MaximallySpecific(d, "m", "()Ljava/lang/String;")); got != "dm/J.m()Ljava/lang/String; dm/L.m()Ljava/lang/String;" {
		t.Errorf("MaximallySpecific = %s", got)
	}
	// Resolution picks one deterministically (lowest interface id).
	if m := mustResolve(t, h, "dm/D", "m", "()Ljava/lang/String;"); m.Key() != "dm/J.m()Ljava/lang/String;" {
		t.Errorf("resolve = %s", m.Key())
	}
	wantDispatch(t, h, "dm/D", im, "")
}

func TestPrivateInterfaceMethod(t *testing.T) {
	h := scenarioHierarchy(t)
	helper := mustResolve(t, h, "pi/P", "helper", "()I")
	if !helper.IsPrivate() || helper.Class.Name != "pi/P" {
		t.Fatalf("resolved %s", helper.Key())
	}
	// invokeinterface of a private method selects it directly; PImpl's
	// public helper does not override it.
	wantDispatch(t, h, "pi/PImpl", helper, "pi/P.helper()I")
	if got := keys(h.Implementations(helper)); got != "pi/P.helper()I" {
		t.Errorf("Implementations = %s", got)
	}
	use := mustResolve(t, h, "pi/P", "use", "()I")
	wantDispatch(t, h, "pi/PImpl", use, "pi/P.use()I")
}

func TestPackagePrivateOverriding(t *testing.T) {
	h := scenarioHierarchy(t)
	am := mustResolve(t, h, "p1/A", "m", "()V")
	// p2.B.m does not override p1.A.m (different run-time package).
	wantDispatch(t, h, "p2/B", am, "p1/A.m()V")
	// p1.C.m overrides A.m (same package), though not B.m.
	wantDispatch(t, h, "p1/C", am, "p1/C.m()V")
	bm := mustResolve(t, h, "p2/B", "m", "()V")
	wantDispatch(t, h, "p1/C", bm, "p2/B.m()V")
	// Transitive rule: B2.m (p1, public) overrides A.m; C2.m (p2) overrides
	// B2.m and hence A.m.
	wantDispatch(t, h, "p1/B2", am, "p1/B2.m()V")
	wantDispatch(t, h, "p2/C2", am, "p2/C2.m()V")
	if got := keys(h.Implementations(am)); got != "p1/A.m()V p1/B2.m()V p1/C.m()V p2/C2.m()V" {
		t.Errorf("Implementations(A.m) = %s", got)
	}
	// Protected and public methods are overridden across packages;
	// package-private ones are not, even by a public method.
	for _, n := range []string{"pm", "pub"} {
		pm := mustResolve(t, h, "p1/Prot", n, "()V")
		wantDispatch(t, h, "p2/ProtSub", pm, "p2/ProtSub."+n+"()V")
	}
	pkg := mustResolve(t, h, "p1/Prot", "pkg", "()V")
	wantDispatch(t, h, "p2/ProtSub", pkg, "p1/Prot.pkg()V")
}

func TestStaticNotDispatched(t *testing.T) {
	h := scenarioHierarchy(t)
	sm := mustResolve(t, h, "st/S", "sm", "()V")
	wantDispatch(t, h, "st/S2", sm, "st/S.sm()V")
	if got := keys(h.Implementations(sm)); got != "st/S.sm()V" {
		t.Errorf("Implementations(S.sm) = %s", got)
	}
	if m := mustResolve(t, h, "st/S2", "sm", "()V"); m.Key() != "st/S2.sm()V" {
		t.Errorf("resolve S2.sm = %s", m.Key())
	}
	im := mustResolve(t, h, "st/S2", "im", "()V")
	wantDispatch(t, h, "st/S2", im, "st/S.im()V")
}

func TestInvokeSpecial(t *testing.T) {
	h := scenarioHierarchy(t)
	leaf, mid := mustClass(t, h, "sp/Leaf"), mustClass(t, h, "sp/Mid")
	// super.name() in Leaf: javac names Mid; resolution finds Base.name.
	r := mustResolve(t, h, "sp/Mid", "name", "()Ljava/lang/String;")
	if r.Key() != "sp/Base.name()Ljava/lang/String;" {
		t.Fatalf("resolved %s", r.Key())
	}
	if m, o := h.SelectSpecial(leaf, mid, r); m != r || o != Found {
		t.Errorf("SelectSpecial(Leaf super.name) = %v %v", m, o)
	}
	// ACC_SUPER semantics: a reference naming Base from Leaf2 still finds
	// the nearest override, Mid2.name.
	leaf2, base := mustClass(t, h, "sp/Leaf2"), mustClass(t, h, "sp/Base")
	if m, _ := h.SelectSpecial(leaf2, base, r); keyOrNil(m) != "sp/Mid2.name()Ljava/lang/String;" {
		t.Errorf("SelectSpecial(Leaf2, Base.name) = %v", m)
	}
	// Constructors are selected directly.
	init := mustResolve(t, h, "sp/Base", "<init>", "()V")
	if m, _ := h.SelectSpecial(leaf2, base, init); m != init {
		t.Errorf("SelectSpecial(<init>) = %v", m)
	}
	// Virtual dispatch of Base.name.
	wantDispatch(t, h, "sp/Leaf", r, "sp/Leaf.name()Ljava/lang/String;")
	wantDispatch(t, h, "sp/Mid", r, "sp/Base.name()Ljava/lang/String;")
	got := keys(h.Implementations(r))
	if got != "sp/Base.name()Ljava/lang/String; sp/Leaf.name()Ljava/lang/String; sp/Leaf2.name()Ljava/lang/String; sp/Mid2.name()Ljava/lang/String;" {
		t.Errorf("Implementations(Base.name) = %s", got)
	}
}

func TestNestmates(t *testing.T) {
	h := scenarioHierarchy(t)
	outer, inner, sub := mustClass(t, h, "nm/Outer"), mustClass(t, h, "nm/Outer$Inner"), mustClass(t, h, "nm/Outer$Sub")
	if h.NestHostOf(inner) != outer || h.NestHostOf(outer) != outer || !h.AreNestmates(inner, sub) {
		t.Errorf("nest host: %v %v", h.NestHostOf(inner), h.NestHostOf(outer))
	}
	// Inner.peek calls Outer.secret with invokevirtual (Java 11+ nestmates).
	secret := mustResolve(t, h, "nm/Outer", "secret", "()I")
	if !secret.IsPrivate() {
		t.Fatal("secret is not private")
	}
	// The private method is selected directly, even on a subclass that
	// declares its own private secret().
	wantDispatch(t, h, "nm/Outer$Sub", secret, "nm/Outer.secret()I")
	if !h.CanAccessMethod(inner, outer, secret) {
		t.Error("nestmate cannot access private member")
	}
}

func TestSignaturePolymorphic(t *testing.T) {
	h := build(javaBase(t))
	mh := mustClass(t, h, "java/lang/invoke/MethodHandle")
	m, err := h.ResolveMethod(mh, "invokeExact", "(Ljava/lang/String;I)V")
	if err != nil || m.Key() != "java/lang/invoke/MethodHandle.invokeExact([Ljava/lang/Object;)Ljava/lang/Object;" || !m.IsSignaturePolymorphic() {
		t.Fatalf("invokeExact: %v %v", m, err)
	}
	if m, err := h.ResolveMethod(mh, "invoke", "()I"); err != nil || !m.IsSignaturePolymorphic() {
		t.Errorf("invoke: %v %v", m, err)
	}
	vh := mustClass(t, h, "java/lang/invoke/VarHandle")
	if m, err := h.ResolveMethod(vh, "compareAndSet", "(Ljava/lang/Object;II)Z"); err != nil || m.Name != "compareAndSet" || !m.IsSignaturePolymorphic() {
		t.Errorf("VarHandle.compareAndSet: %v %v", m, err)
	}
	// Ordinary MethodHandle methods keep exact descriptors.
	if _, err := h.ResolveMethod(mh, "bindTo", "(I)V"); err == nil {
		t.Error("bindTo(I)V resolved")
	}
	if m, err := h.ResolveMethod(mh, "bindTo", "(Ljava/lang/Object;)Ljava/lang/invoke/MethodHandle;"); err != nil || m.IsSignaturePolymorphic() {
		t.Errorf("bindTo: %v %v", m, err)
	}
	// A subclass inherits the lookup.
	if m, err := h.ResolveMethod(mustClass(t, h, "java/lang/invoke/DirectMethodHandle"), "invokeExact", "()V"); err != nil || !m.IsSignaturePolymorphic() {
		t.Errorf("DirectMethodHandle.invokeExact: %v %v", m, err)
	}
	// invokeExact, invoke, and the internal invokeBasic and linkTo* methods.
	var poly []string
	for _, m := range mh.Methods {
		if m.IsSignaturePolymorphic() {
			poly = append(poly, m.Name)
		}
	}
	if got := strings.Join(poly, " "); !strings.Contains(got, "invokeExact") || !strings.Contains(got, "invoke ") || !strings.Contains(got, "linkToVirtual") {
		t.Errorf("signature-polymorphic MethodHandle methods: %s", got)
	}
	t.Logf("signature-polymorphic MethodHandle methods: %v", poly)
}

func TestPhantomSuperclass(t *testing.T) {
	h := scenarioHierarchy(t, "lib/")
	lb, li := mustClass(t, h, "lib/LibBase"), mustClass(t, h, "lib/LibI")
	if !lb.Phantom || !li.Phantom || lb.IsInterface() || !li.IsInterface() {
		t.Fatalf("phantoms: %+v %+v", lb, li)
	}
	if lb.Super != h.Object() || len(lb.Methods) != 0 {
		t.Error("phantom has a non-Object super or members")
	}
	app, app2 := mustClass(t, h, "app/App"), mustClass(t, h, "app/App2")
	if app.Super != lb || !h.IsSubclass(app, li) || !h.IsSubclass(app2, lb) || h.IsSubclass(app2, li) {
		t.Error("subtyping through phantoms")
	}
	// App2 inherits run from the missing library: a phantom method.
	run, err := h.ResolveMethod(app2, "run", "()V")
	if err != nil || !run.Phantom || run.Class != lb {
		t.Fatalf("resolve App2.run = %v %v", run, err)
	}
	if again, _ := h.ResolveMethod(lb, "run", "()V"); again != run {
		t.Error("phantom method not stable")
	}
	if h.Method(run.ID) != run {
		t.Error("phantom method id lookup")
	}
	wantDispatch(t, h, "app/App", run, "app/App.run()V")
	if m, o := h.Select(app2, run); m != run || o != FoundPhantom {
		t.Errorf("Select(App2, run) = %v %v", m, o)
	}
	if got := keys(h.Implementations(run)); got != "app/App.run()V lib/LibBase.run()V" {
		t.Errorf("Implementations(phantom run) = %s", got)
	}
	// Object methods resolve to Object; dispatch on a phantom-derived class
	// may reach the phantom.
	ts, err := h.ResolveMethod(app2, "toString", "()Ljava/lang/String;")
	if err != nil || ts.Class != h.Object() {
		t.Errorf("App2.toString = %v %v", ts, err)
	}
	if m, o := h.Select(app2, ts); o != FoundPhantom || m.Class != lb {
		t.Errorf("Select(App2, toString) = %v %v", m, o)
	}
	go_, err := h.ResolveInterfaceMethod(li, "go", "()V")
	if err != nil || !go_.Phantom {
		t.Errorf("LibI.go = %v %v", go_, err)
	}
	wantDispatch(t, h, "app/App", go_, "app/App.go()V")
	f, err := h.ResolveField(app2, "f", "I")
	if err != nil || !f.Phantom || f.Class != lb {
		t.Errorf("App2.f = %v %v", f, err)
	}
	// LookupOrPhantom after Build gets a fresh id and stable identity.
	n := h.NumClasses()
	x := h.LookupOrPhantom("missing/X")
	if x == nil || !x.Phantom || int(x.ID) != n || h.LookupOrPhantom("missing/X") != x || h.Class(x.ID) != x {
		t.Errorf("late phantom %+v", x)
	}
	if !h.IsSubclass(x, h.Object()) || h.IsSubclass(x, lb) || len(h.Subtypes(x)) != 1 {
		t.Error("late phantom subtyping")
	}
	st := h.Stats()
	if st.Phantoms != 3 || st.PhantomMethods != 3 || st.PhantomFields != 1 {
		t.Errorf("stats %+v", st)
	}
}

func TestFieldResolution(t *testing.T) {
	h := scenarioHierarchy(t)
	fc := mustClass(t, h, "fl/FC")
	// Superinterfaces are searched before the superclass (§5.4.3.2).
	if f, err := h.ResolveField(fc, "X", "I"); err != nil || f.Class.Name != "fl/FI" {
		t.Errorf("FC.X = %v %v", f, err)
	}
	if f, err := h.ResolveField(fc, "y", "I"); err != nil || f.Class.Name != "fl/FB" {
		t.Errorf("FC.y = %v %v", f, err)
	}
	if f, err := h.ResolveField(fc, "y", "J"); err == nil {
		t.Errorf("FC.y:J = %v", f)
	} else if re, ok := err.(*ResolveError); !ok || re.Kind != "NoSuchFieldError" {
		t.Errorf("error %v", err)
	}
	if _, err := h.ResolveField(h.Lookup("[I"), "length", "I"); err == nil {
		t.Error("array length resolved as a field")
	}
}

func TestResolutionErrors(t *testing.T) {
	h := scenarioHierarchy(t)
	if _, err := h.ResolveMethod(mustClass(t, h, "dm/I"), "m", "()Ljava/lang/String;"); err == nil {
		t.Error("ResolveMethod on an interface succeeded")
	}
	if _, err := h.ResolveInterfaceMethod(mustClass(t, h, "dm/D"), "m", "()Ljava/lang/String;"); err == nil {
		t.Error("ResolveInterfaceMethod on a class succeeded")
	}
	if _, err := h.ResolveMethod(mustClass(t, h, "dm/D"), "nope", "()V"); err == nil {
		t.Error("missing method resolved")
	}
	// Interface resolution falls back to Object's public methods.
	if m, err := h.ResolveInterfaceMethod(mustClass(t, h, "dm/I"), "hashCode", "()I"); err != nil || m.Class != h.Object() {
		t.Errorf("I.hashCode = %v %v", m, err)
	}
	// ... but not to protected ones.
	if _, err := h.ResolveInterfaceMethod(mustClass(t, h, "dm/I"), "clone", "()Ljava/lang/Object;"); err == nil {
		t.Error("I.clone resolved")
	}
	if _, err := h.ResolveMethod(nil, "x", "()V"); err == nil {
		t.Error("nil class resolved")
	}
	if h.Dispatch(nil, nil) != nil || h.DispatchTargets(nil, nil) != nil {
		t.Error("nil dispatch")
	}
}
