package rta_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"github.com/rules-fragment/rules_fragment/tools/analysis/rta"
	"github.com/rules-fragment/rules_fragment/tools/callgraph"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/link"
)

const jdk17 = "/usr/lib/jvm/java-17-openjdk-amd64"

// keysSrc makes call keys (static type, method) before and after the
// classes of their receivers are allocated: RTA visits main, then first,
// second, third and fourth in that order. A key of a static type that has
// a key already takes that key's receivers, so both must be kept whole.
const keysSrc = `package rtatest;
public class Main {
  interface Shape { String name(); int sides(); }
  static class Sq implements Shape { public String name() { return "sq"; } public int sides() { return 4; } }
  static class Tri implements Shape { public String name() { return "tri"; } public int sides() { return 3; } }
  static class Hex implements Shape { public String name() { return "hex"; } public int sides() { return 6; } }
  static class Oct implements Shape { public String name() { return "oct"; } public int sides() { return 8; } }
  static abstract class Base { abstract String tag(); String label() { return "base"; } }
  static class Leaf extends Base { String tag() { return "leaf"; } }
  static class Leaf2 extends Leaf { String tag() { return "leaf2"; } }
  static class Unused extends Base { String tag() { return "unused"; } }

  static int first(Shape s) { int n = s.sides(); new Tri(); return n; }
  static String second(Shape s) { String n = s.name(); new Oct(); return n; }
  static String third(Base b) { String t = b.tag(); new Leaf2(); return t; }
  static String fourth(Base b) { return b.label(); }

  public static void main(String[] args) {
    Shape s = new Sq();
    first(s);
    second(s);
    third(new Leaf());
    fourth(null);
    new Hex();
  }
}
`

func TestReceiversOfKeysMadeAnyTime(t *testing.T) {
	p := load(t, keysSrc)
	defer p.Close()
	g, err := rta.Analyze(p, p.MainMethods(), rta.Options{})
	if err != nil {
		t.Fatal(err)
	}
	const m = "rtatest/Main"
	shapes := []string{m + "$Hex", m + "$Oct", m + "$Sq", m + "$Tri"}
	bases := []string{m + "$Leaf", m + "$Leaf2"}
	cases := []struct {
		caller, ref string
		want        []string
	}{
		{"first(L" + m + "$Shape;)I", m + "$Shape.sides()I", shapes},
		{"second(L" + m + "$Shape;)Ljava/lang/String;", m + "$Shape.name()Ljava/lang/String;", shapes},
		{"third(L" + m + "$Base;)Ljava/lang/String;", m + "$Base.tag()Ljava/lang/String;", bases},
		{"fourth(L" + m + "$Base;)Ljava/lang/String;", m + "$Base.label()Ljava/lang/String;", bases},
	}
	for _, c := range cases {
		checkReceivers(t, g, m+"."+c.caller, c.ref, c.want)
	}
}

// enumsSrc iterates an EnumSet of an enum its code names only by a class
// literal, and the keys of an EnumMap of an enum it initialises: their
// elements come from the universe, the enum's values() that
// Class.getEnumConstantsShared calls by reflection (reach/enums.go).
const enumsSrc = `package rtatest;
public class Main {
  enum Mode { FAST { int n() { return 1; } }, SLOW { int n() { return 2; } }; abstract int n(); }
  enum Col { RED { int v() { return 1; } }, BLUE { int v() { return 2; } }; abstract int v(); }
  static int modes() { int s = 0; for (Mode m : java.util.EnumSet.allOf(Mode.class)) s += m.n(); return s; }
  static int cols() {
    java.util.EnumMap<Col, String> m = new java.util.EnumMap<>(Col.class);
    m.put(Col.RED, "r");
    int s = 0;
    for (Col c : m.keySet()) s += c.v();
    return s;
  }
  public static void main(String[] args) { modes(); cols(); }
}
`

func TestEnumUniverses(t *testing.T) {
	p := load(t, enumsSrc)
	defer p.Close()
	g, err := rta.Analyze(p, p.MainMethods(), rta.Options{})
	if err != nil {
		t.Fatal(err)
	}
	const m = "rtatest/Main"
	checkReceivers(t, g, m+".modes()I", m+"$Mode.n()I", []string{m + "$Mode$1", m + "$Mode$2"})
	checkReceivers(t, g, m+".cols()I", m+"$Col.v()I", []string{m + "$Col$1", m + "$Col$2"})
	for _, want := range []string{m + "$Mode.values()[L" + m + "$Mode;", m + "$Mode.<clinit>()V", m + "$Col.values()[L" + m + "$Col;"} {
		if !slices.ContainsFunc(g.Reachable, func(r *hierarchy.Method) bool { return r.Key() == want }) {
			t.Errorf("%s is not reachable", want)
		}
	}
}

// finalizeSrc allocates an object whose class has a finalize(): the JVM
// registers it (Finalizer.register), and FinalizerThread calls finalize()
// (reach/collector.go).
const finalizeSrc = `package rtatest;
public class Main {
  static class Gone { @SuppressWarnings("deprecation") protected void finalize() { System.out.println("gone"); } }
  public static void main(String[] args) { new Gone(); }
}
`

func TestFinalizers(t *testing.T) {
	p := load(t, finalizeSrc)
	defer p.Close()
	g, err := rta.Analyze(p, p.MainMethods(), rta.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"rtatest/Main$Gone.finalize()V", "java/lang/ref/Finalizer.register(Ljava/lang/Object;)V"} {
		if !slices.ContainsFunc(g.Reachable, func(r *hierarchy.Method) bool { return r.Key() == want }) {
			t.Errorf("%s is not reachable", want)
		}
	}
}

// overflowSrc catches the StackOverflowError the JVM throws, which no
// bytecode allocates: RTA instantiates the exceptions the JVM throws
// itself (reach.ImplicitExceptions).
const overflowSrc = `package rtatest;
public class Main {
    static int depth(int n) { return depth(n + 1) + 1; }
    public static void main(String[] args) {
        try { depth(0); } catch (StackOverflowError e) { System.out.println(e.getMessage()); }
    }
}
`

func TestImplicitExceptions(t *testing.T) {
	p := load(t, overflowSrc)
	defer p.Close()
	g, err := rta.Analyze(p, p.MainMethods(), rta.Options{})
	if err != nil {
		t.Fatal(err)
	}
	checkReceivers(t, g, "rtatest/Main.main([Ljava/lang/String;)V", "java/lang/StackOverflowError.getMessage()Ljava/lang/String;",
		[]string{"java/lang/StackOverflowError"})
}

// load compiles src (class rtatest.Main) and links it with the JDK 17
// runtime.
func load(t *testing.T, src string) *link.Program {
	t.Helper()
	if _, err := exec.LookPath("javac"); err != nil {
		t.Skip("SKIP: javac not found")
	}
	if _, err := os.Stat(filepath.Join(jdk17, "lib", "modules")); err != nil {
		t.Skipf("SKIP: no JDK 17 runtime image at %s", jdk17)
	}
	file := filepath.Join(t.TempDir(), "Main.java")
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	if b, err := exec.Command("javac", "--release", "17", "-d", out, file).CombinedOutput(); err != nil {
		t.Fatalf("javac: %v\n%s", err, b)
	}
	p, err := link.Load(link.Options{Client: []string{out}, Libraries: []string{jdk17}, Release: 17})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// checkReceivers checks the receivers of the calls of ref in caller, and
// that they have targets.
func checkReceivers(t *testing.T, g *callgraph.Graph, caller, ref string, want []string) {
	t.Helper()
	found := false
	for _, s := range g.Sites {
		if s.Caller.Key() != caller || s.Ref != ref {
			continue
		}
		found = true
		var got []string
		for _, r := range s.Receivers {
			got = append(got, r.Name)
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: receivers %q, want %q", caller, got, want)
		}
		if len(s.Targets) == 0 {
			t.Errorf("%s: no targets", caller)
		}
	}
	if !found {
		t.Errorf("no call of %s in %s", ref, caller)
	}
}
