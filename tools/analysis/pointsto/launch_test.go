package pointsto_test

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/rules-fragment/rules_fragment/tools/analysis/cha"
	"github.com/rules-fragment/rules_fragment/tools/analysis/pointsto"
	"github.com/rules-fragment/rules_fragment/tools/analysis/rta"
	"github.com/rules-fragment/rules_fragment/tools/callgraph"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/link"
)

// launches are classes whose main methods the Java 25 launcher picks (JLS
// §12.1.4, JEP 512), or refuses, compiled by any javac: to it they are
// ordinary methods.
const launches = `package ln;
public class Main { public static void main(String[] a) { System.out.println("classic"); } }
class Inst { String name = "inst"; void main() { System.out.println(name.trim()); } }
class Both { static void main() {} void main(String[] a) { System.out.println(a.length); } }
class PkgStatic { static void main(String[] a) {} }
class Priv { private static void main(String[] a) {} protected static void main() {} }
class PrivOnly { private void main() {} }
abstract class Base {
  abstract Object task();
  void main() { System.out.println(task().toString()); }
}
class Derived extends Base {
  Object task() { return new Result(); }
}
final class Result { @Override public String toString() { return "result"; } }
interface Greeter { default void main() { System.out.println(greeting().strip()); } String greeting(); }
class Hello implements Greeter { public String greeting() { return "hello"; } }
class NoCtor { NoCtor(int x) {} void main() {} }
class Sub extends Main {}
interface Tool { static void main(String[] a) {} }
interface Diamond extends Greeter {}
class Both2 implements Diamond, Greeter { public String greeting() { return "both"; } }
class Outer { class Inner { void main() {} } }
`

// TestLaunchProtocol: on a Java 25 runtime the roots are the main methods
// the launcher would run (JLS §12.1.4), with the no-argument constructor of
// each class with an instance main, whose object reaches the methods main
// calls on this; on Java 17 only public static main(String[]) counts (Sub
// inherits Main's, a root once).
func TestLaunchProtocol(t *testing.T) {
	for _, j := range []string{jdk17, jdk25} {
		if _, err := os.Stat(filepath.Join(j, "lib", "modules")); err != nil {
			t.Skipf("SKIP: no JDK image at %s (JDK 25 is not installable here)", j)
		}
	}
	out := compileSource(t, filepath.Join(jdk17, "bin", "javac"), "17", launches)
	roots := func(runtime string) []string {
		p, err := link.Load(link.Options{Client: []string{out}, Libraries: []string{runtime}})
		if err != nil {
			t.Fatal(err)
		}
		defer p.Close()
		var keys []string
		for _, m := range p.MainMethods() {
			keys = append(keys, m.Key())
		}
		return keys
	}
	if got, want := roots(jdk17), []string{"ln/Main.main([Ljava/lang/String;)V", "ln/Tool.main([Ljava/lang/String;)V"}; !slices.Equal(got, want) {
		t.Errorf("JDK 17 roots %q, want %q", got, want)
	}
	want := []string{ // class order: by name
		"ln/Both.<init>()V", "ln/Both.main([Ljava/lang/String;)V", // String[] first, even an instance one
		"ln/Both2.<init>()V", "ln/Greeter.main()V", // through two paths
		"ln/Derived.<init>()V", "ln/Base.main()V", // inherited; Base is abstract
		"ln/Hello.<init>()V", // a default method (Greeter.main, a root once)
		"ln/Inst.<init>()V", "ln/Inst.main()V",
		"ln/Main.main([Ljava/lang/String;)V",
		"ln/PkgStatic.main([Ljava/lang/String;)V",
		"ln/Priv.main()V",                    // the private main(String[]) is passed over
		"ln/Tool.main([Ljava/lang/String;)V", // an interface's static main
	}
	if got := roots(jdk25); !slices.Equal(got, want) {
		t.Errorf("JDK 25 roots\n%q, want\n%q", got, want)
	}

	p, err := link.Load(link.Options{Client: []string{out}, Libraries: []string{jdk25}, Release: 25})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	graphs := graphsOf(t, p, p.MainMethods(), true)
	// Calls on this in an instance main dispatch on the launcher's object:
	// without it RTA and points-to found no target.
	for _, g := range graphs {
		for _, c := range []struct{ caller, ref, want string }{
			{"ln/Base.main()V", "ln/Base.task()Ljava/lang/Object;", "ln/Derived.task()Ljava/lang/Object;"},
			{"ln/Base.main()V", "java/lang/Object.toString()Ljava/lang/String;", "ln/Result.toString()Ljava/lang/String;"},
			{"ln/Greeter.main()V", "ln/Greeter.greeting()Ljava/lang/String;", "ln/Hello.greeting()Ljava/lang/String;"},
			{"ln/Inst.main()V", "java/lang/String.trim()Ljava/lang/String;", "java/lang/String.trim()Ljava/lang/String;"},
		} {
			if ts := targets(g, c.caller, c.ref); !slices.Contains(ts, c.want) {
				t.Errorf("%s: %s's call of %s: targets %q, want %s", g.Analysis, c.caller, c.ref, ts, c.want)
			}
		}
	}
}

// TestInstanceEntry: an instance entry point runs on an object of its class
// made by its no-argument constructor (link.Program.Entries), so its calls
// on this and on what the constructor stored have targets; a static one
// and an abstract class's get none.
func TestInstanceEntry(t *testing.T) {
	if _, err := os.Stat(filepath.Join(jdk17, "lib", "modules")); err != nil {
		t.Skipf("SKIP: no JDK 17 image at %s", jdk17)
	}
	out := compileSource(t, filepath.Join(jdk17, "bin", "javac"), "17", launches)
	p, err := link.Load(link.Options{Client: []string{out}, Libraries: []string{jdk17}})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	rs, err := p.Entries([]string{"ln/Inst.main", "ln/Derived.task", "ln/Base.main", "ln/Main.main", "ln/Inst.main()V"})
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, m := range rs {
		keys = append(keys, m.Key())
	}
	want := []string{"ln/Inst.<init>()V", "ln/Inst.main()V", "ln/Derived.<init>()V", "ln/Derived.task()Ljava/lang/Object;",
		"ln/Base.main()V", "ln/Main.main([Ljava/lang/String;)V"}
	if !slices.Equal(keys, want) {
		t.Fatalf("entries\n%q, want\n%q", keys, want)
	}
	graphs := graphsOf(t, p, rs, false)
	for _, g := range graphs {
		if ts := targets(g, "ln/Inst.main()V", "java/lang/String.trim()Ljava/lang/String;"); len(ts) != 1 {
			t.Errorf("%s: Inst.main's name.trim(): targets %q", g.Analysis, ts)
		}
		// Base is abstract: its main has no receiver of its own, but
		// Derived's object (Derived.task's) is one.
		if ts := targets(g, "ln/Base.main()V", "ln/Base.task()Ljava/lang/Object;"); !slices.Equal(ts, []string{"ln/Derived.task()Ljava/lang/Object;"}) {
			t.Errorf("%s: Base.main's task(): targets %q", g.Analysis, ts)
		}
	}
}

// graphsOf returns the RTA, (with cha) CHA, AND_f and 0-CFA_f call graphs of
// p from roots.
func graphsOf(t *testing.T, p *link.Program, roots []*hierarchy.Method, withCHA bool) []*callgraph.Graph {
	t.Helper()
	g, err := rta.Analyze(p, roots, rta.Options{})
	if err != nil {
		t.Fatal(err)
	}
	graphs := []*callgraph.Graph{g}
	if withCHA {
		if g, err = cha.CallGraph(p, roots, cha.Options{}); err != nil {
			t.Fatal(err)
		}
		graphs = append(graphs, g)
	}
	for _, perClass := range []bool{false, true} {
		res, err := pointsto.Analyze(p, roots, pointsto.Options{PerClass: perClass})
		if err != nil {
			t.Fatal(err)
		}
		graphs = append(graphs, res.Graph)
	}
	return graphs
}
