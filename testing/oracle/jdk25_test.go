package oracle

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	linker "github.com/rules-fragment/rules_fragment/linker/app"
	summarizer "github.com/rules-fragment/rules_fragment/summarizer/app"
)

// jdk25 is a JDK 25 image where the machine has one (it cannot be
// installed from the package registries here).
const jdk25 = "/usr/lib/jvm/temurin-25-jdk-amd64"

var (
	jdk25Sum, jdk25Warm string
	jdk25Err            error
	jdk25Done           bool
)

// jdk25Summary summarises the JDK 25 runtime, with its warm start, once per
// test binary; it skips the test where the machine has no JDK 25.
func jdk25Summary(t *testing.T) (sum, warm string) {
	t.Helper()
	if _, err := os.Stat(filepath.Join(jdk25, "lib", "modules")); err != nil {
		t.Skipf("SKIP: no JDK 25 image at %s (not installable here; JDK 17 tests cover the rest)", jdk25)
	}
	if !jdk25Done {
		jdk25Done = true
		jdk25Sum, jdk25Warm = filepath.Join(tmp, "jdk25.rfsum"), filepath.Join(tmp, "jdk25.rfwarm")
		jdk25Err = summarizer.Run(&summarizer.Config{Target: "jdk25", Jars: []string{jdk25}, Out: jdk25Sum, Warm: jdk25Warm, Release: 25})
	}
	if jdk25Err != nil {
		t.Fatal(jdk25Err)
	}
	return jdk25Sum, jdk25Warm
}

// TestJDK25WholeEqualsSummaries: on a JDK 25 runtime (class-file version
// 69, the runtime's newer start-up code), client + summaries with the
// runtime's warm start equals whole program, for a program alone (JLex)
// and one with a layered library summary (CUP), for RTA, 0-CFA_f and
// AND_f.
func TestJDK25WholeEqualsSummaries(t *testing.T) {
	sum, warm := jdk25Summary(t)
	for _, p := range programs {
		if p.name != "jlex" && p.name != "cup" {
			continue
		}
		t.Run(p.name, func(t *testing.T) {
			for _, f := range append([]string{p.client}, p.libs...) {
				if _, err := os.Stat(f); err != nil {
					t.Skipf("SKIP: %s not installed (Debian package; .ci/run installs it)", f)
				}
			}
			// Library summaries from the bottom of the chain up (layered).
			sums := make([]string, len(p.libs))
			for i := len(p.libs) - 1; i >= 0; i-- {
				sums[i] = filepath.Join(tmp, fmt.Sprintf("%s-jdk25-%d.rfsum", p.name, i))
				deps := append(append([]string{}, sums[i+1:]...), sum)
				c := &summarizer.Config{Target: filepath.Base(p.libs[i]), Jars: []string{p.libs[i]}, Deps: deps, Out: sums[i], Release: 25}
				if err := summarizer.Run(c); err != nil {
					t.Fatal(err)
				}
			}
			run := func(c linker.Config) [][]byte {
				c.Client, c.Entries, c.Release, c.Scope = []string{p.client}, entries(p.name), 25, "client"
				c.Analyses = []string{"rta", "0cfa", "andersen"}
				r, err := linker.Analyze(&c)
				if err != nil {
					t.Fatal(err)
				}
				var out [][]byte
				for _, a := range r.Analyses {
					b, _ := json.Marshal(a)
					out = append(out, b)
				}
				return out
			}
			whole := run(linker.Config{Libraries: append(append([]string{}, p.libs...), jdk25)})
			withSums := run(linker.Config{Summaries: append(sums, sum), Warm: warm})
			for i, name := range []string{"rta", "0cfa", "andersen"} {
				if !bytes.Equal(whole[i], withSums[i]) {
					t.Errorf("%s %s on JDK 25: client + summaries differs from whole program", p.name, name)
					continue
				}
				t.Logf("COUNT JDK 25 oracle %s %s: equal (%d bytes of client JSON)", p.name, name, len(whole[i]))
			}
		})
	}
}
