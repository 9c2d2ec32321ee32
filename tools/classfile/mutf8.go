package classfile

import (
	"unicode/utf8"
	"unsafe"
)

// decodeModifiedUTF8 decodes JVM "modified UTF-8" (JVMS §4.4.7): NUL is
// encoded as C0 80 and supplementary characters as surrogate pairs of three
// bytes each. Pure ASCII text (the common case) is returned without copying,
// sharing memory with the class-file bytes.
func decodeModifiedUTF8(b []byte) (string, bool) {
	ascii := true
	for _, c := range b {
		if c == 0 || c >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii {
		if len(b) == 0 {
			return "", true
		}
		return unsafe.String(&b[0], len(b)), true
	}
	out := make([]byte, 0, len(b)+4)
	for i := 0; i < len(b); {
		c := b[i]
		switch {
		case c != 0 && c < 0x80:
			out = append(out, c)
			i++
		case c&0xE0 == 0xC0:
			if i+1 >= len(b) || b[i+1]&0xC0 != 0x80 {
				return "", false
			}
			out = utf8.AppendRune(out, rune(c&0x1F)<<6|rune(b[i+1]&0x3F))
			i += 2
		case c&0xF0 == 0xE0:
			if i+2 >= len(b) || b[i+1]&0xC0 != 0x80 || b[i+2]&0xC0 != 0x80 {
				return "", false
			}
			r := rune(c&0x0F)<<12 | rune(b[i+1]&0x3F)<<6 | rune(b[i+2]&0x3F)
			i += 3
			// A high surrogate followed by a low one encodes a supplementary character.
			if r >= 0xD800 && r < 0xDC00 && i+2 < len(b) && b[i]&0xF0 == 0xE0 {
				r2 := rune(b[i]&0x0F)<<12 | rune(b[i+1]&0x3F)<<6 | rune(b[i+2]&0x3F)
				if r2 >= 0xDC00 && r2 < 0xE000 && b[i+1]&0xC0 == 0x80 && b[i+2]&0xC0 == 0x80 {
					r = 0x10000 + (r-0xD800)<<10 + (r2 - 0xDC00)
					i += 3
				}
			}
			if r >= 0xD800 && r < 0xE000 {
				// Unpaired surrogates are legal in class files. Keep their
				// three bytes (WTF-8) so distinct names stay distinct.
				out = append(out, 0xE0|byte(r>>12), 0x80|byte(r>>6)&0x3F, 0x80|byte(r)&0x3F)
				continue
			}
			out = utf8.AppendRune(out, r)
		default:
			return "", false
		}
	}
	return string(out), true
}
