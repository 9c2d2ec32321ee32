package app

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	summarizer "github.com/rules-fragment/rules_fragment/summarizer/app"
	"github.com/rules-fragment/rules_fragment/tools/check"
	"github.com/rules-fragment/rules_fragment/tools/report"
	"github.com/rules-fragment/rules_fragment/tools/summary"
)

const jlex = "/usr/share/java/JLex.jar"

// jlexSummary summarises JLex alone (no JDK: its references become
// phantoms), a small real summary for input-handling tests.
func jlexSummary(t *testing.T) string {
	t.Helper()
	if _, err := os.Stat(jlex); err != nil {
		t.Skipf("SKIP: %s not installed (Debian jlex)", jlex)
	}
	out := filepath.Join(t.TempDir(), "jlex.rfsum")
	if err := summarizer.Run(&summarizer.Config{Target: "jlex", Jars: []string{jlex}, Out: out, Release: 17}); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestBadSummariesNameTheFile(t *testing.T) {
	good := jlexSummary(t)
	data, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	cases := map[string][]byte{
		"truncated.rfsum":   data[:len(data)/2],
		"wrong-magic.rfsum": append([]byte("PK\x03\x04"), data[4:]...),
		"flipped.rfsum":     flip(data, len(data)-10),
		"empty.rfsum":       nil,
	}
	for name, b := range cases {
		f := filepath.Join(dir, name)
		if err := os.WriteFile(f, b, 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Analyze(&Config{Client: []string{jlex}, Summaries: []string{f}, Analyses: []string{"rta"}, Scope: "client"})
		var se *summary.Error
		if err == nil || !errors.As(err, &se) || !strings.Contains(err.Error(), f) {
			t.Errorf("%s: got %v, want a *summary.Error naming the file", name, err)
		}
	}
}

func flip(b []byte, i int) []byte {
	c := bytes.Clone(b)
	c[i] ^= 0x40
	return c
}

func TestFlags(t *testing.T) {
	for _, args := range [][]string{
		{}, // no client
		{"-client", "a.jar", "-analyses", "kcfa"},
		{"-client", "a.jar", "-scope", "some"},
		{"-client", "a.jar", "extra"},
		{"-client", "a.jar", "-modref"},                        // needs a points-to analysis
		{"-client", "a.jar", "-points-to", "-analyses", "rta"}, // the same
		{"-client", "a.jar", "-reflection", "16"},              // the same
	} {
		if _, err := ParseFlags(flag.NewFlagSet("linker", flag.ContinueOnError), args); err == nil {
			t.Errorf("%q: no error", args)
		}
	}
	c, err := ParseFlags(flag.NewFlagSet("linker", flag.ContinueOnError), []string{"-client", "a.jar", "-summary", "x.rfsum", "-summary", "y.rfsum"})
	if err != nil || len(c.Summaries) != 2 || c.Mode() != "client+summaries" {
		t.Errorf("got %+v, %v", c, err)
	}
	c, err = ParseFlags(flag.NewFlagSet("linker", flag.ContinueOnError), []string{"-client", "a.jar", "-analyses", "andersen", "-reflection", "16"})
	if err != nil || c.ReflectiveTypes != 16 {
		t.Errorf("-reflection 16: got %+v, %v", c, err)
	}
}

func TestNoEntryPoint(t *testing.T) {
	sum := jlexSummary(t)
	_, err := Analyze(&Config{Client: []string{jlex}, Summaries: []string{sum}, Entries: []string{"JLex/Main.nosuch"}, Analyses: []string{"rta"}, Scope: "client"})
	if err == nil || !strings.Contains(err.Error(), "JLex/Main.nosuch") {
		t.Errorf("got %v", err)
	}
}

// TestBadReflectionLog: a malformed log fails the link with the file and
// line named; a missing one with its path.
func TestBadReflectionLog(t *testing.T) {
	sum := jlexSummary(t)
	bad := filepath.Join(t.TempDir(), "bad.log")
	if err := os.WriteFile(bad, []byte("Class.forName;JLex.Main;JLex.Main.main;1;;\nMethod.invoke;JLex.Main;JLex.Main.main;2;;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]string{bad: bad + ":2: ", bad + ".none": bad + ".none"} {
		_, err := Analyze(&Config{Client: []string{jlex}, Summaries: []string{sum}, Analyses: []string{"rta"}, Scope: "client", ReflectionLog: path})
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want an error naming %q", path, err, want)
		}
	}
}

// TestModRefJSON: -modref and -points-to add set tables and indices to the
// points-to analyses, which decode consistently with their totals, and
// leave the rest of the result as it is without them.
func TestModRefJSON(t *testing.T) {
	sum := jlexSummary(t)
	config := func() *Config {
		return &Config{Client: []string{jlex}, Summaries: []string{sum}, Analyses: []string{"rta", "0cfa"}, Scope: "client"}
	}
	plain, err := Analyze(config())
	if err != nil {
		t.Fatal(err)
	}
	c := config()
	c.ModRef, c.PointsTo = true, true
	full, err := Analyze(c)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := report.WriteJSON(&buf, plain); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{`"mod"`, `"use"`, `"modref"`, `"points_to"`} {
		if bytes.Contains(buf.Bytes(), []byte(k)) {
			t.Errorf("the default JSON has %s", k)
		}
	}
	if full.Analyses[0].ModRef != nil || full.Analyses[0].PointsTo != nil {
		t.Error("rta has MOD/USE or points-to sets")
	}
	a := full.Analyses[1]
	if a.ModRef == nil || a.PointsTo == nil {
		t.Fatal("0cfa has no MOD/USE or points-to sets")
	}
	var mods, sites, siteMods, vars, pts int
	for _, m := range a.Methods {
		if m.Mod == nil || m.Use == nil {
			t.Fatalf("%s has no mod or use", m.Method)
		}
		ns, err := a.ModRef.DecodeNames(*m.Mod)
		if err != nil {
			t.Fatal(err)
		}
		mods += len(ns)
		for _, s := range m.Sites {
			ns, err := a.ModRef.DecodeNames(*s.Mod)
			if err != nil {
				t.Fatal(err)
			}
			siteMods += len(ns)
			sites++
		}
		for _, k := range m.PointsTo {
			ns, err := a.PointsTo.DecodeNames(k)
			if err != nil {
				t.Fatal(err)
			}
			pts += len(ns)
			vars++
		}
	}
	mt, pt := a.ModRef.Totals, a.PointsTo.Totals
	if n := float64(len(a.Methods)); mt.MeanMod != float64(int64(float64(mods)/n*1000+0.5))/1000 || mt.MeanMod == 0 {
		t.Errorf("mean |MOD| %v, decoded %d over %d methods", mt.MeanMod, mods, len(a.Methods))
	}
	if mt.SiteMeanMod != float64(int64(float64(siteMods)/float64(sites)*1000+0.5))/1000 {
		t.Errorf("site mean |MOD| %v, decoded %d over %d sites", mt.SiteMeanMod, siteMods, sites)
	}
	if pt.Variables != vars || pt.MeanSize != float64(int64(float64(pts)/float64(vars)*1000+0.5))/1000 || vars == 0 {
		t.Errorf("points-to totals %+v, decoded %d objects over %d variables", pt, pts, vars)
	}
	// Without the sets, the analysis is the one without the flags.
	a.ModRef, a.PointsTo = nil, nil
	for _, m := range a.Methods {
		m.Mod, m.Use, m.PointsTo = nil, nil, nil
		for _, s := range m.Sites {
			s.Mod, s.Use = nil, nil
		}
	}
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(plain.Analyses[1])
	if !bytes.Equal(ja, jb) {
		t.Error("-modref -points-to changed the rest of the 0cfa result")
	}
	t.Logf("COUNT modref jlex alone 0cfa: %d locations, %d sets, mean |MOD| %.1f; %d variables, mean |pts| %.1f", mt.Locations, mt.Sets, mt.MeanMod, pt.Variables, pt.MeanSize)
}

// TestSARIF: a failed forbid check puts each offending call site into the
// SARIF log at the source file its class file names (JLex keeps all its
// classes in Main.java), and the log is the same bytes in a second run;
// -html writes the page of the same result.
func TestSARIF(t *testing.T) {
	if _, err := os.Stat(jlex); err != nil {
		t.Skipf("SKIP: %s not installed (Debian jlex)", jlex)
	}
	k, err := check.Parse("forbid=JLex.CLexGen->JLex.CSpec")
	if err != nil {
		t.Fatal(err)
	}
	var logs [2][]byte
	for i := range logs {
		out := filepath.Join(t.TempDir(), "result.sarif")
		html := filepath.Join(t.TempDir(), "report.html")
		c := &Config{Client: []string{jlex}, Analyses: []string{"rta"}, Scope: "client", Checks: []check.Check{k}, SARIF: out, HTML: html}
		if err := Run(c, io.Discard); err != nil {
			t.Fatal(err)
		}
		if page, err := os.ReadFile(html); err != nil || !bytes.Contains(page, []byte(`<h2 id="analysis-rta">rta: `)) || !bytes.Contains(page, []byte("forbid=JLex/CLexGen-&gt;JLex/CSpec")) {
			t.Errorf("report.html: %v\n%.500s", err, page)
		}
		if logs[i], err = os.ReadFile(out); err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.Equal(logs[0], logs[1]) {
		t.Error("two runs wrote different SARIF logs")
	}
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID    string `json:"ruleId"`
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }
						Region           struct{ StartLine int }
					}
				}
			}
		}
	}
	if err := json.Unmarshal(logs[0], &log); err != nil {
		t.Fatal(err)
	}
	results := log.Runs[0].Results
	if len(results) == 0 {
		t.Fatal("no results: JLex's CLexGen calls CSpec's methods")
	}
	for _, r := range results {
		p := r.Locations[0].PhysicalLocation
		if r.RuleID != "forbid" || p.ArtifactLocation.URI != "JLex/Main.java" || p.Region.StartLine <= 0 {
			t.Errorf("result %+v, want forbid at a line of JLex/Main.java", r)
		}
	}
}
