package summary

import (
	"encoding/binary"
	"errors"
)

// Integer tables and method bodies are uvarint streams stored as msgpack
// binary values: decoding them is a tight loop instead of one msgpack call
// per integer, which keeps linking a large summary (the JDK's) fast.

var errTruncated = errors.New("truncated varint data")

// varReader reads uvarints from a byte slice; the first error sticks.
type varReader struct {
	b   []byte
	off int
	err error
}

func (r *varReader) uint() uint64 {
	if r.err != nil {
		return 0
	}
	v, n := binary.Uvarint(r.b[r.off:])
	if n <= 0 {
		r.err = errTruncated
		return 0
	}
	r.off += n
	return v
}

// int32 reads a value that must fit an int32 index.
func (r *varReader) int32() int32 {
	v := r.uint()
	if v > 1<<31-1 {
		if r.err == nil {
			r.err = errors.New("index out of range")
		}
		return 0
	}
	return int32(v)
}

// opt reads an optional index written by putOpt: -1 for none.
func (r *varReader) opt() int32 { return r.int32() - 1 }

// count reads a length bounded by the bytes left (every element takes at
// least one byte), so corrupt data cannot make a huge allocation.
func (r *varReader) count() int {
	v := r.uint()
	if v > uint64(len(r.b)-r.off) {
		if r.err == nil {
			r.err = errTruncated
		}
		return 0
	}
	return int(v)
}

func (r *varReader) done() bool { return r.off >= len(r.b) || r.err != nil }

func putUint(b []byte, v uint64) []byte { return binary.AppendUvarint(b, v) }

// putOpt writes an optional index (-1 for none) as index+1.
func putOpt(b []byte, v int32) []byte { return binary.AppendUvarint(b, uint64(v+1)) }

// putDelta writes v as the zigzag-encoded difference to prev and returns v
// as the next prev: site ids and lines grow through a body, so differences
// are small.
func putDelta(b []byte, v, prev int32) ([]byte, int32) {
	return binary.AppendVarint(b, int64(v)-int64(prev)), v
}

// delta reads a value written by putDelta.
func (r *varReader) delta(prev int32) int32 {
	if r.err != nil {
		return 0
	}
	d, n := binary.Varint(r.b[r.off:])
	if n <= 0 {
		r.err = errTruncated
		return 0
	}
	r.off += n
	v := int64(prev) + d
	if v < -1<<31 || v > 1<<31-1 {
		r.err = errors.New("value out of range")
		return 0
	}
	return int32(v)
}
