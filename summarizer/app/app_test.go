package app

import (
	"archive/zip"
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-jar", "a.jar", "-o", "a.rfsum"}, // no target
		{"-target", "a", "-o", "a.rfsum"},  // no jar
		{"-target", "a", "-jar", "a.jar"},  // no output
		{"-target", "a", "-jar", "a.jar", "-o", "x", "extra"},
	} {
		if _, err := ParseFlags(flag.NewFlagSet("summarizer", flag.ContinueOnError), args); err == nil {
			t.Errorf("%q: no error", args)
		}
	}
}

// TestBadInput: a malformed class names jar and entry; a corrupt
// dependency summary names its file; no partial output is left behind.
func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	jar := filepath.Join(dir, "bad.jar")
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, _ := zw.Create("p/Bad.class")
	w.Write([]byte{0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 52, 0})
	zw.Close()
	if err := os.WriteFile(jar, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.rfsum")
	err := Run(&Config{Target: "bad", Jars: []string{jar}, Out: out})
	if err == nil || !strings.Contains(err.Error(), jar) || !strings.Contains(err.Error(), "p/Bad.class") {
		t.Errorf("malformed class: got %v", err)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a failed run left an output file")
	}
	dep := filepath.Join(dir, "dep.rfsum")
	os.WriteFile(dep, []byte("rfsum\x00\r\nnot really"), 0o644)
	err = Run(&Config{Target: "x", Jars: []string{jar}, Deps: []string{dep}, Out: out})
	if err == nil || !strings.Contains(err.Error(), dep) {
		t.Errorf("corrupt dependency summary: got %v", err)
	}
}
