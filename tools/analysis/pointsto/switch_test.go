package pointsto_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"github.com/rules-fragment/rules_fragment/tools/callgraph"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/link"
)

const jdk25 = "/usr/lib/jvm/temurin-25-jdk-amd64"

const switches = `package sw;
public class Main {
    sealed interface Shape permits Circle, Square {}
    record Circle(double r) implements Shape {}
    record Square(Part side) implements Shape {}
    static final class Part { @Override public String toString() { return "part"; } }
    enum Level { LOW, HIGH }

    static String describe(Shape s) {
        return switch (s) {
            case Circle c -> "circle " + c.r();
            case Square(Part p) -> p.toString();
        };
    }

    static int level(Level l) {
        return switch (l) {
            case LOW -> 1;
            case Level x when x.ordinal() > 0 -> 2;
            default -> 3;
        };
    }

    public static void main(String[] args) {
        System.out.println(describe(new Square(new Part())) + level(Level.HIGH));
    }
}
`

// TestPatternSwitch: a Java 21 pattern switch and enum switch (their
// SwitchBootstraps invokedynamic, an ir.TypeSwitch) are modelled, so that
// no dynamic site is left unmodelled, and the arms' calls are reached.
func TestPatternSwitch(t *testing.T) {
	if _, err := os.Stat(filepath.Join(jdk25, "lib", "modules")); err != nil {
		t.Skipf("SKIP: no JDK 25 image at %s (not installable here)", jdk25)
	}
	out := compileSource(t, filepath.Join(jdk25, "bin", "javac"), "21", switches)
	p, err := link.Load(link.Options{Client: []string{out}, Libraries: []string{jdk25}, Release: 25})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	for _, g := range graphsOf(t, p, p.MainMethods(), false) {
		for _, s := range g.Sites {
			if s.Caller.Class.Name == "sw/Main" && s.Kind == callgraph.Dynamic {
				t.Errorf("%s: %s @%d (%s) left unmodelled", g.Analysis, s.Caller.Key(), s.ID, s.Ref)
			}
		}
		for _, m := range []string{"sw/Main$Part.toString()Ljava/lang/String;", "sw/Main.level(Lsw/Main$Level;)I"} {
			if !slices.ContainsFunc(g.Reachable, func(r *hierarchy.Method) bool { return r.Key() == m }) {
				t.Errorf("%s: %s not reached", g.Analysis, m)
			}
		}
	}
}

// compileSource compiles Java source src, a class Main, with javac for
// release into a class directory.
func compileSource(t *testing.T, javac, release, src string) string {
	t.Helper()
	dir, out := t.TempDir(), t.TempDir()
	file := filepath.Join(dir, "Main.java")
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if b, err := exec.Command(javac, "--release", release, "-d", out, file).CombinedOutput(); err != nil {
		t.Fatalf("javac: %v\n%s", err, b)
	}
	return out
}
