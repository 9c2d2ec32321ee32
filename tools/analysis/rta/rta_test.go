package rta_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"github.com/rules-fragment/rules_fragment/tools/analysis/rta"
	"github.com/rules-fragment/rules_fragment/tools/link"
)

const jdk17 = "/usr/lib/jvm/java-17-openjdk-amd64"

// keysSrc makes call keys (static type, method) before and after the
// classes of their receivers are allocated: RTA visits main, then first,
// second, third and fourth in that order. A key of a static type that has
// a key already takes that key's receivers, so both must be kept whole.
const keysSrc = `package rtatest;
public class Main {
  interface Shape { String name(); int sides(); }
  static class Sq implements Shape { public String name() { return "sq"; } public int sides() { return 4; } }
  static class Tri implements Shape { public String name() { return "tri"; } public int sides() { return 3; } }
  static class Hex implements Shape { public String name() { return "hex"; } public int sides() { return 6; } }
  static class Oct implements Shape { public String name() { return "oct"; } public int sides() { return 8; } }
  static abstract class Base { abstract String tag(); String label() { return "base"; } }
  static class Leaf extends Base { String tag() { return "leaf"; } }
  static class Leaf2 extends Leaf { String tag() { return "leaf2"; } }
  static class Unused extends Base { String tag() { return "unused"; } }

  static int first(Shape s) { int n = s.sides(); new Tri(); return n; }
  static String second(Shape s) { String n = s.name(); new Oct(); return n; }
  static String third(Base b) { String t = b.tag(); new Leaf2(); return t; }
  static String fourth(Base b) { return b.label(); }

  public static void main(String[] args) {
    Shape s = new Sq();
    first(s);
    second(s);
    third(new Leaf());
    fourth(null);
    new Hex();
  }
}
`

func TestReceiversOfKeysMadeAnyTime(t *testing.T) {
	if _, err := exec.LookPath("javac"); err != nil {
		t.Skip("SKIP: javac not found")
	}
	if _, err := os.Stat(filepath.Join(jdk17, "lib", "modules")); err != nil {
		t.Skipf("SKIP: no JDK 17 runtime image at %s", jdk17)
	}
	src := filepath.Join(t.TempDir(), "Main.java")
	if err := os.WriteFile(src, []byte(keysSrc), 0o644); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	if b, err := exec.Command("javac", "--release", "17", "-d", out, src).CombinedOutput(); err != nil {
		t.Fatalf("javac: %v\n%s", err, b)
	}
	p, err := link.Load(link.Options{Client: []string{out}, Libraries: []string{jdk17}, Release: 17})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	g, err := rta.Analyze(p, p.MainMethods(), rta.Options{})
	if err != nil {
		t.Fatal(err)
	}
	const m = "rtatest/Main"
	shapes := []string{m + "$Hex", m + "$Oct", m + "$Sq", m + "$Tri"}
	bases := []string{m + "$Leaf", m + "$Leaf2"}
	cases := []struct {
		caller, ref string
		want        []string
	}{
		{"first(L" + m + "$Shape;)I", m + "$Shape.sides()I", shapes},
		{"second(L" + m + "$Shape;)Ljava/lang/String;", m + "$Shape.name()Ljava/lang/String;", shapes},
		{"third(L" + m + "$Base;)Ljava/lang/String;", m + "$Base.tag()Ljava/lang/String;", bases},
		{"fourth(L" + m + "$Base;)Ljava/lang/String;", m + "$Base.label()Ljava/lang/String;", bases},
	}
	for _, c := range cases {
		found := false
		for _, s := range g.Sites {
			if s.Caller.Key() != m+"."+c.caller || s.Ref != c.ref {
				continue
			}
			found = true
			var got []string
			for _, r := range s.Receivers {
				got = append(got, r.Name)
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("%s: receivers %q, want %q", c.caller, got, c.want)
			}
			if len(s.Targets) == 0 {
				t.Errorf("%s: no targets", c.caller)
			}
		}
		if !found {
			t.Errorf("no call of %s in %s", c.ref, c.caller)
		}
	}
}
