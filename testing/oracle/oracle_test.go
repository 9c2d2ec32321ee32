// Package oracle is the equality oracle of the summarizer/linker pipeline
// (PRODUCT.md, "Equality oracle"): on real programs, the client-visible
// results of client + summaries must be identical to whole-program
// analysis. Every library is summarised by the summarizer program from its
// jar and its direct dependencies' summaries (layered), the JDK 17 runtime
// included; the linker then runs CHA and RTA both ways.
package oracle

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"

	linker "github.com/rules-fragment/rules_fragment/linker/app"
	summarizer "github.com/rules-fragment/rules_fragment/summarizer/app"
	"github.com/rules-fragment/rules_fragment/tools/report"
)

const jdk17 = "/usr/lib/jvm/java-17-openjdk-amd64"

var (
	tmp     string
	jdkSum  string
	jdkErr  error
	jdkDone bool
	// jdkWarm is the warm start of the points-to analyses written with
	// jdkSum (summarizer -warm-start).
	jdkWarm string
)

func TestMain(m *testing.M) {
	d, err := os.MkdirTemp("", "oracle-")
	if err != nil {
		panic(err)
	}
	tmp = d
	code := m.Run()
	os.RemoveAll(d)
	os.Exit(code)
}

// jdkSummary summarises the JDK 17 runtime once per test binary.
func jdkSummary(t testing.TB) string {
	t.Helper()
	if _, err := os.Stat(filepath.Join(jdk17, "lib", "modules")); err != nil {
		t.Skipf("SKIP: no JDK 17 runtime image at %s", jdk17)
	}
	if !jdkDone {
		jdkDone = true
		jdkSum, jdkWarm = filepath.Join(tmp, "jdk17.rfsum"), filepath.Join(tmp, "jdk17.rfwarm")
		c := &summarizer.Config{Target: "jdk17", Jars: []string{jdk17}, Out: jdkSum, Warm: jdkWarm, Release: 17}
		jdkErr = summarizer.Run(c)
	}
	if jdkErr != nil {
		t.Fatal(jdkErr)
	}
	return jdkSum
}

func summarize(out, target string, jars, deps []string, workers int) error {
	c := &summarizer.Config{Target: target, Jars: jars, Deps: deps, Out: out, Release: 17, Workers: workers}
	return summarizer.Run(c)
}

// program is a client jar and its library jars in classpath order; each
// library depends on the ones after it and on the JDK.
type program struct {
	name   string
	client string
	libs   []string
}

var programs = []program{
	{"jflex", "/usr/share/java/jflex.jar", []string{"/usr/share/java/cup.jar", "/usr/share/java/cup_runtime.jar"}},
	{"cup", "/usr/share/java/cup.jar", []string{"/usr/share/java/cup_runtime.jar"}},
	{"sablecc", "/usr/share/java/sablecc.jar", nil},
	{"jlex", "/usr/share/java/JLex.jar", nil},
	{"javacc", "/usr/share/java/javacc.jar", nil},
}

// entries returns the entry points of programs without a main method in
// their client jar's manifest class (javacc has several tools).
func entries(name string) []string {
	if name == "javacc" {
		return []string{"org/javacc/parser/Main.main", "org/javacc/jjtree/Main.main", "org/javacc/jjdoc/JJDocMain.main"}
	}
	return nil
}

func TestClientPlusSummariesEqualsWholeProgram(t *testing.T) {
	jdk := jdkSummary(t)
	for _, p := range programs {
		t.Run(p.name, func(t *testing.T) {
			compare(t, p.name, []string{p.client}, p.libs, librarySummaries(t, p, jdk), entries(p.name))
		})
	}
}

// libSums caches librarySummaries per program.
var libSums = map[string][]string{}

// librarySummaries skips the test unless p's jars are installed, and
// returns the summaries of p's libraries, made once per test binary from
// the bottom of the dependency chain up, followed by jdk.
func librarySummaries(t *testing.T, p program, jdk string) []string {
	t.Helper()
	for _, f := range append([]string{p.client}, p.libs...) {
		if _, err := os.Stat(f); err != nil {
			t.Skipf("SKIP: %s not installed (Debian package; .ci/run installs it)", f)
		}
	}
	if sums, ok := libSums[p.name]; ok {
		return sums
	}
	sums := make([]string, len(p.libs))
	for i := len(p.libs) - 1; i >= 0; i-- {
		deps := append(append([]string{}, sums[i+1:]...), jdk)
		sums[i] = filepath.Join(tmp, fmt.Sprintf("%s-%d.rfsum", p.name, i))
		if err := summarize(sums[i], filepath.Base(p.libs[i]), []string{p.libs[i]}, deps, 0); err != nil {
			t.Fatal(err)
		}
	}
	sums = append(sums, jdk)
	libSums[p.name] = sums
	return sums
}

// compare runs the linker whole-program and with summaries and requires
// identical analyses.
func compare(t *testing.T, name string, client, libs, sums, entry []string) {
	t.Helper()
	whole := analyze(t, &linker.Config{Client: client, Libraries: append(append([]string{}, libs...), jdk17), Entries: entry})
	// With summaries, CHA and RTA continue from the JDK's warm start.
	withSums := analyze(t, &linker.Config{Client: client, Summaries: sums, Entries: entry, Warm: jdkWarm})
	if whole.Mode != "whole-program" || withSums.Mode != "client+summaries" {
		t.Fatalf("modes %q and %q", whole.Mode, withSums.Mode)
	}
	for i, a := range whole.Analyses {
		b := withSums.Analyses[i]
		ja, _ := json.Marshal(a)
		jb, _ := json.Marshal(b)
		if !bytes.Equal(ja, jb) {
			t.Errorf("%s %s: client + summaries differs from whole program:\n%s", name, a.Analysis, firstDifference(a, b))
			continue
		}
		tt := a.Totals
		t.Logf("COUNT oracle %s %s: equal; %d reachable methods (%d client), %d client call sites, %d edges, %d polymorphic sites (mean |RC| %.2f, |TM| %.2f)",
			name, a.Analysis, tt.ReachableMethods, tt.ScopeMethods, tt.CallSites, tt.CallEdges, tt.PolymorphicSites, tt.MeanRC, tt.MeanTM)
		if tt.ScopeMethods == 0 || tt.CallEdges == 0 {
			t.Errorf("%s %s: nothing reached in the client", name, a.Analysis)
		}
	}
}

func analyze(t *testing.T, c *linker.Config) *report.Result {
	t.Helper()
	c.Analyses = []string{"cha", "rta"}
	c.Scope = "client"
	c.Release = 17
	r, err := linker.Analyze(c)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// firstDifference describes where two analyses first differ.
func firstDifference(a, b *report.Analysis) string {
	if a.Totals != b.Totals {
		return fmt.Sprintf("totals %+v vs %+v", a.Totals, b.Totals)
	}
	for i := range min(len(a.Methods), len(b.Methods)) {
		ma, mb := a.Methods[i], b.Methods[i]
		ja, _ := json.Marshal(ma)
		jb, _ := json.Marshal(mb)
		if !bytes.Equal(ja, jb) {
			return fmt.Sprintf("method %d:\n%s\n%s", i, ja, jb)
		}
	}
	return fmt.Sprintf("%d vs %d methods", len(a.Methods), len(b.Methods))
}

var layeredOut string

// buildLayered builds testing/corpus/layered once per test binary and
// returns its output directory, "" without javac.
func buildLayered(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("javac"); err != nil {
		return ""
	}
	if layeredOut == "" {
		out := filepath.Join(tmp, "layered")
		cmd := exec.Command("bash", "../corpus/layered/build.sh", out)
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("build.sh: %v\n%s", err, b)
		}
		layeredOut = out
	}
	return layeredOut
}

// TestLayeredCorpus builds testing/corpus/layered (library B, library A
// using B, a client using both) and checks the layered summaries: A's
// summary is made with B's, and the linker needs both.
func TestLayeredCorpus(t *testing.T) {
	jdk := jdkSummary(t)
	out := buildLayered(t)
	if out == "" {
		t.Skip("SKIP: javac not found")
	}
	libb, liba := filepath.Join(out, "libb.jar"), filepath.Join(out, "liba.jar")
	sumB, sumA := filepath.Join(tmp, "libb.rfsum"), filepath.Join(tmp, "liba.rfsum")
	if err := summarize(sumB, "//corpus:libb", []string{libb}, []string{jdk}, 0); err != nil {
		t.Fatal(err)
	}
	if err := summarize(sumA, "//corpus:liba", []string{liba}, []string{sumB, jdk}, 0); err != nil {
		t.Fatal(err)
	}
	client := []string{filepath.Join(out, "client.jar")}
	compare(t, "layered", client, []string{liba, libb}, []string{sumA, sumB, jdk}, nil)

	// The client may be given as its summary: the results are the same.
	sumC := filepath.Join(tmp, "client.rfsum")
	if err := summarize(sumC, "//corpus:client", client, []string{sumA, sumB, jdk}, 0); err != nil {
		t.Fatal(err)
	}
	fromJar := analyze(t, &linker.Config{Client: client, Summaries: []string{sumA, sumB, jdk}})
	fromSum := analyze(t, &linker.Config{Client: []string{sumC}, Summaries: []string{sumA, sumB, jdk}})
	for i, a := range fromJar.Analyses {
		ja, _ := json.Marshal(a)
		jb, _ := json.Marshal(fromSum.Analyses[i])
		if !bytes.Equal(ja, jb) {
			t.Errorf("client summary %s: differs from the client jar:\n%s", a.Analysis, firstDifference(a, fromSum.Analyses[i]))
		}
		if a.Totals.ScopeMethods == 0 {
			t.Errorf("client summary %s: no client methods", a.Analysis)
		}
	}

	// A summary whose dependency is missing from the linker's inputs is
	// rejected, naming both.
	_, err := linker.Analyze(&linker.Config{Client: client, Summaries: []string{sumA, jdk}, Analyses: []string{"rta"}, Scope: "client"})
	if err == nil || !bytes.Contains([]byte(err.Error()), []byte("//corpus:libb")) || !bytes.Contains([]byte(err.Error()), []byte(sumA)) {
		t.Errorf("missing dependency summary: got %v", err)
	}
}

// TestSummaryDeterminism: the same inputs give byte-identical summaries
// whatever the parallelism (the JDK's, the largest, included).
func TestSummaryDeterminism(t *testing.T) {
	jdk := jdkSummary(t)
	want, err := os.ReadFile(jdk)
	if err != nil {
		t.Fatal(err)
	}
	prev := runtime.GOMAXPROCS(1)
	defer runtime.GOMAXPROCS(prev)
	again := filepath.Join(tmp, "jdk17-again.rfsum")
	if err := summarize(again, "jdk17", []string{jdk17}, nil, 1); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(again)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("JDK summary differs between GOMAXPROCS %d and 1 (%d vs %d bytes)", prev, len(want), len(got))
	}
	t.Logf("COUNT JDK 17 summary: %d bytes, identical across GOMAXPROCS %d and 1", len(got), prev)
}

// TestResultDeterminism: the JSON result is byte-identical across runs
// and GOMAXPROCS values, for the class analyses and points-to.
func TestResultDeterminism(t *testing.T) {
	jdk := jdkSummary(t)
	client := "/usr/share/java/JLex.jar"
	if _, err := os.Stat(client); err != nil {
		t.Skipf("SKIP: %s not installed", client)
	}
	outs := jsonAcrossProcs(t, "jlex", linker.Config{Client: []string{client}, Summaries: []string{jdk}, Analyses: []string{"cha", "rta", "0cfa", "andersen"}, Scope: "client", Release: 17})
	if !bytes.Equal(outs[0], outs[1]) {
		t.Fatal("JSON results differ between GOMAXPROCS 1 and 4")
	}
}

// jsonAcrossProcs runs the linker with c under GOMAXPROCS 1 and 4 and
// returns the two JSON results.
func jsonAcrossProcs(t *testing.T, name string, c linker.Config) [][]byte {
	t.Helper()
	var outs [][]byte
	for _, procs := range []int{1, 4} {
		prev := runtime.GOMAXPROCS(procs)
		c.JSON = filepath.Join(tmp, fmt.Sprintf("%s-%d.json", name, procs))
		err := linker.Run(&c, new(bytes.Buffer))
		runtime.GOMAXPROCS(prev)
		if err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(c.JSON)
		if err != nil {
			t.Fatal(err)
		}
		outs = append(outs, b)
	}
	return outs
}
