package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	linker "github.com/rules-fragment/rules_fragment/linker/app"
	summarizer "github.com/rules-fragment/rules_fragment/summarizer/app"
)

const (
	cupJar        = "/usr/share/java/cup.jar"
	cupRuntimeJar = "/usr/share/java/cup_runtime.jar"
)

// TestSummarizeLinkAndQuery: fragment summarize and link do what the
// summarizer and linker do, and fragment summary and query read what they
// wrote: CUP's runtime summarised, CUP linked with it.
func TestSummarizeLinkAndQuery(t *testing.T) {
	for _, f := range []string{cupJar, cupRuntimeJar} {
		if _, err := os.Stat(f); err != nil {
			t.Skipf("SKIP: %s missing (Debian package cup)", f)
		}
	}
	dir := t.TempDir()
	sum, res := filepath.Join(dir, "cupr.rfsum"), filepath.Join(dir, "cup.json")
	var stderr bytes.Buffer
	if code := summarizer.Main([]string{"-target", "cup_runtime", "-jar", cupRuntimeJar, "-o", sum}, io.Discard, &stderr, nil); code != 0 {
		t.Fatalf("summarize: exit %d: %s", code, stderr.String())
	}
	if code := linker.Main([]string{"-client", cupJar, "-summary", sum, "-analyses", "rta,andersen", "-modref", "-points-to", "-json", res}, io.Discard, &stderr, nil); code != 0 {
		t.Fatalf("link: exit %d: %s", code, stderr.String())
	}
	expect := func(run func([]string, io.Writer) error, args []string, wants ...string) {
		t.Helper()
		var out bytes.Buffer
		if err := run(args, &out); err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		for _, w := range wants {
			if !strings.Contains(out.String(), w) {
				t.Errorf("%v: output lacks %q:\n%s", args, w, out.String())
			}
		}
	}
	expect(runSummary, []string{sum}, "summary of cup_runtime (schema ", "content sha256 ", " classes, ")
	expect(runSummary, []string{"-classes", sum}, "class java_cup/runtime/Symbol extends java/lang/Object, ")
	expect(runSummary, []string{"-class", "java_cup.runtime.Symbol", "-bodies", sum},
		"field value:Ljava/lang/Object; [public]",
		"    _ = special java_cup/runtime/Symbol.<init>(IIILjava/lang/Object;)V(v0; _, _, _, v3) @12")
	expect(runQuery, []string{"-result", res, "callers", "java_cup.Main.parse_args"},
		"rta: java_cup/Main.main([Ljava/lang/String;)V @33 line 178 static java_cup/Main.parse_args([Ljava/lang/String;)V -> java_cup/Main.parse_args(",
		"andersen: java_cup/Main.main(")
	expect(runQuery, []string{"-result", res, "-analysis", "rta", "callees", "java_cup/Main.main"},
		"rta: java_cup/Main.main([Ljava/lang/String;)V\n  @")
	expect(runQuery, []string{"-result", res, "-top", "2", "polymorphic"}, "rta: ", " polymorphic sites in scope\n  |RC|=", "(-top 0 lists all)")
	expect(runQuery, []string{"-result", res, "methods", "java_cup.Main.parse"}, "rta: java_cup/Main.parse_args([Ljava/lang/String;)V (")
	expect(runQuery, []string{"-result", res, "mod", "java_cup.Main.parse_args"},
		"andersen: java_cup/Main.parse_args([Ljava/lang/String;)V\n  mod: ", "    static java_cup/Main.dest_dir:Ljava/io/File;\n")
	expect(runQuery, []string{"-result", res, "pointsto", "java_cup.Main.parse_args"}, "  var 0: 1 objects\n    jvm [Ljava/lang/String;\n")

	for _, bad := range []struct {
		run  func([]string, io.Writer) error
		args []string
		want string
	}{
		{runSummary, []string{"-class", "no.Such", sum}, "no class no/Such"},
		{runSummary, []string{cupJar}, cupJar + ": not a summary"},
		{runSummary, []string{"-bodies", sum}, "usage"},
		{runQuery, []string{"-result", res, "callees", "no.Such.m"}, "no method in scope matches no.Such.m"},
		{runQuery, []string{"-result", res, "-analysis", "cha", "methods"}, "has no analysis \"cha\""},
		{runQuery, []string{"-result", res, "callees"}, "usage"},
		{runQuery, []string{"-result", sum, "methods"}, sum},
		{runQuery, []string{"-result", res, "-analysis", "rta", "pointsto", "java_cup.Main.main"}, "has no points-to sets"},
		{runQuery, []string{"-result", res, "use", "no.Such"}, "no method in scope matches no/Such or no.Such"},
	} {
		if err := bad.run(bad.args, io.Discard); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%v: got %v, want an error with %q", bad.args, err, bad.want)
		}
	}
}
