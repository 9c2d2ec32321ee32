package frontend

import (
	"os"
	"path/filepath"
	"testing"
)

// TestRuntimeWins checks the class loaders' precedence: the runtime's
// classes win over earlier containers', and a modular runtime hides every
// class of its packages (java.base's java/util here) that another
// container defines, while other packages and the unnamed one stay.
func TestRuntimeWins(t *testing.T) {
	jmod := filepath.Join(jdk17, "jmods", "java.base.jmod")
	if _, err := os.Stat(jmod); err != nil {
		t.Skipf("SKIP: %s missing", jmod)
	}
	app := filepath.Join(t.TempDir(), "app.jar")
	writeJar(t, app, map[string][]byte{
		"java/util/ArrayList.class":       minimalClass("java/util/ArrayList"),
		"java/util/NotInTheJDK.class":     minimalClass("java/util/NotInTheJDK"),
		"javax/xml/transform/Kept.class":  minimalClass("javax/xml/transform/Kept"),
		"org/example/Main.class":          minimalClass("org/example/Main"),
		"Unnamed.class":                   minimalClass("Unnamed"),
		"org/example/ArrayList.class":     minimalClass("org/example/ArrayList"),
		"java/lang/ObjectLookalike.class": minimalClass("java/lang/ObjectLookalike"),
	})
	p, err := Load([]string{app, jmod}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	h := p.Hierarchy
	if c := h.Lookup("java/util/ArrayList"); c == nil || c.Origin != jmod {
		t.Errorf("java/util/ArrayList from %v, want the runtime %s", c, jmod)
	}
	for _, n := range []string{"java/util/NotInTheJDK", "java/lang/ObjectLookalike"} {
		if c := h.Lookup(n); c != nil {
			t.Errorf("%s (a runtime package) loaded from %s", n, c.Origin)
		}
	}
	for _, n := range []string{"javax/xml/transform/Kept", "org/example/Main", "Unnamed", "org/example/ArrayList"} {
		if c := h.Lookup(n); c == nil || c.Origin != app {
			t.Errorf("%s: %v, want it from %s", n, c, app)
		}
	}
	if p.Hidden != 3 {
		t.Errorf("Hidden = %d, want 3", p.Hidden)
	}
	if p.Runtime == nil || !p.Runtime.Hides("java/lang/String") || p.Runtime.Hides("org/example/Main") {
		t.Errorf("Runtime %v does not describe java.base", p.Runtime)
	}
}

// TestRuntimeWinsByClass checks a runtime without modules (JDK 8's
// rt.jar): its classes win, and other classes of its packages stay.
func TestRuntimeWinsByClass(t *testing.T) {
	dir := t.TempDir()
	rt, app := filepath.Join(dir, "rt.jar"), filepath.Join(dir, "app.jar")
	writeJar(t, rt, map[string][]byte{
		"java/lang/Object.class":       minimalClass("java/lang/Object"),
		"javax/xml/parsers/Impl.class": minimalClass("javax/xml/parsers/Impl"),
	})
	writeJar(t, app, map[string][]byte{
		"javax/xml/parsers/Impl.class":  minimalClass("javax/xml/parsers/Impl"),
		"javax/xml/parsers/Other.class": minimalClass("javax/xml/parsers/Other"),
	})
	p, err := Load([]string{app, rt}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if c := p.Hierarchy.Lookup("javax/xml/parsers/Impl"); c == nil || c.Origin != rt {
		t.Errorf("javax/xml/parsers/Impl from %v, want the runtime %s", c, rt)
	}
	if c := p.Hierarchy.Lookup("javax/xml/parsers/Other"); c == nil || c.Origin != app {
		t.Errorf("javax/xml/parsers/Other: %v, want it from %s", c, app)
	}
	if p.Hidden != 1 {
		t.Errorf("Hidden = %d, want 1", p.Hidden)
	}
}

// TestMisplacedClassFile checks that a class file at a path other than
// its class's (Jython's Lib/M$py.class, for a loader of its own) is not a
// class of the class path, and does not fail the load.
func TestMisplacedClassFile(t *testing.T) {
	jar := filepath.Join(t.TempDir(), "jython-like.jar")
	writeJar(t, jar, map[string][]byte{
		"p/Good.class":      minimalClass("p/Good"),
		"Lib/M$py.class":    minimalClass("M$py"),
		"Lib/p/Good2.class": minimalClass("p/Good2"),
	})
	p, err := Load([]string{jar}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if p.Misplaced != 2 || len(p.Classes) != 1 || p.Classes[0].File.Name != "p/Good" {
		t.Errorf("Misplaced = %d, classes %d, want 2 and p/Good alone", p.Misplaced, len(p.Classes))
	}
	for _, n := range []string{"M$py", "Lib/M$py", "p/Good2"} {
		if p.Hierarchy.Lookup(n) != nil {
			t.Errorf("%s defined", n)
		}
	}
}
