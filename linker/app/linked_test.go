package app

import (
	"bytes"
	"os"
	"slices"
	"testing"

	"github.com/rules-fragment/rules_fragment/tools/report"
)

// TestLookupOfOmittedClassRelinks makes the closure of references miss a
// class on purpose: without the entry class among the starting points,
// JLex's Main is left out of the link (cup's runtime, the client, never
// names it), the entry lookup finds nothing, and Analyze must link
// everything and analyse again, with the results of -link-all.
func TestLookupOfOmittedClassRelinks(t *testing.T) {
	const cup = "/usr/share/java/cup_runtime.jar"
	if _, err := os.Stat(cup); err != nil {
		t.Skipf("SKIP: %s not installed (Debian cup)", cup)
	}
	lib := jlexSummary(t)
	config := func() *Config {
		return &Config{Client: []string{cup}, Summaries: []string{lib}, Entries: []string{"JLex/Main.main"},
			Analyses: []string{"rta", "andersen"}, Scope: "all", ModRef: true}
	}
	all := config()
	all.LinkAll = true
	want := resultJSON(t, all)

	res, linked, err := AnalyzeLinked(config())
	if err != nil {
		t.Fatal(err)
	}
	if !linked.OnlyReferenced || linked.Relinked != nil {
		t.Errorf("with the entry as a starting point: %+v, want only the referenced classes linked", linked)
	}
	if got := encodeJSON(t, res); !bytes.Equal(got, want) {
		t.Errorf("only the referenced classes: the JSON result differs from -link-all")
	}

	seedEntries = false
	defer func() { seedEntries = true }()
	res, linked, err = AnalyzeLinked(config())
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(linked.Relinked, []string{"JLex/Main"}) {
		t.Errorf("relinked for %q, want [JLex/Main]", linked.Relinked)
	}
	if got := encodeJSON(t, res); !bytes.Equal(got, want) {
		t.Errorf("after relinking: the JSON result differs from -link-all")
	}
}

func resultJSON(t *testing.T, c *Config) []byte {
	t.Helper()
	res, err := Analyze(c)
	if err != nil {
		t.Fatal(err)
	}
	return encodeJSON(t, res)
}

func encodeJSON(t *testing.T, res *report.Result) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := report.WriteJSON(&buf, res); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}
