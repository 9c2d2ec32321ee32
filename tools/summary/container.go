// Package summary is the on-disk container of rules_fragment summaries: the
// compact, byte-deterministic files a summarizer action writes for one
// library target and a linker reads (PRODUCT.md; the three-part content of
// research/seed-000-003.md §6.2 is encoded inside, see docs/SUMMARY_FORMAT.md).
//
// A file is
//
//	magic (8 bytes "rfsum\x00\r\n") | header length (uint32, big-endian) |
//	header (msgpack) | CRC-32C of the header (uint32, big-endian) |
//	body (one zstd frame of a msgpack value stream) | attached data
//
// The header carries the schema version, the producer, the target, its
// direct dependencies' checksums, the sizes of the body frame and of the
// attached data, the size of the uncompressed body, the SHA-256 of it
// followed by the attached data (the summary's identity for dependents,
// computed by the writer), and the CRC-32C of every byte stored after the
// header. A reader checks the two CRCs before it decompresses anything and
// the zstd content checksums when it decompresses; it does not hash the
// content again: SHA-256 would add 7 ms to a 0.12 s link reading the JDK's
// summary, and catch no corruption the CRC of every byte and zstd's
// 64-bit content checksum let through. The attached data is decoded by
// its user when needed (a unit's method bodies, compressed in chunks).
// Encoding is deterministic by construction: msgpack values are written
// in a fixed order, and zstd compresses in one goroutine at a fixed level
// (klauspost/compress guarantees identical output for the same version and
// settings).
package summary

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"sync"

	"github.com/klauspost/compress/zstd"
	"github.com/vmihailenco/msgpack/v5"
)

// Magic starts every summary file. The CR LF catches text-mode mangling.
const Magic = "rfsum\x00\r\n"

// IsSummaryFile reports whether path is a regular file that starts with
// Magic (so a summary rather than a class-file container).
func IsSummaryFile(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	var b [len(Magic)]byte
	_, err = io.ReadFull(f, b[:])
	return err == nil && string(b[:]) == Magic
}

// Schema is the version of the body layout this package writes and reads.
const Schema = 11

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// maxHeader bounds the header so a corrupt length cannot allocate much.
const maxHeader = 1 << 20

// Header describes a summary file.
type Header struct {
	Schema   uint32 `msgpack:"schema"`
	Producer string `msgpack:"producer"` // tool and version that wrote it
	Target   string `msgpack:"target"`   // the summarised target, e.g. a Bazel label
	// Kind is empty for a summary; other files in this container (warm
	// starts of analyses) name their content here.
	Kind     string `msgpack:"kind,omitempty"`
	Deps     []Dep  `msgpack:"deps"` // direct dependencies' summaries
	BodySize uint64 `msgpack:"body_size"`
	// BodySHA is the SHA-256 of the uncompressed body followed by the
	// attached data: the summary's identity for its dependents.
	BodySHA []byte `msgpack:"body_sha256"`
	// FrameCRC is the CRC-32C of the compressed body and the attached data
	// as stored, so that every change of the file is detected, also one
	// zstd would decode to the same content.
	FrameCRC  uint32 `msgpack:"frame_crc32c"`
	FrameSize uint64 `msgpack:"frame_size"` // bytes of the compressed body
	Attached  uint64 `msgpack:"attached"`   // bytes of attached data after it
}

// Dep names a dependency summary by target and body checksum.
type Dep struct {
	Target  string `msgpack:"target"`
	BodySHA []byte `msgpack:"body_sha256"`
}

// Error reports an unreadable summary, naming the file.
type Error struct {
	File string
	What string
	Err  error
}

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("summary %s: %s: %v", e.File, e.What, e.Err)
	}
	return fmt.Sprintf("summary %s: %s", e.File, e.What)
}

func (e *Error) Unwrap() error { return e.Err }

// ErrSchema is wrapped by errors for summaries of another schema version.
var ErrSchema = errors.New("unsupported schema version")

// Write encodes a summary: body writes the content values with enc, in a
// deterministic order. h.Schema, the sizes and checksums are filled in.
func Write(w io.Writer, h Header, body func(enc *msgpack.Encoder) error) error {
	return WriteAttached(w, h, body, nil)
}

// WriteAttached is Write with data attached after the body (Reader.Attached).
func WriteAttached(w io.Writer, h Header, body func(enc *msgpack.Encoder) error, attached []byte) error {
	var raw bytes.Buffer
	enc := msgpack.NewEncoder(&raw)
	enc.SetSortMapKeys(true) // maps, if any, encode in key order
	if err := body(enc); err != nil {
		return err
	}
	sha := sha256.New()
	sha.Write(raw.Bytes())
	sha.Write(attached)
	h.Schema, h.BodySize, h.BodySHA, h.Attached = Schema, uint64(raw.Len()), sha.Sum(nil), uint64(len(attached))
	// The best level: a summary is written once and read by every build
	// that depends on it (and sent through remote caches); decoding speed
	// does not depend on the level.
	zw, err := zstd.NewWriter(nil, zstd.WithEncoderConcurrency(1), zstd.WithEncoderLevel(zstd.SpeedBestCompression), zstd.WithEncoderCRC(true))
	if err != nil {
		return err
	}
	defer zw.Close()
	frame := zw.EncodeAll(raw.Bytes(), nil)
	h.FrameSize = uint64(len(frame))
	h.FrameCRC = crc32.Update(crc32.Checksum(frame, castagnoli), castagnoli, attached)
	hdr, err := msgpack.Marshal(&h)
	if err != nil {
		return err
	}
	out := make([]byte, 0, len(Magic)+8+len(hdr)+len(frame)+len(attached))
	out = append(out, Magic...)
	out = binary.BigEndian.AppendUint32(out, uint32(len(hdr)))
	out = append(out, hdr...)
	out = binary.BigEndian.AppendUint32(out, crc32.Checksum(hdr, castagnoli))
	out = append(out, frame...)
	out = append(out, attached...)
	_, err = w.Write(out)
	return err
}

// Reader decodes a summary's body, checked and decompressed whole, as a
// stream of msgpack values.
type Reader struct {
	Header Header
	Dec    *msgpack.Decoder
	// Attached is the data attached after the body.
	Attached []byte
	file     string
	body     []byte
	rest     *bytes.Reader // what Dec has not read of body
}

// NewReader reads the summary in r (named file in errors), checks it and
// decompresses its body for Dec: every value Dec decodes was checked.
func NewReader(file string, r io.Reader) (*Reader, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, &Error{File: file, What: "reading", Err: err}
	}
	return Decode(file, data)
}

// Open is NewReader of the file at path, mapped into memory instead of
// read where the system can (mapFile).
func Open(path string) (*Reader, error) {
	data, err := mapFile(path)
	if err != nil {
		return nil, err
	}
	return Decode(path, data)
}

// Decode checks the summary held in data (named file in errors) and
// decompresses its body for Dec. The CRC-32C of the header and of every
// stored byte after it are checked before anything is decompressed, the
// body's zstd content checksum when it is. The Reader keeps slices of
// data (Attached).
func Decode(file string, data []byte) (*Reader, error) {
	fail := func(what string, err error) (*Reader, error) {
		return nil, &Error{File: file, What: what, Err: err}
	}
	pre := len(Magic) + 4
	if len(data) < pre {
		return fail("truncated before the header", io.ErrUnexpectedEOF)
	}
	if string(data[:len(Magic)]) != Magic {
		return fail(fmt.Sprintf("not a summary (starts with %q)", data[:len(Magic)]), nil)
	}
	n := binary.BigEndian.Uint32(data[len(Magic):])
	if n > maxHeader {
		return fail(fmt.Sprintf("header length %d exceeds %d", n, maxHeader), nil)
	}
	if uint64(len(data)) < uint64(pre)+uint64(n)+4 {
		return fail("truncated header", io.ErrUnexpectedEOF)
	}
	hdr, crc := data[pre:pre+int(n)], binary.BigEndian.Uint32(data[pre+int(n):])
	if crc32.Checksum(hdr, castagnoli) != crc {
		return fail("header checksum mismatch", nil)
	}
	rd := &Reader{file: file}
	h := &rd.Header
	if err := msgpack.Unmarshal(hdr, h); err != nil {
		return fail("bad header", err)
	}
	if h.Schema != Schema {
		return fail(fmt.Sprintf("schema %d, this tool reads %d", h.Schema, Schema), ErrSchema)
	}
	if len(h.BodySHA) != sha256.Size {
		return fail("header has no body checksum", nil)
	}
	rest := data[pre+int(n)+4:]
	if uint64(len(rest)) < h.FrameSize {
		return fail(fmt.Sprintf("the body frame has %d bytes, header says %d", len(rest), h.FrameSize), nil)
	}
	frame, attached := rest[:h.FrameSize], rest[h.FrameSize:]
	if uint64(len(attached)) != h.Attached {
		return fail(fmt.Sprintf("%d bytes after the body, header says %d", len(attached), h.Attached), nil)
	}
	if crc32.Checksum(rest, castagnoli) != h.FrameCRC {
		return fail("compressed body checksum mismatch", nil)
	}
	zr, err := decoder()
	if err != nil {
		return fail("body", err)
	}
	// Presized: the header's size is checked (CRC) and bounded by zstd's
	// own memory limit when it lies.
	body, err := zr.DecodeAll(frame, make([]byte, 0, min(h.BodySize, 1<<28)))
	if err != nil {
		return fail("corrupt body", err)
	}
	if uint64(len(body)) != h.BodySize {
		return fail(fmt.Sprintf("body has %d bytes, header says %d", len(body), h.BodySize), nil)
	}
	rd.Attached = attached
	rd.setBody(body)
	return rd, nil
}

func (rd *Reader) setBody(body []byte) {
	// A bytes.Reader is an io.ByteScanner: Dec reads no further than the
	// value it decodes (Bytes relies on it).
	rd.body, rd.rest = body, bytes.NewReader(body)
	rd.Dec = msgpack.NewDecoder(rd.rest)
}

// Bytes decodes a msgpack bin or nil value like Dec.DecodeBytes, but
// returns a slice of the decompressed body instead of a copy: the tables
// of a summary are read in place (the JDK's 8 MB).
func (rd *Reader) Bytes() ([]byte, error) {
	n, err := rd.Dec.DecodeBytesLen()
	if err != nil || n < 0 {
		return nil, err
	}
	if n > rd.rest.Len() {
		return nil, fmt.Errorf("bin of %d bytes, %d left: %w", n, rd.rest.Len(), io.ErrUnexpectedEOF)
	}
	at := len(rd.body) - rd.rest.Len()
	rd.rest.Seek(int64(n), io.SeekCurrent)
	return rd.body[at : at+n : at+n], nil
}

// decoder decompresses bodies and chunks: DecodeAll is safe for
// concurrent use, by as many goroutines as GOMAXPROCS at once.
var decoder = sync.OnceValues(func() (*zstd.Decoder, error) {
	return zstd.NewReader(nil, zstd.WithDecoderConcurrency(0), zstd.WithDecoderMaxMemory(1<<32))
})

// File is the name of the summary in errors.
func (rd *Reader) File() string { return rd.file }

// Wrap turns a decoding error of the body into an *Error naming the file.
func (rd *Reader) Wrap(what string, err error) error {
	if err == nil {
		return nil
	}
	return &Error{File: rd.file, What: what, Err: err}
}
