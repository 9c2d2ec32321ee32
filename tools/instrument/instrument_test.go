package instrument

import (
	"archive/zip"
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rules-fragment/rules_fragment/tools/classfile"
)

// corpus compiles testing/corpus/coverage (a library with callbacks and a
// driver with its own subclasses) and the Recorder into dir, skipping
// without javac.
func corpus(t *testing.T) (lib, test, recorder string) {
	t.Helper()
	if _, err := exec.LookPath("javac"); err != nil {
		t.Skip("SKIP: javac not found")
	}
	dir := t.TempDir()
	lib, test, recorder = filepath.Join(dir, "lib"), filepath.Join(dir, "test"), filepath.Join(dir, "recorder")
	srcs, _ := filepath.Glob("../../testing/corpus/coverage/src/lib/*.java")
	for _, args := range [][]string{
		append([]string{"-d", lib}, srcs...),
		{"-cp", lib, "-d", test, "../../testing/corpus/coverage/test/client/Main.java"},
		{"-d", recorder, "../tracer/recorder/rules_fragment/tracer/Recorder.java"},
	} {
		if b, err := exec.Command("javac", append([]string{"--release", "11"}, args...)...).CombinedOutput(); err != nil {
			t.Fatalf("javac: %v\n%s", err, b)
		}
	}
	return lib, test, recorder
}

// corpusSites are the corpus library's virtual and interface call sites.
var corpusSites = map[string][]Site{
	"lib/Add": {
		{"accept", "(Llib/Visitor;)V", 5, "lib/Node.accept(Llib/Visitor;)V"},
		{"accept", "(Llib/Visitor;)V", 13, "lib/Node.accept(Llib/Visitor;)V"},
		{"accept", "(Llib/Visitor;)V", 18, "lib/Visitor.visitAdd(Llib/Add;)V"},
	},
	"lib/Num":  {{"accept", "(Llib/Visitor;)V", 2, "lib/Visitor.visitNum(Llib/Num;)V"}},
	"lib/Node": {{"name", "()Ljava/lang/String;", 1, "java/lang/Object.getClass()Ljava/lang/Class;"}},
	"lib/Walk": {
		{"walk", "(Llib/Node;Llib/Visitor;)V", 2, "lib/Node.accept(Llib/Visitor;)V"},
		{"walk", "(Llib/Node;Llib/Visitor;)V", 6, "lib/Visitor.done()V"},
		{"describe", "(Llib/Node;)Ljava/lang/String;", 1, "lib/Node.name()Ljava/lang/String;"},
	},
}

// TestInstrumentedRun: the instrumented library, run with the Recorder
// first on the class path, behaves as before (the JVM verifies every
// rewritten class) and records, per site, each receiver class with the
// method the JVM selected for it, and the receivers' supertypes.
func TestInstrumentedRun(t *testing.T) {
	lib, test, recorder := corpus(t)
	var jar bytes.Buffer
	st, err := Jars([]string{zipDir(t, lib)}, corpusSites, &jar)
	if err != nil {
		t.Fatal(err)
	}
	if st.Classes != 4 || st.Sites != 8 || len(st.Skipped) != 0 {
		t.Fatalf("stats %+v", st)
	}
	inst := filepath.Join(t.TempDir(), "inst.jar")
	if err := os.WriteFile(inst, jar.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	trace := t.TempDir()
	out, err := exec.Command("java", "-Xverify:all", "-Drules_fragment.trace="+trace,
		"-cp", strings.Join([]string{inst, recorder, lib, test}, string(os.PathListSeparator)), "client.Main").CombinedOutput()
	if err != nil || string(out) != "3 2 true [1 2 3 + +] [1! 2! 3! + +] Add Neg\n" {
		t.Fatalf("instrumented run: %v\n%s", err, out)
	}
	// The same classes verify and record the same on a JDK 25 runtime.
	if java25 := "/usr/lib/jvm/temurin-25-jdk-amd64/bin/java"; fileExists(java25) {
		trace25 := t.TempDir()
		out, err := exec.Command(java25, "-Xverify:all", "-Drules_fragment.trace="+trace25,
			"-cp", strings.Join([]string{inst, recorder, lib, test}, string(os.PathListSeparator)), "client.Main").CombinedOutput()
		if err != nil || string(out) != "3 2 true [1 2 3 + +] [1! 2! 3! + +] Add Neg\n" {
			t.Errorf("instrumented run on JDK 25: %v\n%s", err, out)
		}
		a, _ := os.ReadFile(filepath.Join(trace, "recv.txt"))
		b, _ := os.ReadFile(filepath.Join(trace25, "recv.txt"))
		if !bytes.Equal(a, b) {
			t.Errorf("JDK 25 recorded\n%s\nJDK 17\n%s", b, a)
		}
	} else {
		t.Logf("SKIP (part): no JDK 25 at %s", java25)
	}
	recv, _ := os.ReadFile(filepath.Join(trace, "recv.txt"))
	for _, want := range []string{
		"lib/Add.accept(Llib/Visitor;)V@13 -> client/Main$Neg.accept(Llib/Visitor;)V on client/Main$Neg",
		"lib/Add.accept(Llib/Visitor;)V@18 -> lib/Printer.visitAdd(Llib/Add;)V on client/Main$LoudPrinter",
		"lib/Num.accept(Llib/Visitor;)V@2 -> client/Main$LoudPrinter.visitNum(Llib/Num;)V on client/Main$LoudPrinter",
		"lib/Walk.walk(Llib/Node;Llib/Visitor;)V@6 -> lib/Visitor.done()V on lib/Printer",
		"lib/Walk.walk(Llib/Node;Llib/Visitor;)V@6 -> client/Main$Counter.done()V on client/Main$Counter",
		"lib/Node.name()Ljava/lang/String;@1 -> java/lang/Object.getClass()Ljava/lang/Class; on client/Main$Neg",
	} {
		if !strings.Contains(string(recv), want+"\n") {
			t.Errorf("recv.txt lacks %q:\n%s", want, recv)
		}
	}
	types, _ := os.ReadFile(filepath.Join(trace, "types.txt"))
	if !strings.Contains(string(types), "client/Main$LoudPrinter < lib/Printer\n") || !strings.Contains(string(types), "lib/Printer < java/lang/Object lib/Visitor\n") {
		t.Errorf("types.txt:\n%s", types)
	}
	edges, _ := os.ReadFile(filepath.Join(trace, "edges.txt"))
	// Receivers of one site selecting one method are one edge.
	if n := strings.Count(string(edges), "\n"); n == 0 || n > strings.Count(string(recv), "\n") ||
		!strings.Contains(string(edges), "lib/Walk.walk(Llib/Node;Llib/Visitor;)V@6 -> lib/Visitor.done()V\n") {
		t.Errorf("edges.txt:\n%s", edges)
	}
}

// TestSkipped: a site whose instruction is not the call the analysis saw
// (another offset, another method) is skipped with the reason, and a class
// without a site left is returned unchanged; the output is deterministic.
func TestSkipped(t *testing.T) {
	lib, _, _ := corpus(t)
	data, err := os.ReadFile(filepath.Join(lib, "lib", "Walk.class"))
	if err != nil {
		t.Fatal(err)
	}
	out, n, skipped, err := Class("Walk.class", data, []Site{
		{"walk", "(Llib/Node;Llib/Visitor;)V", 3, "lib/Node.accept(Llib/Visitor;)V"},
		{"walk", "(Llib/Node;Llib/Visitor;)V", 6, "lib/Visitor.finish()V"},
		{"run", "()V", 0, "lib/Node.accept(Llib/Visitor;)V"},
		{"walk", "(Llib/Node;Llib/Visitor;)V", 900, "lib/Node.accept(Llib/Visitor;)V"},
	}, 0)
	if err != nil || n != 0 || !bytes.Equal(out, data) {
		t.Fatalf("n %d, err %v, changed %v", n, err, !bytes.Equal(out, data))
	}
	want := []string{"@3: opcode", "@6: calls lib/Visitor.done()V, not lib/Visitor.finish()V", "run()V@0: no such method", "@900: offset outside the code"}
	for i, w := range want {
		if i >= len(skipped) || !strings.Contains(skipped[i], w) {
			t.Errorf("skipped %q, want %q", skipped, want)
			break
		}
	}
	a, _, _, _ := Class("Walk.class", data, corpusSites["lib/Walk"], 0)
	b, _, _, _ := Class("Walk.class", data, corpusSites["lib/Walk"], 0)
	if !bytes.Equal(a, b) {
		t.Error("two runs differ")
	}
	c, err := classfile.Parse(a)
	if err != nil {
		t.Fatal(err)
	}
	var bridges []string
	for _, m := range c.Methods {
		if strings.HasPrefix(m.Name, "fragment$site$") {
			bridges = append(bridges, m.Name+m.Desc)
		}
	}
	if !slices.Equal(bridges, []string{"fragment$site$0(Llib/Node;Llib/Visitor;)V", "fragment$site$1(Llib/Visitor;)V", "fragment$site$2(Llib/Node;)Ljava/lang/String;"}) {
		t.Errorf("bridges %q", bridges)
	}
}

// TestBadClass: a class file that does not parse is an error naming it.
func TestBadClass(t *testing.T) {
	if _, _, _, err := Class("x/Y.class", []byte{0xca, 0xfe, 0xba, 0xbe, 0, 0}, corpusSites["lib/Walk"], 0); err == nil || !strings.HasPrefix(err.Error(), "x/Y.class: ") {
		t.Errorf("got %v", err)
	}
}

// FuzzClass: any bytes either fail to parse or are instrumented (or left
// alone) without a panic, and what comes out parses again.
func FuzzClass(f *testing.F) {
	// Seeds: real classes, where Debian's JLex is installed.
	if r, err := zip.OpenReader("/usr/share/java/JLex.jar"); err == nil {
		for i, e := range r.File {
			if rc, err := e.Open(); err == nil && strings.HasSuffix(e.Name, ".class") && i < 12 {
				if b, err := io.ReadAll(rc); err == nil {
					f.Add(b, int32(i))
				}
				rc.Close()
			}
		}
		r.Close()
	}
	f.Add([]byte{0xca, 0xfe, 0xba, 0xbe}, int32(0))
	f.Fuzz(func(t *testing.T, data []byte, bci int32) {
		cf, err := classfile.Parse(data)
		if err != nil {
			return
		}
		// At each method's first invoke from bci on, the call it makes (so
		// that the rewriting runs), else a call it does not make.
		var sites []Site
		for _, m := range cf.Methods {
			if m.Code == nil {
				continue
			}
			bc, at, ref := m.Code.Bytecode, int32(-1), "a/B.m()V"
			for i := max(bci, 0) % int32(len(bc)+1); int(i)+3 <= len(bc); i++ {
				if bc[i] == opInvokevirtual || bc[i] == opInvokeinterface {
					if r, err := cf.Pool.Member(uint16(bc[i+1])<<8 | uint16(bc[i+2])); err == nil {
						at, ref = i, r.Class+"."+r.Name+r.Desc
						break
					}
				}
			}
			sites = append(sites, Site{m.Name, m.Desc, max(at, 0), ref})
		}
		out, _, _, err := Class("fuzz.class", data, sites, 0)
		if err == nil {
			if _, err := classfile.Parse(out); err != nil {
				t.Errorf("instrumented class does not parse: %v", err)
			}
		}
	})
}

// zipDir writes the class files under dir to a jar and returns its path.
func zipDir(t *testing.T, dir string) string {
	t.Helper()
	jar := filepath.Join(t.TempDir(), "lib.jar")
	if b, err := exec.Command("jar", "cf", jar, "-C", dir, ".").CombinedOutput(); err != nil {
		t.Fatalf("jar: %v\n%s", err, b)
	}
	return jar
}

// TestMultiReleaseJar: from a multi-release jar the class is the newest
// version up to Release, as the linker reads it (here the real Walk is
// under versions/11, a base entry and a versions/21 entry are others).
func TestMultiReleaseJar(t *testing.T) {
	lib, _, _ := corpus(t)
	walk, err := os.ReadFile(filepath.Join(lib, "lib", "Walk.class"))
	if err != nil {
		t.Fatal(err)
	}
	num, err := os.ReadFile(filepath.Join(lib, "lib", "Num.class"))
	if err != nil {
		t.Fatal(err)
	}
	jar := filepath.Join(t.TempDir(), "mr.jar")
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for name, data := range map[string][]byte{"lib/Walk.class": num, "META-INF/versions/11/lib/Walk.class": walk, "META-INF/versions/21/lib/Walk.class": num} {
		w, _ := zw.Create(name)
		w.Write(data)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(jar, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	st, err := Jars([]string{jar}, map[string][]Site{"lib/Walk": corpusSites["lib/Walk"]}, &out)
	if err != nil || st.Sites != 3 || len(st.Skipped) != 0 {
		t.Errorf("stats %+v, %v", st, err)
	}
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// TestSelectedDefaultMethod: the Recorder names the method the JVM runs
// for a receiver that inherits a default method along two paths: the most
// specific interface's (B.m, which overrides A.m), whatever the order of
// the class's interfaces.
func TestSelectedDefaultMethod(t *testing.T) {
	_, _, recorder := corpus(t)
	dir := t.TempDir()
	src := `package d;
interface A { default String m() { return "A"; } }
interface B extends A { default String m() { return "B"; } }
class C implements A, B {}
public class Main {
    static String call(A a) { return a.m(); }
    public static void main(String[] args) { System.out.println(call(new C())); }
}
`
	if err := os.MkdirAll(filepath.Join(dir, "src", "d"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "src", "d", "Main.java"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	classes := filepath.Join(dir, "classes")
	if b, err := exec.Command("javac", "--release", "11", "-d", classes, filepath.Join(dir, "src", "d", "Main.java")).CombinedOutput(); err != nil {
		t.Fatalf("javac: %v\n%s", err, b)
	}
	var jar bytes.Buffer
	st, err := Jars([]string{zipDir(t, classes)}, map[string][]Site{"d/Main": {{"call", "(Ld/A;)Ljava/lang/String;", 1, "d/A.m()Ljava/lang/String;"}}}, &jar)
	if err != nil || st.Sites != 1 {
		t.Fatalf("stats %+v, %v", st, err)
	}
	inst := filepath.Join(dir, "inst.jar")
	if err := os.WriteFile(inst, jar.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	trace := filepath.Join(dir, "trace")
	out, err := exec.Command("java", "-Drules_fragment.trace="+trace, "-cp", strings.Join([]string{inst, recorder, classes}, ":"), "d.Main").CombinedOutput()
	if err != nil || string(out) != "B\n" {
		t.Fatalf("run: %v\n%s", err, out)
	}
	recv, _ := os.ReadFile(filepath.Join(trace, "recv.txt"))
	if want := "d/Main.call(Ld/A;)Ljava/lang/String;@1 -> d/B.m()Ljava/lang/String; on d/C\n"; string(recv) != want {
		t.Errorf("recv.txt %q, want %q", recv, want)
	}
}
