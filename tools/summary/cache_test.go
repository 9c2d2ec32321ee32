package summary

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// writeFileAtomic replaces path as Bazel and tools/outfile do: a new file
// renamed over the old one.
func writeFileAtomic(t *testing.T, path string, data []byte) {
	t.Helper()
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, path); err != nil {
		t.Fatal(err)
	}
}

func TestCache(t *testing.T) {
	u, _ := sampleUnit()
	data := writeUnit(t, u)
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.rfsum"), filepath.Join(dir, "b.rfsum")
	writeFileAtomic(t, a, data)
	writeFileAtomic(t, b, data)

	c := NewCache(int64(len(data)) * 3 / 2) // room for one of the two files
	first, h, err := c.ReadUnit(a)
	if err != nil {
		t.Fatal(err)
	}
	if err := sameUnit(u, first); err != nil || h.Target != unitHeader.Target {
		t.Fatalf("decoded through the cache: %v, target %q", err, h.Target)
	}
	again, _, err := c.ReadUnit(a)
	if err != nil || again != first || c.Hits() != 1 {
		t.Fatalf("second read: %v, same unit %v, %d hits; want the cached unit", err, again == first, c.Hits())
	}

	// Another file, then a (replacing it in the budget) is decoded again.
	if _, _, err := c.ReadUnit(b); err != nil {
		t.Fatal(err)
	}
	if evicted, _, err := c.ReadUnit(a); err != nil || evicted == first || c.Hits() != 1 {
		t.Fatalf("after eviction: %v, same unit %v, %d hits; want a new decoding", err, evicted == first, c.Hits())
	}

	// A replaced file is a new file, whatever its path.
	h2 := unitHeader
	h2.Target = "//lib:other"
	var other bytes.Buffer
	if err := WriteUnit(&other, h2, u); err != nil {
		t.Fatal(err)
	}
	writeFileAtomic(t, a, other.Bytes())
	if _, h, err := c.ReadUnit(a); err != nil || h.Target != "//lib:other" {
		t.Fatalf("replaced file: %v, target %q; want //lib:other", err, h.Target)
	}

	// Errors are not cached, and name the file.
	bad := filepath.Join(dir, "bad.rfsum")
	writeFileAtomic(t, bad, data[:len(data)/2])
	for range 2 {
		if _, _, err := c.ReadUnit(bad); !isFileError(err, bad) {
			t.Fatalf("truncated file: %v, want an error naming it", err)
		}
	}
	writeFileAtomic(t, bad, data)
	if _, _, err := c.ReadUnit(bad); err != nil {
		t.Fatalf("the file made whole again: %v", err)
	}
	if _, _, err := c.ReadUnit(filepath.Join(dir, "missing.rfsum")); err == nil {
		t.Fatal("a missing file: no error")
	}

	// A nil cache reads every time.
	var none *Cache
	x, _, err := none.ReadUnit(b)
	y, _, err2 := none.ReadUnit(b)
	if err != nil || err2 != nil || x == y {
		t.Fatalf("nil cache: %v, %v, same unit %v", err, err2, x == y)
	}
}
