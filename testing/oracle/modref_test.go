package oracle

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	linker "github.com/rules-fragment/rules_fragment/linker/app"
	"github.com/rules-fragment/rules_fragment/tools/report"
)

// modrefAll runs both points-to analyses on every program (set
// RULES_FRAGMENT_ORACLE_ALL=1, ~3 min on 2 cores); by default jflex,
// sablecc and javacc get AND_f only (~2 min). AND_f is the analysis whose
// object names carry allocation-site ids; 0-CFA_f's are class names.
var modrefAll = os.Getenv("RULES_FRAGMENT_ORACLE_ALL") != ""

// modrefAnalyses are the points-to analyses the MOD/USE oracle runs on a
// program.
func modrefAnalyses(name string) []string {
	switch name {
	case "jflex", "sablecc", "javacc":
		if !modrefAll {
			return []string{"andersen"}
		}
	}
	return []string{"0cfa", "andersen"}
}

// TestModRefOracle is the equality oracle for the client-visible answers
// of research/seed-000-003.md §6 ([T] §3.3): the points-to sets of the
// client's variables and the MOD/USE sets of its methods and call sites
// are identical with library summaries and with the libraries' class
// files (the JDK 17 runtime included), on the five programs and on the
// layered corpus. Object and location names carry allocation-site ids
// of library code, so a summary that renumbered them would fail here.
func TestModRefOracle(t *testing.T) {
	jdk := jdkSummary(t)
	for _, p := range programs {
		t.Run(p.name, func(t *testing.T) {
			sums := librarySummaries(t, p, jdk)
			compareModRef(t, p.name, []string{p.client}, p.libs, sums, entries(p.name), modrefAnalyses(p.name))
		})
	}
	t.Run("layered", func(t *testing.T) {
		out := buildLayered(t)
		if out == "" {
			t.Skip("SKIP: javac not found")
		}
		a, b := filepath.Join(out, "liba.jar"), filepath.Join(out, "libb.jar")
		p := program{"layered", filepath.Join(out, "client.jar"), []string{a, b}}
		compareModRef(t, p.name, []string{p.client}, p.libs, librarySummaries(t, p, jdk), nil, modrefAnalyses(p.name))
	})
}

// TestModRefFragmentOracle: in library-fragment mode (closed world), the
// library's MOD/USE and points-to sets are the same with its
// dependencies' summaries as with their class files.
func TestModRefFragmentOracle(t *testing.T) {
	jdk := jdkSummary(t)
	type fcase struct {
		name, lib string
		deps      []string // jars, each depending on the next
		analysis  string
		jdkJars   bool // the JDK from class files in the jar run
	}
	cases := []fcase{{name: "cup_runtime", lib: "/usr/share/java/cup_runtime.jar", analysis: "0cfa", jdkJars: true}}
	if out := buildLayered(t); out != "" {
		cases = append(cases, fcase{name: "liba", lib: filepath.Join(out, "liba.jar"), deps: []string{filepath.Join(out, "libb.jar")}, analysis: "andersen"})
	}
	for _, fc := range cases {
		t.Run(fc.name, func(t *testing.T) {
			if _, err := os.Stat(fc.lib); err != nil {
				t.Skipf("SKIP: %s not installed", fc.lib)
			}
			sums := librarySummaries(t, program{"fragment-" + fc.name, fc.lib, fc.deps}, jdk)
			run := func(c *linker.Config) *report.Analysis {
				c.Client, c.Fragment, c.ClosedWorld = []string{fc.lib}, true, true
				c.Analyses, c.Scope, c.Release, c.ModRef, c.PointsTo = []string{fc.analysis}, "client", 17, true, true
				r, err := linker.Analyze(c)
				if err != nil {
					t.Fatal(err)
				}
				return r.Analyses[0]
			}
			withSums := run(&linker.Config{Summaries: sums, Warm: jdkWarm})
			jars := &linker.Config{Libraries: fc.deps, Summaries: []string{jdk}}
			if fc.jdkJars {
				jars = &linker.Config{Libraries: append(slices.Clone(fc.deps), jdk17)}
			}
			withJars := run(jars)
			if d := modrefDifference(withJars, withSums); d != "" {
				t.Errorf("%s fragment %s: summaries differ from class files: %s", fc.name, fc.analysis, d)
			}
			m := withSums.ModRef.Totals
			t.Logf("COUNT modref fragment %s %s: equal; %d library methods, %d locations, mean |MOD| %.1f |USE| %.1f, %d variables, mean |pts| %.1f",
				fc.name, fc.analysis, withSums.Totals.ScopeMethods, m.Locations, m.MeanMod, m.MeanUse, withSums.PointsTo.Totals.Variables, withSums.PointsTo.Totals.MeanSize)
			// The placeholder static stands for client data: a library
			// that calls back into clients may write it.
			ph := slices.Index(withSums.ModRef.Names, "static fragment$main/Main.ph:Ljava/lang/Object;")
			if ph < 0 {
				t.Errorf("%s: no library method may write client data (the placeholder static)", fc.name)
			}
		})
	}
}

// TestModRefDeterminism: with MOD/USE and points-to sets, the JSON
// result is byte-identical across runs and GOMAXPROCS values.
func TestModRefDeterminism(t *testing.T) {
	jdk := jdkSummary(t)
	client := "/usr/share/java/JLex.jar"
	if _, err := os.Stat(client); err != nil {
		t.Skipf("SKIP: %s not installed", client)
	}
	outs := jsonAcrossProcs(t, "jlex-modref", linker.Config{Client: []string{client}, Summaries: []string{jdk}, Analyses: []string{"0cfa", "andersen"},
		Scope: "client", Release: 17, ModRef: true, PointsTo: true})
	if !bytes.Equal(outs[0], outs[1]) {
		t.Fatal("JSON results with MOD/USE and points-to sets differ between GOMAXPROCS 1 and 4")
	}
	t.Logf("COUNT modref determinism: %d bytes of JSON identical across GOMAXPROCS 1 and 4", len(outs[0]))
}

// compareModRef runs the linker's points-to analyses with MOD/USE and
// points-to sets whole-program and with summaries and requires identical
// results.
func compareModRef(t *testing.T, name string, client, libs, sums, entry, analyses []string) {
	t.Helper()
	run := func(c *linker.Config) (*report.Result, time.Duration) {
		c.Analyses, c.Scope, c.Release, c.ModRef, c.PointsTo, c.Entries = analyses, "client", 17, true, true, entry
		start := time.Now()
		r, err := linker.Analyze(c)
		if err != nil {
			t.Fatal(err)
		}
		return r, time.Since(start)
	}
	whole, tw := run(&linker.Config{Client: client, Libraries: append(slices.Clone(libs), jdk17)})
	// With summaries, the points-to analyses continue from the JDK's warm
	// start (pointsto.Checkpoint): the results must still be identical.
	withSums, ts := run(&linker.Config{Client: client, Summaries: sums, Warm: jdkWarm})
	for i, a := range whole.Analyses {
		b := withSums.Analyses[i]
		if a.ModRef == nil || a.PointsTo == nil || b.ModRef == nil || b.PointsTo == nil {
			t.Fatalf("%s %s: no MOD/USE or points-to sets", name, a.Analysis)
		}
		if d := modrefDifference(a, b); d != "" {
			t.Errorf("%s %s: client + summaries differs from whole program: %s", name, a.Analysis, d)
			continue
		}
		m, p := a.ModRef.Totals, a.PointsTo.Totals
		t.Logf("COUNT modref oracle %s %s: equal; %d client methods, %d sites; MOD/USE: %d locations, %d distinct sets, mean |MOD| %.1f |USE| %.1f; %d client variables, mean |pts| %.1f (max %d); whole program %.1f s, with summaries %.1f s (all analyses)",
			name, a.Analysis, a.Totals.ScopeMethods, a.Totals.CallSites, m.Locations, m.Sets, m.MeanMod, m.MeanUse, p.Variables, p.MeanSize, p.MaxSize, tw.Seconds(), ts.Seconds())
		if m.MeanMod == 0 || p.MeanSize == 0 || m.Named == 0 {
			t.Errorf("%s %s: empty sets (mean |MOD| %v, mean |pts| %v)", name, a.Analysis, m.MeanMod, p.MeanSize)
		}
	}
}

// modrefDifference describes where two analyses with MOD/USE and
// points-to sets first differ ("" if they are identical): the first
// method whose decoded sets differ, with the names in one and not the
// other, else the call-graph part.
func modrefDifference(a, b *report.Analysis) string {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if bytes.Equal(ja, jb) {
		return ""
	}
	if len(a.Methods) != len(b.Methods) {
		return firstDifference(a, b)
	}
	decode := func(t *report.SetTable, k *int) []string {
		if k == nil {
			return nil
		}
		ns, err := t.DecodeNames(*k)
		if err != nil {
			return []string{"error: " + err.Error()}
		}
		return ns
	}
	diff := func(what string, x, y []string) string {
		if slices.Equal(x, y) {
			return ""
		}
		var onlyX, onlyY []string
		for _, n := range x {
			if _, ok := slices.BinarySearch(y, n); !ok {
				onlyX = append(onlyX, n)
			}
		}
		for _, n := range y {
			if _, ok := slices.BinarySearch(x, n); !ok {
				onlyY = append(onlyY, n)
			}
		}
		return fmt.Sprintf("%s: %d vs %d elements; only whole program %q; only with summaries %q", what, len(x), len(y),
			onlyX[:min(5, len(onlyX))], onlyY[:min(5, len(onlyY))])
	}
	for i, ma := range a.Methods {
		mb := b.Methods[i]
		if ma.Method != mb.Method {
			return firstDifference(a, b)
		}
		if d := diff(ma.Method+" mod", decode(&a.ModRef.SetTable, ma.Mod), decode(&b.ModRef.SetTable, mb.Mod)); d != "" {
			return d
		}
		if d := diff(ma.Method+" use", decode(&a.ModRef.SetTable, ma.Use), decode(&b.ModRef.SetTable, mb.Use)); d != "" {
			return d
		}
		if len(ma.PointsTo) != len(mb.PointsTo) {
			return fmt.Sprintf("%s: %d vs %d variables", ma.Method, len(ma.PointsTo), len(mb.PointsTo))
		}
		for v := range ma.PointsTo {
			if d := diff(fmt.Sprintf("%s variable %d", ma.Method, v), decode(&a.PointsTo.SetTable, &ma.PointsTo[v]), decode(&b.PointsTo.SetTable, &mb.PointsTo[v])); d != "" {
				return d
			}
		}
		for j, sa := range ma.Sites {
			if j >= len(mb.Sites) {
				break
			}
			sb := mb.Sites[j]
			where := fmt.Sprintf("%s site %d", ma.Method, sa.Site)
			if d := diff(where+" mod", decode(&a.ModRef.SetTable, sa.Mod), decode(&b.ModRef.SetTable, sb.Mod)); d != "" {
				return d
			}
			if d := diff(where+" use", decode(&a.ModRef.SetTable, sa.Use), decode(&b.ModRef.SetTable, sb.Use)); d != "" {
				return d
			}
		}
	}
	// Equal sets, so the difference is elsewhere: the call graph, the
	// totals or the tables' encoding.
	if d := firstDifference(a, b); !strings.HasPrefix(d, fmt.Sprintf("%d vs %d methods", len(a.Methods), len(b.Methods))) {
		return d
	}
	return fmt.Sprintf("same decoded sets, different encoding: modref totals %+v vs %+v, points-to totals %+v vs %+v",
		a.ModRef.Totals, b.ModRef.Totals, a.PointsTo.Totals, b.PointsTo.Totals)
}
