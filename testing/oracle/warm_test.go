package oracle

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	linker "github.com/rules-fragment/rules_fragment/linker/app"
	summarizer "github.com/rules-fragment/rules_fragment/summarizer/app"
	"github.com/rules-fragment/rules_fragment/tools/analysis/pointsto"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/link"
)

// TestWarmStartEqualsCold: continuing from the JDK's warm start gives the
// same result as solving from nothing, for the whole program (-scope all:
// every reached JDK method, site, receiver and target too), byte for
// byte, on two programs, for RTA and both points-to analyses (CHA's
// -scope all JSON would take tens of GB; the oracle compares its client
// results with whole program, warm); and the warm-start file is
// byte-identical when made again with another parallelism.
func TestWarmStartEqualsCold(t *testing.T) {
	jdk := jdkSummary(t)
	for _, p := range programs {
		if p.name != "jlex" && p.name != "cup" {
			continue
		}
		t.Run(p.name, func(t *testing.T) {
			sums := librarySummaries(t, p, jdk)
			run := func(warm string) []byte {
				c := linker.Config{Client: []string{p.client}, Summaries: sums, Entries: entries(p.name), Warm: warm,
					Analyses: []string{"rta", "0cfa", "andersen"}, Scope: "all", Release: 17, PointsTo: true}
				out := filepath.Join(t.TempDir(), "result.json")
				c.JSON, c.Text = out, ""
				if err := linker.Run(&c, nil); err != nil {
					t.Fatal(err)
				}
				b, err := os.ReadFile(out)
				if err != nil {
					t.Fatal(err)
				}
				return b
			}
			cold, warm := run(""), run(jdkWarm)
			if !bytes.Equal(cold, warm) {
				t.Fatalf("%s: the warm start changes the result (%d vs %d bytes of JSON)", p.name, len(cold), len(warm))
			}
			t.Logf("COUNT warm start %s: %d bytes of JSON (scope all, RTA, 0-CFA_f and AND_f with points-to sets) identical warm and cold", p.name, len(cold))
		})
	}
	again := filepath.Join(tmp, "jdk17-again.rfwarm")
	sumAgain := filepath.Join(tmp, "jdk17-again-for-warm.rfsum")
	if err := summarizer.Run(&summarizer.Config{Target: "jdk17", Jars: []string{jdk17}, Out: sumAgain, Warm: again, Release: 17, Workers: 1}); err != nil {
		t.Fatal(err)
	}
	a, _ := os.ReadFile(jdkWarm)
	b, _ := os.ReadFile(again)
	if len(a) == 0 || !bytes.Equal(a, b) {
		t.Fatalf("warm-start files differ between runs with different parallelism (%d and %d bytes)", len(a), len(b))
	}
	t.Logf("COUNT warm start determinism: %d bytes identical", len(a))
}

// TestWarmStartRefused: a warm start is refused for a program in which it
// would not hold (the runtime summary's classes defined by another input:
// the JDK's class files, which then are the runtime; a name the JDK left
// undefined defined by the client), and the linker then starts cold with
// the same result as without it. A client's copy of a JDK class shadows
// nothing (hierarchy.Runtime: the JVM loads the JDK's): there the warm
// start applies.
func TestWarmStartRefused(t *testing.T) {
	jdk := jdkSummary(t)
	if _, err := exec.LookPath("javac"); err != nil {
		t.Skip("SKIP: javac not found")
	}
	src, out := t.TempDir(), t.TempDir()
	files := map[string]string{
		"java/util/EventListener.java": "package java.util;\npublic interface EventListener { default String shadow() { return \"client\"; } }\n",
		"shadow/Main.java": "package shadow;\npublic class Main implements java.util.EventListener {\n" +
			"  public static void main(String[] args) { System.out.println(new Main().shadow()); }\n}\n",
	}
	var paths []string
	for name, text := range files {
		p := filepath.Join(src, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	// --patch-module compiles a class of java.base (and excludes --release).
	args := append([]string{"--patch-module", "java.base=" + src, "-d", out}, paths...)
	if b, err := exec.Command("javac", args...).CombinedOutput(); err != nil {
		t.Fatalf("javac: %v\n%s", err, b)
	}
	p, err := link.Load(link.Options{Client: []string{out}, Summaries: []string{jdk}, Release: 17})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	w, err := pointsto.ReadWarm(jdkWarm, false)
	if err != nil || w == nil {
		t.Fatalf("reading the warm start: %v", err)
	}
	roots := p.MainMethods()
	r, err := pointsto.Analyze(p, roots, pointsto.Options{Warm: w})
	if err != nil {
		t.Fatalf("warm start with a client's copy of java/util/EventListener: %v", err)
	}
	if slices.ContainsFunc(r.Graph.Reachable, func(m *hierarchy.Method) bool { return m.Key() == "java/util/EventListener.shadow()Ljava/lang/String;" }) {
		t.Error("the client's copy of java/util/EventListener is linked")
	}
	pw, err := link.Load(link.Options{Client: []string{out}, Libraries: []string{jdk17}, Summaries: []string{jdk}, Release: 17})
	if err != nil {
		t.Fatal(err)
	}
	defer pw.Close()
	if _, err := pointsto.Analyze(pw, pw.MainMethods(), pointsto.Options{Warm: w}); !errors.Is(err, pointsto.ErrWarmMismatch) {
		t.Errorf("warm start with its summary's classes from class files: got %v, want ErrWarmMismatch", err)
	} else {
		t.Logf("COUNT warm start refused: %v", err)
	}
	// A name the runtime referenced without defining, now defined.
	w2, _ := pointsto.ReadWarm(jdkWarm, false)
	w2.Names.Phantoms = append(w2.Names.Phantoms, "shadow/Main")
	pj, err := link.Load(link.Options{Client: []string{out}, Summaries: []string{jdk}, Release: 17})
	if err != nil {
		t.Fatal(err)
	}
	defer pj.Close()
	if _, err := pointsto.Analyze(pj, pj.MainMethods(), pointsto.Options{Warm: w2}); !errors.Is(err, pointsto.ErrWarmMismatch) {
		t.Errorf("warm start whose phantom the client defines: got %v, want ErrWarmMismatch", err)
	}
	// The linker falls back to a cold start, with the result of one.
	res := func(warm string, libs ...string) []byte {
		c := linker.Config{Client: []string{out}, Libraries: libs, Summaries: []string{jdk}, Warm: warm, Analyses: []string{"andersen"}, Scope: "all", Release: 17}
		j := filepath.Join(t.TempDir(), "r.json")
		c.JSON, c.Text = j, ""
		if err := linker.Run(&c, nil); err != nil {
			t.Fatal(err)
		}
		b, _ := os.ReadFile(j)
		return b
	}
	if a, b := res("", jdk17), res(jdkWarm, jdk17); len(a) == 0 || !bytes.Equal(a, b) {
		t.Errorf("linker with a refused warm start differs from a cold start")
	}
	if a, b := res(""), res(jdkWarm); len(a) == 0 || !bytes.Equal(a, b) {
		t.Errorf("linker with the warm start differs from a cold start")
	}
}
