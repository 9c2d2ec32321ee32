package classpath

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
)

// dirContainer is a directory tree of .class files, the class name being the
// path relative to the root. Files that do not end in ".class" and paths that
// are not valid class names (e.g. "META-INF/x.class" is fine, "a.b/C.class"
// is not) are skipped; a .class file whose content is not a class file is
// listed and fails on Read.
type dirContainer struct {
	name    string
	entries entries
	files   []string // parallel to entries: file system paths
}

func newDirContainer(root string) (*dirContainer, error) {
	type found struct {
		entry Entry
		file  string
	}
	var list []found
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		if d.Type()&fs.ModeSymlink != 0 {
			// Follow links to files, not to directories (no cycles).
			fi, err := os.Stat(p)
			if err != nil || !fi.Mode().IsRegular() {
				return nil
			}
		} else if !d.Type().IsRegular() {
			return nil
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		cls, ok := classFromPath(rel)
		if !ok {
			return nil
		}
		list = append(list, found{Entry{Class: cls, Path: rel}, p})
		return nil
	})
	if err != nil {
		return nil, &Error{Container: root, Err: err}
	}
	list = sortDedup(list, func(f found) Entry { return f.entry },
		func(a, b found) int { return 0 })
	c := &dirContainer{
		name:    root,
		entries: make(entries, len(list)),
		files:   make([]string, len(list)),
	}
	for i, f := range list {
		c.entries[i] = f.entry
		c.files[i] = f.file
	}
	return c, nil
}

func (c *dirContainer) Name() string       { return c.name }
func (c *dirContainer) Entries() []Entry   { return slices.Clone(c.entries) }
func (c *dirContainer) entryList() []Entry { return c.entries }
func (c *dirContainer) Close() error       { return nil }

func (c *dirContainer) Read(e Entry) ([]byte, error) {
	i, ok := c.entries.find(e)
	if !ok {
		return nil, &Error{Container: c.name, Entry: entryLabel(e), Err: ErrNotFound}
	}
	return c.readIndex(i)
}

func (c *dirContainer) readIndex(i int) ([]byte, error) {
	return readClassFile(c.name, c.entries[i].Path, c.files[i])
}

// readClassFile reads a class file from the file system.
func readClassFile(container, entry, file string) ([]byte, error) {
	data, err := os.ReadFile(file)
	if err == nil {
		err = checkClass(data)
	}
	if err != nil {
		return nil, &Error{Container: container, Entry: entry, Err: unwrapPath(err)}
	}
	return data, nil
}

// classFile is a single .class file; its one entry is named by this_class.
type classFile struct {
	name    string
	entries entries // exactly one
}

// maxClassFileSize bounds a lone class file read at Open.
const maxClassFileSize = 1 << 30

func openClassFile(path string, r io.ReaderAt, size int64) (*classFile, error) {
	if size > maxClassFileSize {
		return nil, &Error{Container: path, Err: fmt.Errorf("class file too large (%d bytes)", size)}
	}
	data := make([]byte, size)
	if _, err := r.ReadAt(data, 0); err != nil && err != io.EOF {
		return nil, &Error{Container: path, Err: err}
	}
	cls, err := ClassName(data)
	if err != nil {
		return nil, &Error{Container: path, Err: err}
	}
	return &classFile{
		name:    path,
		entries: entries{{Class: cls, Path: filepath.Base(path)}},
	}, nil
}

func (c *classFile) Name() string       { return c.name }
func (c *classFile) Entries() []Entry   { return slices.Clone(c.entries) }
func (c *classFile) entryList() []Entry { return c.entries }
func (c *classFile) Close() error       { return nil }

func (c *classFile) Read(e Entry) ([]byte, error) {
	i, ok := c.entries.find(e)
	if !ok {
		return nil, &Error{Container: c.name, Entry: entryLabel(e), Err: ErrNotFound}
	}
	return c.readIndex(i)
}

func (c *classFile) readIndex(i int) ([]byte, error) {
	return readClassFile(c.name, c.entries[i].Path, c.name)
}
