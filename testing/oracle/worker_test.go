package oracle

import (
	"bytes"
	"crypto/sha256"
	"os"
	"path/filepath"
	"testing"

	linker "github.com/rules-fragment/rules_fragment/linker/app"
	summarizer "github.com/rules-fragment/rules_fragment/summarizer/app"
	"github.com/rules-fragment/rules_fragment/tools/report"
	"github.com/rules-fragment/rules_fragment/tools/summary"
	"github.com/rules-fragment/rules_fragment/tools/worker"
)

// TestWorkerCacheEqualsFresh: a persistent worker's links and summaries,
// which share the decoded runtime summary, warm start and library
// summaries of earlier actions (summary.Cache), are byte-identical to
// those of fresh processes, in every order of programs and analyses: no
// link changes what it shares.
func TestWorkerCacheEqualsFresh(t *testing.T) {
	jdk := jdkSummary(t)
	cache := summary.NewCache(worker.CacheBudget)
	config := func(p program, sums []string, c *summary.Cache) *linker.Config {
		// CHA's and 0-CFA_f's results on the larger programs take minutes
		// (javacc's CHA JSON is 6 GB); the small ones have all four.
		analyses := []string{"andersen", "rta"}
		if p.name == "jlex" || p.name == "cup" {
			analyses = []string{"andersen", "cha", "0cfa", "rta"}
		}
		return &linker.Config{Client: []string{p.client}, Summaries: sums, Entries: entries(p.name), Warm: jdkWarm,
			Analyses: analyses, ModRef: true, Scope: "client", Release: 17, Cache: c}
	}
	fresh := map[string][sha256.Size]byte{}
	var run []program
	for _, p := range programs {
		if _, err := os.Stat(p.client); err != nil {
			t.Logf("SKIP %s: %s not installed", p.name, p.client)
			continue
		}
		sums := librarySummaries(t, p, jdk)
		fresh[p.name] = linkJSON(t, config(p, sums, nil))
		run = append(run, p)
	}
	if len(run) == 0 {
		t.Skip("SKIP: none of the programs is installed")
	}
	// Twice over, the second time in the opposite order.
	for round := range 2 {
		for i := range run {
			p := run[i]
			if round == 1 {
				p = run[len(run)-1-i]
			}
			if got := linkJSON(t, config(p, libSums[p.name], cache)); got != fresh[p.name] {
				t.Errorf("round %d, %s: the worker's result differs from a fresh link's", round, p.name)
			}
		}
	}
	if want := 2*len(run)*2 - 2; cache.Hits() < want {
		t.Errorf("%d cache hits, want at least %d (the JDK summary and warm start at every link but the first)", cache.Hits(), want)
	}

	// Summaries of libraries made with the cached JDK summary are the same
	// bytes as without.
	for _, p := range run {
		for i, lib := range p.libs {
			deps := libSums[p.name][i+1:]
			out := filepath.Join(t.TempDir(), filepath.Base(lib)+".rfsum")
			c := &summarizer.Config{Target: filepath.Base(lib), Jars: []string{lib}, Deps: deps, Out: out, Release: 17, Cache: cache}
			if err := summarizer.Run(c); err != nil {
				t.Fatal(err)
			}
			want, _ := os.ReadFile(libSums[p.name][i])
			got, _ := os.ReadFile(out)
			if !bytes.Equal(got, want) {
				t.Errorf("%s: the worker's summary of %s differs from a fresh one", p.name, lib)
			}
		}
	}
}

// linkJSON returns the SHA-256 of the JSON result of c.
func linkJSON(t *testing.T, c *linker.Config) (sum [sha256.Size]byte) {
	t.Helper()
	res, err := linker.Analyze(c)
	if err != nil {
		t.Fatal(err)
	}
	h := sha256.New()
	if err := report.WriteJSON(h, res); err != nil {
		t.Fatal(err)
	}
	return [sha256.Size]byte(h.Sum(nil))
}
