package modref_test

import (
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/rules-fragment/rules_fragment/tools/analysis/modref"
	"github.com/rules-fragment/rules_fragment/tools/analysis/pointsto"
	"github.com/rules-fragment/rules_fragment/tools/link"
	"github.com/rules-fragment/rules_fragment/tools/reflog"
)

// TestReflectionLog: MOD/USE charge what a reflection log's entries do at
// their calls (testing/corpus/reflog): Field.set and Field.get write and
// read the field, of an instance (its objects) or static, and the method
// Method.invoke calls writes a field of its receiver argument, which
// without the log it does not. (Objects the reflective call makes are
// the callee's, which the accessible filter drops.)
func TestReflectionLog(t *testing.T) {
	const dir = "../../../testing/corpus/reflog/"
	if _, err := exec.LookPath("javac"); err != nil {
		t.Skip("SKIP: javac not found")
	}
	out := t.TempDir()
	if b, err := exec.Command("javac", "--release", "17", "-g", "-d", out, dir+"src/corpus/reflog/Main.java").CombinedOutput(); err != nil {
		t.Fatalf("javac: %v\n%s", err, b)
	}
	log, err := reflog.ReadFile(dir + "refl.log")
	if err != nil {
		t.Fatal(err)
	}
	p, err := link.Load(link.Options{Client: []string{out}, Libraries: []string{jdk17}, Release: 17})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	const m = "corpus/reflog/Main."
	const held, created = "corpus/reflog/Main$Registry.held:Lcorpus/reflog/Main$Shape;",
		"static corpus/reflog/Main$Registry.created:Lcorpus/reflog/Main$Shape;"
	registry := alloc(t, p, m+"fields()Ljava/lang/String;", 2) + "." + held // after a StringBuilder
	want := []struct {
		method   string
		mod, use []string // locations among the method's MOD and USE
		onlyLog  bool     // without the log they are not
	}{
		// Field.set's own code writes every field of its argument's
		// objects (the model of Unsafe's accesses), with or without it.
		{"fields()Ljava/lang/String;", []string{registry, created}, []string{registry}, false},
		{"invokeVirtual()Ljava/lang/String;", []string{alloc(t, p, m+"invokeVirtual()Ljava/lang/String;", 3) + "." + held}, nil, true}, // after a StringBuilder and a Class[]
	}
	for _, withLog := range []bool{true, false} {
		opts := pointsto.Options{}
		if withLog {
			opts.Log = log
		}
		pt, err := pointsto.Analyze(p, p.MainMethods(), opts)
		if err != nil {
			t.Fatal(err)
		}
		r, err := modref.Analyze(p, pt)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range want {
			mod, use := r.Method(method(t, p, m+w.method))
			for _, c := range []struct {
				what      string
				got, want []string
			}{{"MOD", names(r, mod), w.mod}, {"USE", names(r, use), w.use}} {
				for _, l := range c.want {
					has := slices.ContainsFunc(c.got, func(g string) bool { return strings.HasPrefix(g, l) })
					if has != withLog && (withLog || w.onlyLog) {
						t.Errorf("log %v: %s of %s has %s: %v (%d locations)", withLog, c.what, w.method, l, has, len(c.got))
					}
				}
			}
		}
	}
}
