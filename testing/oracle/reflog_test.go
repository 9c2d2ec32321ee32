package oracle

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	linker "github.com/rules-fragment/rules_fragment/linker/app"
	"github.com/rules-fragment/rules_fragment/tools/reflog"
	"github.com/rules-fragment/rules_fragment/tools/report"
)

const reflogCorpus = "../corpus/reflog/"

// compileReflogCorpus compiles testing/corpus/reflog (with line tables,
// which its log's entries name) into a class directory.
func compileReflogCorpus(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("javac"); err != nil {
		t.Skip("SKIP: javac not found")
	}
	dir := t.TempDir()
	if b, err := exec.Command("javac", "--release", "17", "-g", "-d", dir, reflogCorpus+"src/corpus/reflog/Main.java").CombinedOutput(); err != nil {
		t.Fatalf("javac: %v\n%s", err, b)
	}
	return dir
}

// TestReflectionLogOracle: with a reflection log (linker -reflection-log)
// RTA, 0-CFA_f and AND_f, with MOD/USE and points-to sets, give the same
// client-visible results with the JDK summary and its warm start as with
// the JDK's class files, for testing/corpus/reflog and its log plus
// entries whose caller is start-up code the warm start has already solved
// (one at a reflective construction it lists as unmodelled, which the log
// models).
func TestReflectionLogOracle(t *testing.T) {
	jdk := jdkSummary(t)
	dir := compileReflogCorpus(t)
	log, err := os.ReadFile(reflogCorpus + "refl.log")
	if err != nil {
		t.Fatal(err)
	}
	logFile := filepath.Join(t.TempDir(), "refl.log")
	// Start-up code the warm start has solved: a call, and a construction
	// at a site the warm start lists as unmodelled.
	log = append(log, "Method.invoke;<corpus.reflog.Main: corpus.reflog.Main$Shape spare()>;java.lang.System.initPhase1;;;\n"+
		"Constructor.newInstance;<corpus.reflog.Main$Square: void <init>()>;java.lang.System.initPhase3;;;\n"...)
	if err := os.WriteFile(logFile, log, 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(c *linker.Config) *report.Result {
		c.Client, c.ReflectionLog = []string{dir}, logFile
		c.Analyses, c.Scope, c.Release, c.ModRef, c.PointsTo = []string{"rta", "0cfa", "andersen"}, "client", 17, true, true
		r, err := linker.Analyze(c)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	whole := run(&linker.Config{Libraries: []string{jdk17}})
	sums := run(&linker.Config{Summaries: []string{jdk}})
	warm := run(&linker.Config{Summaries: []string{jdk}, Warm: jdkWarm})
	for i, a := range whole.Analyses {
		ja, _ := json.Marshal(a)
		equal := true
		for what, r := range map[string]*report.Result{"client + summaries": sums, "client + summaries, warm start": warm} {
			if jb, _ := json.Marshal(r.Analyses[i]); !bytes.Equal(ja, jb) {
				t.Errorf("reflog %s: %s differs from whole program:\n%s", a.Analysis, what, firstDifference(a, r.Analyses[i]))
				equal = false
			}
		}
		for _, want := range []string{"corpus/reflog/Main$Registry.wrap(Lcorpus/reflog/Main$Shape;)Lcorpus/reflog/Main$Shape;",
			"corpus/reflog/Main.spare()Lcorpus/reflog/Main$Shape;"} {
			reached := false
			for _, m := range a.Methods {
				reached = reached || m.Method == want
			}
			if !reached {
				t.Errorf("reflog %s: the logged Method.invoke target %s is not reached", a.Analysis, want)
			}
		}
		for _, u := range a.Unmodelled {
			if a.Analysis != "rta" && strings.HasPrefix(u, "java/lang/System.initPhase3()V@") && strings.Contains(u, "reflective construction") {
				t.Errorf("reflog %s: the logged construction is still unmodelled: %s", a.Analysis, u)
			}
		}
		if equal {
			t.Logf("COUNT reflection log %s: equal with summaries and warm start; %d reachable methods (%d client)", a.Analysis, a.Totals.ReachableMethods, a.Totals.ScopeMethods)
		}
	}
	if whole.Inputs.ReflectionLog != logFile {
		t.Errorf("inputs name the log %q, want %q", whole.Inputs.ReflectionLog, logFile)
	}
}

// TestTracedReflectionLog: the tracer's reflection log (testing/tracer,
// reflog=) of testing/corpus/reflog has the entries written by hand in
// its refl.log for the APIs the tracer records (Method.invoke,
// Constructor.newInstance, Class.newInstance, Field.get*, Field.set*,
// Class.forName, a Lookup's find and unreflect methods), with their
// callers and lines (but the one whose line refl.log gets wrong on
// purpose, and those of classes the program does not have), and no other
// entry of the corpus: run by JDK 17, and by JDK 25 where the machine
// has one (its reflection runs through method handles).
func TestTracedReflectionLog(t *testing.T) {
	agent := buildAgent(t)
	dir := compileReflogCorpus(t)
	byHand, err := reflog.ReadFile(reflogCorpus + "refl.log")
	if err != nil {
		t.Fatal(err)
	}
	key := func(e reflog.Entry) string {
		line := e.Line
		if e.CallerName == "invokeStatic" {
			line = 0
		}
		return fmt.Sprint(e.API, e.Class, e.Name, e.Desc, e.CallerClass, e.CallerName, line)
	}
	var want []string
	for _, e := range byHand {
		recorded := e.Kind != reflog.Other && e.Kind != reflog.ArrayNewInstance
		if recorded && e.CallerName != "unused" && strings.HasPrefix(e.Class, "corpus/") {
			want = append(want, key(e))
		}
	}
	slices.Sort(want)
	for _, jdk := range []string{jdk17, jdk25} {
		t.Run(filepath.Base(jdk), func(t *testing.T) {
			if _, err := os.Stat(filepath.Join(jdk, "bin", "java")); err != nil {
				t.Skipf("SKIP: no JDK at %s (JDK 25 is not installable here; JDK 17 covers the rest)", jdk)
			}
			logFile := filepath.Join(t.TempDir(), "refl.log")
			cmd := exec.Command(filepath.Join(jdk, "bin", "java"), "-agentpath:"+agent+"=out="+filepath.Join(t.TempDir(), "edges.txt")+",prefix=corpus/,reflog="+logFile,
				"-cp", dir, "corpus.reflog.Main")
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
			traced, err := reflog.ReadFile(logFile)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, e := range traced {
				if strings.HasPrefix(e.CallerClass, "corpus/") {
					got = append(got, key(e))
				}
			}
			slices.Sort(got)
			if !slices.Equal(got, want) {
				t.Errorf("the tracer logged\n%q\nwant\n%q", got, want)
			}
			t.Logf("COUNT traced reflection log (%s): %d entries, %d of the corpus", filepath.Base(jdk), len(traced), len(got))
		})
	}
}
