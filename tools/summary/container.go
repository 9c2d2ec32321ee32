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
// attached data, the size of the uncompressed body and the SHA-256 of it
// followed by the attached data, so corruption is detected even where
// zstd's own frame checksum would not be consulted. The attached data is
// read whole but decoded by its user when needed (a unit's method bodies,
// compressed in chunks). Encoding is deterministic by construction:
// msgpack values are written in a fixed order, and zstd compresses in one
// goroutine at a fixed level (klauspost/compress guarantees identical
// output for the same version and settings).
package summary

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"hash"
	"hash/crc32"
	"io"
	"os"

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
const Schema = 5

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

// Reader decodes a summary's body as a stream of msgpack values.
type Reader struct {
	Header Header
	Dec    *msgpack.Decoder
	// Attached is the data attached after the body, set by Finish.
	Attached []byte
	rest     io.Reader // the file after the body frame
	file     string
	zr       *zstd.Decoder
	body     *hashingReader
	frame    *crcReader
}

// NewReader reads the header of the summary in r (named file in errors)
// and prepares streaming decoding of its body.
func NewReader(file string, r io.Reader) (*Reader, error) {
	fail := func(what string, err error) (*Reader, error) {
		return nil, &Error{File: file, What: what, Err: err}
	}
	var pre [len(Magic) + 4]byte
	if _, err := io.ReadFull(r, pre[:]); err != nil {
		return fail("truncated before the header", err)
	}
	if string(pre[:len(Magic)]) != Magic {
		return fail(fmt.Sprintf("not a summary (starts with %q)", pre[:len(Magic)]), nil)
	}
	n := binary.BigEndian.Uint32(pre[len(Magic):])
	if n > maxHeader {
		return fail(fmt.Sprintf("header length %d exceeds %d", n, maxHeader), nil)
	}
	hdr := make([]byte, n+4)
	if _, err := io.ReadFull(r, hdr); err != nil {
		return fail("truncated header", err)
	}
	hdr, crc := hdr[:n], binary.BigEndian.Uint32(hdr[n:])
	if crc32.Checksum(hdr, castagnoli) != crc {
		return fail("header checksum mismatch", nil)
	}
	rd := &Reader{file: file}
	if err := msgpack.Unmarshal(hdr, &rd.Header); err != nil {
		return fail("bad header", err)
	}
	if rd.Header.Schema != Schema {
		return fail(fmt.Sprintf("schema %d, this tool reads %d", rd.Header.Schema, Schema), ErrSchema)
	}
	if len(rd.Header.BodySHA) != sha256.Size {
		return fail("header has no body checksum", nil)
	}
	rd.frame, rd.rest = &crcReader{r: io.LimitReader(r, int64(min(rd.Header.FrameSize, 1<<62)))}, r
	zr, err := zstd.NewReader(rd.frame, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxMemory(1<<32))
	if err != nil {
		return fail("body", err)
	}
	rd.zr = zr
	rd.body = &hashingReader{r: io.LimitReader(zr, int64(rd.Header.BodySize)+1), h: sha256.New()}
	rd.Dec = msgpack.NewDecoder(rd.body)
	return rd, nil
}

// Finish checks that the body was read whole and matches its checksum; a
// reader must call it after decoding the last value, and should not trust
// decoded values if it fails.
func (rd *Reader) Finish() error {
	defer rd.zr.Close()
	if _, err := io.Copy(io.Discard, rd.body); err != nil {
		return &Error{File: rd.file, What: "corrupt body", Err: err}
	}
	if rd.body.n != rd.Header.BodySize {
		return &Error{File: rd.file, What: fmt.Sprintf("body has %d bytes, header says %d", rd.body.n, rd.Header.BodySize)}
	}
	if n, err := io.Copy(io.Discard, rd.frame); err != nil {
		return &Error{File: rd.file, What: "reading", Err: err}
	} else if n > 0 || rd.frame.n != rd.Header.FrameSize {
		return &Error{File: rd.file, What: fmt.Sprintf("the body frame has %d bytes, header says %d", rd.frame.n, rd.Header.FrameSize)}
	}
	// Read as far as the file goes: a corrupt size allocates no more.
	attached, err := io.ReadAll(io.LimitReader(rd.rest, int64(min(rd.Header.Attached, 1<<62))+1))
	if err != nil {
		return &Error{File: rd.file, What: "reading", Err: err}
	}
	if uint64(len(attached)) != rd.Header.Attached {
		return &Error{File: rd.file, What: fmt.Sprintf("%d bytes after the body, header says %d", len(attached), rd.Header.Attached)}
	}
	rd.body.h.Write(attached)
	if !bytes.Equal(rd.body.h.Sum(nil), rd.Header.BodySHA) {
		return &Error{File: rd.file, What: "body checksum mismatch"}
	}
	if crc32.Update(rd.frame.crc, castagnoli, attached) != rd.Header.FrameCRC {
		return &Error{File: rd.file, What: "compressed body checksum mismatch"}
	}
	rd.Attached = attached
	return nil
}

// crcReader computes the CRC-32C of what is read through it.
type crcReader struct {
	r   io.Reader
	crc uint32
	n   uint64
}

func (c *crcReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.crc = crc32.Update(c.crc, castagnoli, p[:n])
	c.n += uint64(n)
	return n, err
}

// Wrap turns a decoding error of the body into an *Error naming the file.
func (rd *Reader) Wrap(what string, err error) error {
	if err == nil {
		return nil
	}
	return &Error{File: rd.file, What: what, Err: err}
}

// hashingReader hashes and counts what is read through it.
type hashingReader struct {
	r io.Reader
	h hash.Hash
	n uint64
}

func (hr *hashingReader) Read(p []byte) (int, error) {
	n, err := hr.r.Read(p)
	hr.h.Write(p[:n])
	hr.n += uint64(n)
	return n, err
}
