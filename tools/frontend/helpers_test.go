package frontend

import (
	"archive/zip"
	"encoding/binary"
	"os"
	"sort"
	"testing"
)

// minimalClass returns a valid class file for an empty public class.
func minimalClass(name string) []byte {
	var b []byte
	u2 := func(v int) { b = binary.BigEndian.AppendUint16(b, uint16(v)) }
	b = append(b, 0xCA, 0xFE, 0xBA, 0xBE)
	u2(0)
	u2(52)
	u2(5) // constant_pool_count
	utf := func(s string) { b = append(b, 1); u2(len(s)); b = append(b, s...) }
	utf(name)        // 1
	b = append(b, 7) // 2: Class #1
	u2(1)
	utf("java/lang/Object") // 3
	b = append(b, 7)        // 4: Class #3
	u2(3)
	u2(0x21) // access
	u2(2)    // this
	u2(4)    // super
	u2(0)    // interfaces
	u2(0)    // fields
	u2(0)    // methods
	u2(0)    // attributes
	return b
}

func writeJar(t *testing.T, path string, entries map[string][]byte) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := zip.NewWriter(f)
	names := make([]string, 0, len(entries))
	for n := range entries {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		e, _ := w.Create(n)
		e.Write(entries[n])
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	f.Close()
}
