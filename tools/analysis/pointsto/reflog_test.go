package pointsto_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/vmihailenco/msgpack/v5"

	"github.com/rules-fragment/rules_fragment/tools/analysis/cha"
	"github.com/rules-fragment/rules_fragment/tools/analysis/pointsto"
	"github.com/rules-fragment/rules_fragment/tools/analysis/rta"
	"github.com/rules-fragment/rules_fragment/tools/analysis/warmstart"
	"github.com/rules-fragment/rules_fragment/tools/callgraph"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/link"
	"github.com/rules-fragment/rules_fragment/tools/reflog"
)

const reflogDir = "../../../testing/corpus/reflog/"

// reflogCases are testing/corpus/reflog's calls of Shape.name() and the
// classes of their receivers that refl.log makes known: the n-th call of
// a method (0-based, in site order).
var reflogCases = []struct {
	method string
	n      int
	want   string
}{
	{"Main.construct()Ljava/lang/String;", 0, "Square"},          // Constructor.newInstance
	{"Main.constructWithArgs()Ljava/lang/String;", 0, "Hexagon"}, // its arguments
	{"Main$Hexagon.name()Ljava/lang/String;", 0, "Circle"},       // from the argument array
	{"Main.invokeStatic()Ljava/lang/String;", 0, "Triangle"},     // the log's line is wrong: the method's one call
	{"Main.invokeVirtual()Ljava/lang/String;", 0, "Hexagon"},     // the invoked method's result
	{"Main$Hexagon.name()Ljava/lang/String;", 0, "Star"},         // its argument
	{"Main.fields()Ljava/lang/String;", 0, "Octagon"},            // Field.set then Field.get
	{"Main.fields()Ljava/lang/String;", 1, "Nonagon"},            // Field.set of a static field
	{"Main.initialise()Ljava/lang/String;", 0, "Pentagon"},       // Class.forName runs <clinit>
	{"Main.classNewInstance()Ljava/lang/String;", 0, "Kite"},     // Class.newInstance
	{"Main.array()Ljava/lang/String;", 0, "Circle"},              // Array.newInstance's array holds it
	{"Main.handles()Ljava/lang/String;", 0, "Oval"},              // a static VarHandle: the class initialised
	{"Main.handles()Ljava/lang/String;", 1, "Rhombus"},           // a static method's handle
	{"Main.handles()Ljava/lang/String;", 2, "Ellipse"},           // a constructor's object, an unreflected getter
	{"Main.handles()Ljava/lang/String;", 3, "Rhombus"},           // an unreflected static method: a static handle
}

// loggedCalls are reflective calls of testing/corpus/reflog and the
// method the log says each called, which every analysis lists among the
// call's targets with the log: caller, API called, target (in corpus/reflog/).
var loggedCalls = [][3]string{
	{"Main.construct()Ljava/lang/String;", "java/lang/reflect/Constructor.newInstance([Ljava/lang/Object;)Ljava/lang/Object;", "Main$Square.<init>()V"},
	{"Main.invokeStatic()Ljava/lang/String;", "java/lang/reflect/Method.invoke(Ljava/lang/Object;[Ljava/lang/Object;)Ljava/lang/Object;", "Main$Registry.make()Lcorpus/reflog/Main$Shape;"},
	{"Main.invokeVirtual()Ljava/lang/String;", "java/lang/reflect/Method.invoke(Ljava/lang/Object;[Ljava/lang/Object;)Ljava/lang/Object;", "Main$Registry.wrap(Lcorpus/reflog/Main$Shape;)Lcorpus/reflog/Main$Shape;"},
	{"Main.classNewInstance()Ljava/lang/String;", "java/lang/Class.newInstance()Ljava/lang/Object;", "Main$Kite.<init>()V"},
}

// checkLoggedCalls checks that g lists the logged targets of loggedCalls
// at their calls exactly if withLog.
func checkLoggedCalls(t *testing.T, g *callgraph.Graph, withLog bool) {
	t.Helper()
	const pkgR = "corpus/reflog/"
	for _, c := range loggedCalls {
		got := targets(g, pkgR+c[0], c[1])
		if has := slices.Contains(got, pkgR+c[2]); has != withLog {
			t.Errorf("%s (log %v): the call of %s in %s lists %s: %v (targets %q)", g.Analysis, withLog, c[1], c[0], c[2], has, got)
		}
	}
}

// shapeReceivers returns the receiver classes (simple names) of the n-th
// Shape.name() call in method m.
func shapeReceivers(t *testing.T, g *callgraph.Graph, m string, n int) []string {
	t.Helper()
	const pkgR = "corpus/reflog/"
	for _, s := range g.Sites {
		if s.Caller.Key() != pkgR+m || s.Ref != pkgR+"Main$Shape.name()Ljava/lang/String;" {
			continue
		}
		if n--; n >= 0 {
			continue
		}
		var out []string
		for _, c := range s.Receivers {
			out = append(out, strings.TrimPrefix(c.Name, pkgR+"Main$"))
		}
		return out
	}
	return nil
}

// TestReflectionLog: each reflective API a TamiFlex log names gives the
// points-to analyses the receivers the program had at run time, and RTA
// and CHA the methods; without the log those calls have no receivers and
// the methods are not reached, but for the array Array.newInstance makes,
// which the analysis models without a log (anyarray.go).
func TestReflectionLog(t *testing.T) {
	if _, err := exec.LookPath("javac"); err != nil {
		t.Skip("SKIP: javac not found")
	}
	dir := t.TempDir()
	if b, err := exec.Command("javac", "--release", "17", "-g", "-d", dir, reflogDir+"src/corpus/reflog/Main.java").CombinedOutput(); err != nil {
		t.Fatalf("javac: %v\n%s", err, b)
	}
	log, err := reflog.ReadFile(filepath.Join(reflogDir, "refl.log"))
	if err != nil {
		t.Fatal(err)
	}
	p, err := link.Load(link.Options{Client: []string{dir}, Libraries: []string{jdk17}, Release: 17})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	roots := p.MainMethods()
	for _, perClass := range []bool{false, true} {
		for _, withLog := range []bool{true, false} {
			opts := pointsto.Options{PerClass: perClass}
			if withLog {
				opts.Log = log
			}
			res, err := pointsto.Analyze(p, roots, opts)
			if err != nil {
				t.Fatal(err)
			}
			// The constructions the log resolves are no longer listed as
			// unmodelled.
			listed := slices.ContainsFunc(res.Graph.Unmodelled, func(u callgraph.Unmodelled) bool {
				return u.Method.Key() == "corpus/reflog/Main.construct()Ljava/lang/String;" && strings.HasPrefix(u.Reason, "reflective construction")
			})
			if listed == withLog {
				t.Errorf("%s (log %v): Main.construct's construction listed unmodelled: %v", res.Graph.Analysis, withLog, listed)
			}
			checkLoggedCalls(t, res.Graph, withLog)
			// A primitive result comes back boxed.
			boxed := false
			for _, x := range res.Graph.Sites {
				if x.Caller.Key() == "corpus/reflog/Main.boxed()Ljava/lang/String;" && x.Ref == "java/lang/Object.toString()Ljava/lang/String;" {
					boxed = slices.ContainsFunc(x.Receivers, func(c *hierarchy.Class) bool { return c.Name == "java/lang/Integer" })
				}
			}
			if boxed != withLog {
				t.Errorf("%s (log %v): Main.boxed's result is an Integer: %v", res.Graph.Analysis, withLog, boxed)
			}
			for _, c := range reflogCases {
				got := shapeReceivers(t, res.Graph, c.method, c.n)
				if withLog && !slices.Contains(got, c.want) {
					t.Errorf("%s: %s call %d: receivers %q, want %s among them", res.Graph.Analysis, c.method, c.n, got, c.want)
				}
				switch {
				case withLog || c.method == "Main$Hexagon.name()Ljava/lang/String;":
				case c.method == "Main.array()Ljava/lang/String;", // anyarray.go models it without the log
					c.method == "Main.fields()Ljava/lang/String;": // a Field of every field of a class literal (reflectfields.go)
					if !slices.Contains(got, c.want) {
						t.Errorf("%s without the log: %s call %d: receivers %q, want %s among them", res.Graph.Analysis, c.method, c.n, got, c.want)
					}
				case len(got) > 0:
					t.Errorf("%s without the log: %s call %d: receivers %q, want none", res.Graph.Analysis, c.method, c.n, got)
				}
			}
		}
	}
	// The log's entries reach what the program reached reflectively; an
	// entry of a method never called (Main.unused, no such method) adds
	// nothing.
	reached := []string{"Main$Square.<init>()V", "Main$Hexagon.<init>(Lcorpus/reflog/Main$Shape;)V",
		"Main$Registry.make()Lcorpus/reflog/Main$Shape;", "Main$Registry.wrap(Lcorpus/reflog/Main$Shape;)Lcorpus/reflog/Main$Shape;",
		"Main$Loaded.<clinit>()V", "Main$Kite.<init>()V",
		"Main$Factory.build()Lcorpus/reflog/Main$Shape;", "Main$Factory.<init>()V", "Main$Factory.<clinit>()V"}
	type run func(*link.Program, []*hierarchy.Method, rta.Options) (*callgraph.Graph, error)
	for _, a := range []run{rta.Analyze, cha.CallGraph} {
		for _, withLog := range []bool{true, false} {
			var opts rta.Options
			if withLog {
				opts.Log = log
			}
			g, err := a(p, roots, opts)
			if err != nil {
				t.Fatal(err)
			}
			checkLoggedCalls(t, g, withLog)
			for _, m := range reached {
				has := slices.ContainsFunc(g.Reachable, func(r *hierarchy.Method) bool { return r.Key() == "corpus/reflog/"+m })
				if has != withLog {
					t.Errorf("%s (log %v): %s reached %v", g.Analysis, withLog, m, has)
				}
			}
		}
	}
}

// TestReflectionLogWarm: an entry whose caller the warm start already
// visited (the mini runtime's start-up code) applies as in a cold run: a
// plugin made reflectively at start-up registers itself, and the start-up
// code's toString() call reaches it.
func TestReflectionLogWarm(t *testing.T) {
	sum, warm, client := miniRuntime(t)
	src := filepath.Join(t.TempDir(), "Plugin.java")
	if err := os.WriteFile(src, []byte("package app;\npublic class Plugin {\n  public Plugin() { System.register(this); }\n  public String toString() { return \"plugin\"; }\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	rt := filepath.Join(filepath.Dir(sum), "rt")
	if b, err := exec.Command("javac", "--system", "none", "--module-path", rt, "-d", client, src).CombinedOutput(); err != nil {
		t.Fatalf("javac: %v\n%s", err, b)
	}
	log, err := reflog.Parse(strings.NewReader("Class.newInstance;app.Plugin;java.lang.System.initPhase1;;;\n"), "startup.log")
	if err != nil {
		t.Fatal(err)
	}
	const target = "app/Plugin.toString()Ljava/lang/String;"
	for _, perClass := range []bool{false, true} {
		var digests [3][]string
		for i, mode := range []string{"cold", "warm", "no log"} {
			p, err := link.Load(link.Options{Client: []string{client}, Summaries: []string{sum}, Release: 17})
			if err != nil {
				t.Fatal(err)
			}
			defer p.Close()
			opts := pointsto.Options{PerClass: perClass, Log: log}
			switch mode {
			case "warm":
				if opts.Warm, err = pointsto.ReadWarm(warm, perClass); err != nil {
					t.Fatal(err)
				}
			case "no log":
				opts.Log = nil
			}
			res, err := pointsto.Analyze(p, p.MainMethods(), opts)
			if err != nil {
				t.Fatal(err)
			}
			digests[i] = res.Digest()
			has := slices.ContainsFunc(res.Graph.Reachable, func(m *hierarchy.Method) bool { return m.Key() == target })
			if has != (mode != "no log") {
				t.Errorf("%s %s: %s reached %v", opts.Name(), mode, target, has)
			}
		}
		if !slices.Equal(digests[0], digests[1]) {
			t.Errorf("perClass %v: with the log, the warm start differs from cold:\ncold %q\nwarm %q", perClass, digests[0], digests[1])
		}
	}
	for _, name := range []string{"rta", "cha"} {
		var graphs [2][]string
		for i, useWarm := range []bool{false, true} {
			p, err := link.Load(link.Options{Client: []string{client}, Summaries: []string{sum}, Release: 17})
			if err != nil {
				t.Fatal(err)
			}
			defer p.Close()
			opts := rta.Options{Log: log}
			if useWarm {
				opts.Warm = readReachWarm(t, warm, name)
			}
			run := rta.Analyze
			if name == "cha" {
				run = cha.CallGraph
			}
			g, err := run(p, p.MainMethods(), opts)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range g.Reachable {
				graphs[i] = append(graphs[i], m.Key())
			}
		}
		if !slices.Equal(graphs[0], graphs[1]) || !slices.Contains(graphs[1], target) {
			t.Errorf("%s: with the log, warm %q\ncold %q\nwant equal, with %s", name, graphs[1], graphs[0], target)
		}
	}
}

// readReachWarm reads the CHA or RTA state of a warm-start file.
func readReachWarm(t *testing.T, path, analysis string) *rta.Warm {
	t.Helper()
	raw, err := warmstart.Read(path, analysis)
	if err != nil || raw == nil {
		t.Fatalf("%s: reading the warm start: %v", analysis, err)
	}
	w := &rta.Warm{}
	if err := msgpack.Unmarshal(raw, w); err != nil {
		t.Fatal(err)
	}
	return w
}
