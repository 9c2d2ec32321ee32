package summary

import (
	"fmt"
	"strings"
)

// The string table is front-coded: each string as the length of the prefix
// it shares with the one before (the table is sorted, so these are long),
// then the rest. 0.93 → 0.81 MB in the JDK's summary, and decoding makes
// one string for the whole table instead of 195 k.

// appendStrings appends the front-coded table: count, then per string the
// shared prefix length, the suffix length and the suffix.
func appendStrings(b []byte, ss []string) []byte {
	b = putUint(b, uint64(len(ss)))
	prev := ""
	for _, s := range ss {
		n := 0
		for n < len(s) && n < len(prev) && s[n] == prev[n] {
			n++
		}
		b = putUint(putUint(b, uint64(n)), uint64(len(s)-n))
		b = append(b, s[n:]...)
		prev = s
	}
	return b
}

// decodeStrings reads a table written by appendStrings.
func decodeStrings(b []byte) ([]string, error) {
	// First the lengths, to spell every string into one buffer.
	r := &varReader{b: b}
	n := r.count()
	if r.err != nil {
		return nil, fmt.Errorf("string count: %w", r.err)
	}
	lens := make([]int, n)
	total, prev := 0, 0
	limit := 16*len(b) + 1<<20 // far above real tables; bounds a corrupt one
	for i := range lens {
		shared, rest := r.uint(), r.uint()
		if r.err != nil {
			return nil, fmt.Errorf("string %d: %w", i, r.err)
		}
		if shared > uint64(prev) || rest > uint64(len(b)-r.off) {
			return nil, fmt.Errorf("string %d: prefix %d of %d bytes, %d more bytes", i, shared, prev, rest)
		}
		r.off += int(rest)
		lens[i], prev = int(shared+rest), int(shared+rest)
		if total += lens[i]; total > limit {
			return nil, fmt.Errorf("string %d: the table spells more than %d bytes", i, limit)
		}
	}
	if r.off != len(b) {
		return nil, fmt.Errorf("%d bytes after the string table", len(b)-r.off)
	}
	var buf strings.Builder
	buf.Grow(total)
	r = &varReader{b: b}
	r.count()
	start := 0 // of the previous string in buf
	for range lens {
		shared, rest := int(r.uint()), int(r.uint())
		from := buf.Len()
		// The shared prefix is the previous string's, already in buf.
		buf.WriteString(buf.String()[start : start+shared])
		buf.Write(b[r.off : r.off+rest])
		r.off += rest
		start = from
	}
	all := buf.String()
	out := make([]string, n)
	off := 0
	for i, l := range lens {
		out[i] = all[off : off+l]
		off += l
	}
	return out, nil
}
