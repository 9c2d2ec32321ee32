package classpath

import (
	"strings"
	"unicode/utf8"
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
	if name == "" || !utf8.ValidString(name) {
		return false
	}
	segStart := true
	for i := 0; i < len(name); i++ {
		switch c := name[i]; {
		case c == '/':
			if segStart {
				return false // empty segment (leading "/", "//")
			}
			segStart = true
			continue
		case c == '.' || c == ';' || c == '[' || c == '\\' || c < 0x20 || c == 0x7F:
			return false
		}
		segStart = false
	}
	return !segStart // no trailing "/"
}
