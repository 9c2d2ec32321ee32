package classfile

import (
	"unsafe"

	"github.com/rules-fragment/rules_fragment/tools/internal/mutf8"
)

// decodeModifiedUTF8 decodes JVM "modified UTF-8" (JVMS §4.4.7). Pure ASCII
// text (the common case) is returned without copying, sharing memory with
// the class-file bytes; anything else goes through package mutf8.
func decodeModifiedUTF8(b []byte) (string, bool) {
	for _, c := range b {
		if c == 0 || c >= 0x80 {
			s, err := mutf8.Decode(b)
			return s, err == nil
		}
	}
	if len(b) == 0 {
		return "", true
	}
	return unsafe.String(&b[0], len(b)), true
}
