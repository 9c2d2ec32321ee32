package pointsto_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rules-fragment/rules_fragment/tools/analysis/pointsto"
	"github.com/rules-fragment/rules_fragment/tools/analysis/rta"
	"github.com/rules-fragment/rules_fragment/tools/callgraph"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/link"
)

const jdk17 = "/usr/lib/jvm/java-17-openjdk-amd64"

const pkg = "corpus/pointsto/"

// compile builds testing/corpus/pointsto into a class directory.
func compile(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("javac"); err != nil {
		t.Skip("SKIP: javac not found")
	}
	if _, err := os.Stat(filepath.Join(jdk17, "lib", "modules")); err != nil {
		t.Skipf("SKIP: no JDK 17 runtime image at %s", jdk17)
	}
	src, _ := filepath.Glob("../../../testing/corpus/pointsto/src/corpus/pointsto/*.java")
	out := t.TempDir()
	if b, err := exec.Command("javac", append([]string{"--release", "17", "-d", out}, src...)...).CombinedOutput(); err != nil {
		t.Fatalf("javac: %v\n%s", err, b)
	}
	return out
}

// receivers returns the receiver classes of the call of ref in method m.
func receivers(t *testing.T, g *callgraph.Graph, m, ref string) []string {
	t.Helper()
	for _, s := range g.Sites {
		if s.Caller.Key() == pkg+m && s.Ref == ref {
			var out []string
			for _, c := range s.Receivers {
				out = append(out, c.Name)
			}
			return out
		}
	}
	t.Fatalf("no call of %s in %s", ref, m)
	return nil
}

// targets returns the keys of the targets of m's call of ref in g.
// reachedKey reports whether g reaches the method of key k.
func reachedKey(g *callgraph.Graph, k string) bool {
	return slices.ContainsFunc(g.Reachable, func(m *hierarchy.Method) bool { return m.Key() == k })
}

func targets(g *callgraph.Graph, m, ref string) []string {
	var out []string
	for _, s := range g.Sites {
		if s.Caller.Key() == m && s.Ref == ref {
			for _, t := range s.Targets {
				out = append(out, t.Key())
			}
		}
	}
	return out
}

// reflectionAPICases are the calls on reflection's Method, Field and
// Constructor objects in Main.reflectionApi and the class each receives.
// They come from the JVM (Class.getDeclaredMethods0 and its siblings)
// and are copied in the JDK through the JavaLangReflectAccess that
// AccessibleObject's initialiser installs; the JVM initialises it at
// start-up (reach.StartupClasses), no bytecode does.
var reflectionAPICases = []struct{ method, ref, want string }{
	{"Main.reflectionApi()Ljava/lang/String;", "java/lang/reflect/Method.invoke(Ljava/lang/Object;[Ljava/lang/Object;)Ljava/lang/Object;", "java/lang/reflect/Method"},
	{"Main.reflectionApi()Ljava/lang/String;", "java/lang/reflect/Field.getName()Ljava/lang/String;", "java/lang/reflect/Field"},
	{"Main.reflectionApi()Ljava/lang/String;", "java/lang/reflect/Constructor.getName()Ljava/lang/String;", "java/lang/reflect/Constructor"},
}

// loadCorpus links the compiled testing/corpus/pointsto on the JDK 17
// runtime, closed when the test ends, and returns it with its main methods.
func loadCorpus(t *testing.T) (*link.Program, []*hierarchy.Method) {
	t.Helper()
	dir := compile(t)
	p, err := link.Load(link.Options{Client: []string{dir}, Libraries: []string{jdk17}, Release: 17})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return p, p.MainMethods()
}

func TestHandChecked(t *testing.T) {
	p, roots := loadCorpus(t)
	sound := pkg + "Main$Animal.sound()Ljava/lang/String;"
	cases := []struct{ method, ref string }{
		{"Main.copy()Ljava/lang/String;", sound},
		{"Main.field()Ljava/lang/String;", sound},
		{"Main.array()Ljava/lang/String;", sound},
		{"Main.statics()Ljava/lang/String;", sound},
		{"Main.cast(Ljava/lang/Object;)Ljava/lang/String;", pkg + "Main$Dog.sound()Ljava/lang/String;"},
		{"Main.exception()Ljava/lang/String;", sound},
		{"Main.cloned()Ljava/lang/String;", pkg + "Main$Cow.sound()Ljava/lang/String;"},
		{"Main.lambda()Ljava/lang/String;", sound},
		{"Main$Runner.run()V", sound},
		{"Main.concurrentMap()Ljava/lang/String;", sound},
		{"Main.reflective()Ljava/lang/String;", sound},
		{"Main.arrayCloned()Ljava/lang/String;", pkg + "Main$Lamb.sound()Ljava/lang/String;"},
		{"Main$Walker.walk(L" + pkg + "Main$Walker;)Ljava/lang/String;", pkg + "Main$Walker.kind()Ljava/lang/String;"},
		{"Main.varHandle()Ljava/lang/String;", sound},
		{"Main.varHandleFiltered()Ljava/lang/String;", sound},
		{"Main.varHandleFiltered()Ljava/lang/String;", pkg + "Main$Speaker.speak(L" + pkg + "Main$Animal;)Ljava/lang/String;"},
		{"Main.arrayCopied()Ljava/lang/String;", pkg + "Main$Kid.sound()Ljava/lang/String;"},
		{"Main.enumNamed(Ljava/lang/String;)Ljava/lang/String;", pkg + "Main$Tone.sound()Ljava/lang/String;"},
		{"Main.enumCast(Ljava/lang/String;)Ljava/lang/String;", pkg + "Main$Tone.sound()Ljava/lang/String;"},
		{"Main.enumSet()Ljava/lang/String;", pkg + "Main$Mode.label()Ljava/lang/String;"},
		{"Main.enumMapKeys()Ljava/lang/String;", pkg + "Main$Tone.sound()Ljava/lang/String;"},
		{"Main$Handler.uncaughtException(Ljava/lang/Thread;Ljava/lang/Throwable;)V", sound},
		{"Main.collected()Ljava/lang/String;", sound},
		{"Main$Finalized.finalize()V", sound},
		{"Main.reflectiveArray()Ljava/lang/String;", pkg + "Main$Pup.sound()Ljava/lang/String;"},
		{"Main.typedCopy()Ljava/lang/String;", pkg + "Main$Colt.sound()Ljava/lang/String;"},
		{"Main.nestedArray()Ljava/lang/String;", pkg + "Main$Calf.sound()Ljava/lang/String;"},
	}
	want := [][]string{{"Dog"}, {"Cat", "Dog"}, {"Cow"}, {"Cat"}, {"Dog"}, {"Cow"}, {"Cow"}, {"Cat"}, {"Dog"}, {"Horse"},
		{"Cat", "Cow", "Dog", "Horse", "Sheep"}, {"Lamb"}, {"Walker"}, {"Horse"}, {"Horse"}, nil, {"Kid"}, {"Tone$1", "Tone$2"}, {"Tone$1", "Tone$2"},
		{"Mode$1", "Mode$2"}, {"Tone$1", "Tone$2"}, {"Horse"},
		{"Cow"}, {"Dog"}, {"Pup"}, {"Colt"}, {"Calf"}}
	// Each case exactly without the reflective model, and with it (the
	// reflective case's objects come from it); with it, the others at
	// least: the model's objects reach much of the JDK (JNDI, RMI) and,
	// through RMI, serialization, whose deserialized objects (serial.go)
	// then reach every collection, so some sites get more receivers.
	for _, run := range []struct {
		perClass bool
		limit    int
	}{{false, 0}, {true, 0}, {false, 16}, {true, 16}} {
		res, err := pointsto.Analyze(p, roots, pointsto.Options{PerClass: run.perClass, ReflectiveTypes: run.limit})
		if err != nil {
			t.Fatal(err)
		}
		g := res.Graph
		for i, c := range cases {
			if i == 10 && run.limit == 0 {
				continue // below: nothing, reported unmodelled
			}
			var w []string
			for _, n := range want[i] {
				w = append(w, pkg+"Main$"+n)
			}
			// The field case: AND_f tells the two boxes apart, 0-CFA_f
			// (one Box object) does not.
			if !run.perClass && i == 1 {
				w = w[:1]
			}
			got := receivers(t, g, c.method, c.ref)
			switch {
			case run.limit == 0 || i == 10:
				if !slices.Equal(got, w) {
					t.Errorf("%s %s: receivers %q, want %q", g.Analysis, c.method, got, w)
				}
			case !isSubset(w, got):
				t.Errorf("%s %s (reflective model on): receivers %q, want %q among them", g.Analysis, c.method, got, w)
			}
		}
	}
	// Exceptions the JVM throws itself (jvm.go): a handler gets the JVM's
	// object of those its type admits.
	for _, perClass := range []bool{false, true} {
		res, err := pointsto.Analyze(p, roots, pointsto.Options{PerClass: perClass})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct{ method, class string }{
			{"Main.indexOut([I)Ljava/lang/String;", "java/lang/ArrayIndexOutOfBoundsException"},
			{"Main.overflow()Ljava/lang/String;", "java/lang/StackOverflowError"},
		} {
			if got := receivers(t, res.Graph, c.method, c.class+".getMessage()Ljava/lang/String;"); !slices.Equal(got, []string{c.class}) {
				t.Errorf("%s %s: receivers %q, want %s", res.Graph.Analysis, c.method, got, c.class)
			}
		}
	}
	// The enum universes: getEnumConstantsShared's Method.invoke lists the
	// values() it calls (so MOD/USE follows them).
	for _, perClass := range []bool{false, true} {
		res, err := pointsto.Analyze(p, roots, pointsto.Options{PerClass: perClass})
		if err != nil {
			t.Fatal(err)
		}
		got := targets(res.Graph, "java/lang/Class.getEnumConstantsShared()[Ljava/lang/Object;",
			"java/lang/reflect/Method.invoke(Ljava/lang/Object;[Ljava/lang/Object;)Ljava/lang/Object;")
		for _, e := range []string{"Main$Mode", "Main$Tone"} {
			if want := pkg + e + ".values()[L" + pkg + e + ";"; !slices.Contains(got, want) {
				t.Errorf("%s: getEnumConstantsShared's Method.invoke targets %q, want %s among them", res.Graph.Analysis, got, want)
			}
		}
	}
	// A record's methods reach its components' (Main.record): toString at
	// its concatenation site, hashCode and equals through Objects. A
	// dynamic proxy (Main.proxy): the call on it runs the handler's invoke;
	// the proxy passes the cast to its interface but not to Runnable; the
	// argument array holds just the call's argument.
	tag := pkg + "Main$Tag"
	invoke := pkg + "Main$Voice.invoke(Ljava/lang/Object;Ljava/lang/reflect/Method;[Ljava/lang/Object;)Ljava/lang/Object;"
	speak := pkg + "Main$Speaker.speak(L" + pkg + "Main$Animal;)Ljava/lang/String;"
	for _, perClass := range []bool{false, true} {
		res, err := pointsto.Analyze(p, roots, pointsto.Options{PerClass: perClass})
		if err != nil {
			t.Fatal(err)
		}
		g := res.Graph
		if got := receivers(t, g, "Main.proxy()Ljava/lang/String;", speak); !slices.Equal(got, []string{"java/lang/reflect/Proxy"}) {
			t.Errorf("%s: receivers of the proxy call %q", g.Analysis, got)
		}
		if got := targets(g, pkg+"Main.proxy()Ljava/lang/String;", speak); !slices.Equal(got, []string{invoke}) {
			t.Errorf("%s: targets of the proxy call %q, want the handler's invoke", g.Analysis, got)
		}
		if got := receivers(t, g, "Main.proxy()Ljava/lang/String;", "java/lang/Runnable.run()V"); len(got) != 0 {
			t.Errorf("%s: the proxy passed a cast to Runnable: %q", g.Analysis, got)
		}
		if got := receivers(t, g, "Main$Voice.invoke(Ljava/lang/Object;Ljava/lang/reflect/Method;[Ljava/lang/Object;)Ljava/lang/Object;", sound); !slices.Equal(got, []string{pkg + "Main$Horse"}) {
			t.Errorf("%s: the handler's argument %q, want the call's Horse", g.Analysis, got)
		}
		if got := receivers(t, g, "Main$Labelled.toString()Ljava/lang/String;", "java/lang/Object.toString()Ljava/lang/String;"); !slices.Equal(got, []string{tag}) {
			t.Errorf("%s: record toString's receivers %q, want %s", g.Analysis, got, tag)
		}
		for _, m := range []string{"hashCode()I", "equals(Ljava/lang/Object;)Z", "toString()Ljava/lang/String;"} {
			if !slices.ContainsFunc(g.Reachable, func(r *hierarchy.Method) bool { return r.Key() == tag+"."+m }) {
				t.Errorf("%s: %s.%s not reached through the record", g.Analysis, tag, m)
			}
		}
		for _, s := range g.Sites {
			if s.Caller.Class.Name == pkg+"Main$Labelled" && s.Kind == callgraph.Dynamic {
				t.Errorf("%s: %s @%d left unmodelled", g.Analysis, s.Caller.Key(), s.ID)
			}
		}
	}
	// What the JVM provides (jvm.go), for both abstractions.
	jvmCases := []struct{ method, ref, want string }{
		{"Main.out()V", "java/io/PrintStream.flush()V", "java/io/PrintStream"},
		{"Main.threadName()Ljava/lang/String;", "java/lang/Thread.getName()Ljava/lang/String;", "java/lang/Thread"},
		{"Main.threadName()Ljava/lang/String;", "java/lang/Thread.getName()Ljava/lang/String;", pkg + "Main$Runner"},
		{"Main.firstArg([Ljava/lang/String;)I", "java/lang/String.length()I", "java/lang/String"},
		{"Main.loaderName()Ljava/lang/String;", "java/lang/Object.getClass()Ljava/lang/Class;", pkg + "Main$Dog"},
		{"Main.loaderName()Ljava/lang/String;", "java/lang/Class.getClassLoader()Ljava/lang/ClassLoader;", "java/lang/Class"},
		{"Main.loaderName()Ljava/lang/String;", "java/lang/ClassLoader.getName()Ljava/lang/String;", "jdk/internal/loader/ClassLoaders$AppClassLoader"},
		// The fields the JVM fills (jvmFields).
		{"Main.reflectedNames()Ljava/lang/String;", "java/lang/String.trim()Ljava/lang/String;", "java/lang/String"},
		{"Main.reflectedNames()Ljava/lang/String;", "java/lang/Class.isArray()Z", "java/lang/Class"},
		{"Main.reflectedNames()Ljava/lang/String;", "java/lang/Module.getName()Ljava/lang/String;", "java/lang/Module"},
	}
	jvmCases = append(jvmCases, reflectionAPICases...)
	for _, perClass := range []bool{false, true} {
		res, err := pointsto.Analyze(p, roots, pointsto.Options{PerClass: perClass})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range jvmCases {
			if got := receivers(t, res.Graph, c.method, c.ref); !slices.Contains(got, c.want) {
				t.Errorf("%s %s %s: receivers %q, want %s among them", res.Graph.Analysis, c.method, c.ref, got, c.want)
			}
		}
	}
	// Without the reflective model the site gets nothing and is reported;
	// with a limit below Animal's five classes, too.
	for _, limit := range []int{0, 4} {
		res, err := pointsto.Analyze(p, roots, pointsto.Options{ReflectiveTypes: limit})
		if err != nil {
			t.Fatal(err)
		}
		if got := receivers(t, res.Graph, cases[10].method, cases[10].ref); len(got) != 0 {
			t.Errorf("limit %d: reflective receivers %q, want none", limit, got)
		}
		if !slices.ContainsFunc(res.Graph.Unmodelled, func(u callgraph.Unmodelled) bool {
			return u.Method.Key() == pkg+cases[10].method && u.Site >= 0 && strings.HasPrefix(u.Reason, "reflective construction")
		}) {
			t.Errorf("limit %d: reflective construction in %s not reported unmodelled: %v", limit, cases[10].method, res.Graph.Unmodelled)
		}
		// Two constructions into one variable are two sites.
		var twice []int32
		for _, u := range res.Graph.Unmodelled {
			if u.Method.Key() == pkg+"Main.reflectiveTwice(Z)Ljava/lang/String;" {
				twice = append(twice, u.Site)
			}
		}
		if len(twice) != 2 {
			t.Errorf("limit %d: reflectiveTwice has unmodelled sites %v, want two", limit, twice)
		}
	}
	r, err := rta.Analyze(p, roots, rta.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// RTA sees every instantiated Animal at the copy site (not Sheep, made
	// only reflectively).
	if got := receivers(t, r, cases[0].method, cases[0].ref); len(got) != 4 || slices.Contains(got, pkg+"Main$Sheep") {
		t.Errorf("rta copy: receivers %q, want Cat, Cow, Dog, Horse", got)
	}
	// RTA, too, has reflection's objects: the JVM's, and the copies the
	// JDK makes of them once the JVM has initialised AccessibleObject.
	for _, c := range reflectionAPICases {
		if got := receivers(t, r, c.method, c.ref); !slices.Contains(got, c.want) {
			t.Errorf("rta %s %s: receivers %q, want %s among them", c.method, c.ref, got, c.want)
		}
	}
	// RTA, too, reaches a thread's run() through the native Thread.start0.
	if !slices.ContainsFunc(r.Reachable, func(m *hierarchy.Method) bool { return m.Key() == pkg+"Main$Runner.run()V" }) {
		t.Error("rta: Runner.run not reached through Thread.start")
	}
}

// isSubset reports whether every element of sub is in set.
func isSubset(sub, set []string) bool {
	for _, x := range sub {
		if !slices.Contains(set, x) {
			return false
		}
	}
	return true
}
