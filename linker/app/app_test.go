package app

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	summarizer "github.com/rules-fragment/rules_fragment/summarizer/app"
	"github.com/rules-fragment/rules_fragment/tools/summary"
)

const jlex = "/usr/share/java/JLex.jar"

// jlexSummary summarises JLex alone (no JDK: its references become
// phantoms), a small real summary for input-handling tests.
func jlexSummary(t *testing.T) string {
	t.Helper()
	if _, err := os.Stat(jlex); err != nil {
		t.Skipf("SKIP: %s not installed (Debian jlex)", jlex)
	}
	out := filepath.Join(t.TempDir(), "jlex.rfsum")
	if err := summarizer.Run(&summarizer.Config{Target: "jlex", Jars: []string{jlex}, Out: out, Release: 17}); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestBadSummariesNameTheFile(t *testing.T) {
	good := jlexSummary(t)
	data, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	cases := map[string][]byte{
		"truncated.rfsum":   data[:len(data)/2],
		"wrong-magic.rfsum": append([]byte("PK\x03\x04"), data[4:]...),
		"flipped.rfsum":     flip(data, len(data)-10),
		"empty.rfsum":       nil,
	}
	for name, b := range cases {
		f := filepath.Join(dir, name)
		if err := os.WriteFile(f, b, 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Analyze(&Config{Client: []string{jlex}, Summaries: []string{f}, Analyses: []string{"rta"}, Scope: "client"})
		var se *summary.Error
		if err == nil || !errors.As(err, &se) || !strings.Contains(err.Error(), f) {
			t.Errorf("%s: got %v, want a *summary.Error naming the file", name, err)
		}
	}
}

func flip(b []byte, i int) []byte {
	c := bytes.Clone(b)
	c[i] ^= 0x40
	return c
}

func TestFlags(t *testing.T) {
	for _, args := range [][]string{
		{}, // no client
		{"-client", "a.jar", "-analyses", "kcfa"},
		{"-client", "a.jar", "-scope", "some"},
		{"-client", "a.jar", "extra"},
	} {
		if _, err := ParseFlags(flag.NewFlagSet("linker", flag.ContinueOnError), args); err == nil {
			t.Errorf("%q: no error", args)
		}
	}
	c, err := ParseFlags(flag.NewFlagSet("linker", flag.ContinueOnError), []string{"-client", "a.jar", "-summary", "x.rfsum", "-summary", "y.rfsum"})
	if err != nil || len(c.Summaries) != 2 || c.Mode() != "client+summaries" {
		t.Errorf("got %+v, %v", c, err)
	}
}

func TestNoEntryPoint(t *testing.T) {
	sum := jlexSummary(t)
	_, err := Analyze(&Config{Client: []string{jlex}, Summaries: []string{sum}, Entries: []string{"JLex/Main.nosuch"}, Analyses: []string{"rta"}, Scope: "client"})
	if err == nil || !strings.Contains(err.Error(), "JLex/Main.nosuch") {
		t.Errorf("got %v", err)
	}
}
