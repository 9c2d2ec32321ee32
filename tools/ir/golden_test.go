package ir_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/rules-fragment/rules_fragment/tools/classfile"
	"github.com/rules-fragment/rules_fragment/tools/ir"
)

var update = flag.Bool("update", false, "rewrite the golden IR files under testing/corpus/golden")

const corpusDir = "../../testing/corpus"

// jdk25Home is where a JDK 25 may be installed; its javac compiles the
// java25 tree.
const jdk25Home = "/usr/lib/jvm/temurin-25-jdk-amd64"

// compileTree compiles testing/corpus/java<rel>/src with javac --release rel
// and returns the output directory.
func compileTree(t *testing.T, javac string, rel int) string {
	t.Helper()
	src := filepath.Join(corpusDir, fmt.Sprintf("java%d", rel), "src")
	var files []string
	filepath.Walk(src, func(p string, info os.FileInfo, err error) error {
		if err == nil && strings.HasSuffix(p, ".java") {
			files = append(files, p)
		}
		return nil
	})
	sort.Strings(files)
	if len(files) == 0 {
		t.Fatalf("no Java sources under %s", src)
	}
	out := t.TempDir()
	args := append([]string{"--release", fmt.Sprint(rel), "-encoding", "UTF-8", "-d", out}, files...)
	if b, err := exec.Command(javac, args...).CombinedOutput(); err != nil {
		t.Fatalf("%s %v: %v\n%s", javac, args[:2], err, b)
	}
	return out
}

// dumpTree builds and checks the IR of every class under dir and renders
// one text per class, keyed by the golden file name.
func dumpTree(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err != nil || !strings.HasSuffix(p, ".class") {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		cf, err := classfile.Parse(data)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		c, err := ir.BuildClass(cf, nil)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		// LambdaClasses (used to complete hierarchies before linking) must
		// describe exactly the classes BuildClass makes.
		pre, err := ir.LambdaClasses(cf)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if len(pre) != len(c.Synthetic) {
			t.Errorf("%s: LambdaClasses found %d classes, BuildClass made %d", p, len(pre), len(c.Synthetic))
		} else {
			for i, sc := range c.Synthetic {
				if pre[i].Name != sc.Name || fmt.Sprint(pre[i].Interfaces) != fmt.Sprint(sc.Interfaces) || len(pre[i].Methods) != len(sc.Methods) {
					t.Errorf("%s: lambda class %d differs: %s vs %s", p, i, pre[i].Name, sc.Name)
				}
			}
		}
		var buf bytes.Buffer
		ir.FprintHeader(&buf, cf)
		ir.FprintClass(&buf, c)
		for _, m := range c.Methods {
			if err := ir.Check(m); err != nil {
				t.Errorf("%s: %v", p, err)
			}
		}
		for _, s := range c.Synthetic {
			for _, m := range s.Methods {
				if err := ir.Check(m); err != nil {
					t.Errorf("%s: %v", p, err)
				}
			}
		}
		out[strings.ReplaceAll(cf.Name, "/", ".")+".ir"] = buf.Bytes()
		return nil
	})
	return out
}

// TestGoldenIR compiles the Java corpus for each release and compares the
// IR of every class with testing/corpus/golden/java<rel>/. Run with
// -update to rewrite the goldens after an intended change, and review the
// diff.
func TestGoldenIR(t *testing.T) {
	javac17, err := exec.LookPath("javac")
	if err != nil {
		t.Skip("SKIP: javac not found; the golden IR tests need JDK 17")
	}
	javac25 := filepath.Join(jdk25Home, "bin", "javac")
	for _, rel := range []int{8, 11, 17, 25} {
		t.Run(fmt.Sprintf("java%d", rel), func(t *testing.T) {
			javac := javac17
			if rel == 25 {
				if _, err := os.Stat(javac25); err != nil {
					t.Skipf("SKIP: no JDK 25 javac at %s; the java25 corpus is not checked", javac25)
				}
				javac = javac25
			}
			got := dumpTree(t, compileTree(t, javac, rel))
			goldenDir := filepath.Join(corpusDir, "golden", fmt.Sprintf("java%d", rel))
			if *update {
				os.RemoveAll(goldenDir)
				os.MkdirAll(goldenDir, 0o755)
				for name, b := range got {
					if err := os.WriteFile(filepath.Join(goldenDir, name), b, 0o644); err != nil {
						t.Fatal(err)
					}
				}
				return
			}
			names, _ := filepath.Glob(filepath.Join(goldenDir, "*.ir"))
			if len(names) == 0 {
				t.Fatalf("no golden files in %s; run go test -run TestGoldenIR -update", goldenDir)
			}
			for _, p := range names {
				name := filepath.Base(p)
				want, _ := os.ReadFile(p)
				if g, ok := got[name]; !ok {
					t.Errorf("%s: golden exists but the class was not compiled", name)
				} else if !bytes.Equal(g, want) {
					t.Errorf("%s: IR differs from the golden file:\n%s", name, firstDiff(want, g))
				}
				delete(got, name)
			}
			for name := range got {
				t.Errorf("%s: no golden file (run with -update)", name)
			}
		})
	}
}

// firstDiff shows the first differing line with a little context.
func firstDiff(want, got []byte) string {
	wl := strings.Split(string(want), "\n")
	gl := strings.Split(string(got), "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return fmt.Sprintf("line %d:\n  want: %s\n  got:  %s", i+1, w, g)
		}
	}
	return "(no line differs)"
}
