package classpath

import (
	"strings"
	"unicode/utf8"

	"github.com/rules-fragment/rules_fragment/tools/classfile"
)

// classFromPath maps a slash-separated path ending in ".class" to the class's
// internal name, or reports false if the path does not name a class: it does
// not end in ".class" or the rest is not a valid internal name.
func classFromPath(p string) (string, bool) {
	stem, ok := strings.CutSuffix(p, ".class")
	if !ok || !ValidClassName(stem) {
		return "", false
	}
	return stem, true
}

// ValidClassName reports whether name is a valid internal class name as the
// JVM defines it (JVMS §4.2.1): non-empty segments separated by '/', none of
// which contains '.', ';' or '['. Names must also be valid UTF-8 and free of
// control characters and backslashes, which no compiler emits and which only
// show up in archive entries that are not classes.
func ValidClassName(name string) bool {
	if !utf8.ValidString(name) || !classfile.ValidClassName(name) {
		return false
	}
	for i := 0; i < len(name); i++ {
		if c := name[i]; c == '\\' || c < 0x20 || c == 0x7F {
			return false // not a name a path can carry safely
		}
	}
	return true
}
