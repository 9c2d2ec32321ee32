package classpath

import (
	"io"
	"path/filepath"
	"strings"
)

// A jmod file (JDK 9+, written by the jmod tool; see OpenJDK's
// jdk.internal.jmod.JmodFile) is the 4-byte magic "JM" 0x01 0x00 (major
// version 1, minor 0) followed by a zip archive whose top-level directories
// are sections: classes/, conf/, include/, legal/, lib/, bin/ and man/.
// Only classes/ holds class files; the module name comes from
// classes/module-info.class, or from the file name if that is unusable.

var jmodMagic = [4]byte{'J', 'M', 1, 0}

const jmodHeaderSize = 4

// newJmodContainer opens the jmod held in r (size bytes including the magic).
func newJmodContainer(name string, r io.ReaderAt, size int64) (*zipContainer, error) {
	var magic [4]byte
	if size < jmodHeaderSize {
		return nil, &Error{Container: name, Err: errShort(size)}
	}
	if _, err := r.ReadAt(magic[:], 0); err != nil {
		return nil, &Error{Container: name, Err: err}
	}
	if magic != jmodMagic {
		return nil, &Error{Container: name, Err: &magicError{kind: "jmod", got: magic[:], want: jmodMagic[:]}}
	}
	sr := io.NewSectionReader(r, jmodHeaderSize, size-jmodHeaderSize)
	z, err := newZipContainer(name, sr, size-jmodHeaderSize, Options{}, kindJmod, "")
	if err != nil {
		return nil, err
	}
	module := jmodModuleName(z, name)
	for i := range z.entries {
		z.entries[i].Module = module
	}
	return z, nil
}

// jmodModuleName reads the module name from classes/module-info.class,
// falling back to the file name without ".jmod".
func jmodModuleName(z *zipContainer, name string) string {
	if i, ok := z.entries.find(Entry{Class: "module-info"}); ok {
		if data, err := readZipFile(z.files[i], z.size); err == nil {
			if m, err := moduleName(data); err == nil && m != "" {
				return m
			}
		}
	}
	return strings.TrimSuffix(filepath.Base(name), ".jmod")
}
