package classpath

import (
	"archive/zip"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/rules-fragment/rules_fragment/tools/classpath/internal/sizedread"
)

// zipKind selects how entry paths of a zip-based container map to classes.
type zipKind int

const (
	kindJar  zipKind = iota // jar or zip: classes anywhere, multi-release aware
	kindWar                 // war: like jar, WEB-INF/classes/ is a class root
	kindJmod                // jmod: only classes/ holds classes
)

// zipContainer is a jar, zip, war or jmod file.
type zipContainer struct {
	name    string
	size    int64 // of the zip archive
	closer  io.Closer
	entries entries
	files   []*zip.File // parallel to entries
	// svcFiles are the provider configurations (services.go).
	svcFiles []*zip.File
}

// zipCandidate is a class entry before multi-release and duplicate selection.
type zipCandidate struct {
	entry   Entry
	version int // 0 for base entries, N for META-INF/versions/N
	rank    int // 0 preferred; war classes outside WEB-INF/classes get 1
	index   int // position in the central directory
}

const (
	versionsPrefix   = "META-INF/versions/"
	warClassesPrefix = "WEB-INF/classes/"
	jmodClassesDir   = "classes/"
)

// newZipContainer reads the central directory of the zip in r and selects
// its classes. The caller closes r if this fails.
func newZipContainer(name string, r io.ReaderAt, size int64, opts Options, kind zipKind, module string) (*zipContainer, error) {
	zr, err := zip.NewReader(r, size)
	if err != nil && !errors.Is(err, zip.ErrInsecurePath) {
		return nil, &Error{Container: name, Err: err}
	}
	var cands []zipCandidate
	var svcFiles []*zip.File
	hasVersioned := false
	for i, f := range zr.File {
		p := f.Name
		if !strings.HasSuffix(p, ".class") {
			if zipServiceFile(f, kind) {
				svcFiles = append(svcFiles, f)
			}
			continue
		}
		c := zipCandidate{index: i, entry: Entry{Path: p, Module: module}}
		rel := p
		switch kind {
		case kindJmod:
			var ok bool
			if rel, ok = strings.CutPrefix(p, jmodClassesDir); !ok {
				continue
			}
		default:
			if rest, ok := strings.CutPrefix(p, versionsPrefix); ok {
				hasVersioned = true
				v, r, ok := splitVersion(rest)
				if !ok || v > opts.Release {
					continue
				}
				c.version, rel = v, r
			}
			if kind == kindWar {
				if r, ok := strings.CutPrefix(rel, warClassesPrefix); ok {
					rel = r
				} else {
					c.rank = 1
				}
			}
		}
		cls, ok := classFromPath(rel)
		if !ok {
			continue
		}
		c.entry.Class = cls
		cands = append(cands, c)
	}
	if hasVersioned && opts.Release >= minVersion {
		mr, err := isMultiRelease(zr)
		if err != nil {
			return nil, &Error{Container: name, Entry: manifestName, Err: err}
		}
		if !mr {
			cands = slices.DeleteFunc(cands, func(c zipCandidate) bool { return c.version != 0 })
		}
	}
	cands = sortDedup(cands, func(c zipCandidate) Entry { return c.entry },
		func(a, b zipCandidate) int {
			if a.version != b.version {
				return cmpInt(b.version, a.version) // highest version first
			}
			if a.rank != b.rank {
				return cmpInt(a.rank, b.rank)
			}
			return cmpInt(a.index, b.index) // first in the central directory
		})
	z := &zipContainer{
		name:    name,
		size:    size,
		entries: make(entries, len(cands)),
		files:   make([]*zip.File, len(cands)),

		svcFiles: svcFiles,
	}
	for i, c := range cands {
		z.entries[i] = c.entry
		z.files[i] = zr.File[c.index]
	}
	return z, nil
}

func (z *zipContainer) Name() string       { return z.name }
func (z *zipContainer) Entries() []Entry   { return slices.Clone(z.entries) }
func (z *zipContainer) entryList() []Entry { return z.entries }

func (z *zipContainer) Read(e Entry) ([]byte, error) {
	i, ok := z.entries.find(e)
	if !ok {
		return nil, &Error{Container: z.name, Entry: entryLabel(e), Err: ErrNotFound}
	}
	return z.readIndex(i)
}

func (z *zipContainer) readIndex(i int) ([]byte, error) {
	data, err := readZipFile(z.files[i], z.size)
	if err == nil {
		err = checkClass(data)
	}
	if err != nil {
		return nil, &Error{Container: z.name, Entry: z.entries[i].Path, Err: err}
	}
	return data, nil
}

func (z *zipContainer) Close() error {
	if z.closer == nil {
		return nil
	}
	c := z.closer
	z.closer = nil
	if err := c.Close(); err != nil {
		return &Error{Container: z.name, Err: unwrapPath(err)}
	}
	return nil
}

// entryLabel names an entry in errors.
func entryLabel(e Entry) string {
	if e.Path != "" {
		return e.Path
	}
	if e.Module != "" {
		return e.Module + "/" + e.Class
	}
	return e.Class
}

// maxEntrySize bounds one class file; the JVM cannot load larger ones anyway.
const maxEntrySize = 1<<31 - 1

// maxDeflateRatio bounds the expansion of deflate data (about 1032:1 at most)
// so that a corrupt size field cannot make us allocate gigabytes.
const maxDeflateRatio = 1040

// readZipFile reads the whole content of f, an entry of an archive of
// archiveSize bytes, verifying its size and CRC-32.
func readZipFile(f *zip.File, archiveSize int64) ([]byte, error) {
	size := f.UncompressedSize64
	if size > maxEntrySize {
		return nil, fmt.Errorf("uncompressed size %d is too large", size)
	}
	if f.CompressedSize64 > uint64(archiveSize) {
		return nil, fmt.Errorf("compressed size %d exceeds the %d-byte archive", f.CompressedSize64, archiveSize)
	}
	switch f.Method {
	case zip.Store:
		if size != f.CompressedSize64 {
			return nil, fmt.Errorf("stored entry has compressed size %d but uncompressed size %d", f.CompressedSize64, size)
		}
	case zip.Deflate:
		if size > f.CompressedSize64*maxDeflateRatio+64 {
			return nil, fmt.Errorf("implausible uncompressed size %d for %d compressed bytes", size, f.CompressedSize64)
		}
	}
	rc, err := f.Open()
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	buf, err := sizedread.Exact(rc, size)
	if err != nil {
		return nil, err
	}
	// Read to the end: archive/zip checks the CRC-32 when it sees EOF.
	var one [1]byte
	n, err := rc.Read(one[:])
	if n > 0 {
		return nil, zip.ErrFormat
	}
	if err != io.EOF {
		if err == nil {
			err = fmt.Errorf("content longer than the declared %d bytes", size)
		}
		return nil, err
	}
	return buf, nil
}
