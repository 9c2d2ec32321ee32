package oracle

import (
	"bytes"
	"encoding/json"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	linker "github.com/rules-fragment/rules_fragment/linker/app"
	"github.com/rules-fragment/rules_fragment/tools/report"
)

// TestRuntimeHidesClassPathCopies: a library with a copy of a class of
// the JDK's java.xml module and another class of that module's package
// (testing/corpus/runtime, as xml-apis.jar has), linked with the JDK's
// class files and with its summary and warm start. The JVM loads the JDK's
// class and never the other (the run prints the JDK's factory), so the
// analyses must reach neither copy's code; both ways give the same
// results, and the warm start applies though the library defines names
// the runtime does.
func TestRuntimeHidesClassPathCopies(t *testing.T) {
	jdk := jdkSummary(t)
	if _, err := exec.LookPath("javac"); err != nil {
		t.Skip("SKIP: javac not found")
	}
	dir := t.TempDir()
	lib, app := filepath.Join(dir, "lib"), filepath.Join(dir, "app")
	srcs, _ := filepath.Glob("../corpus/runtime/lib/*/*/*/*.java")
	for _, c := range [][]string{
		append([]string{"--release", "8", "-d", lib}, srcs...),
		{"--release", "17", "-cp", lib, "-d", app, "../corpus/runtime/app/org/example/app/Main.java"},
	} {
		if b, err := exec.Command("javac", c...).CombinedOutput(); err != nil {
			t.Fatalf("javac %v: %v\n%s", c, err, b)
		}
	}
	out, err := exec.Command(filepath.Join(jdk17, "bin", "java"), "-cp", app+":"+lib, "org.example.app.Main").CombinedOutput()
	if err != nil || !bytes.Contains(out, []byte("com.sun.org.apache.xerces.internal.jaxp.DocumentBuilderFactoryImpl")) {
		t.Fatalf("the program did not use the JDK's factory (%v):\n%s", err, out)
	}
	var warn bytes.Buffer
	run := func(c *linker.Config) *report.Result {
		c.Client = []string{app, lib}
		c.Analyses, c.Scope, c.Release = []string{"cha", "rta", "0cfa", "andersen"}, "client", 17
		c.Stderr = &warn
		r, err := linker.Analyze(c)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	whole := run(&linker.Config{Libraries: []string{jdk17}})
	sums := run(&linker.Config{Summaries: []string{jdk}, Warm: jdkWarm})
	if strings.Contains(warn.String(), "starting cold") {
		t.Errorf("a warm start did not apply:\n%s", warn.String())
	}
	for i, a := range whole.Analyses {
		b := sums.Analyses[i]
		ja, _ := json.Marshal(a)
		jb, _ := json.Marshal(b)
		if !bytes.Equal(ja, jb) {
			t.Errorf("%s: whole program and summaries differ: %s", a.Analysis, firstDifference(a, b))
		}
		var reached []string
		for _, m := range a.Methods {
			reached = append(reached, m.Method)
		}
		if !slices.Contains(reached, "org/example/lib/Util.go()Ljava/lang/Object;") {
			t.Errorf("%s: Util.go not reached: %q", a.Analysis, reached)
		}
		for _, m := range reached {
			if strings.HasPrefix(m, "javax/xml/") {
				t.Errorf("%s: the library's copy %s is reached", a.Analysis, m)
			}
		}
	}
}
