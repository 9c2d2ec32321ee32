package ir_test

import (
	"encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rules-fragment/rules_fragment/tools/classfile"
	"github.com/rules-fragment/rules_fragment/tools/ir"
)

// assemble returns a version-49 class "J" with one static method f(I)I
// whose body is code (max_stack 2, max_locals 3). javac stopped emitting
// jsr/ret in Java 6 and no jar on the machine has them, so the subroutine
// tests assemble their bytecode by hand.
func assemble(code []byte, handlers ...classfile.Handler) []byte {
	var b []byte
	u2 := func(v int) { b = binary.BigEndian.AppendUint16(b, uint16(v)) }
	u4 := func(v int) { b = binary.BigEndian.AppendUint32(b, uint32(v)) }
	utf := func(s string) { b = append(b, classfile.TagUtf8); u2(len(s)); b = append(b, s...) }
	b = append(b, 0xCA, 0xFE, 0xBA, 0xBE)
	u2(0)
	u2(49)
	u2(8)
	utf("J") // 1
	b = append(b, classfile.TagClass)
	u2(1)                   // 2
	utf("java/lang/Object") // 3
	b = append(b, classfile.TagClass)
	u2(3)       // 4
	utf("f")    // 5
	utf("(I)I") // 6
	utf("Code") // 7
	u2(0x21)
	u2(2)
	u2(4)
	u2(0) // interfaces
	u2(0) // fields
	u2(1) // methods
	u2(classfile.AccPublic | classfile.AccStatic)
	u2(5)
	u2(6)
	u2(1) // attributes
	u2(7)
	u4(12 + len(code) + 8*len(handlers))
	u2(2) // max_stack
	u2(3) // max_locals
	u4(len(code))
	b = append(b, code...)
	u2(len(handlers)) // exception table
	for _, h := range handlers {
		u2(int(h.Start))
		u2(int(h.End))
		u2(int(h.HandlerPC))
		u2(0) // catch any
	}
	u2(0) // code attributes
	u2(0) // class attributes
	return b
}

// TestSubroutines builds the IR of a method with two jsr calls to one
// subroutine: the subroutine's ret must return to both call sites, and the
// local it increments must stay one web across them.
func TestSubroutines(t *testing.T) {
	code := []byte{
		classfile.Iconst0,    // 0
		classfile.Istore1,    // 1
		classfile.Jsr, 0, 12, // 2: jsr 14
		classfile.Iload0,    // 5
		classfile.Istore1,   // 6
		classfile.Jsr, 0, 7, // 7: jsr 14
		classfile.Iload1,     // 10
		classfile.Ireturn,    // 11
		classfile.Nop,        // 12
		classfile.Nop,        // 13
		classfile.Astore2,    // 14: subroutine
		classfile.Iinc, 1, 1, // 15
		classfile.Ret, 2, // 18
	}
	data := assemble(code)
	m, text := buildChecked(t, data)
	var ret *ir.SubroutineReturn
	for _, s := range m.Stmts {
		if r, ok := s.(*ir.SubroutineReturn); ok {
			ret = r
		}
	}
	if ret == nil || len(ret.Targets) != 2 {
		t.Fatalf("want one ret with two return points:\n%s", text)
	}
	for _, target := range ret.Targets {
		// Both return points read the local the subroutine increments.
		if !strings.HasPrefix(ir.FormatStmt(m.Stmts[target]), "i1 = ") && !strings.HasPrefix(ir.FormatStmt(m.Stmts[target]), "return i1") {
			t.Errorf("return point %d is %q:\n%s", target, ir.FormatStmt(m.Stmts[target]), text)
		}
	}
	if strings.Contains(text, "i1_") {
		t.Errorf("the local shared across the subroutine was split into several webs:\n%s", text)
	}
	// The JVM itself accepts the class (version 49 uses the type-inferring
	// verifier, which handles subroutines): i1 = 5, then +1 by the second
	// subroutine call.
	if got := runOnJVM(t, data, 5); got != "6" {
		t.Errorf("java ran J.f(5) = %q, want 6", got)
	}
}

// TestHandlerAlsoReachedNormally covers bytecode (legal, though javac never
// emits it) where an exception handler's code is also entered by normal
// control flow: here by falling through from the block before it.
func TestHandlerAlsoReachedNormally(t *testing.T) {
	code := []byte{
		classfile.Iload0,     // 0
		classfile.Ifne, 0, 8, // 1: if x != 0 goto 9
		classfile.AconstNull, // 4
		classfile.Astore1,    // 5: handler of [9,11) and fall-through target
		classfile.Iconst1,    // 6
		classfile.Ireturn,    // 7
		classfile.Nop,        // 8
		classfile.AconstNull, // 9
		classfile.Athrow,     // 10
	}
	data := assemble(code, classfile.Handler{Start: 9, End: 11, HandlerPC: 5})
	m, text := buildChecked(t, data)
	if len(m.Traps) != 1 {
		t.Fatalf("want one trap:\n%s", text)
	}
	h := m.Traps[0].Handler
	// Normal flow must enter after the caught-exception binding.
	for i, s := range m.Stmts {
		for _, succ := range m.Successors(i) {
			if succ == h && i != h-1 {
				t.Errorf("statement %d jumps onto the handler's @caughtexception:\n%s", i, text)
			}
		}
		if i == h-1 && !strings.HasPrefix(ir.FormatStmt(s), "goto ") && !strings.HasPrefix(ir.FormatStmt(s), "throw") && !strings.HasPrefix(ir.FormatStmt(s), "return") {
			t.Errorf("statement %d falls into the handler's @caughtexception:\n%s", i, text)
		}
	}
	// Both entries deliver the value in one variable: one web.
	if strings.Contains(text, "$s0r_1") {
		t.Errorf("the handler's stack variable was split:\n%s", text)
	}
	if got := runOnJVM(t, data, 0, 1); got != "1 1" {
		t.Errorf("java ran J.f(0), J.f(1) = %q, want \"1 1\"", got)
	}
}

// runOnJVM loads class J from data and prints J.f(arg) for each arg,
// verifying bytecode fully; it returns the output ("" without a JDK).
func runOnJVM(t *testing.T, data []byte, args ...int) string {
	t.Helper()
	java, err := exec.LookPath("java")
	if err != nil {
		t.Log("no java on PATH: the class is not run")
		return ""
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "J.class"), data, 0o644)
	probe := `public class P { public static void main(String[] a) throws Exception {
		var f = Class.forName("J").getMethod("f", int.class);
		var out = new StringBuilder();
		for (String s : a) out.append(out.length() > 0 ? " " : "").append(f.invoke(null, Integer.parseInt(s)));
		System.out.println(out); } }`
	os.WriteFile(filepath.Join(dir, "P.java"), []byte(probe), 0o644)
	if out, err := exec.Command("javac", "-d", dir, filepath.Join(dir, "P.java")).CombinedOutput(); err != nil {
		t.Fatalf("javac: %v %s", err, out)
	}
	cmd := []string{"-Xverify:all", "-cp", dir, "P"}
	for _, a := range args {
		cmd = append(cmd, strconv.Itoa(a))
	}
	out, err := exec.Command(java, cmd...).CombinedOutput()
	if err != nil {
		t.Fatalf("java: %v\n%s", err, out)
	}
	return strings.TrimSpace(string(out))
}

// buildChecked parses an assembled class, builds and checks the IR of its
// method, and returns it with its printed form.
func buildChecked(t *testing.T, data []byte) (*ir.Method, string) {
	t.Helper()
	cf, err := classfile.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	m, _, err := ir.BuildMethod(cf, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Check(m); err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	ir.Fprint(&sb, m)
	return m, sb.String()
}
