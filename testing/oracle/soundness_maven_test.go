package oracle

import (
	"bufio"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestSoundnessMavenApps is TestSoundnessAgainstExecution on applications
// from Maven Central, each with its whole runtime closure of libraries
// (testing/maven-traced.txt), summarised (each library with the summaries
// of the libraries after it in the file) and linked with the JDK's
// summary and warm start; the checks and accepted exceptions are those of
// TestSoundnessAgainstExecution.
//
// Google Java Format formats a source file (testing/corpus/tracer/
// Calc.java) with javac's parser: code none of the Debian programs has —
// lambdas and method references, streams, Guava's collections, and calls
// of javac's API through reflection (Method.invoke, Constructor.
// newInstance). RTA must miss none of its edges: the run found that no
// analysis had a Method, Field or Constructor object (reach.StartupClasses
// and RTA's model of native results now provide them). The points-to
// analyses only count its misses (figures): the values reflective calls
// return are not modelled, and all their missed edges (9 each,
// 2026-11-26) are calls on such values.
//
// Analyses in figures run only with RF_SOUNDNESS_ALL=1: the points-to
// analyses on Google Java Format, and ANTLR 4 (generating a parser for Calc.g4; it makes its ATN states
// and code generation target by reflection and walks grammar trees by
// Method.invoke) and Checkstyle (checking Calc.java; its checks are made
// by reflection from the configuration) with all three analyses, are
// counted and listed, not failed on: testing/tracer/README.md has their
// figures.
//
// The three programs run again with the reflection log the tracer writes
// of the run ("+reflog"; linker -reflection-log), as TamiFlex's users
// analyse programs: then none may miss an edge in any of the three
// analyses (pass/fail).
func TestSoundnessMavenApps(t *testing.T) {
	agent := buildAgent(t)
	jdk := jdkSummary(t)
	apps, missing := mavenTraced(t)
	all := os.Getenv("RF_SOUNDNESS_ALL") == "1"
	runs := append(slices.Clone(mavenRuns), withReflog("antlr4"), withReflog("checkstyle"), withReflog("google-java-format"))
	for _, r := range runs {
		if !all { // the analyses that fail the test only
			r.analyses = slices.DeleteFunc(slices.Clone(r.analyses), func(a string) bool { return slices.Contains(r.figures, a) })
		}
		if len(r.analyses) == 0 {
			continue
		}
		name := r.name
		if r.reflog {
			name += "+reflog"
		}
		t.Run(name, func(t *testing.T) {
			p, ok := apps[r.name]
			if !ok {
				t.Fatalf("%s is not in testing/maven-traced.txt", r.name)
			}
			if m := missing[r.name]; m != "" {
				t.Skipf("SKIP: %s not in the local Maven repository (.ci/run fetches testing/maven-traced.txt)", m)
			}
			res := traceAndCheck(t, agent, p, r, librarySummaries(t, p, jdk), r.entries, jdkWarm)
			checkInstrumentedReceivers(t, p, r, res)
		})
	}
}

// javacExports opens the compiler's internal packages that Google Java
// Format uses (as its documentation tells users to).
var javacExports = func() []string {
	var flags []string
	for _, p := range []string{"api", "code", "file", "parser", "tree", "util"} {
		flags = append(flags, "--add-exports=jdk.compiler/com.sun.tools.javac."+p+"=ALL-UNNAMED")
	}
	return flags
}()

var mavenRuns = []tracedRun{
	{name: "google-java-format", prefixes: []string{"com/google/googlejavaformat/"}, main: "com.google.googlejavaformat.java.Main",
		jvmFlags: javacExports, inputs: []string{"Calc.java"},
		args:    func(dir string) []string { return []string{"-i", filepath.Join(dir, "Calc.java")} },
		outputs: []string{"Calc.java"}, wantFile: "Calc.java", want: "  private static final Map<Character, Op> OPS =\n      new TreeMap<>(\n",
		analyses: []string{"rta", "0cfa", "andersen"}, figures: []string{"0cfa", "andersen"}},
	{name: "antlr4", prefixes: []string{"org/antlr/v4/"}, main: "org.antlr.v4.Tool", inputs: []string{"Calc.g4"},
		args: func(dir string) []string {
			return []string{"-o", filepath.Join(dir, "out"), "-Xexact-output-dir", "-visitor", "-listener", filepath.Join(dir, "Calc.g4")}
		},
		outputs:  []string{"out/CalcParser.java", "out/CalcLexer.java", "out/CalcVisitor.java"},
		wantFile: "out/CalcParser.java", want: "public static class PowContext extends ExprContext",
		entries:  []string{"org/antlr/v4/Tool.main"},
		analyses: []string{"rta", "0cfa", "andersen"}, figures: []string{"rta", "0cfa", "andersen"}},
	{name: "checkstyle", prefixes: []string{"com/puppycrawl/tools/checkstyle/"}, main: "com.puppycrawl.tools.checkstyle.Main",
		inputs: []string{"Calc.java"},
		args: func(dir string) []string {
			return []string{"-c", "/google_checks.xml", filepath.Join(dir, "Calc.java")}
		},
		want:     "[NeedBraces]",
		entries:  []string{"com/puppycrawl/tools/checkstyle/Main.main"},
		analyses: []string{"rta", "0cfa", "andersen"}, figures: []string{"rta", "0cfa", "andersen"}},
}

// withReflog returns the run of mavenRuns named name, tracing also its
// reflection log for the analyses (tracedRun.reflog), with figures.
func withReflog(name string, figures ...string) tracedRun {
	for _, r := range mavenRuns {
		if r.name == name {
			r.reflog, r.figures = true, figures
			return r
		}
	}
	panic("no run " + name)
}

// mavenTraced reads testing/maven-traced.txt: for each "app NAME" line,
// the jars of the lines after it (the application's own first), and per
// application the first of them the local Maven repository lacks.
func mavenTraced(t *testing.T) (map[string]program, map[string]string) {
	t.Helper()
	f, err := os.Open("../maven-traced.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	apps, missing := map[string]program{}, map[string]string{}
	name := ""
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "app "):
			name = strings.TrimSpace(strings.TrimPrefix(line, "app "))
			apps[name] = program{name: name}
		case name == "":
			t.Fatalf("maven-traced.txt: %q before the first app line", line)
		default:
			jar := mavenJar(line)
			if _, err := os.Stat(jar); err != nil && missing[name] == "" {
				missing[name] = line
			}
			p := apps[name]
			if p.client == "" {
				p.client = jar
			} else {
				p.libs = append(p.libs, jar)
			}
			apps[name] = p
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return apps, missing
}
