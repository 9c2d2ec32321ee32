package oracle

import (
	"bytes"
	"cmp"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	linker "github.com/rules-fragment/rules_fragment/linker/app"
	"github.com/rules-fragment/rules_fragment/tools/coverage"
	"github.com/rules-fragment/rules_fragment/tools/instrument"
	"github.com/rules-fragment/rules_fragment/tools/report"
)

// TestCoverageOfRuns measures how much of the polymorphism coverage
// requirements real runs meet (package coverage): JLex and CUP on their
// inputs of testing/corpus/tracer, traced with receivers by the JVMTI tracer
// and again with their polymorphic call sites instrumented (package
// instrument), against RTA's and AND_f's requirements. The runs meet some requirements and nothing outside
// them (both analyses are sound on these runs), and AND_f requires and
// meets no more than RTA: its polymorphic sites, RC and TM are subsets of
// RTA's. (The share met may still be lower: JLex's 7 polymorphic AND_f
// sites require 886 receiver classes, of which the run met 4.)
func TestCoverageOfRuns(t *testing.T) {
	agent := buildAgent(t)
	jdk := jdkSummary(t)
	for _, r := range tracedRuns {
		if r.name != "jlex" && r.name != "cup" {
			continue
		}
		t.Run(r.name, func(t *testing.T) {
			p := programNamed(t, r.name)
			edges, recv, _ := traceRun(t, agent, p, r)
			var e, v strings.Builder
			for _, l := range edges {
				e.WriteString(l + "\n")
			}
			for line, classes := range recv {
				for _, c := range classes {
					v.WriteString(line + " on " + c + "\n")
				}
			}
			trace, err := coverage.ReadTrace(strings.NewReader(e.String()), "edges", strings.NewReader(v.String()), "receivers")
			if err != nil {
				t.Fatal(err)
			}
			res, err := linker.Analyze(&linker.Config{Client: []string{p.client}, Summaries: librarySummaries(t, p, jdk),
				Entries: entries(p.name), Analyses: []string{"rta", "andersen"}, Scope: "client", Release: 17})
			if err != nil {
				t.Fatal(err)
			}
			// The same run with the client's polymorphic call sites
			// instrumented (package instrument): it behaves the same and
			// meets every requirement the tracer saw met, and more where
			// the tracer's sampling missed a receiver class.
			inst := instrumentedTrace(t, p, r, instrument.Sites(res, true))
			var got [2]*coverage.Result
			for i, a := range res.Analyses {
				c := coverage.Measure(a, trace)
				got[i] = c
				t.Logf("COUNT coverage %s %s: %d polymorphic sites, %d reached; RC %d of %d (%.1f%%), TM %d of %d (%.1f%%)",
					r.name, c.Analysis, len(c.Sites), c.Reached, c.RCCovered, c.RCRequired, 100*c.RCRatio(), c.TMCovered, c.TMRequired, 100*c.TMRatio())
				if c.RCCovered == 0 || c.TMCovered == 0 || c.Reached == 0 {
					t.Errorf("%s: the run met no requirement", c.Analysis)
				}
				ci := coverage.Measure(a, inst)
				t.Logf("COUNT coverage %s %s instrumented: %d reached; RC %d, TM %d met", r.name, c.Analysis, ci.Reached, ci.RCCovered, ci.TMCovered)
				for j, s := range c.Sites {
					if len(s.Unexpected) > 0 || len(ci.Sites[j].Unexpected) > 0 {
						t.Errorf("%s: %s @%d: observed outside the requirements: %q (instrumented: %q)", c.Analysis, s.Method, s.Site, s.Unexpected, ci.Sites[j].Unexpected)
					}
					for _, x := range slices.Concat(s.CoveredRC, s.CoveredTM) {
						if !slices.Contains(ci.Sites[j].CoveredRC, x) && !slices.Contains(ci.Sites[j].CoveredTM, x) {
							t.Errorf("%s: %s @%d: the tracer saw %s met, the instrumented run did not", c.Analysis, s.Method, s.Site, x)
						}
					}
				}
			}
			rta, and := got[0], got[1]
			if and.RCRequired > rta.RCRequired || and.TMRequired > rta.TMRequired || and.RCCovered > rta.RCCovered || and.TMCovered > rta.TMCovered {
				t.Errorf("AND_f requires RC %d, TM %d (met %d, %d); RTA RC %d, TM %d (met %d, %d)",
					and.RCRequired, and.TMRequired, and.RCCovered, and.TMCovered, rta.RCRequired, rta.TMRequired, rta.RCCovered, rta.TMCovered)
			}
		})
	}
}

// instrumentedTrace runs r with sites instrumented (and the Recorder,
// compiled here) and reads the trace.
func instrumentedTrace(t *testing.T, p program, r tracedRun, sites map[string][]instrument.Site) *coverage.Trace {
	t.Helper()
	dir := t.TempDir()
	recorder := filepath.Join(dir, "recorder")
	if b, err := exec.Command("javac", "--release", "8", "-d", recorder, "../../tools/tracer/recorder/rules_fragment/tracer/Recorder.java").CombinedOutput(); err != nil {
		t.Fatalf("javac: %v\n%s", err, b)
	}
	var jar bytes.Buffer
	st, err := instrument.Jars([]string{p.client}, sites, &jar)
	if err != nil {
		t.Fatal(err)
	}
	// Only calls on arrays (clone), signature-polymorphic calls and the
	// sites of lambda classes may be left alone.
	var bad []string
	for _, s := range st.Skipped {
		if !strings.HasSuffix(s, ": array receiver") && !strings.HasSuffix(s, ": signature-polymorphic method") && !strings.HasSuffix(s, ": "+instrument.LambdaClass) {
			bad = append(bad, s)
		}
	}
	if len(bad) > 0 || st.Sites == 0 {
		t.Errorf("%s: instrumented %d sites, skipped %q", r.name, st.Sites, bad)
	}
	t.Logf("%s: instrumented %d sites in %d classes, %d skipped", r.name, st.Sites, st.Classes, len(st.Skipped))
	inst := filepath.Join(dir, "inst.jar")
	if err := os.WriteFile(inst, jar.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	traceDir := filepath.Join(dir, "trace")
	runProgram(t, p, r, []string{"-Drules_fragment.trace=" + traceDir}, []string{inst, recorder})
	files := map[string]*os.File{}
	for _, f := range []string{"edges.txt", "recv.txt", "types.txt"} {
		h, err := os.Open(filepath.Join(traceDir, f))
		if err != nil {
			t.Fatalf("%s: the Recorder wrote no %s: %v", r.name, f, err)
		}
		defer h.Close()
		files[f] = h
	}
	trace, err := coverage.ReadTrace(files["edges.txt"], "edges.txt", files["recv.txt"], "recv.txt")
	if err == nil {
		err = trace.ReadTypes(files["types.txt"], "types.txt")
	}
	if err != nil {
		t.Fatal(err)
	}
	return trace
}

// checkInstrumentedReceivers runs r again with every virtual and
// interface call site of p's client that the analyses of res list
// instrumented, monomorphic ones too (but those on arrays and in lambda
// classes, which instrument leaves alone), and checks every receiver class
// the run had there, not a sample as the JVMTI tracer's, against each
// analysis' RC (a hidden lambda class by its host; dynamic proxies
// excepted, as checkReceivers does).
func checkInstrumentedReceivers(t *testing.T, p program, r tracedRun, res *report.Result) {
	t.Helper()
	bySite := make([]map[coverage.SiteKey]*report.Site, len(res.Analyses))
	for i, a := range res.Analyses {
		bySite[i] = map[coverage.SiteKey]*report.Site{}
		for _, m := range a.Methods {
			for _, s := range m.Sites {
				bySite[i][coverage.SiteKey{Method: m.Method, Site: s.Site}] = s
			}
		}
	}
	trace := instrumentedTrace(t, p, r, instrument.Sites(res, false))
	keys := slices.SortedFunc(maps.Keys(trace.Receivers), func(a, b coverage.SiteKey) int {
		return cmp.Or(cmp.Compare(a.Method, b.Method), cmp.Compare(a.Site, b.Site))
	})
	for i, a := range res.Analyses {
		st := &soundness{receiverSites: map[string]bool{}, exceptions: map[string]int{}}
		except := func(kind, line string) { st.exceptions[kind]++ }
		for _, k := range keys {
			site := bySite[i][k]
			for _, rv := range trace.Receivers[k] {
				line := fmt.Sprintf("%s@%d -> %s", k.Method, k.Site, rv.Callee)
				if site == nil {
					t.Errorf("%s %s: the run reached site %s, which the analysis does not list", r.name, a.Analysis, line)
					continue
				}
				checkReceivers(st, line, k.Method, site, []string{rv.Class}, except, func(f string, args ...any) {
					t.Errorf("%s %s (instrumented): "+f, append([]any{r.name, a.Analysis}, args...)...)
				})
			}
		}
		t.Logf("COUNT soundness %s %s instrumented: %d receiver classes checked at %d sites (every virtual and interface site instrumented); exceptions %v",
			r.name, a.Analysis, st.receivers, len(st.receiverSites), st.exceptions)
	}
}

// TestCoverageOfLibraryTests measures a library's requirements for every
// client (library-fragment mode, RTA and AND_f) against a run of a test
// driver with the client classes a test suite writes (testing/corpus/
// coverage): a visitor implementing every callback and overriding a
// default method, a subclass of a library visitor overriding one visit, a
// client node kind. Traced with the receivers' supertypes, each of them
// meets the placeholder client class of its nearest library supertype,
// the overriding one exactly where its own code replaced concrete library
// code, and nothing is observed outside the requirements.
func TestCoverageOfLibraryTests(t *testing.T) {
	agent := buildAgent(t)
	jdk := jdkSummary(t)
	if _, err := exec.LookPath("javac"); err != nil {
		t.Skip("SKIP: javac not found")
	}
	dir := t.TempDir()
	lib, test := filepath.Join(dir, "lib"), filepath.Join(dir, "test")
	srcs, _ := filepath.Glob("../corpus/coverage/src/lib/*.java")
	for _, args := range [][]string{append([]string{"-d", lib}, srcs...), {"-cp", lib, "-d", test, "../corpus/coverage/test/client/Main.java"}} {
		if b, err := exec.Command("javac", append([]string{"--release", "17", "-g"}, args...)...).CombinedOutput(); err != nil {
			t.Fatalf("javac: %v\n%s", err, b)
		}
	}
	edges, recv, types := filepath.Join(dir, "edges.txt"), filepath.Join(dir, "recv.txt"), filepath.Join(dir, "types.txt")
	out, err := exec.Command(filepath.Join(jdk17, "bin", "java"), "-agentpath:"+agent+"=out="+edges+",recv="+recv+",types="+types+",prefix=lib/",
		"-cp", lib+":"+test, "client.Main").CombinedOutput()
	if err != nil || !strings.Contains(string(out), "3 2 true [1 2 3 + +] [1! 2! 3! + +] Add Neg") {
		t.Fatalf("the driver: %v\n%s", err, out)
	}
	open := func(p string) *os.File {
		f, err := os.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { f.Close() })
		return f
	}
	trace, err := coverage.ReadTrace(open(edges), edges, open(recv), recv)
	if err != nil {
		t.Fatal(err)
	}
	if err := trace.ReadTypes(open(types), types); err != nil {
		t.Fatal(err)
	}
	res, err := linker.Analyze(&linker.Config{Client: []string{lib}, Summaries: []string{jdk}, Fragment: true,
		Analyses: []string{"rta", "andersen"}, Scope: "client", Release: 17})
	if err != nil {
		t.Fatal(err)
	}
	// The placeholder entries met, per site (caller name and offset).
	want := map[string]string{
		"Add.accept@13":   "fragment$client/lib/Node fragment$client/lib/Node.accept(Llib/Visitor;)V",
		"Add.accept@18":   "fragment$client/lib/Printer fragment$client/lib/Visitor fragment$client/lib/Visitor.visitAdd(Llib/Add;)V",
		"Node.name@1":     "fragment$client/lib/Node",
		"Num.accept@2":    "fragment$client/lib/Visitor fragment$override/lib/Printer fragment$client/lib/Visitor.visitNum(Llib/Num;)V fragment$override/lib/Printer.visitNum(Llib/Num;)V",
		"Walk.describe@1": "fragment$client/lib/Node",
		"Walk.walk@6":     "fragment$client/lib/Printer fragment$override/lib/Visitor fragment$override/lib/Visitor.done()V",
	}
	for _, a := range res.Analyses {
		c := coverage.Measure(a, trace)
		t.Logf("COUNT coverage of library tests %s: %d polymorphic sites, %d reached; RC %d of %d, TM %d of %d",
			c.Analysis, len(c.Sites), c.Reached, c.RCCovered, c.RCRequired, c.TMCovered, c.TMRequired)
		seen := 0
		for _, s := range c.Sites {
			if len(s.Unexpected) > 0 {
				t.Errorf("%s: %s @%d: observed outside the requirements: %q", c.Analysis, s.Method, s.Site, s.Unexpected)
			}
			var met []string
			for _, x := range append(slices.Clone(s.CoveredRC), s.CoveredTM...) {
				if strings.HasPrefix(x, "fragment$") {
					met = append(met, x)
				}
			}
			class, sel, _ := report.SplitKey(s.Method)
			key := fmt.Sprintf("%s.%s@%d", strings.TrimPrefix(class, "lib/"), sel[:strings.IndexByte(sel, '(')], s.Site)
			if w, ok := want[key]; ok || len(met) > 0 {
				seen++
				if got := strings.Join(met, " "); got != w {
					t.Errorf("%s: %s: placeholders met %q, want %q", c.Analysis, key, got, w)
				}
			}
		}
		if seen != len(want) {
			t.Errorf("%s: %d sites met placeholders or should have, want %d", c.Analysis, seen, len(want))
		}
	}
}
