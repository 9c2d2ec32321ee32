package classpath

import (
	"archive/zip"
	"bytes"
	"io"
	"strings"
)

// Multi-release jars (JEP 238) keep release-specific variants of classes
// under META-INF/versions/N/. As in java.util.jar.JarFile, the variants count
// only if the main section of the manifest says "Multi-Release: true", and N
// must be a decimal number of at least 9 (the first release with versioned
// entries); for a target release R the variant with the highest N <= R
// replaces the base entry. Options.Release 0 keeps the base entries only.

const (
	manifestName = "META-INF/MANIFEST.MF"
	minVersion   = 9
	// maxManifestMain bounds how much of the manifest is read looking for
	// the end of the main section (signed jars have huge per-entry sections).
	maxManifestMain = 1 << 20
)

// splitVersion splits "N/rest" of a META-INF/versions/N/rest path.
func splitVersion(s string) (version int, rest string, ok bool) {
	digits, rest, found := strings.Cut(s, "/")
	if !found || digits == "" || len(digits) > 9 {
		return 0, "", false
	}
	for i := 0; i < len(digits); i++ {
		c := digits[i]
		if c < '0' || c > '9' {
			return 0, "", false
		}
		version = version*10 + int(c-'0')
	}
	if version < minVersion {
		return 0, "", false
	}
	return version, rest, true
}

// isMultiRelease reports whether the jar's manifest declares
// Multi-Release: true in its main section.
func isMultiRelease(zr *zip.Reader) (bool, error) {
	// Prefer the exact name; like JarFile, fall back to any case.
	var mf *zip.File
	for _, f := range zr.File {
		if f.Name == manifestName {
			mf = f
			break
		}
		if mf == nil && strings.EqualFold(f.Name, manifestName) {
			mf = f
		}
	}
	if mf == nil {
		return false, nil
	}
	rc, err := mf.Open()
	if err != nil {
		return false, err
	}
	defer rc.Close()
	data, err := io.ReadAll(io.LimitReader(rc, maxManifestMain))
	if err != nil {
		return false, err
	}
	v, _ := manifestMainAttribute(data, "Multi-Release")
	return strings.EqualFold(strings.TrimSpace(v), "true"), nil
}

// manifestMainAttribute returns the value of attribute name (matched case
// insensitively) in the main section of a manifest: the lines before the
// first empty line, where a line starting with a space continues the
// previous one. Lines end with CR LF, LF or CR.
func manifestMainAttribute(data []byte, name string) (string, bool) {
	var (
		value string
		found bool
		cur   []byte // current logical line
	)
	finish := func() {
		if found || len(cur) == 0 {
			return
		}
		k, v, ok := bytes.Cut(cur, []byte(":"))
		if ok && strings.EqualFold(string(bytes.TrimSpace(k)), name) {
			value, found = string(bytes.TrimPrefix(v, []byte(" "))), true
		}
	}
	for len(data) > 0 {
		i := bytes.IndexAny(data, "\r\n")
		var line []byte
		if i < 0 {
			line, data = data, nil
		} else {
			line = data[:i]
			if data[i] == '\r' && i+1 < len(data) && data[i+1] == '\n' {
				i++
			}
			data = data[i+1:]
		}
		switch {
		case len(line) == 0: // end of the main section
			finish()
			return value, found
		case line[0] == ' ':
			cur = append(cur, line[1:]...)
		default:
			finish()
			cur = append(cur[:0], line...)
		}
	}
	finish()
	return value, found
}
