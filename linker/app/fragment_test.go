package app

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"github.com/rules-fragment/rules_fragment/tools/report"
)

const jdk17 = "/usr/lib/jvm/java-17-openjdk-amd64"

// fragmentCorpus compiles testing/corpus/fragment into a class directory.
func fragmentCorpus(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("javac"); err != nil {
		t.Skip("SKIP: javac not found")
	}
	if _, err := os.Stat(filepath.Join(jdk17, "lib", "modules")); err != nil {
		t.Skipf("SKIP: no JDK 17 runtime image at %s", jdk17)
	}
	src, _ := filepath.Glob("../../testing/corpus/fragment/src/corpus/fragment/lib/*.java")
	if len(src) == 0 {
		t.Fatal("no corpus sources")
	}
	out := t.TempDir()
	cmd := exec.Command("javac", append([]string{"--release", "17", "-d", out}, src...)...)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("javac: %v\n%s", err, b)
	}
	return out
}

const lib = "corpus/fragment/lib/"

// fragmentRTA analyses the corpus as a library fragment with RTA.
func fragmentRTA(t *testing.T, dir string, c Config) *report.Analysis {
	t.Helper()
	c.Client, c.Libraries = []string{dir}, []string{jdk17}
	c.Fragment, c.Analyses, c.Scope, c.Release = true, []string{"rta"}, "client", 17
	res, err := Analyze(&c)
	if err != nil {
		t.Fatal(err)
	}
	if res.Mode != "library-fragment" || res.Placeholders == nil || len(res.Roots) != 1 {
		t.Fatalf("mode %q, placeholders %v, roots %v", res.Mode, res.Placeholders, res.Roots)
	}
	return res.Analyses[0]
}

// siteOf returns the call site of method calling ref.
func siteOf(t *testing.T, a *report.Analysis, method, ref string) *report.Site {
	t.Helper()
	for _, m := range a.Methods {
		if m.Method != lib+method {
			continue
		}
		for _, s := range m.Sites {
			if s.Ref == ref {
				return s
			}
		}
	}
	t.Fatalf("no call of %s in %s", ref, method)
	return nil
}

func reached(a *report.Analysis, method string) bool {
	return slices.ContainsFunc(a.Methods, func(m *report.Method) bool { return m.Method == method })
}

func want(t *testing.T, what string, got, want []string) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Errorf("%s:\n got %q\nwant %q", what, got, want)
	}
}

// TestFragmentPlaceholders checks the placeholder client of a small
// library by hand: callbacks into client classes, client subclasses that
// override or keep inherited code, final, sealed and package-private
// limits, and what the closed and open worlds add.
func TestFragmentPlaceholders(t *testing.T) {
	dir := fragmentCorpus(t)
	closed := fragmentRTA(t, dir, Config{ClosedWorld: true})
	open := fragmentRTA(t, dir, Config{})
	client, override := "fragment$client/"+lib, "fragment$override/"+lib
	for name, a := range map[string]*report.Analysis{"closed": closed, "open": open} {
		t.Run(name, func(t *testing.T) {
			// Only client classes implement Handler: the callback's
			// receivers are the placeholder client classes, its one
			// target the client's implementation.
			s := siteOf(t, a, "Bus.fire(Ljava/lang/String;)V", lib+"Handler.handle(L"+lib+"Event;)V")
			want(t, "Bus.fire handle RC", s.RC, []string{client + "Handler", override + "Handler"})
			want(t, "Bus.fire handle TM", s.TM, []string{client + "Handler.handle(L" + lib + "Event;)V"})

			// Shape.show calls label(): Square overrides it, Circle keeps
			// Shape's, and a client class may do either.
			s = siteOf(t, a, "Shape.show()Ljava/lang/String;", lib+"Shape.label()Ljava/lang/String;")
			want(t, "Shape.show label RC", s.RC, []string{lib + "Circle", lib + "Square", client + "Shape", override + "Shape"})
			want(t, "Shape.show label TM", s.TM, []string{lib + "Shape.label()Ljava/lang/String;", lib + "Square.label()Ljava/lang/String;", override + "Shape.label()Ljava/lang/String;"})
			s = siteOf(t, a, "Shape.show()Ljava/lang/String;", lib+"Shape.area()D")
			want(t, "Shape.show area TM", s.TM, []string{lib + "Circle.area()D", lib + "Square.area()D", client + "Shape.area()D"})

			// Token is sealed: no client class can implement it.
			s = siteOf(t, a, "Tokens.join(L"+lib+"Token;L"+lib+"Token;)Ljava/lang/String;", lib+"Token.text()Ljava/lang/String;")
			want(t, "Tokens.join text RC", s.RC, []string{lib + "Num", lib + "Word"})

			// Any client object may reach Registry.key.
			s = siteOf(t, a, "Registry.key(Ljava/lang/Object;)Ljava/lang/String;", "java/lang/Object.toString()Ljava/lang/String;")
			if !slices.Contains(s.RC, "fragment$client/java/lang/Object") || !slices.Contains(s.TM, "fragment$override/java/lang/Object.toString()Ljava/lang/String;") {
				t.Errorf("Registry.key toString: no client object among RC %q", s.RC)
			}

			// Public API and the code it reaches; not the unused
			// package-private class; overrides only where Java allows.
			for _, m := range []string{lib + "Event.describe()Ljava/lang/String;", lib + "Event.<init>(Ljava/lang/String;)V",
				lib + "Shapes.total([L" + lib + "Shape;)D"} {
				if !reached(a, m) {
					t.Errorf("%s not reached", m)
				}
			}
			s = siteOf(t, a, "Shape.show()Ljava/lang/String;", lib+"Shape.hook()V")
			want(t, "Shape.show hook TM", s.TM, []string{lib + "Shape.hook()V", override + "Shape.hook()V"})
			s = siteOf(t, a, "Shape.show()Ljava/lang/String;", lib+"Shape.internal()V")
			want(t, "Shape.show internal TM", s.TM, []string{lib + "Shape.internal()V"})
			for _, m := range []string{lib + "Hidden.neverCalled()V"} {
				if reached(a, m) {
					t.Errorf("%s reached", m)
				}
			}
		})
	}
	// The open world adds clients' own dependency objects: a client class
	// extending java.util.AbstractList may be the List behind a library
	// call; the closed world assumes none.
	s := siteOf(t, open, "Bus.register(L"+lib+"Handler;)V", "java/util/List.add(Ljava/lang/Object;)Z")
	if !slices.Contains(s.RC, "fragment$client/java/util/AbstractList") || !slices.Contains(s.RC, "fragment$client/java/util/List") {
		t.Errorf("open world: List.add RC %q lacks client lists", s.RC)
	}
	s = siteOf(t, closed, "Bus.register(L"+lib+"Handler;)V", "java/util/List.add(Ljava/lang/Object;)Z")
	if slices.Contains(s.RC, "fragment$client/java/util/AbstractList") || !slices.Contains(s.RC, "fragment$client/java/util/List") {
		t.Errorf("closed world: List.add RC %q", s.RC)
	}
	if open.Totals.ReachableMethods <= closed.Totals.ReachableMethods {
		t.Errorf("open world reaches %d methods, closed %d", open.Totals.ReachableMethods, closed.Totals.ReachableMethods)
	}
}

// TestFragmentSplitPackages: when clients may join the library's
// packages, package-private classes and members are API (Square can be
// extended) and client classes there override package-private methods.
func TestFragmentSplitPackages(t *testing.T) {
	dir := fragmentCorpus(t)
	a := fragmentRTA(t, dir, Config{ClosedWorld: true, SplitPackages: true})
	if !reached(a, lib+"Hidden.neverCalled()V") {
		t.Error("Hidden.neverCalled not reached with split packages")
	}
	s := siteOf(t, a, "Shape.show()Ljava/lang/String;", lib+"Shape.label()Ljava/lang/String;")
	want(t, "split Shape.show label RC", s.RC, []string{lib + "Circle", lib + "Shape$$FragmentClient", lib + "Shape$$FragmentOverride",
		lib + "Square", lib + "Square$$FragmentClient", lib + "Square$$FragmentOverride"})
	// The client class in the package overrides internal(), which only
	// classes of the package can.
	s = siteOf(t, a, "Shape.show()Ljava/lang/String;", lib+"Shape.internal()V")
	want(t, "split Shape.show internal TM", s.TM, []string{lib + "Shape$$FragmentOverride.internal()V", lib + "Shape.internal()V", lib + "Square$$FragmentOverride.internal()V"})
}
