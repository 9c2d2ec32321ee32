package classfile

import (
	"encoding/binary"
	"unsafe"

	"github.com/rules-fragment/rules_fragment/tools/internal/mutf8"
)

// decodeModifiedUTF8 decodes JVM "modified UTF-8" (JVMS §4.4.7). Pure ASCII
// text (the common case) is returned without copying, sharing memory with
// the class-file bytes; anything else goes through package mutf8.
func decodeModifiedUTF8(b []byte) (string, bool) {
	if !isASCII(b) {
		s, err := mutf8.Decode(b)
		return s, err == nil
	}
	if len(b) == 0 {
		return "", true
	}
	return unsafe.String(&b[0], len(b)), true
}

// isASCII reports whether b holds only bytes 1..127, eight bytes at a time.
func isASCII(b []byte) bool {
	const high = 0x8080808080808080
	const low = 0x0101010101010101
	for len(b) >= 8 {
		w := binary.LittleEndian.Uint64(b)
		// A byte is 0 or >= 0x80 iff the classic zero-byte test or the
		// high bit fires.
		if w&high != 0 || (w-low)&^w&high != 0 {
			return false
		}
		b = b[8:]
	}
	for _, c := range b {
		if c == 0 || c >= 0x80 {
			return false
		}
	}
	return true
}
