package oracle

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	summarizer "github.com/rules-fragment/rules_fragment/summarizer/app"
)

// TestSummaryNeedsOnlyItsDependencyClasses: a library's summary made with
// only the dependency classes its hierarchy needs (the default,
// summarizer/app depClasses) is byte-identical to one made with every
// class of its dependencies (-all-deps), for layered libraries and for
// Debian's jars over the JDK's summary; and the default did leave classes
// out (it did not fall back to all of them).
func TestSummaryNeedsOnlyItsDependencyClasses(t *testing.T) {
	jdk := jdkSummary(t)
	type lib struct {
		name string
		jar  string
		deps []string
	}
	var libs []lib
	seen := map[string]bool{}
	for _, p := range programs {
		if _, err := os.Stat(p.client); err != nil {
			continue
		}
		sums := librarySummaries(t, p, jdk)
		for i, l := range p.libs {
			if !seen[l] {
				seen[l] = true
				libs = append(libs, lib{filepath.Base(l), l, sums[i+1:]})
			}
		}
	}
	if out := buildLayered(t); out != "" {
		b := filepath.Join(tmp, "depclasses-libb.rfsum")
		if err := summarize(b, "libb", []string{filepath.Join(out, "libb.jar")}, []string{jdk}, 0); err != nil {
			t.Fatal(err)
		}
		libs = append(libs, lib{"liba", filepath.Join(out, "liba.jar"), []string{b, jdk}})
	}
	for _, j := range []string{"commons-lang3", "gson", "guava", "junit4", "asm"} {
		if jar := "/usr/share/java/" + j + ".jar"; fileExists(jar) {
			libs = append(libs, lib{j, jar, []string{jdk}})
		}
	}
	if len(libs) == 0 {
		t.Skip("SKIP: no library jar installed")
	}
	dir := t.TempDir()
	for _, l := range libs {
		var got [2][]byte
		var stats [2]bytes.Buffer
		for k, all := range []bool{false, true} {
			out := filepath.Join(dir, fmt.Sprintf("%s-%v.rfsum", l.name, all))
			c := &summarizer.Config{Target: l.name, Jars: []string{l.jar}, Deps: l.deps, Out: out, Release: 17, AllDeps: all, Stats: &stats[k]}
			if err := summarizer.Run(c); err != nil {
				t.Fatal(err)
			}
			got[k], _ = os.ReadFile(out)
		}
		if !bytes.Equal(got[0], got[1]) {
			t.Errorf("%s: the summary differs with every dependency class", l.name)
		}
		var some, all int
		fmt.Sscanf(statsTail(stats[0].String()), "%d of %d", &some, &all)
		if some == 0 || some >= all {
			t.Errorf("%s: %q: want fewer dependency classes than all", l.name, stats[0].String())
		}
		t.Logf("COUNT %s: %d of %d dependency classes", l.name, some, all)
	}
}

// statsTail is the part of a summarizer -stats line from the dependency
// class count on.
func statsTail(line string) string {
	if i := strings.LastIndex(line, "; "); i >= 0 {
		return line[i+2:]
	}
	return line
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
