package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rules-fragment/rules_fragment/tools/report"
)

const jflexJar = "/usr/share/java/jflex.jar"

func TestStatsAndIR(t *testing.T) {
	if _, err := os.Stat(jflexJar); err != nil {
		t.Skipf("SKIP: %s missing (Debian package jflex)", jflexJar)
	}
	var out bytes.Buffer
	if err := runStats([]string{jflexJar}, &out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"classes ", "phantom classes", "IR statements", "Invoke "} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("stats output lacks %q:\n%s", want, out.String())
		}
	}
	out.Reset()
	if err := runIR([]string{"-cp", jflexJar, "jflex.Main", "main"}, &out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"class jflex/Main", "method jflex/Main.main([Ljava/lang/String;)V", "@caughtexception", "trap ["} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("ir output lacks %q:\n%s", want, out.String())
		}
	}
	if strings.Contains(out.String(), "CHECK FAILED") {
		t.Errorf("IR check failed:\n%s", out.String())
	}
	if err := runIR([]string{"-cp", jflexJar, "no.such.Class"}, &out); err == nil || !strings.Contains(err.Error(), "not on the classpath") {
		t.Errorf("missing class: got %v", err)
	}
}

// TestCoverageCommand: fragment coverage reads a linker result and a trace,
// prints each analysis' share met, writes the sites as JSON, and reports a
// share below -min-rc as errBelow.
func TestCoverageCommand(t *testing.T) {
	dir := t.TempDir()
	res := &report.Result{Schema: report.Schema, Analyses: []*report.Analysis{{Analysis: "rta", Methods: []*report.Method{{
		Method: "app/Main.run()V", Sites: []*report.Site{{Site: 4, Kind: "interface", Ref: "app/Shape.area()D",
			RC: []string{"app/Circle", "app/Square"}, TM: []string{"app/Circle.area()D", "app/Square.area()D"}}}}}}}}
	var buf bytes.Buffer
	if err := report.WriteJSON(&buf, res); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"result.json": buf.String(),
		"edges.txt":   "app/Main.run()V@4 -> app/Circle.area()D\n",
		"recv.txt":    "app/Main.run()V@4 -> app/Circle.area()D on app/Circle\n",
	}
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	args := []string{"-result", filepath.Join(dir, "result.json"), "-edges", filepath.Join(dir, "edges.txt"),
		"-receivers", filepath.Join(dir, "recv.txt"), "-json", filepath.Join(dir, "coverage.json"), "-html", filepath.Join(dir, "coverage.html")}
	var out bytes.Buffer
	if err := runCoverage(args, &out); err != nil {
		t.Fatal(err)
	}
	if want := "rta: 1 polymorphic sites, 1 reached; receiver classes 1 of 2 (50.0%), target methods 1 of 2 (50.0%); 0 observations outside the requirements\n"; out.String() != want {
		t.Errorf("got %q, want %q", out.String(), want)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "coverage.json")); err != nil || !bytes.Contains(b, []byte(`"covered_rc": [`)) {
		t.Errorf("coverage.json: %v\n%s", err, b)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "coverage.html")); err != nil || !bytes.Contains(b, []byte(`<li class="met"><code>app/Circle</code></li><li class="unmet"><code>app/Square</code></li>`)) {
		t.Errorf("coverage.html: %v\n%s", err, b)
	}
	if err := runCoverage(append(args, "-min-rc", "0.6"), &out); !errors.Is(err, errBelow) {
		t.Errorf("-min-rc 0.6: got %v, want errBelow", err)
	}
	if err := runCoverage(append(args[:4:4], "-result", filepath.Join(dir, "edges.txt")), &out); err == nil || !strings.Contains(err.Error(), "edges.txt") {
		t.Errorf("a bad result: got %v", err)
	}

	// -prefixes: the tracer's options for the packages with polymorphic sites.
	out.Reset()
	if err := runCoverage([]string{"-result", filepath.Join(dir, "result.json"), "-prefixes"}, &out); err != nil || out.String() != "prefix=app/\n" {
		t.Errorf("-prefixes: %q, %v", out.String(), err)
	}
	// -types: a class of the run unknown to the analysis is matched through
	// its supertypes; a bad line names the file; -types needs -receivers.
	if err := os.WriteFile(filepath.Join(dir, "types.txt"), []byte("app/Circle <\napp/Square\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := runCoverage(append(slices.Clone(args), "-types", filepath.Join(dir, "types.txt")), &out); err == nil || !strings.Contains(err.Error(), "types.txt:2: ") {
		t.Errorf("bad types: got %v", err)
	}
	if err := runCoverage(append(slices.Clone(args[:4]), "-types", filepath.Join(dir, "types.txt")), &out); err == nil || !strings.Contains(err.Error(), "usage") {
		t.Errorf("-types without -receivers: got %v", err)
	}
}

// TestInstrumentCommand: fragment instrument needs a result, an output and
// jars, and names a jar it cannot read; a result without polymorphic sites
// gives an empty jar.
func TestInstrumentCommand(t *testing.T) {
	dir := t.TempDir()
	var buf bytes.Buffer
	if err := report.WriteJSON(&buf, &report.Result{Schema: report.Schema}); err != nil {
		t.Fatal(err)
	}
	result := filepath.Join(dir, "result.json")
	if err := os.WriteFile(result, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := runInstrument([]string{"-result", result}, &out); err == nil || !strings.Contains(err.Error(), "usage") {
		t.Errorf("no jars: got %v", err)
	}
	missing := filepath.Join(dir, "missing.jar")
	if err := runInstrument([]string{"-result", result, "-o", filepath.Join(dir, "i.jar"), missing}, &out); err == nil || !strings.Contains(err.Error(), missing) {
		t.Errorf("a missing jar: got %v", err)
	}
	empty := filepath.Join(dir, "empty.jar")
	if err := os.WriteFile(empty, []byte("PK\x05\x06"+strings.Repeat("\x00", 18)), 0o644); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if err := runInstrument([]string{"-result", result, "-o", filepath.Join(dir, "i.jar"), empty}, &out); err != nil ||
		out.String() != "instrumented 0 call sites in 0 classes; 0 skipped\n" {
		t.Errorf("no sites: %q, %v", out.String(), err)
	}
}

// TestCoverageLambdaSites: a polymorphic site of an IR lambda class is
// flagged (JSON, page, the printed line): no run can observe it.
func TestCoverageLambdaSites(t *testing.T) {
	dir := t.TempDir()
	site := func(method string) *report.Method {
		return &report.Method{Method: method, Sites: []*report.Site{{Site: 4, Kind: "interface", Ref: "app/Shape.area()D",
			RC: []string{"app/Circle", "app/Square"}, TM: []string{"app/Circle.area()D", "app/Square.area()D"}}}}
	}
	res := &report.Result{Schema: report.Schema, Analyses: []*report.Analysis{{Analysis: "andersen", Methods: []*report.Method{
		site("app/Main$$Lambda$0$1.apply(Ljava/lang/Object;)Ljava/lang/Object;"), site("app/Main.run()V")}}}}
	var buf bytes.Buffer
	if err := report.WriteJSON(&buf, res); err != nil {
		t.Fatal(err)
	}
	for name, content := range map[string]string{"result.json": buf.String(), "edges.txt": ""} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var out bytes.Buffer
	if err := runCoverage([]string{"-result", filepath.Join(dir, "result.json"), "-edges", filepath.Join(dir, "edges.txt"),
		"-json", filepath.Join(dir, "coverage.json"), "-html", filepath.Join(dir, "coverage.html")}, &out); err != nil {
		t.Fatal(err)
	}
	if want := "andersen: 2 polymorphic sites, 0 reached; receiver classes 0 of 4 (0.0%), target methods 0 of 4 (0.0%); 0 observations outside the requirements; 1 of the sites (2 receiver classes, 2 target methods) are in lambda classes, which no run can observe\n"; out.String() != want {
		t.Errorf("got %q, want %q", out.String(), want)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "coverage.json")); bytes.Count(b, []byte(`"in_lambda_class": true`)) != 1 {
		t.Errorf("coverage.json should flag one site:\n%s", b)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "coverage.html")); bytes.Count(b, []byte("in a lambda class: no run can observe it")) != 1 {
		t.Errorf("coverage.html should flag one site")
	}
}

// TestQueryUnmodelled: fragment query unmodelled lists each analysis'
// unmodelled natives and reflective sites.
func TestQueryUnmodelled(t *testing.T) {
	res := &report.Result{Schema: report.Schema, Analyses: []*report.Analysis{
		{Analysis: "rta"},
		{Analysis: "andersen", Unmodelled: []string{"a/B.n()Ljava/lang/Object;: native method returning a reference", "a/C.m()V@3: reflective construction (model off)"}}}}
	var buf bytes.Buffer
	if err := report.WriteJSON(&buf, res); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "r.json")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := runQuery([]string{"-result", path, "unmodelled"}, &out); err != nil {
		t.Fatal(err)
	}
	want := "andersen: a/B.n()Ljava/lang/Object;: native method returning a reference\nandersen: a/C.m()V@3: reflective construction (model off)\n"
	if out.String() != want {
		t.Errorf("got %q, want %q", out.String(), want)
	}
}
