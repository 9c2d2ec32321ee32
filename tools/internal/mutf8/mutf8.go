// Package mutf8 converts between the JVM's "modified UTF-8" (JVMS §4.4.7)
// and Go strings.
//
// Class files and jimage string tables store names in modified UTF-8: NUL is
// encoded as the two bytes C0 80, and supplementary characters are encoded as
// a surrogate pair of two three-byte sequences instead of one four-byte
// sequence. For the ASCII names that dominate real class files both encodings
// are identical, so Decode takes a fast path that only copies the bytes.
package mutf8

import (
	"errors"
	"unicode/utf16"
	"unicode/utf8"
)

// ErrInvalid reports a byte sequence that is not valid modified UTF-8.
var ErrInvalid = errors.New("invalid modified UTF-8")

// Decode converts modified UTF-8 bytes to a Go (UTF-8) string. It rejects
// raw NUL bytes, four-byte sequences, truncated or malformed sequences.
// Overlong forms are accepted, as the JVM accepts them: old compilers
// wrote characters such as U+0660 as three bytes (xerces 2.6.2 does).
// Unpaired surrogates, which class files may contain, are kept as their
// three-byte encoding (WTF-8), so that distinct names stay distinct and
// Append restores the original bytes.
func Decode(b []byte) (string, error) {
	ascii := true
	for _, c := range b {
		if c == 0 || c >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii {
		return string(b), nil
	}
	out := make([]byte, 0, len(b)+4)
	var pending rune = -1 // a high surrogate waiting for its low half
	flush := func() {
		if pending >= 0 {
			out = appendSurrogate(out, pending)
			pending = -1
		}
	}
	for i := 0; i < len(b); {
		c := b[i]
		var r rune
		switch {
		case c == 0:
			return "", ErrInvalid
		case c < 0x80:
			r = rune(c)
			i++
		case c&0xE0 == 0xC0:
			if i+1 >= len(b) || b[i+1]&0xC0 != 0x80 {
				return "", ErrInvalid
			}
			r = rune(c&0x1F)<<6 | rune(b[i+1]&0x3F)
			i += 2
		case c&0xF0 == 0xE0:
			if i+2 >= len(b) || b[i+1]&0xC0 != 0x80 || b[i+2]&0xC0 != 0x80 {
				return "", ErrInvalid
			}
			r = rune(c&0x0F)<<12 | rune(b[i+1]&0x3F)<<6 | rune(b[i+2]&0x3F)
			i += 3
		default:
			return "", ErrInvalid
		}
		if utf16.IsSurrogate(r) {
			if r < 0xDC00 { // high surrogate
				flush()
				pending = r
				continue
			}
			if pending >= 0 {
				out = utf8.AppendRune(out, utf16.DecodeRune(pending, r))
				pending = -1
				continue
			}
			out = appendSurrogate(out, r)
			continue
		}
		flush()
		out = utf8.AppendRune(out, r)
	}
	flush()
	return string(out), nil
}

// appendSurrogate writes a lone surrogate code unit in its three-byte form.
func appendSurrogate(dst []byte, r rune) []byte { return append3(dst, r) }

// Append appends the modified UTF-8 encoding of s to dst. Lone surrogates
// in WTF-8 form (as Decode produces) are copied; other invalid UTF-8 in s is
// encoded as U+FFFD.
func Append(dst []byte, s string) []byte {
	for i := 0; i < len(s); {
		if isWTF8Surrogate(s[i:]) {
			dst = append(dst, s[i:i+3]...)
			i += 3
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case r == 0:
			dst = append(dst, 0xC0, 0x80)
		case r < 0x80:
			dst = append(dst, byte(r))
		case r < 0x800:
			dst = append(dst, 0xC0|byte(r>>6), 0x80|byte(r&0x3F))
		case r < 0x10000:
			dst = append(dst, 0xE0|byte(r>>12), 0x80|byte(r>>6&0x3F), 0x80|byte(r&0x3F))
		default:
			hi, lo := utf16.EncodeRune(r)
			dst = append3(dst, hi)
			dst = append3(dst, lo)
		}
	}
	return dst
}

// append3 appends the three-byte encoding of a BMP code unit (used for
// surrogate halves).
func append3(dst []byte, r rune) []byte {
	return append(dst, 0xE0|byte(r>>12), 0x80|byte(r>>6&0x3F), 0x80|byte(r&0x3F))
}

// isWTF8Surrogate reports whether s starts with the three-byte encoding of
// a surrogate code unit (ED A0..BF 80..BF), which is not valid UTF-8.
func isWTF8Surrogate(s string) bool {
	return len(s) >= 3 && s[0] == 0xED && s[1] >= 0xA0 && s[1] <= 0xBF && s[2]&0xC0 == 0x80
}
