package classpath

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/rules-fragment/rules_fragment/tools/classpath/jimage"
)

var (
	classMagic = []byte{0xCA, 0xFE, 0xBA, 0xBE}
	zipMagics  = [][]byte{
		[]byte("PK\x03\x04"), // local file header
		[]byte("PK\x05\x06"), // end of central directory (empty archive)
		[]byte("PK\x07\x08"), // spanning marker
	}
)

// Open opens the container at path, detecting its kind:
//
//   - a directory with lib/modules is a JDK home: its runtime image is opened;
//     a directory with jmods/*.jmod but no lib/modules is a JDK home whose
//     jmods are opened together;
//   - any other directory is searched recursively for *.class files, the
//     class name being the relative path;
//   - a file starting with 0xCAFEBABE is a single class (named by this_class);
//   - "JM" 0x01 0x00 is a jmod; 0xCAFEDADA (either byte order) is a jimage;
//   - "PK" is a zip (jar, zip, war: .war files also use WEB-INF/classes/ as a
//     class root). Files with other content are still tried as zip archives,
//     which may have a prefix such as a launcher script.
func Open(path string, opts Options) (Container, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, &Error{Container: path, Err: unwrapPath(err)}
	}
	if fi.IsDir() {
		return openDirectory(path, opts)
	}
	if !fi.Mode().IsRegular() {
		return nil, &Error{Container: path, Err: fmt.Errorf("not a regular file or directory (mode %v)", fi.Mode())}
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, &Error{Container: path, Err: unwrapPath(err)}
	}
	c, err := openFile(path, f, fi.Size(), opts)
	if err != nil {
		f.Close()
		return nil, err
	}
	return c, nil
}

// openFile detects the kind of the file f by content. On success the
// container owns f (single class files do not keep it and close it here).
func openFile(path string, f *os.File, size int64, opts Options) (Container, error) {
	var magic [4]byte
	n, err := f.ReadAt(magic[:], 0)
	if err != nil && err != io.EOF {
		return nil, &Error{Container: path, Err: err}
	}
	head := magic[:n]
	ext := strings.ToLower(filepath.Ext(path))
	switch {
	case bytes.Equal(head, classMagic):
		c, err := openClassFile(path, f, size)
		f.Close()
		return c, err
	case bytes.Equal(head, jmodMagic[:]):
		z, err := newJmodContainer(path, f, size)
		if err != nil {
			return nil, err
		}
		z.closer = f
		return z, nil
	case jimage.DetectByteOrder(head) != nil:
		return openImage(path, path, f, size)
	}
	if ext == ".jmod" {
		return nil, &Error{Container: path, Err: &magicError{kind: "jmod", got: head, want: jmodMagic[:]}}
	}
	kind := kindJar
	if ext == ".war" {
		kind = kindWar
	}
	z, zerr := newZipContainer(path, f, size, opts, kind, "")
	if zerr != nil {
		isZip := false
		for _, m := range zipMagics {
			isZip = isZip || bytes.Equal(head, m)
		}
		switch {
		case isZip, ext == ".jar", ext == ".zip", ext == ".war", ext == ".ear":
			return nil, zerr
		case n < 4:
			return nil, &Error{Container: path, Err: errShort(size)}
		}
		return nil, &Error{Container: path, Err: fmt.Errorf(
			"unrecognized container (starts with %x; want a class file cafebabe, a jar/zip, a jmod 4a4d0100 or a jimage cafedada)", head)}
	}
	z.closer = f
	return z, nil
}

func errShort(size int64) error {
	return fmt.Errorf("file too short (%d bytes) to be a class container", size)
}

// magicError reports a file of a known kind with the wrong magic number.
type magicError struct {
	kind      string
	got, want []byte
}

func (e *magicError) Error() string {
	return fmt.Sprintf("not a %s file (starts with %x, want %x)", e.kind, e.got, e.want)
}

// openDirectory opens a JDK home or a directory of classes.
func openDirectory(path string, opts Options) (Container, error) {
	modules := filepath.Join(path, "lib", "modules")
	if fi, err := os.Stat(modules); err == nil && fi.Mode().IsRegular() {
		f, err := os.Open(modules)
		if err != nil {
			return nil, &Error{Container: path, Err: fmt.Errorf("lib/modules: %w", unwrapPath(err))}
		}
		c, err := openImage(path, modules, f, fi.Size())
		if err != nil {
			f.Close()
			return nil, err
		}
		return c, nil
	}
	jmods, err := filepath.Glob(filepath.Join(path, "jmods", "*.jmod"))
	if err == nil && len(jmods) > 0 {
		return openJmods(path, jmods)
	}
	return newDirContainer(path)
}

// openJmods opens the jmods of a JDK home without a runtime image as one
// container. The glob result is sorted, so the order is deterministic.
func openJmods(path string, jmods []string) (Container, error) {
	parts := make([]indexed, 0, len(jmods))
	closeAll := func() {
		for _, p := range parts {
			p.Close()
		}
	}
	for _, j := range jmods {
		c, err := Open(j, Options{})
		if err != nil {
			closeAll()
			var ce *Error
			if errors.As(err, &ce) {
				return nil, &Error{Container: path, Entry: ce.Entry, Err: fmt.Errorf("%s: %w", filepath.Base(j), ce.Err)}
			}
			return nil, err
		}
		parts = append(parts, c.(indexed))
	}
	return newMultiContainer(path, parts), nil
}
