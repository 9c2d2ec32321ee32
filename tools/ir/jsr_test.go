package ir_test

import (
	"encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rules-fragment/rules_fragment/tools/classfile"
	"github.com/rules-fragment/rules_fragment/tools/ir"
)

// assemble returns a version-49 class "J" with one static method f(I)I
// whose body is code (max_stack 2, max_locals 3). javac stopped emitting
// jsr/ret in Java 6 and no jar on the machine has them, so the subroutine
// tests assemble their bytecode by hand.
func assemble(code []byte) []byte {
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
	u4(12 + len(code))
	u2(2) // max_stack
	u2(3) // max_locals
	u4(len(code))
	b = append(b, code...)
	u2(0) // exception table
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
	text := sb.String()
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
	// verifier, which handles subroutines).
	if java, err := exec.LookPath("java"); err == nil {
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, "J.class"), data, 0o644)
		probe := "public class P { public static void main(String[] a) throws Exception { System.out.println(Class.forName(\"J\").getMethod(\"f\", int.class).invoke(null, 5)); } }"
		os.WriteFile(filepath.Join(dir, "P.java"), []byte(probe), 0o644)
		if out, err := exec.Command("javac", "-d", dir, filepath.Join(dir, "P.java")).CombinedOutput(); err != nil {
			t.Fatalf("javac: %v %s", err, out)
		}
		out, err := exec.Command(java, "-Xverify:all", "-cp", dir, "P").CombinedOutput()
		if err != nil || strings.TrimSpace(string(out)) != "6" {
			t.Errorf("java ran J.f(5): %q, %v (want 6: i1 = 5, then +1 by the second subroutine call)", out, err)
		}
	}
}
