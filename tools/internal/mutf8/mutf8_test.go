package mutf8

import (
	"bytes"
	"errors"
	"testing"
)

func TestRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		s   string
		enc []byte
	}{
		{"", nil},
		{"java/lang/Object", []byte("java/lang/Object")},
		{"a\x00b", []byte{'a', 0xC0, 0x80, 'b'}},
		{"ü", []byte{0xC3, 0xBC}},
		{"€", []byte{0xE2, 0x82, 0xAC}},
		{"😀", []byte{0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80}}, // U+1F600 as a surrogate pair
	} {
		if got := Append(nil, tc.s); !bytes.Equal(got, tc.enc) {
			t.Errorf("Append(%q) = % x, want % x", tc.s, got, tc.enc)
		}
		if got, err := Decode(tc.enc); err != nil || got != tc.s {
			t.Errorf("Decode(% x) = %q, %v; want %q", tc.enc, got, err, tc.s)
		}
	}
}

func TestDecodeInvalid(t *testing.T) {
	for _, b := range [][]byte{
		{0},                      // raw NUL
		{0xC3},                   // truncated
		{0xE2, 0x82},             // truncated
		{0xC3, 0x41},             // bad continuation
		{0xF0, 0x9F, 0x98, 0x80}, // four-byte form
		{0x80},                   // stray continuation
	} {
		if s, err := Decode(b); !errors.Is(err, ErrInvalid) {
			t.Errorf("Decode(% x) = %q, %v; want ErrInvalid", b, s, err)
		}
	}
	// Overlong forms decode to their code point, as in the JVM.
	if s, err := Decode([]byte{0xE0, 0x99, 0xA0, 0xC1, 0x81}); err != nil || s != "\u0660A" {
		t.Errorf("overlong forms: %q, %v", s, err)
	}
	// Unpaired surrogates are kept in their three-byte form and round-trip.
	lone := []byte{0xED, 0xA0, 0xBD, 'x', 0xED, 0xB8, 0x80}
	if s, err := Decode(lone); err != nil || s != string(lone) || string(Append(nil, s)) != string(lone) {
		t.Errorf("unpaired surrogates: %q, %v", s, err)
	}
}
