package oracle

import (
	"path/filepath"
	"testing"
)

// TestSoundnessDebianApps is TestSoundnessAgainstExecution on more of
// Debian's Java programs, with their libraries summarised in layers and the
// JDK's summary and warm start: the Jasmin assembler (on CUP's runtime),
// the ANTLR 2 parser generator, the Rhino JavaScript shell (interpreted:
// -opt -1, so it defines no classes at run time), the Xalan XSLT processor
// (on its serializer, Xerces and xml-apis, whose javax.xml and org.w3c.dom
// classes the JVM takes from the JDK's java.xml module instead:
// hierarchy.Runtime) and the BeanShell interpreter.
//
// ANTLR makes its code generator by reflection, and Rhino, Xalan and
// BeanShell make objects and call methods by reflection (Rhino's and
// BeanShell's Java objects, Xalan's factories, through ServiceLoader with
// a service class the models cannot follow): the analyses miss what follows
// unless told (their misses are counted: figures). With the reflection log
// the tracer writes of the run ("+reflog"), none of the three analyses may
// miss an edge. The runs found two gaps, now closed: methods of
// reflection's objects returned nothing (their names and parameter types
// are the JVM's: pointsto's jvmFields), and a library's copies of the
// JDK's classes replaced the JDK's.
func TestSoundnessDebianApps(t *testing.T) {
	agent := buildAgent(t)
	jdk := jdkSummary(t)
	for _, r := range debianRuns {
		runs := []tracedRun{r}
		if len(r.figures) > 0 {
			withLog := r
			withLog.reflog, withLog.figures = true, nil
			runs = append(runs, withLog)
		}
		for _, r := range runs {
			name := r.name
			if r.reflog {
				name += "+reflog"
			}
			t.Run(name, func(t *testing.T) {
				p := debianPrograms[r.name]
				traceAndCheck(t, agent, p, r, librarySummaries(t, p, jdk), r.entries, jdkWarm)
			})
		}
	}
}

var debianPrograms = map[string]program{
	"jasmin": {"jasmin", "/usr/share/java/jasmin-sable.jar", []string{"/usr/share/java/cup_runtime.jar"}},
	"antlr2": {"antlr2", "/usr/share/java/antlr.jar", nil},
	"rhino":  {"rhino", "/usr/share/java/js.jar", nil},
	"xalan": {"xalan", "/usr/share/java/xalan2.jar", []string{"/usr/share/java/serializer.jar",
		"/usr/share/java/xercesImpl.jar", "/usr/share/java/xml-apis-1.4.01.jar"}},
	"bsh": {"bsh", "/usr/share/java/bsh.jar", nil},
}

var all3 = []string{"rta", "0cfa", "andersen"}

var debianRuns = []tracedRun{
	{name: "jasmin", prefixes: []string{"jasmin/"}, main: "jasmin.Main", inputs: []string{"Calc.j"},
		args:     func(dir string) []string { return []string{"-d", dir, filepath.Join(dir, "Calc.j")} },
		outputs:  []string{"Calc.class"}, // it prints nothing
		entries:  []string{"jasmin/Main.main"},
		analyses: all3},
	{name: "antlr2", prefixes: []string{"antlr/"}, main: "antlr.Tool", inputs: []string{"calc.g"},
		args: func(dir string) []string {
			return []string{"-o", filepath.Join(dir, "out"), filepath.Join(dir, "calc.g")}
		},
		outputs: []string{"out/CalcParser.java", "out/CalcLexer.java"}, want: "ANTLR Parser Generator",
		entries:  []string{"antlr/Tool.main"},
		analyses: all3, figures: all3},
	{name: "rhino", prefixes: []string{"org/mozilla/javascript/"}, main: "org.mozilla.javascript.tools.shell.Main",
		inputs:   []string{"calc.js"},
		args:     func(dir string) []string { return []string{"-opt", "-1", filepath.Join(dir, "calc.js")} },
		want:     `result 35 2 {"a":[1,2,{"b":"c"}]}`,
		entries:  []string{"org/mozilla/javascript/tools/shell/Main.main"},
		analyses: all3, figures: all3},
	{name: "xalan", prefixes: []string{"org/apache/xalan/", "org/apache/xpath/"}, main: "org.apache.xalan.xslt.Process",
		inputs: []string{"calc.xml", "calc.xsl"},
		args: func(dir string) []string {
			return []string{"-IN", filepath.Join(dir, "calc.xml"), "-XSL", filepath.Join(dir, "calc.xsl")}
		},
		want:     "mul: 30",
		entries:  []string{"org/apache/xalan/xslt/Process.main"},
		analyses: all3, figures: all3},
	{name: "bsh", prefixes: []string{"bsh/"}, main: "bsh.Interpreter", inputs: []string{"calc.bsh"},
		args:     func(dir string) []string { return []string{filepath.Join(dir, "calc.bsh")} },
		want:     "result 0 3 8 15 24",
		entries:  []string{"bsh/Interpreter.main"},
		analyses: all3, figures: all3},
}
