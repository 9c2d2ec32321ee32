package oracle

import (
	"archive/zip"
	"bytes"
	"cmp"
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	linker "github.com/rules-fragment/rules_fragment/linker/app"
	cf "github.com/rules-fragment/rules_fragment/tools/classfile"
	"github.com/rules-fragment/rules_fragment/tools/coverage"
	"github.com/rules-fragment/rules_fragment/tools/report"
)

// TestSoundnessAgainstExecution runs real programs on real inputs under a
// JVMTI call tracer (tools/tracer/calltrace.c) and checks the call
// graphs computed for them (client jar + library and JDK 17 summaries)
// against what the JVM did:
//
//   - every observed call edge whose caller is client code (a class of the
//     client jar) must be an edge of the graph: the caller is reachable, it
//     has a call site whose id is the caller frame's bytecode index, and the
//     entered method is among the site's targets (TM);
//   - every client method the JDK or a library called (callbacks such as
//     hashCode, equals, compareTo, run) must be reachable, and so must
//     every client class initialiser the JVM ran;
//   - at a virtual or interface call site so checked, every receiver class
//     the tracer saw (it samples each edge's receivers: the first 8 calls,
//     then the 16th, 32nd, …) must be among the site's receiver classes
//     (RC); a hidden lambda class is matched by its host, as below.
//
// The inputs are the specifications in testing/corpus/tracer (one small
// calculator language written for each generator); the programs' outputs
// go to a temporary directory and are checked to exist.
//
// Observed edges that are not calls made by the bytecode at the caller's
// bytecode index, and so have no call site to check, are counted per kind,
// listed in the log, and accepted:
//
//   - "class initialisation": the callee is the <clinit> of a JDK or
//     library class, run by the JVM when an instruction first uses the
//     class (JVMS §5.5), not called, and out of the reported scope;
//   - "JVM call at a non-call instruction": the caller frame's instruction
//     is not an invoke (new, getstatic, ldc, anewarray, checkcast, aaload,
//     …): the JVM loading a class through ClassLoader.loadClass or
//     constructing an exception it throws (NullPointerException, …);
//   - "JVM call at a call instruction": the entered method has another name
//     or descriptor than the invoke's method reference: the JVM loading the
//     referenced class while resolving it, or constructing the exception
//     the instruction throws;
//   - "invokedynamic": the JVM linking the call site (loading the
//     bootstrap method's class through ClassLoader.loadClass,
//     MethodHandleNatives.linkCallSite) and then entering the LambdaForm of
//     its target (java/lang/invoke/LambdaForm$MH.0x…); the IR lowers these
//     sites (string concatenation, lambdas), and the calls they make
//     (toString() of a concatenation's arguments, a lambda's constructor)
//     come from JDK frames;
//   - "method handle invocation": a signature-polymorphic invoke
//     (MethodHandle.invokeExact, …) entering a LambdaForm;
//   - "native caller": the caller frame is a native method (bci -1);
//   - "reflection": a client method entered from reflection or method
//     handle machinery (jdk/internal/reflect, java/lang/reflect,
//     java/lang/invoke, hidden classes) that the analysis does not reach,
//     except serialization's callbacks (serialCallback), which the
//     analyses model and so must reach;
//   - "after reflection": a call from a client method the analysis does
//     not reach and the run entered only through reflection, directly or
//     from other such methods (afterReflection): a tree walker's rules
//     called by name.
//
// Lambdas: the JVM's lambda classes are hidden classes named
// Host$$Lambda$N.0x… (JVMTI writes the hidden class's '/' as '.'); the IR
// names them Host$$Lambda$I$S (tools/ir). A call entering a method of a
// hidden lambda class is accepted when the site has a target of the same
// name and descriptor in one of Host's lambda classes ("lambda (by name)"),
// and a call from a hidden lambda class is checked against the sites of
// Host's lambda classes' methods of that name and descriptor, except the
// JVM's lambda constructor entering Object.<init> ("lambda class
// constructor": the IR's lambda classes have no constructor, their
// allocation stores the captured values). None of the five Debian programs
// uses lambdas; TestSoundnessLambdaNames tests the matching and
// TestSoundnessMavenApps runs programs that do.
//
// Anything else fails the test, naming the edge; so does a run observing
// fewer than 50 edges from client code (the tracer must work). Needs gcc,
// the JDK 17 java and jvmti.h; skips otherwise. Every program is checked
// with RTA, 0-CFA_f and AND_f (one subtest each); figures and the gaps
// found are in testing/tracer/README.md.
func TestSoundnessAgainstExecution(t *testing.T) {
	agent := buildAgent(t)
	jdk := jdkSummary(t)
	for _, r := range tracedRuns {
		t.Run(r.name, func(t *testing.T) {
			p := programNamed(t, r.name)
			res := traceAndCheck(t, agent, p, r, librarySummaries(t, p, jdk), entries(p.name), "")
			checkInstrumentedReceivers(t, p, r, res)
		})
	}
}

// traceAndCheck runs r under the tracer and checks each of its analyses
// of p's client with summaries sums (entry points entries, continuing from
// warm start warm if set); it returns the analyses.
func traceAndCheck(t *testing.T, agent string, p program, r tracedRun, sums, entries []string, warm string) *report.Result {
	t.Helper()
	start := time.Now()
	edges, recv, log := traceRun(t, agent, p, r)
	traced := time.Since(start)
	client, err := readClient(p.client)
	if err != nil {
		t.Fatal(err)
	}
	start = time.Now()
	_, release := r.javaHome()
	res, err := linker.Analyze(&linker.Config{Client: []string{p.client}, Summaries: sums, Entries: entries,
		Analyses: r.analyses, Scope: "client", Release: release, Warm: warm, ReflectionLog: log})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s: traced in %.1f s, analysed (%s) in %.1f s", r.name, traced.Seconds(), strings.Join(r.analyses, ", "), time.Since(start).Seconds())
	for _, a := range res.Analyses {
		t.Run(a.Analysis, func(t *testing.T) { checkAnalysis(t, r, edges, recv, client, a) })
	}
	return res
}

// checkAnalysis checks the edges of run r against a: each failure fails t
// (is only logged, for r.figures' analyses); the exceptions and counts are logged,
// and fewer than 50 edges from client code fail t.
func checkAnalysis(t *testing.T, r tracedRun, edges []string, recv map[string][]string, client map[string]*cf.ClassFile, a *report.Analysis) {
	st := checkEdges(edges, recv, client, a)
	failed := t.Errorf
	if slices.Contains(r.figures, a.Analysis) {
		failed = t.Logf
	}
	for _, f := range st.failures {
		failed("%s %s: %s", r.name, a.Analysis, f)
	}
	logExceptions(t, st)
	var kinds []string
	for _, k := range slices.Sorted(maps.Keys(st.exceptions)) {
		kinds = append(kinds, fmt.Sprintf("%s %d", k, st.exceptions[k]))
	}
	t.Logf("COUNT soundness %s %s: %d edges observed (%d from client code, %d into it from elsewhere); %d site edges checked (%d lambda by name), %d receiver classes checked at %d sites, %d callbacks and %d initialisers reachable, %d failures; exceptions: %s",
		r.name, a.Analysis, len(edges), st.fromClient, st.intoClient, st.checked, st.lambda, st.receivers, len(st.receiverSites), st.callbacks, st.initialisers, len(st.failures), strings.Join(kinds, ", "))
	if st.fromClient < 50 {
		t.Errorf("%s: only %d edges from client code observed; is the tracer working?", r.name, st.fromClient)
	}
}

var hiddenSuffix = regexp.MustCompile(`\.0x[0-9a-f]+`)

// logExceptions lists the accepted edges by kind and callee (hidden
// classes' addresses elided), with a count and an example each.
func logExceptions(t *testing.T, st *soundness) {
	type group struct{ kind, callee string }
	count := map[group]int{}
	example := map[group]string{}
	for _, e := range st.excepted {
		g := group{e.kind, hiddenSuffix.ReplaceAllString(e.edge.callee.key(), ".0x…")}
		if count[g]++; count[g] == 1 {
			example[g] = e.line
		}
	}
	groups := slices.SortedFunc(maps.Keys(count), func(a, b group) int {
		return cmp.Or(cmp.Compare(a.kind, b.kind), cmp.Compare(a.callee, b.callee))
	})
	for _, g := range groups {
		t.Logf("exception %s: %d× %s (e.g. %s)", g.kind, count[g], g.callee, example[g])
	}
}

// tracedRun is a program of programs run on an input of testing/corpus/tracer.
type tracedRun struct {
	name     string   // as in programs
	prefixes []string // the client's packages, for the tracer
	main     string   // main class
	inputs   []string // files of testing/corpus/tracer, copied to the run's directory
	// args are the program's arguments; dir is the run's directory,
	// holding the inputs.
	args func(dir string) []string
	// outputs must exist after the run (relative to dir); want must occur
	// in the program's output, or in file wantFile (relative to dir).
	outputs  []string
	want     string
	wantFile string
	jvmFlags []string // before the agent's
	entries  []string // the analyses' entry points (default: entries(name))
	analyses []string
	// figures are the analyses whose failures are counted and listed, not
	// failed on (TestSoundnessMavenApps' programs that construct and call
	// by reflection, which the analyses do not model).
	figures []string
	// reflog: the tracer also writes the run's reflection log, and the
	// analyses resolve reflective calls with it (linker -reflection-log).
	reflog bool
	// jdk is the JDK home that runs the program, release its Java release
	// (default: JDK 17).
	jdk     string
	release int
}

// javaHome is the JDK home that runs r, and its release.
func (r tracedRun) javaHome() (string, int) {
	if r.jdk == "" {
		return jdk17, 17
	}
	return r.jdk, r.release
}

var tracedRuns = []tracedRun{
	{name: "jlex", prefixes: []string{"JLex/"}, main: "JLex.Main", inputs: []string{"calc.lex"},
		args:    func(dir string) []string { return []string{filepath.Join(dir, "calc.lex")} },
		outputs: []string{"calc.lex.java"}, want: "Outputting lexical analyzer code",
		analyses: []string{"rta", "0cfa", "andersen"}},
	{name: "cup", prefixes: []string{"java_cup/"}, main: "java_cup.Main", inputs: []string{"calc.cup"},
		args: func(dir string) []string {
			return []string{"-destdir", dir, "-parser", "CalcParser", "-symbols", "sym", "-interface", filepath.Join(dir, "calc.cup")}
		},
		outputs: []string{"CalcParser.java", "sym.java"}, want: "0 errors and 0 warnings",
		analyses: []string{"rta", "0cfa", "andersen"}},
	{name: "javacc", prefixes: []string{"org/javacc/"}, main: "org.javacc.parser.Main", inputs: []string{"calc.jj"},
		args:    func(dir string) []string { return []string{"-OUTPUT_DIRECTORY=" + dir, filepath.Join(dir, "calc.jj")} },
		outputs: []string{"CalcParser.java", "CalcParserTokenManager.java"}, want: "Parser generated successfully",
		analyses: []string{"rta", "0cfa", "andersen"}},
	{name: "sablecc", prefixes: []string{"org/sablecc/"}, main: "org.sablecc.sablecc.SableCC", inputs: []string{"calc.sablecc"},
		args:    func(dir string) []string { return []string{"-d", dir, filepath.Join(dir, "calc.sablecc")} },
		outputs: []string{"calc/parser/Parser.java", "calc/lexer/Lexer.java"}, want: "Generating the parser",
		analyses: []string{"rta", "0cfa", "andersen"}},
	{name: "jflex", prefixes: []string{"jflex/"}, main: "jflex.Main", inputs: []string{"calc.flex"},
		args:    func(dir string) []string { return []string{"-d", dir, "--nobak", filepath.Join(dir, "calc.flex")} },
		outputs: []string{"CalcLexer.java"}, want: "states in minimized DFA",
		analyses: []string{"rta", "0cfa", "andersen"}},
}

func programNamed(t *testing.T, name string) program {
	for _, p := range programs {
		if p.name == name {
			return p
		}
	}
	t.Fatalf("no program %q", name)
	return program{}
}

var (
	agentPath string
	agentErr  error
)

// buildAgent compiles the tracer once per test binary.
func buildAgent(t *testing.T) string {
	t.Helper()
	for _, f := range []string{filepath.Join(jdk17, "bin", "java"), filepath.Join(jdk17, "include", "jvmti.h")} {
		if _, err := os.Stat(f); err != nil {
			t.Skipf("SKIP: %s missing (JDK 17 with headers needed for the JVMTI tracer)", f)
		}
	}
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("SKIP: gcc not found (needed to build the JVMTI tracer; .ci/run installs it)")
	}
	if agentPath == "" && agentErr == nil {
		so := filepath.Join(tmp, "libcalltrace.so")
		cmd := exec.Command("gcc", "-shared", "-fPIC", "-O2", "-Wall", "-Werror",
			"-I"+filepath.Join(jdk17, "include"), "-I"+filepath.Join(jdk17, "include", "linux"),
			"-o", so, "../../tools/tracer/calltrace.c")
		if out, err := cmd.CombinedOutput(); err != nil {
			agentErr = fmt.Errorf("gcc: %v\n%s", err, out)
		} else {
			agentPath = so
		}
	}
	if agentErr != nil {
		t.Fatal(agentErr)
	}
	return agentPath
}

// traceRun runs r under the tracer and returns the observed edges, the
// receiver classes seen on them (by edge line) and, with r.reflog, the path
// of the run's reflection log; it fails the test unless the program
// succeeded.
func traceRun(t *testing.T, agent string, p program, r tracedRun) (edges []string, recv map[string][]string, log string) {
	t.Helper()
	edgesFile := filepath.Join(t.TempDir(), "edges.txt")
	recvFile := filepath.Join(t.TempDir(), "recv.txt")
	opts := "out=" + edgesFile + ",recv=" + recvFile
	for _, pre := range r.prefixes {
		opts += ",prefix=" + pre
	}
	if r.reflog {
		log = filepath.Join(t.TempDir(), "refl.log")
		opts += ",reflog=" + log
	}
	runProgram(t, p, r, []string{"-agentpath:" + agent + "=" + opts}, nil)
	b, err := os.ReadFile(edgesFile)
	if err != nil {
		t.Fatalf("%s: the tracer wrote no edges: %v", r.name, err)
	}
	if log != "" {
		if _, err := os.Stat(log); err != nil {
			t.Fatalf("%s: the tracer wrote no reflection log: %v", r.name, err)
		}
	}
	rb, err := os.ReadFile(recvFile)
	if err != nil {
		t.Fatalf("%s: the tracer wrote no receivers: %v", r.name, err)
	}
	recv = map[string][]string{}
	for _, l := range strings.Split(strings.TrimSuffix(string(rb), "\n"), "\n") {
		if e, c, ok := strings.Cut(l, " on "); ok {
			recv[e] = append(recv[e], c)
		}
	}
	return strings.Split(strings.TrimSuffix(string(b), "\n"), "\n"), recv, log
}

// runProgram runs r with JVM flags (after r's) and the class path entries
// before p's, and fails the test unless the program succeeded.
func runProgram(t *testing.T, p program, r tracedRun, flags, before []string) {
	t.Helper()
	dir := t.TempDir()
	for _, in := range r.inputs {
		b, err := os.ReadFile(filepath.Join("../corpus/tracer", in))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, in), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cp := strings.Join(slices.Concat(before, []string{p.client}, p.libs), ":")
	args := append(slices.Concat(r.jvmFlags, flags, []string{"-cp", cp, r.main}), r.args(dir)...)
	home, _ := r.javaHome()
	cmd := exec.CommandContext(ctx, filepath.Join(home, "bin", "java"), args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s: %v\n%s", r.name, err, out)
	}
	if r.wantFile != "" {
		b, err := os.ReadFile(filepath.Join(dir, r.wantFile))
		if err != nil || !bytes.Contains(b, []byte(r.want)) {
			t.Fatalf("%s: %s lacks %q (%v):\n%s\n%s", r.name, r.wantFile, r.want, err, b, out)
		}
	} else if !bytes.Contains(out, []byte(r.want)) {
		t.Fatalf("%s: output lacks %q:\n%s", r.name, r.want, out)
	}
	for _, o := range r.outputs {
		if fi, err := os.Stat(filepath.Join(dir, o)); err != nil || fi.Size() == 0 {
			t.Fatalf("%s: no output %s (%v):\n%s", r.name, o, err, out)
		}
	}
}

// readClient returns the classes of a client jar by name.
func readClient(jar string) (map[string]*cf.ClassFile, error) {
	z, err := zip.OpenReader(jar)
	if err != nil {
		return nil, err
	}
	defer z.Close()
	classes := map[string]*cf.ClassFile{}
	for _, f := range z.File {
		if !strings.HasSuffix(f.Name, ".class") || strings.HasPrefix(f.Name, "META-INF/") {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			return nil, err
		}
		b, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			return nil, err
		}
		c, err := cf.Parse(b)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", f.Name, err)
		}
		classes[c.Name] = c
	}
	return classes, nil
}

// methodRef is a method as the tracer and the report name it.
type methodRef struct {
	class, name, desc string
}

func (m methodRef) key() string { return m.class + "." + m.name + m.desc }

// parseMethod splits "pkg/C.name(desc)"; class names may contain '.' (a
// hidden class's suffix), method names may not.
func parseMethod(s string) (methodRef, bool) {
	class, m, ok := report.SplitKey(s)
	p := strings.IndexByte(m, '(')
	return methodRef{class, m[:max(p, 0)], m[max(p, 0):]}, ok
}

// edge is an observed call: caller method, caller frame's bytecode index, callee.
type edge struct {
	caller methodRef
	bci    int
	callee methodRef
}

func parseEdge(line string) (edge, bool) {
	from, to, ok := strings.Cut(line, " -> ")
	at := strings.LastIndexByte(from, '@')
	if !ok || at < 0 {
		return edge{}, false
	}
	bci, err := strconv.Atoi(from[at+1:])
	caller, ok1 := parseMethod(from[:at])
	callee, ok2 := parseMethod(to)
	return edge{caller, bci, callee}, err == nil && ok1 && ok2
}

// lambdaHost and hiddenClass name lambda and hidden classes as package
// coverage does.
var lambdaHost, hiddenClass = coverage.LambdaHost, coverage.Hidden

type soundness struct {
	fromClient, intoClient int
	checked, lambda        int
	receivers              int             // receiver classes checked against RC
	receiverSites          map[string]bool // the sites they were seen at
	callbacks              int
	initialisers           int            // client class initialisers reachable
	exceptions             map[string]int // by kind
	excepted               []excepted
	failures               []string
}

// excepted is an accepted edge and the kind of its exception.
type excepted struct {
	kind, line string
	edge       edge
}

// checkEdges checks the observed edges (tracer lines) and the receiver
// classes seen on them (by line; nil for none) against a.
func checkEdges(lines []string, recv map[string][]string, client map[string]*cf.ClassFile, a *report.Analysis) *soundness {
	st := &soundness{exceptions: map[string]int{}, receiverSites: map[string]bool{}}
	methods := map[string]*report.Method{}
	lambdaMethods := map[string][]*report.Method{} // by host class
	for _, m := range a.Methods {
		methods[m.Method] = m
		if r, ok := parseMethod(m.Method); ok && lambdaHost(r.class) != "" {
			lambdaMethods[lambdaHost(r.class)] = append(lambdaMethods[lambdaHost(r.class)], m)
		}
	}
	after := afterReflection(lines, client)
	var e edge
	except := func(kind, line string) {
		st.exceptions[kind]++
		st.excepted = append(st.excepted, excepted{kind, line, e})
	}
	fail := func(format string, args ...any) {
		st.failures = append(st.failures, fmt.Sprintf(format, args...))
	}
	for _, line := range lines {
		var ok bool
		if e, ok = parseEdge(line); !ok {
			fail("unreadable tracer line %q", line)
			continue
		}
		callerClient := client[e.caller.class] != nil
		callerLambda := hiddenClass(e.caller.class) && client[lambdaHost(e.caller.class)] != nil
		if callerClient || callerLambda {
			st.fromClient++
		} else {
			st.intoClient++
		}
		switch {
		case e.callee.name == "<clinit>":
			// Initialisation (JVMS §5.5), not a call: a client class's
			// initialiser must be reachable; the JDK's are out of scope.
			switch {
			case methods[e.callee.key()] != nil:
				st.initialisers++
			case client[e.callee.class] == nil:
				except("class initialisation", line)
			default:
				fail("edge %s: the class initialiser %s is not reachable", line, e.callee.key())
			}
		case callerClient:
			checkClientCall(st, e, line, recv[line], client, methods, after, except, fail)
		case callerLambda && e.caller.name == "<init>" && e.callee.key() == "java/lang/Object.<init>()V":
			// The JVM's lambda class has a constructor storing the
			// captured values; the IR stores them at the allocation.
			except("lambda class constructor", line)
		case callerLambda:
			// The IR's lambda methods of the same host, name and
			// descriptor must have a site calling the callee.
			found := false
			for _, m := range lambdaMethods[lambdaHost(e.caller.class)] {
				r, _ := parseMethod(m.Method)
				if r.name == e.caller.name && r.desc == e.caller.desc && siteCalls(m, e.callee) {
					found = true
				}
			}
			if found {
				st.checked++
				st.lambda++
			} else {
				fail("edge %s: no method %s%s of a lambda class of %s calls %s", line, e.caller.name, e.caller.desc, lambdaHost(e.caller.class), e.callee.key())
			}
		case client[e.callee.class] != nil:
			// A callback into client code: the callee must be reachable.
			switch {
			case methods[e.callee.key()] != nil:
				st.callbacks++
			case reflective(e.caller.class) && serialCallback(e.callee):
				fail("edge %s: serialization's callback %s is not reachable", line, e.callee.key())
			case reflective(e.caller.class):
				except("reflection", line)
			default:
				fail("edge %s: the client method %s is not reachable", line, e.callee.key())
			}
		}
	}
	return st
}

// afterReflection returns the client methods that the run entered only
// through reflection: every observed call into them comes from reflection
// or method handle machinery (reflective) or from such methods. It is the
// greatest such set, so methods calling each other after one reflective
// entry belong to it; main (called by the launcher, no observed caller)
// and what it calls do not.
func afterReflection(lines []string, client map[string]*cf.ClassFile) map[string]bool {
	callers := map[string][]string{}
	for _, l := range lines {
		if e, ok := parseEdge(l); ok && client[e.callee.class] != nil && e.callee.name != "<clinit>" {
			callers[e.callee.key()] = append(callers[e.callee.key()], e.caller.class+"."+e.caller.name+e.caller.desc)
		}
	}
	set := map[string]bool{}
	for m := range callers {
		set[m] = true
	}
	for changed := true; changed; {
		changed = false
		for m := range set {
			for _, c := range callers[m] {
				r, _ := parseMethod(c)
				if !reflective(r.class) && !set[c] {
					delete(set, m)
					changed = true
					break
				}
			}
		}
	}
	return set
}

// reflective reports whether class is reflection or method handle
// machinery: also a hidden class, unless it is a lambda class, whose
// calls the IR's lambda classes model.
func reflective(class string) bool {
	for _, p := range []string{"jdk/internal/reflect/", "java/lang/reflect/", "java/lang/invoke/"} {
		if strings.HasPrefix(class, p) {
			return true
		}
	}
	return hiddenClass(class) && lambdaHost(class) == ""
}

// serialCallback reports whether m is one of the methods serialization
// calls through reflection (pointsto/serial.go and reach/serial.go model
// them, so they must be reachable).
func serialCallback(m methodRef) bool {
	switch m.name + m.desc {
	case "writeObject(Ljava/io/ObjectOutputStream;)V", "readObject(Ljava/io/ObjectInputStream;)V",
		"readObjectNoData()V", "writeReplace()Ljava/lang/Object;", "readResolve()Ljava/lang/Object;":
		return true
	}
	return false
}

// proxyClass reports whether class is one the JVM generates for dynamic
// proxies ($ProxyN, in the interfaces' package or jdk/proxyN).
func proxyClass(class string) bool {
	return strings.HasPrefix(class[strings.LastIndexByte(class, '/')+1:], "$Proxy")
}

// isInvoke reports whether method key k is an InvocationHandler's invoke.
func isInvoke(k string) bool {
	return strings.HasSuffix(k, ".invoke(Ljava/lang/Object;Ljava/lang/reflect/Method;[Ljava/lang/Object;)Ljava/lang/Object;")
}

// checkClientCall checks an edge from a method of a client class.
func checkClientCall(st *soundness, e edge, line string, recv []string, client map[string]*cf.ClassFile, methods map[string]*report.Method,
	after map[string]bool, except func(kind, line string), fail func(string, ...any)) {
	c := client[e.caller.class]
	if e.bci < 0 {
		except("native caller", line)
		return
	}
	var code []byte
	for _, m := range c.Methods {
		if m.Name == e.caller.name && m.Desc == e.caller.desc && m.Code != nil {
			code = m.Code.Bytecode
		}
	}
	if e.bci >= len(code) {
		fail("edge %s: %s has no bytecode at %d", line, e.caller.key(), e.bci)
		return
	}
	switch op := code[e.bci]; op {
	case cf.Invokevirtual, cf.Invokespecial, cf.Invokestatic, cf.Invokeinterface:
		if e.bci+3 > len(code) {
			fail("edge %s: truncated invoke", line)
			return
		}
		ref, err := c.Pool.Member(binary.BigEndian.Uint16(code[e.bci+1:]))
		if err != nil {
			fail("edge %s: %v", line, err)
			return
		}
		if ref.Name != e.callee.name || ref.Desc != e.callee.desc || (op == cf.Invokestatic || op == cf.Invokespecial) && !onSupertypes(client, ref.Class, e.callee.class) {
			if ref.Class == "java/lang/invoke/MethodHandle" || ref.Class == "java/lang/invoke/VarHandle" {
				except("method handle invocation", line)
			} else {
				except("JVM call at a call instruction", line)
			}
			return
		}
	case cf.Invokedynamic:
		// The JVM links the site, then enters its target's LambdaForm.
		except("invokedynamic", line)
		return
	default:
		except("JVM call at a non-call instruction ("+cf.OpcodeName(op)+")", line)
		return
	}
	m := methods[e.caller.key()]
	switch {
	case m == nil && after[e.caller.key()]:
		except("after reflection", line)
		return
	case m == nil:
		fail("edge %s: the caller %s is not reachable", line, e.caller.key())
		return
	}
	var site *report.Site
	for _, s := range m.Sites {
		if int(s.Site) == e.bci {
			site = s
		}
	}
	switch {
	case site == nil:
		fail("edge %s: %s has no call site %d", line, e.caller.key(), e.bci)
	case slices.Contains(site.TM, e.callee.key()):
		st.checked++
		checkReceivers(st, line, e.caller.key(), site, recv, except, fail)
	case proxyClass(e.callee.class) && slices.ContainsFunc(site.TM, isInvoke):
		st.checked++ // the points-to analyses' model (pointsto/proxy.go)
	case proxyClass(e.callee.class):
		// The class analyses do not know which calls reach proxies; the
		// proxy's call of invoke is checked as a callback.
		except("call on a dynamic proxy", line)
	case hiddenClass(e.callee.class) && lambdaTarget(site.TM, e.callee):
		st.checked++
		st.lambda++
		checkReceivers(st, line, e.caller.key(), site, recv, except, fail)
	default:
		fail("edge %s: site %d (%s %s) has targets %q", line, e.bci, site.Kind, site.Ref, site.TM)
	}
}

// onSupertypes reports whether a static or special call of a method of
// class ref may enter a method of class callee: callee is ref or one of
// its supertypes, or one of these is not the client's (other than
// java/lang/Object), so that it is not known. A call that resolves
// elsewhere is the JVM's (loading ref's class enters
// ClassLoader.loadClass(String), a method of the same name and descriptor
// as antlr.Utils.loadClass).
func onSupertypes(client map[string]*cf.ClassFile, ref, callee string) bool {
	if ref == callee {
		return true
	}
	f := client[ref]
	if f == nil {
		return ref != "java/lang/Object"
	}
	for _, s := range f.Interfaces {
		if onSupertypes(client, s, callee) {
			return true
		}
	}
	return f.Super != "" && onSupertypes(client, f.Super, callee)
}

// checkReceivers checks the receiver classes seen on an edge to site of
// caller against the site's receiver classes (RC); static and special
// calls do not dispatch and have none.
func checkReceivers(st *soundness, line, caller string, site *report.Site, classes []string, except func(kind, line string), fail func(string, ...any)) {
	if site.Kind != "virtual" && site.Kind != "interface" {
		return
	}
	for _, c := range classes {
		switch {
		case slices.Contains(site.RC, c),
			hiddenClass(c) && lambdaHost(c) != "" && slices.ContainsFunc(site.RC, func(r string) bool { return lambdaHost(r) == lambdaHost(c) }):
			st.receivers++
			st.receiverSites[fmt.Sprintf("%s@%d", caller, site.Site)] = true
		case proxyClass(c):
			except("receiver is a dynamic proxy", line+" on "+c)
		default:
			fail("edge %s: the receiver class %s is not among the %d receiver classes of site %d (%s %s)", line, c, len(site.RC), site.Site, site.Kind, site.Ref)
		}
	}
}

// lambdaTarget reports whether tm has a method of callee's name and
// descriptor in a lambda class of the hidden class's host.
func lambdaTarget(tm []string, callee methodRef) bool {
	host := lambdaHost(callee.class)
	if host == "" {
		return false
	}
	for _, k := range tm {
		if r, ok := parseMethod(k); ok && lambdaHost(r.class) == host && r.name == callee.name && r.desc == callee.desc {
			return true
		}
	}
	return false
}

// siteCalls reports whether a site of m has callee among its targets.
func siteCalls(m *report.Method, callee methodRef) bool {
	for _, s := range m.Sites {
		if slices.Contains(s.TM, callee.key()) || (hiddenClass(callee.class) && lambdaTarget(s.TM, callee)) {
			return true
		}
	}
	return false
}

// TestSoundnessLambdaNames: the JVM's hidden lambda classes are matched
// with the IR's lambda classes of the same host by method name and
// descriptor, in both directions.
func TestSoundnessLambdaNames(t *testing.T) {
	client := map[string]*cf.ClassFile{"p/Host": {Name: "p/Host"}}
	a := &report.Analysis{Methods: []*report.Method{
		{Method: "p/Host$$Lambda$3$12.run()V", Sites: []*report.Site{{Site: 5, TM: []string{"p/Host.lambda$main$0()V"}}}},
	}}
	ok := []string{"p/Host$$Lambda$14.0x0000000800c0b000.run()V@5 -> p/Host.lambda$main$0()V"}
	bad := []string{
		"p/Host$$Lambda$14.0x0000000800c0b000.run()V@5 -> p/Host.other()V",
		"p/Host$$Lambda$14.0x0000000800c0b000.call()V@5 -> p/Host.lambda$main$0()V",
	}
	if st := checkEdges(ok, nil, client, a); len(st.failures) != 0 || st.lambda != 1 {
		t.Errorf("lambda caller: %+v", st)
	}
	for _, l := range bad {
		if st := checkEdges([]string{l}, nil, client, a); len(st.failures) != 1 {
			t.Errorf("%s: accepted (%+v)", l, st)
		}
	}
	if !lambdaTarget([]string{"p/Host$$Lambda$3$12.run()V"}, methodRef{"p/Host$$Lambda$14.0x0000000800c0b000", "run", "()V"}) ||
		lambdaTarget([]string{"p/Host$$Lambda$3$12.run()V"}, methodRef{"p/Host$$Lambda$14.0x0000000800c0b000", "call", "()V"}) ||
		lambdaTarget([]string{"q/Host$$Lambda$3$12.run()V"}, methodRef{"p/Host$$Lambda$14.0x0000000800c0b000", "run", "()V"}) {
		t.Error("lambdaTarget")
	}
}

// TestAfterReflection: methods the run entered only through reflection,
// directly or from each other, and not those also called otherwise or
// from a lambda class.
func TestAfterReflection(t *testing.T) {
	client := map[string]*cf.ClassFile{"p/A": {Name: "p/A"}, "p/B": {Name: "p/B"}, "p/C": {Name: "p/C"}, "p/Main": {Name: "p/Main"}}
	invoke := "jdk/internal/reflect/NativeMethodAccessorImpl.invoke0(Ljava/lang/reflect/Method;Ljava/lang/Object;[Ljava/lang/Object;)Ljava/lang/Object;@-1"
	lines := []string{
		invoke + " -> p/A.hook()V",
		"p/A.hook()V@1 -> p/B.helper()V",
		"p/B.helper()V@2 -> p/A.hook()V",
		invoke + " -> p/C.run()V",
		"p/Main.main([Ljava/lang/String;)V@3 -> p/C.run()V",
		"p/C.run()V@1 -> p/B.helper()V",
	}
	if got := slices.Sorted(maps.Keys(afterReflection(lines[:3], client))); !slices.Equal(got, []string{"p/A.hook()V", "p/B.helper()V"}) {
		t.Errorf("reflective cycle: %q", got)
	}
	if got := afterReflection(lines, client); len(got) != 0 {
		t.Errorf("with calls from main: %v, want none", got)
	}
	// A lambda class's calls are modelled, not reflection.
	if got := afterReflection([]string{"p/Main$$Lambda$14.0x0000000800c0b000.run()V@5 -> p/C.run()V"}, client); len(got) != 0 {
		t.Errorf("called from a lambda class: %v, want none", got)
	}
}

// TestCheckReceivers: a receiver class outside the site's RC fails, a
// hidden lambda class matches a lambda class of its host, a proxy is an
// exception, and special calls have no RC to check.
func TestCheckReceivers(t *testing.T) {
	site := &report.Site{Site: 4, Kind: "interface", Ref: "app/Shape.area()D",
		RC: []string{"app/Circle", "app/Main$$Lambda$0$1"}, TM: []string{"app/Circle.area()D"}}
	for _, tc := range []struct {
		kind     string
		classes  []string
		checked  int
		excepted int
		failures int
	}{
		{"interface", []string{"app/Circle"}, 1, 0, 0},
		{"interface", []string{"app/Square"}, 0, 0, 1},
		{"interface", []string{"app/Main$$Lambda$14.0x0000000800c01234"}, 1, 0, 0},
		{"interface", []string{"app/Other$$Lambda$3.0x0000000800c01234"}, 0, 0, 1},
		{"interface", []string{"jdk/proxy1/$Proxy7"}, 0, 1, 0},
		{"special", []string{"app/Square"}, 0, 0, 0},
	} {
		st := &soundness{exceptions: map[string]int{}, receiverSites: map[string]bool{}}
		s := *site
		s.Kind = tc.kind
		var failures []string
		checkReceivers(st, "app/Main.run()V@4 -> app/Circle.area()D", "app/Main.run()V", &s, tc.classes,
			func(kind, line string) { st.exceptions[kind]++ },
			func(f string, args ...any) { failures = append(failures, fmt.Sprintf(f, args...)) })
		if st.receivers != tc.checked || st.exceptions["receiver is a dynamic proxy"] != tc.excepted || len(failures) != tc.failures {
			t.Errorf("%s %v: %d checked, %v excepted, failures %q", tc.kind, tc.classes, st.receivers, st.exceptions, failures)
		}
	}
}

// TestOnSupertypes: a static or special call may enter its reference's
// class or a supertype; a method of an unrelated class (ClassLoader's, as
// the JVM loads the reference's class) is the JVM's, unless a supertype
// outside the client leaves it unknown.
func TestOnSupertypes(t *testing.T) {
	client := map[string]*cf.ClassFile{
		"app/Utils":  {Name: "app/Utils", Super: "app/Base"},
		"app/Base":   {Name: "app/Base", Super: "java/lang/Object", Interfaces: []string{"app/Iface"}},
		"app/Iface":  {Name: "app/Iface", Super: "java/lang/Object"},
		"app/MyList": {Name: "app/MyList", Super: "java/util/AbstractList"},
	}
	for _, tc := range []struct {
		ref, callee string
		want        bool
	}{
		{"app/Utils", "app/Utils", true},
		{"app/Utils", "app/Base", true},
		{"app/Utils", "app/Iface", true},
		{"app/Utils", "java/lang/Object", true},
		{"app/Utils", "java/lang/ClassLoader", false},
		{"app/MyList", "java/util/AbstractCollection", true}, // beyond the client: unknown
	} {
		if got := onSupertypes(client, tc.ref, tc.callee); got != tc.want {
			t.Errorf("onSupertypes(%s, %s) = %v, want %v", tc.ref, tc.callee, got, tc.want)
		}
	}
}
