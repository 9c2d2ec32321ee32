package classfile

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// compile compiles Java sources with javac --release rel and returns the
// class files by internal name.
func compile(t testing.TB, rel string, sources map[string]string) map[string][]byte {
	t.Helper()
	javac, err := exec.LookPath("javac")
	if err != nil {
		t.Skip("javac not found: these tests need a JDK")
	}
	src, out := t.TempDir(), t.TempDir()
	var files []string
	for name, text := range sources {
		p := filepath.Join(src, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, p)
	}
	args := append([]string{"--release", rel, "-g", "-d", out}, files...)
	if b, err := exec.Command(javac, args...).CombinedOutput(); err != nil {
		t.Fatalf("javac: %v\n%s", err, b)
	}
	classes := map[string][]byte{}
	filepath.Walk(out, func(p string, info os.FileInfo, err error) error {
		if err == nil && strings.HasSuffix(p, ".class") {
			b, _ := os.ReadFile(p)
			rel, _ := filepath.Rel(out, p)
			classes[strings.TrimSuffix(filepath.ToSlash(rel), ".class")] = b
		}
		return nil
	})
	return classes
}

const modernJava = `
package p;
import java.util.function.*;
public sealed interface Shape permits Shape.Circle, Shape.Square {
  record Circle(double r) implements Shape {}
  record Square(double side) implements Shape {
    public Square { if (side < 0) throw new IllegalArgumentException("neg\u0000\uD83D\uDE00"); }
  }
  static double area(Shape s) {
    Supplier<String> sup = () -> "x" + s;
    class Local {}
    Runnable r = new Runnable() { public void run() { new Local(); } };
    if (s instanceof Circle c) return Math.PI * c.r() * c.r();
    return ((Square) s).side() * ((Square) s).side();
  }
  private static long priv(long a, double b) { return a + (long) b; }
}
`

func TestParseModernFeatures(t *testing.T) {
	classes := compile(t, "17", map[string]string{"p/Shape.java": modernJava})
	shape, err := Parse(classes["p/Shape"])
	if err != nil {
		t.Fatal(err)
	}
	if !shape.IsInterface() || shape.Major != 61 {
		t.Errorf("Shape: interface=%v major=%d", shape.IsInterface(), shape.Major)
	}
	if got := strings.Join(shape.PermittedSubclasses, ","); got != "p/Shape$Circle,p/Shape$Square" {
		t.Errorf("PermittedSubclasses = %s", got)
	}
	if len(shape.BootstrapMethods) == 0 {
		t.Error("no BootstrapMethods for the lambda and the string concatenation")
	}
	var sawLMF, sawConcat bool
	for _, bm := range shape.BootstrapMethods {
		sawLMF = sawLMF || bm.Method.Ref.Class == "java/lang/invoke/LambdaMetafactory"
		sawConcat = sawConcat || bm.Method.Ref.Class == "java/lang/invoke/StringConcatFactory"
		for _, a := range bm.Args {
			if _, err := shape.Pool.Loadable(a); err != nil {
				t.Error(err)
			}
		}
	}
	if !sawLMF || !sawConcat {
		t.Errorf("bootstrap methods: LambdaMetafactory %v, StringConcatFactory %v", sawLMF, sawConcat)
	}
	if shape.SourceFile != "Shape.java" || len(shape.NestMembers) < 4 {
		t.Errorf("SourceFile %q, NestMembers %v", shape.SourceFile, shape.NestMembers)
	}
	sq, err := Parse(classes["p/Shape$Square"])
	if err != nil {
		t.Fatal(err)
	}
	if !sq.IsRecord || len(sq.Record) != 1 || sq.Record[0].Name != "side" || sq.Record[0].Desc != "D" {
		t.Errorf("Record = %+v", sq.Record)
	}
	if sq.NestHost != "p/Shape" {
		t.Errorf("NestHost = %q", sq.NestHost)
	}
	// The string constant with NUL and a supplementary character decodes
	// from modified UTF-8 to the same text javac compiled.
	found := false
	for i := 1; i < sq.Pool.Len(); i++ {
		if s, err := sq.Pool.UTF8(uint16(i)); err == nil && s == "neg\x00\U0001F600" {
			found = true
		}
	}
	if !found {
		t.Error("modified UTF-8 string with NUL and a surrogate pair not decoded")
	}
	local, err := Parse(classes["p/Shape$1Local"])
	if err != nil {
		t.Fatal(err)
	}
	if local.EnclosingMethod == nil || local.EnclosingMethod.Name != "area" {
		t.Errorf("EnclosingMethod = %+v", local.EnclosingMethod)
	}
	for _, m := range shape.Methods {
		if m.Name == "priv" {
			if m.Access&AccPrivate == 0 || m.Code == nil || len(m.Code.Lines) == 0 || !hasLocals(t, &shape.Pool, m.Code, 2) {
				t.Errorf("priv: %+v", m)
			}
		}
		if m.Name == "area" {
			if len(m.Code.StackMapTable) == 0 {
				t.Fatal("area has no StackMapTable")
			}
			frames, err := ParseStackMapTable(&shape.Pool, m.Code.StackMapTable, InitialFrameLocals(shape.Name, &m))
			if err != nil || len(frames) == 0 {
				t.Fatalf("frames %v, %v", frames, err)
			}
		}
	}
}

func TestParseModuleInfo(t *testing.T) {
	classes := compile(t, "17", map[string]string{
		"module-info.java": "module m.x { requires java.logging; exports a; exports b to java.base; opens a; uses a.S; provides a.S with a.I; }",
		"a/S.java":         "package a; public interface S {}",
		"a/I.java":         "package a; public class I implements S {}",
		"b/B.java":         "package b; public class B {}",
	})
	mi, err := Parse(classes["module-info"])
	if err != nil {
		t.Fatal(err)
	}
	m := mi.Module
	if m == nil || m.Name != "m.x" || mi.Access&AccModule == 0 {
		t.Fatalf("module = %+v", m)
	}
	if len(m.Exports) != 2 || m.Exports[0].Package != "a" || len(m.Exports[0].To) != 0 ||
		m.Exports[1].Package != "b" || len(m.Exports[1].To) != 1 || m.Exports[1].To[0] != "java.base" {
		t.Errorf("exports = %+v", m.Exports)
	}
	if len(m.Opens) != 1 || len(m.Uses) != 1 || m.Uses[0] != "a/S" || len(m.Provides) != 1 || m.Provides[0].With[0] != "a/I" {
		t.Errorf("opens %+v uses %v provides %+v", m.Opens, m.Uses, m.Provides)
	}
	var req []string
	for _, r := range m.Requires {
		req = append(req, r.Module)
	}
	if strings.Join(req, ",") != "java.base,java.logging" {
		t.Errorf("requires = %v", req)
	}
}

// TestMalformedNeverPanics parses every truncation and many single-byte
// corruptions of real class files: each must give a FormatError or parse.
func TestMalformedNeverPanics(t *testing.T) {
	classes := compile(t, "17", map[string]string{"p/Shape.java": modernJava})
	data := classes["p/Shape"]
	for n := 0; n < len(data); n++ {
		_, err := Parse(data[:n])
		var fe *FormatError
		if !errors.As(err, &fe) {
			t.Fatalf("truncated to %d bytes: got %v, want a FormatError", n, err)
		}
	}
	buf := make([]byte, len(data))
	for i := 0; i < len(data); i++ {
		for _, v := range []byte{0, 0xff, data[i] + 1} {
			copy(buf, data)
			buf[i] = v
			Parse(buf) // must not panic
		}
	}
}

func TestMalformedMessages(t *testing.T) {
	classes := compile(t, "8", map[string]string{"A.java": "class A { int f; }"})
	good := classes["A"]
	cases := []struct {
		name string
		edit func([]byte) []byte
		want string
	}{
		{"magic", func(b []byte) []byte { b[0] = 0; return b }, "bad magic"},
		{"version", func(b []byte) []byte { b[7] = 99; return b }, "unsupported class-file version 99"},
		{"trailing", func(b []byte) []byte { return append(b, 1) }, "trailing bytes"},
		{"pool tag", func(b []byte) []byte { b[10] = 2; return b }, "unknown tag 2"},
		{"empty", func(b []byte) []byte { return nil }, "truncated magic"},
	}
	for _, c := range cases {
		b := c.edit(append([]byte(nil), good...))
		_, err := Parse(b)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.name, err, c.want)
		}
	}
}

func TestModifiedUTF8(t *testing.T) {
	cases := []struct {
		in   []byte
		want string
		ok   bool
	}{
		{[]byte("abc"), "abc", true},
		{[]byte{0xC0, 0x80}, "\x00", true},
		{[]byte{0xC3, 0xA9}, "é", true},
		{[]byte{0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80}, "\U0001F600", true},
		{[]byte{0xED, 0xA0, 0xBD}, "\xED\xA0\xBD", true}, // unpaired surrogate kept (WTF-8)
		{[]byte{0x00}, "", false},
		{[]byte{0xC3}, "", false},
		{[]byte{0xF0, 0x9F, 0x98, 0x80}, "", false}, // 4-byte forms are not modified UTF-8
	}
	for _, c := range cases {
		got, ok := decodeModifiedUTF8(c.in)
		if ok != c.ok || (ok && got != c.want) {
			t.Errorf("%x: got %q %v, want %q %v", c.in, got, ok, c.want, c.ok)
		}
	}
}

func TestDescriptors(t *testing.T) {
	ps, r, err := ParseMethodDescriptor("(IJ[[Ljava/lang/String;D)V")
	if err != nil || strings.Join(ps, " ") != "I J [[Ljava/lang/String; D" || r != "V" {
		t.Errorf("got %v %q %v", ps, r, err)
	}
	for _, bad := range []string{"", "()", "(V)V", "(L;)V", "(Ljava/lang/String)V", "(I)", "I", "(I)VV", "(La.b;)V"} {
		if ValidMethodDescriptor(bad) {
			t.Errorf("%q accepted", bad)
		}
	}
	for _, good := range []string{"I", "[I", "Ljava/lang/Object;", "[[[Lx;"} {
		if !ValidFieldDescriptor(good) {
			t.Errorf("%q rejected", good)
		}
	}
}

func TestInstructionLength(t *testing.T) {
	// lookupswitch with no pairs at pc 1: pad to 4, default, npairs=0.
	code := []byte{Nop, Lookupswitch, 0, 0, 0, 0, 0, 9, 0, 0, 0, 0}
	if n, bad := InstructionLength(code, 1); bad != "" || n != 11 {
		t.Errorf("lookupswitch: %d %q", n, bad)
	}
	if _, bad := InstructionLength([]byte{0xCB}, 0); bad == "" {
		t.Error("undefined opcode accepted")
	}
	if _, bad := InstructionLength([]byte{Tableswitch, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 1}, 0); bad == "" {
		t.Error("tableswitch with high < low accepted")
	}
}

func hasLocals(t *testing.T, cp *ConstantPool, c *Code, n int) bool {
	vars, err := c.LocalVars(cp)
	if err != nil {
		t.Fatal(err)
	}
	return len(vars) == n && vars[0].Name == "a" && vars[1].Name == "b"
}

func TestIsASCII(t *testing.T) {
	for _, s := range []string{"", "a", "java/lang/Object", "0123456789abcdef", "ab\x00cdefghij", "abcdefgh\x00", "abcdefg\x80", "\xffbcdefghijklmnop", "abcdefghijklmno\x01"} {
		want := true
		for i := 0; i < len(s); i++ {
			if s[i] == 0 || s[i] >= 0x80 {
				want = false
			}
		}
		if got := isASCII([]byte(s)); got != want {
			t.Errorf("isASCII(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestValidClassName(t *testing.T) {
	for name, want := range map[string]bool{
		"java/lang/Object": true, "A": true, "module-info": true, "p/a$b": true,
		"": false, "/a": false, "a/": false, "a//b": false, "a.b": false, "a;b": false, "[I": false,
	} {
		if got := ValidClassName(name); got != want {
			t.Errorf("ValidClassName(%q) = %v, want %v", name, got, want)
		}
	}
}
