package warmstart

import (
	"encoding/binary"
	"errors"
)

// A state's integers are one stream of zigzag varints stored as a msgpack
// binary value, in an order fixed by a walk over its fields that runs for
// both directions (Ints): decoding is a tight loop, where a msgpack value
// per integer took most of a link's time, and the writer and the reader
// cannot disagree on the order.

// Ints is a Writer or a Reader.
type Ints interface {
	Int(x *int32)
	Int64(x *int64)
	Bool(x *bool)
	Slice(x *[]int32)
	Bools(x *[]bool)
	USlice(x *[]uint32)
	Count(n int) int // writes n, or reads a count
}

// Writer appends integers to B.
type Writer struct{ B []byte }

func (p *Writer) Int(x *int32)     { p.B = binary.AppendVarint(p.B, int64(*x)) }
func (p *Writer) Int64(x *int64)   { p.B = binary.AppendVarint(p.B, *x) }
func (p *Writer) Count(n int) int  { p.B = binary.AppendUvarint(p.B, uint64(n)); return n }
func (p *Writer) Bool(x *bool)     { p.B = append(p.B, b2i(*x)) }
func (p *Writer) Slice(x *[]int32) { p.Count(len(*x)); p.raw(*x) }

func (p *Writer) raw(x []int32) {
	for _, v := range x {
		p.B = binary.AppendVarint(p.B, int64(v))
	}
}

func (p *Writer) Bools(x *[]bool) {
	p.Count(len(*x))
	for _, v := range *x {
		p.B = append(p.B, b2i(v))
	}
}

func (p *Writer) USlice(x *[]uint32) {
	p.Count(len(*x))
	for _, v := range *x {
		p.B = binary.AppendUvarint(p.B, uint64(v))
	}
}

func b2i(v bool) byte {
	if v {
		return 1
	}
	return 0
}

// Reader reads what Writer wrote; the first error sticks (Err), and
// counts are bounded by the bytes left, so bad data cannot make a huge
// allocation.
type Reader struct {
	b   []byte
	off int
	err error
	// slab backs the small slices Slice returns (a CHA state has 632 k
	// sites with a list of targets each): one allocation for many.
	slab []int32
}

// NewReader reads b.
func NewReader(b []byte) *Reader { return &Reader{b: b} }

// Err returns the first error, or an error if bytes are left over.
func (r *Reader) Err() error {
	if r.err == nil && r.off != len(r.b) {
		return errors.New("data after the last integer")
	}
	return r.err
}

var errTruncated = errors.New("truncated warm start")

func (r *Reader) varint() int64 {
	if r.err != nil {
		return 0
	}
	// Most integers of a state are ids and counts below 64: one byte.
	if r.off < len(r.b) && r.b[r.off] < 0x80 {
		u := r.b[r.off]
		r.off++
		return int64(u>>1) ^ -int64(u&1)
	}
	v, n := binary.Varint(r.b[r.off:])
	if n <= 0 {
		r.err = errTruncated
		return 0
	}
	r.off += n
	return v
}

func (r *Reader) Int(x *int32) {
	v := r.varint()
	if v < -1<<31 || v > 1<<31-1 {
		r.fail("integer out of range")
		return
	}
	*x = int32(v)
}

func (r *Reader) Int64(x *int64) { *x = r.varint() }

func (r *Reader) fail(what string) {
	if r.err == nil {
		r.err = errors.New(what)
	}
}

func (r *Reader) Count(int) int {
	if r.err != nil {
		return 0
	}
	v, n := binary.Uvarint(r.b[r.off:])
	if n <= 0 || v > uint64(len(r.b)-r.off-n) {
		r.fail("bad count")
		return 0
	}
	r.off += n
	return int(v)
}

func (r *Reader) Bool(x *bool) {
	if r.err != nil {
		return
	}
	if r.off >= len(r.b) || r.b[r.off] > 1 {
		r.fail("bad flag")
		return
	}
	*x = r.b[r.off] == 1
	r.off++
}

func (r *Reader) Slice(x *[]int32) {
	n := r.Count(0)
	if n == 0 {
		*x = nil
		return
	}
	var out []int32
	if n <= 64 {
		if len(r.slab) < n {
			r.slab = make([]int32, 4096)
		}
		// Capped: appending to it cannot write over the next slice.
		out, r.slab = r.slab[:n:n], r.slab[n:]
	} else {
		out = make([]int32, n)
	}
	for i := range out {
		r.Int(&out[i])
	}
	*x = out
}

func (r *Reader) Bools(x *[]bool) {
	n := r.Count(0)
	out := make([]bool, n)
	for i := range out {
		r.Bool(&out[i])
	}
	*x = out
}

func (r *Reader) USlice(x *[]uint32) {
	n := r.Count(0)
	if n == 0 {
		*x = nil
		return
	}
	out := make([]uint32, n)
	for i := range out {
		if r.err != nil {
			return
		}
		v, k := binary.Uvarint(r.b[r.off:])
		if k <= 0 || v > 1<<32-1 {
			r.fail("bad set element")
			return
		}
		r.off += k
		out[i] = uint32(v)
	}
	*x = out
}
