package classfile

import (
	"encoding/binary"
	"fmt"
)

// FormatError describes malformed class-file content.
type FormatError struct {
	Offset int    // byte offset in the class file where the problem was found
	What   string // what is wrong
}

func (e *FormatError) Error() string {
	return fmt.Sprintf("malformed class file at offset %d: %s", e.Offset, e.What)
}

// reader is a bounds-checked cursor. The first failure is sticky: later reads
// return zero values, so parsing code can check err once per structure.
type reader struct {
	data []byte
	pos  int
	err  error
}

func (r *reader) fail(format string, args ...any) {
	if r.err == nil {
		r.err = &FormatError{Offset: r.pos, What: fmt.Sprintf(format, args...)}
	}
}

func (r *reader) need(n int, what string) bool {
	if r.err != nil {
		return false
	}
	if n < 0 || len(r.data)-r.pos < n {
		r.fail("truncated %s: need %d bytes, have %d", what, n, len(r.data)-r.pos)
		return false
	}
	return true
}

func (r *reader) u1(what string) uint8 {
	if !r.need(1, what) {
		return 0
	}
	v := r.data[r.pos]
	r.pos++
	return v
}

func (r *reader) u2(what string) uint16 {
	if !r.need(2, what) {
		return 0
	}
	v := binary.BigEndian.Uint16(r.data[r.pos:])
	r.pos += 2
	return v
}

func (r *reader) u4(what string) uint32 {
	if !r.need(4, what) {
		return 0
	}
	v := binary.BigEndian.Uint32(r.data[r.pos:])
	r.pos += 4
	return v
}

func (r *reader) bytes(n int, what string) []byte {
	if !r.need(n, what) {
		return nil
	}
	b := r.data[r.pos : r.pos+n : r.pos+n]
	r.pos += n
	return b
}

// sub returns a reader over the next n bytes (an attribute body) and skips them.
func (r *reader) sub(n int, what string) reader {
	start := r.pos
	b := r.bytes(n, what)
	if b == nil {
		return reader{err: r.err}
	}
	return reader{data: r.data[:start+n], pos: start}
}

// done reports an error if an attribute body was not consumed exactly.
func (r *reader) done(what string) {
	if r.err == nil && r.pos != len(r.data) {
		r.fail("%s has %d trailing bytes", what, len(r.data)-r.pos)
	}
}
