package flagx

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestExpandParams(t *testing.T) {
	f := filepath.Join(t.TempDir(), "params")
	if err := os.WriteFile(f, []byte("-jar\na b.jar\n\n-o\nout\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := ExpandParams([]string{"-target", "x", "@" + f, "@"})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"-target", "x", "-jar", "a b.jar", "-o", "out", "@"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	if _, err := ExpandParams([]string{"@/nonexistent/params"}); err == nil {
		t.Error("missing parameter file: no error")
	}
}
