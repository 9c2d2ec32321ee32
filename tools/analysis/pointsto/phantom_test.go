package pointsto_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"github.com/rules-fragment/rules_fragment/tools/analysis/pointsto"
	"github.com/rules-fragment/rules_fragment/tools/link"
)

// phantoms is a program one of whose interfaces, Missing, is deleted
// after compiling: a missing dependency.
const phantoms = `package ph;
public class Main {
    interface Missing { String name(); }
    static final class Impl implements Missing { public String name() { return "impl"; } }
    static final class Other { @Override public String toString() { return "other"; } }

    static String use(Missing m) { return m.toString(); }

    public static void main(String[] args) {
        Object a = new Impl(), b = new Other();
        Object x = args.length > 0 ? a : b;
        System.out.println(use((Missing) x));
    }
}
`

// TestPhantomFilters: a cast to a missing class filters as the hierarchy
// models a phantom (a direct subclass of Object that only the classes
// naming it extend), so the Other never reaches Missing's variables; it
// did when a phantom filtered nothing.
func TestPhantomFilters(t *testing.T) {
	if _, err := exec.LookPath("javac"); err != nil {
		t.Skip("SKIP: javac not found")
	}
	out := compileSource(t, "javac", "17", phantoms)
	if err := os.Remove(filepath.Join(out, "ph", "Main$Missing.class")); err != nil {
		t.Fatal(err)
	}
	p, err := link.Load(link.Options{Client: []string{out}, Libraries: []string{jdk17}, Release: 17})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if c := p.Hierarchy.Lookup("ph/Main$Missing"); c == nil || !c.Phantom {
		t.Fatalf("ph/Main$Missing is %v, want a phantom", c)
	}
	for _, perClass := range []bool{false, true} {
		res, err := pointsto.Analyze(p, p.MainMethods(), pointsto.Options{PerClass: perClass})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, s := range res.Graph.Sites {
			if s.Caller.Key() == "ph/Main.use(Lph/Main$Missing;)Ljava/lang/String;" && s.Ref == "java/lang/Object.toString()Ljava/lang/String;" {
				for _, c := range s.Receivers {
					got = append(got, c.Name)
				}
			}
		}
		if want := []string{"ph/Main$Impl"}; !slices.Equal(got, want) {
			t.Errorf("%s: receivers of m.toString() %q, want %q", res.Graph.Analysis, got, want)
		}
	}
}
