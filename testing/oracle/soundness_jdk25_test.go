package oracle

import (
	"bytes"
	"encoding/json"
	"os/exec"
	"path/filepath"
	"testing"

	linker "github.com/rules-fragment/rules_fragment/linker/app"
)

// TestSoundnessJDK25 is TestSoundnessFeatures on a Java 25 runtime: a
// program (testing/corpus/tracer/features25) that the launcher starts
// through an instance main (JEP 512, so its roots are link.MainMethods' of
// Java 25), running virtual threads, scoped values, stream gatherers,
// sequenced collections and the class-file API, each calling back into it.
// Every analysis must have every observed edge and receiver, and client +
// the JDK 25 summary must equal whole program.
func TestSoundnessJDK25(t *testing.T) {
	agent := buildAgent(t)
	sum, warm := jdk25Summary(t)
	classes := t.TempDir()
	src, err := filepath.Glob("../corpus/tracer/features25/features25/*.java")
	if err != nil || len(src) == 0 {
		t.Fatalf("no sources: %v", err)
	}
	if b, err := exec.Command(filepath.Join(jdk25, "bin", "javac"), append([]string{"--release", "25", "-d", classes}, src...)...).CombinedOutput(); err != nil {
		t.Fatalf("javac: %v\n%s", err, b)
	}
	jar := filepath.Join(t.TempDir(), "features25.jar")
	if b, err := exec.Command(filepath.Join(jdk25, "bin", "jar"), "cf", jar, "-C", classes, ".").CombinedOutput(); err != nil {
		t.Fatalf("jar: %v\n%s", err, b)
	}
	p := program{name: "features25", client: jar}
	r := tracedRun{name: "features25", prefixes: []string{"features25/"}, main: "features25.Main",
		args: func(string) []string { return nil }, want: "user bob;0+++;one +6 eleven;4;[[1, 2], [3, 4], [5]][a, c, e]10;classfile 5 smaller;",
		analyses: []string{"rta", "0cfa", "andersen"}, jdk: jdk25, release: 25}
	res := traceAndCheck(t, agent, p, r, []string{sum}, nil, warm)
	checkInstrumentedReceivers(t, p, r, res)

	run := func(c linker.Config) []byte {
		c.Client, c.Release, c.Scope, c.Analyses = []string{jar}, 25, "client", r.analyses
		c.ModRef, c.PointsTo = true, true
		res, err := linker.Analyze(&c)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := json.NewEncoder(&b).Encode(res.Analyses); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	whole := run(linker.Config{Libraries: []string{jdk25}})
	if withSums := run(linker.Config{Summaries: []string{sum}, Warm: warm}); !bytes.Equal(whole, withSums) {
		t.Errorf("features25: client + the JDK 25 summary differs from whole program")
	}
	t.Logf("COUNT JDK 25 oracle features25: equal (%d bytes of client JSON, MOD/USE and points-to sets)", len(whole))
}
