package summary

import (
	"slices"
	"strings"
	"testing"
)

func TestStringTable(t *testing.T) {
	for _, ss := range [][]string{
		nil,
		{""},
		{"", "a", "ab", "abc", "abd", "b", "java/lang/Object", "java/lang/String", "java/util/List"},
		{"zz", "z", "", "zzz"}, // unsorted tables are coded too
	} {
		got, err := decodeStrings(appendStrings(nil, ss))
		if err != nil || !slices.Equal(got, ss) && len(ss) > 0 {
			t.Errorf("%q: %q, %v", ss, got, err)
		}
	}
	u := func(xs ...uint64) []byte {
		var b []byte
		for _, x := range xs {
			b = putUint(b, x)
		}
		return b
	}
	for name, b := range map[string][]byte{
		"prefix beyond the previous": u(1, 1, 0),
		"suffix beyond the data":     append(u(1, 0, 5), "ab"...),
		"truncated":                  u(2, 0),
		"trailing bytes":             append(append(u(1, 0, 1), 'a'), 0),
		"count beyond the data":      u(100),
		// Each string repeats the previous one and adds a byte: the table
		// spells n²/2 bytes from n entries.
		"spells too much": func() []byte {
			b := append(u(4000, 0, 1), 'x')
			for i := 1; i < 4000; i++ {
				b = append(append(b, u(uint64(i), 1)...), 'x')
			}
			return b
		}(),
	} {
		if got, err := decodeStrings(b); err == nil {
			t.Errorf("%s: accepted as %d strings", name, len(got))
		} else if !strings.Contains(err.Error(), "string") {
			t.Errorf("%s: error %v", name, err)
		}
	}
}
