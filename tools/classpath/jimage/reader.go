// Package jimage reads the JDK 9+ runtime image, the "jimage" file that jlink
// writes to $JAVA_HOME/lib/modules and from which the JVM loads the platform
// classes.
//
// A bytecode analysis tool needs the platform classes (java.lang.Object and
// friends) to resolve hierarchies, and on JDK 9+ they no longer live in
// rt.jar but only in this image, so we read it directly instead of asking a
// JVM (jrt:/ file system) for them.
//
// # Format
//
// The format is undocumented outside the OpenJDK sources; this reader follows
// src/java.base/share/classes/jdk/internal/jimage/ in OpenJDK:
//
//   - ImageHeader.java: the file starts with seven u4 words in the platform's
//     native byte order (detected here from the magic 0xCAFEDADA): magic,
//     version (major<<16 | minor, currently 1.0), flags, resourceCount,
//     tableLength, locationsSize and stringsSize.
//   - BasicImageReader.java: the header is followed by the index: the redirect
//     table (s4[tableLength]), the offsets table (u4[tableLength]), the
//     location attribute streams (locationsSize bytes) and the strings table
//     (stringsSize bytes). Resource content starts after the index, at
//     indexSize + location.offset. Location offset 0 is reserved for an empty
//     location (BasicImageWriter.java) and is skipped when enumerating.
//   - ImageLocation.java: a location is a stream of attributes, each one
//     byte b with kind b>>3 (0 END, 1 MODULE, 2 PARENT, 3 BASE, 4 EXTENSION,
//     5 OFFSET, 6 COMPRESSED, 7 UNCOMPRESSED) followed by (b&7)+1 value bytes
//     in big-endian order. MODULE, PARENT, BASE and EXTENSION are offsets into
//     the strings table; the full name is /module/parent/base.extension.
//   - ImageStringsReader.java: strings are NUL-terminated modified UTF-8.
//     Names are found with a perfect hash: h = (h * 0x01000193) ^ byte over
//     the modified UTF-8 bytes of the full name, starting from seed
//     0x01000193, masked to 31 bits; redirect[h % tableLength] is either
//     -1-index (direct hit), a positive seed to rehash with, or 0 (absent).
//   - decompressor/CompressedResourceHeader.java and Decompressor.java:
//     resources written with jlink --compress start with one or more 29-byte
//     headers (see decompress.go).
//
// Besides module resources (/java.base/java/lang/Object.class) an image
// holds directory-like entries under /packages/ and /modules/ that jlink
// generates for the jrt file system; Resources leaves those out.
//
// An Image is safe for concurrent use: resources are read with ReadAt and
// no state is shared between reads.
package jimage

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"github.com/rules-fragment/rules_fragment/tools/internal/mutf8"
)

// Magic is the jimage file magic number (ImageHeader.MAGIC).
const Magic = 0xCAFEDADA

// HeaderSize is the size of the image header in bytes (7 u4 slots).
const HeaderSize = 28

// SupportedMajorVersion is the only major version this reader accepts
// (ImageHeader.MAJOR_VERSION).
const SupportedMajorVersion = 1

// hashMultiplier is ImageStringsReader.HASH_MULTIPLIER, also the default seed.
const hashMultiplier = 0x01000193

// Attribute kinds (ImageLocation.ATTRIBUTE_*).
const (
	attrEnd = iota
	attrModule
	attrParent
	attrBase
	attrExtension
	attrOffset
	attrCompressed
	attrUncompressed
	attrCount
)

// Header is the decoded image header.
type Header struct {
	MajorVersion  uint16
	MinorVersion  uint16
	Flags         uint32
	ResourceCount uint32
	TableLength   uint32
	LocationsSize uint32
	StringsSize   uint32
}

// IndexSize is the size of the header plus the index tables; resource
// content starts at this file offset.
func (h Header) IndexSize() uint64 {
	return HeaderSize + 8*uint64(h.TableLength) + uint64(h.LocationsSize) + uint64(h.StringsSize)
}

// Error reports a problem with an image or one of its resources.
type Error struct {
	File     string // the image's name as given to Open or NewImage
	Resource string // full resource name, "" for problems with the image itself
	Err      error
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("jimage ")
	b.WriteString(e.File)
	if e.Resource != "" {
		b.WriteString(": resource ")
		b.WriteString(e.Resource)
	}
	b.WriteString(": ")
	b.WriteString(e.Err.Error())
	return b.String()
}

func (e *Error) Unwrap() error { return e.Err }

// ErrFormat is wrapped by errors about malformed images.
var ErrFormat = errors.New("malformed jimage")

// formatError returns an error wrapping ErrFormat with the given message.
func formatError(format string, args ...any) error {
	return &formatErr{msg: fmt.Sprintf(format, args...)}
}

type formatErr struct{ msg string }

func (e *formatErr) Error() string        { return e.msg }
func (e *formatErr) Is(target error) bool { return target == ErrFormat }

// Location describes one entry of the image.
type Location struct {
	Module    string // e.g. "java.base"; "" for entries without a module
	Parent    string // e.g. "java/lang"
	Base      string // e.g. "Object"
	Extension string // e.g. "class"

	Offset           uint64 // content offset relative to the end of the index
	CompressedSize   uint64 // 0 if the content is stored uncompressed
	UncompressedSize uint64
}

// Name returns the full name, /module/parent/base.extension, leaving out
// empty parts the way ImageLocation.getFullName does.
func (l *Location) Name() string {
	n := len(l.Module) + len(l.Parent) + len(l.Base) + len(l.Extension) + 4
	b := make([]byte, 0, n)
	b = l.appendName(b)
	return string(b)
}

func (l *Location) appendName(b []byte) []byte {
	if l.Module != "" {
		b = append(b, '/')
		b = append(b, l.Module...)
		b = append(b, '/')
	}
	if l.Parent != "" {
		b = append(b, l.Parent...)
		b = append(b, '/')
	}
	b = append(b, l.Base...)
	if l.Extension != "" {
		b = append(b, '.')
		b = append(b, l.Extension...)
	}
	return b
}

// IsDirectory reports whether the location is one of the directory-like
// entries jlink adds for the jrt file system (ImageResourcesTree): the roots
// "/packages" and "/modules", which have no module, and the entries under
// them, whose "module" is packages or modules. Everything else is a module
// resource.
func (l *Location) IsDirectory() bool {
	return l.Module == "packages" || l.Module == "modules" || l.Module == ""
}

// Image is an open jimage file.
type Image struct {
	name      string
	r         io.ReaderAt
	closer    io.Closer
	size      uint64
	order     binary.ByteOrder
	hdr       Header
	indexSize uint64
	redirect  []byte
	offsets   []byte
	locations []byte
	strings   []byte
}

// Open opens the image file at path. The index (about 1.5 MB for a full JDK)
// is read into memory; resources are read on demand.
func Open(path string) (*Image, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, &Error{File: path, Err: unwrapPath(err)}
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, &Error{File: path, Err: unwrapPath(err)}
	}
	if fi.IsDir() {
		f.Close()
		return nil, &Error{File: path, Err: errors.New("is a directory, not a jimage file")}
	}
	im, err := NewImage(f, fi.Size(), path)
	if err != nil {
		f.Close()
		return nil, err
	}
	im.closer = f
	return im, nil
}

func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// DetectByteOrder returns the byte order of an image whose first four bytes
// are b, or nil if b is not the jimage magic in either order.
func DetectByteOrder(b []byte) binary.ByteOrder {
	if len(b) < 4 {
		return nil
	}
	switch {
	case binary.LittleEndian.Uint32(b) == Magic:
		return binary.LittleEndian
	case binary.BigEndian.Uint32(b) == Magic:
		return binary.BigEndian
	}
	return nil
}

// NewImage reads an image from r, which holds size bytes. name is used in
// error messages. The caller keeps ownership of r; Close does not close it.
func NewImage(r io.ReaderAt, size int64, name string) (*Image, error) {
	fail := func(err error) (*Image, error) { return nil, &Error{File: name, Err: err} }
	if size < HeaderSize {
		return fail(formatError("file too short for a jimage header (%d bytes, need %d)", size, HeaderSize))
	}
	var hb [HeaderSize]byte
	if _, err := r.ReadAt(hb[:], 0); err != nil {
		return fail(fmt.Errorf("reading header: %w", err))
	}
	order := DetectByteOrder(hb[:])
	if order == nil {
		return fail(formatError("not a jimage file (magic %#08x, want %#08x)", binary.BigEndian.Uint32(hb[:]), uint32(Magic)))
	}
	version := order.Uint32(hb[4:])
	h := Header{
		MajorVersion:  uint16(version >> 16),
		MinorVersion:  uint16(version),
		Flags:         order.Uint32(hb[8:]),
		ResourceCount: order.Uint32(hb[12:]),
		TableLength:   order.Uint32(hb[16:]),
		LocationsSize: order.Uint32(hb[20:]),
		StringsSize:   order.Uint32(hb[24:]),
	}
	if h.MajorVersion != SupportedMajorVersion {
		return fail(formatError("unsupported jimage version %d.%d (want major version %d)", h.MajorVersion, h.MinorVersion, SupportedMajorVersion))
	}
	indexSize := h.IndexSize()
	if indexSize > uint64(size) {
		return fail(formatError("truncated: header declares a %d-byte index (table length %d, locations %d bytes, strings %d bytes) but the file has %d bytes",
			indexSize, h.TableLength, h.LocationsSize, h.StringsSize, size))
	}
	index := make([]byte, indexSize)
	if _, err := r.ReadAt(index, 0); err != nil {
		return fail(fmt.Errorf("reading index: %w", err))
	}
	im := &Image{
		name:      name,
		r:         r,
		size:      uint64(size),
		order:     order,
		hdr:       h,
		indexSize: indexSize,
	}
	p := uint64(HeaderSize)
	take := func(n uint64) []byte {
		s := index[p : p+n : p+n]
		p += n
		return s
	}
	im.redirect = take(4 * uint64(h.TableLength))
	im.offsets = take(4 * uint64(h.TableLength))
	im.locations = take(uint64(h.LocationsSize))
	im.strings = take(uint64(h.StringsSize))
	return im, nil
}

// Name returns the name given to Open or NewImage.
func (im *Image) Name() string { return im.name }

// Header returns the decoded image header.
func (im *Image) Header() Header { return im.hdr }

// ByteOrder returns the byte order of the image's header and tables.
func (im *Image) ByteOrder() binary.ByteOrder { return im.order }

// Close closes the file opened by Open. It is a no-op for NewImage images.
func (im *Image) Close() error {
	if im.closer == nil {
		return nil
	}
	c := im.closer
	im.closer = nil
	return c.Close()
}

// String returns the string at offset off of the strings table.
func (im *Image) String(off uint64) (string, error) {
	b, err := im.stringBytes(off)
	if err != nil {
		return "", err
	}
	s, err := mutf8.Decode(b)
	if err != nil {
		return "", formatError("string at offset %d: %v", off, err)
	}
	return s, nil
}

func (im *Image) stringBytes(off uint64) ([]byte, error) {
	if off >= uint64(len(im.strings)) {
		return nil, formatError("string offset %d out of range (strings table is %d bytes)", off, len(im.strings))
	}
	rest := im.strings[off:]
	end := bytes.IndexByte(rest, 0)
	if end < 0 {
		return nil, formatError("string at offset %d is not NUL-terminated", off)
	}
	return rest[:end], nil
}

// attributes decodes the attribute stream at offset off of the locations
// table (ImageLocation.decompress). Like the JDK, the end of the table acts
// as an END attribute.
func (im *Image) attributes(off uint64) (attrs [attrCount]uint64, err error) {
	loc := im.locations
	if off >= uint64(len(loc)) {
		return attrs, formatError("location offset %d out of range (locations table is %d bytes)", off, len(loc))
	}
	i := int(off)
	for i < len(loc) {
		b := loc[i]
		i++
		kind := int(b >> 3)
		if kind == attrEnd {
			break
		}
		if kind >= attrCount {
			return attrs, formatError("location at offset %d: invalid attribute kind %d", off, kind)
		}
		n := int(b&7) + 1
		if n > len(loc)-i {
			return attrs, formatError("location at offset %d: attribute kind %d is truncated", off, kind)
		}
		var v uint64
		for _, c := range loc[i : i+n] {
			v = v<<8 | uint64(c)
		}
		attrs[kind] = v
		i += n
	}
	return attrs, nil
}

// stringCache memoizes decoded strings by offset while enumerating: module
// and parent names are shared by many locations.
type stringCache map[uint64]string

func (im *Image) cachedString(c stringCache, off uint64) (string, error) {
	if off == 0 {
		return "", nil
	}
	if s, ok := c[off]; ok {
		return s, nil
	}
	s, err := im.String(off)
	if err != nil {
		return "", err
	}
	c[off] = s
	return s, nil
}

// location decodes the location stored at offset off of the locations table.
func (im *Image) location(off uint64, cache stringCache) (Location, error) {
	a, err := im.attributes(off)
	if err != nil {
		return Location{}, err
	}
	var l Location
	if l.Module, err = im.cachedString(cache, a[attrModule]); err != nil {
		return Location{}, err
	}
	if l.Parent, err = im.cachedString(cache, a[attrParent]); err != nil {
		return Location{}, err
	}
	if a[attrBase] != 0 {
		if l.Base, err = im.String(a[attrBase]); err != nil {
			return Location{}, err
		}
	}
	if l.Extension, err = im.cachedString(cache, a[attrExtension]); err != nil {
		return Location{}, err
	}
	l.Offset = a[attrOffset]
	l.CompressedSize = a[attrCompressed]
	l.UncompressedSize = a[attrUncompressed]
	return l, nil
}

// TableLength returns the number of slots of the offsets table.
func (im *Image) TableLength() int { return len(im.offsets) / 4 }

// locationOffset returns the offsets-table entry of slot i.
func (im *Image) locationOffset(i int) uint64 {
	return uint64(im.order.Uint32(im.offsets[4*i:]))
}

// Locations returns every location of the image, including the directory-like
// /packages/ and /modules/ entries, in offsets-table order (which is
// deterministic for a given file). Empty slots (offset 0) are skipped. An
// error is returned for the first malformed location.
func (im *Image) Locations() ([]Location, error) {
	return im.walk(false)
}

// Resources is like Locations but returns only module resources, leaving out
// the /packages/ and /modules/ directory entries.
func (im *Image) Resources() ([]Location, error) {
	return im.walk(true)
}

func (im *Image) walk(resourcesOnly bool) ([]Location, error) {
	n := im.TableLength()
	out := make([]Location, 0, n)
	cache := make(stringCache, 1024)
	for i := 0; i < n; i++ {
		off := im.locationOffset(i)
		if off == 0 {
			continue
		}
		l, err := im.location(off, cache)
		if err != nil {
			return nil, &Error{File: im.name, Err: fmt.Errorf("offsets table slot %d: %w", i, err)}
		}
		if resourcesOnly && l.IsDirectory() {
			continue
		}
		out = append(out, l)
	}
	return out, nil
}

// hash is ImageStringsReader.unmaskedHashCode over modified UTF-8 bytes.
func hash(b []byte, seed int32) int32 {
	h := seed
	for _, c := range b {
		h = h*hashMultiplier ^ int32(c)
	}
	return h
}

// Lookup finds the location with the given full name (for example
// "/java.base/java/lang/Object.class") using the image's perfect hash table,
// as BasicImageReader.findLocation does. The found location's name is
// verified, so a false result is reliable even for names not in the image.
func (im *Image) Lookup(name string) (Location, bool) {
	n := uint32(im.TableLength())
	if n == 0 {
		return Location{}, false
	}
	var buf [256]byte
	key := mutf8.Append(buf[:0], name)
	slot := uint32(hash(key, hashMultiplier)&0x7FFFFFFF) % n
	v := int32(im.order.Uint32(im.redirect[4*slot:]))
	var index uint32
	switch {
	case v < 0:
		index = uint32(-1 - int64(v))
	case v > 0:
		index = uint32(hash(key, v)&0x7FFFFFFF) % n
	default:
		return Location{}, false
	}
	if index >= n {
		return Location{}, false
	}
	off := im.locationOffset(int(index))
	if off == 0 {
		return Location{}, false
	}
	l, err := im.location(off, make(stringCache, 4))
	if err != nil {
		return Location{}, false
	}
	if !l.hasName(name) {
		return Location{}, false
	}
	return l, true
}

// hasName reports whether l's full name equals name without allocating.
func (l *Location) hasName(name string) bool {
	var buf [256]byte
	return string(l.appendName(buf[:0])) == name
}

// Read returns the (decompressed) content of the resource at l.
func (im *Image) Read(l Location) ([]byte, error) {
	data, err := im.read(&l)
	if err != nil {
		return nil, &Error{File: im.name, Resource: l.Name(), Err: err}
	}
	return data, nil
}

// maxResourceSize bounds a single resource; the JDK uses int sizes.
const maxResourceSize = 1<<31 - 1

func (im *Image) read(l *Location) ([]byte, error) {
	stored := l.UncompressedSize
	if l.CompressedSize != 0 {
		stored = l.CompressedSize
	}
	if stored > maxResourceSize || l.UncompressedSize > maxResourceSize {
		return nil, formatError("resource size %d (compressed %d) is too large", l.UncompressedSize, l.CompressedSize)
	}
	start := im.indexSize + l.Offset
	if l.Offset > im.size || start > im.size || stored > im.size-start {
		return nil, formatError("content [%d, +%d) lies outside the %d-byte file", start, stored, im.size)
	}
	buf := make([]byte, stored)
	if stored > 0 {
		if _, err := im.r.ReadAt(buf, int64(start)); err != nil {
			if err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			return nil, err
		}
	}
	if l.CompressedSize == 0 {
		return buf, nil
	}
	out, err := im.decompress(buf)
	if err != nil {
		return nil, err
	}
	if uint64(len(out)) != l.UncompressedSize {
		return nil, formatError("decompressed size %d does not match the location's uncompressed size %d", len(out), l.UncompressedSize)
	}
	return out, nil
}
