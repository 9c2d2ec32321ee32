package pointsto

import (
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/vmihailenco/msgpack/v5"
)

// The encoding of a Warm: its names as msgpack strings, and every integer
// of it in one stream of zigzag varints stored as a msgpack binary value,
// in a fixed order (encodeInts). Decoding the stream is a tight loop,
// where a msgpack value per integer took most of a link's time.

var _ msgpack.CustomEncoder = (*Warm)(nil)
var _ msgpack.CustomDecoder = (*Warm)(nil)

// EncodeMsgpack writes w.
func (w *Warm) EncodeMsgpack(enc *msgpack.Encoder) error {
	if err := enc.EncodeArrayLen(5); err != nil {
		return err
	}
	if err := enc.EncodeBool(w.PerClass); err != nil {
		return err
	}
	for _, v := range []any{w.Summaries, w.Phantoms, w.Strings} {
		if err := enc.Encode(v); err != nil {
			return err
		}
	}
	var p intWriter
	w.ints(&p)
	return enc.EncodeBytes(p.b)
}

// DecodeMsgpack reads w.
func (w *Warm) DecodeMsgpack(dec *msgpack.Decoder) error {
	n, err := dec.DecodeArrayLen()
	if err != nil {
		return err
	}
	if n != 5 {
		return fmt.Errorf("warm start of %d parts, not 5", n)
	}
	if w.PerClass, err = dec.DecodeBool(); err != nil {
		return err
	}
	for _, v := range []any{&w.Summaries, &w.Phantoms, &w.Strings} {
		if err := dec.Decode(v); err != nil {
			return err
		}
	}
	b, err := dec.DecodeBytes()
	if err != nil {
		return err
	}
	r := &intReader{b: b}
	w.ints(r)
	if r.err == nil && r.off != len(b) {
		r.err = errors.New("data after the last integer")
	}
	return r.err
}

// intCodec is an intWriter or an intReader: ints walks the fields once
// for both, so the two cannot disagree on the order.
type intCodec interface {
	int(x *int32)
	int64(x *int64)
	bool(x *bool)
	slice(x *[]int32)
	bools(x *[]bool)
	uslice(x *[]uint32)
	count(n int) int // writes n, or reads a count
}

func (w *Warm) ints(c intCodec) {
	c.slice(&w.ClassName)
	c.bools(&w.ClassPhantom)
	c.slice(&w.Methods)
	c.bools(&w.MethodPhantom)
	c.slice(&w.Fields)
	c.bools(&w.FieldPhantom)
	c.slice(&w.ObjClass)
	c.slice(&w.ObjKeys)
	c.int(&w.NumNodes)
	c.slice(&w.Rep)
	n := c.count(len(w.Sets))
	if len(w.Sets) < n {
		w.Sets = make([][]uint32, n)
	}
	for i := range n {
		c.uslice(&w.Sets[i])
	}
	for _, x := range []*[]int32{&w.NodeSet, &w.EdgeLen, &w.Edges, &w.Access, &w.Recvs, &w.FieldNodes, &w.Statics,
		&w.FieldFilter, &w.Filters, &w.FirstObj} {
		c.slice(x)
	}
	n = c.count(len(w.Reached))
	if len(w.Reached) < n {
		w.Reached = make([]warmMethod, n)
	}
	for i := range n {
		m := &w.Reached[i]
		for _, x := range []*int32{&m.M, &m.Ret, &m.Exc, &m.Base, &m.NumVars} {
			c.int(x)
		}
		c.bool(&m.Body)
		c.slice(&m.Params)
		c.slice(&m.ExcFrom)
	}
	n = c.count(len(w.Sites))
	if len(w.Sites) < n {
		w.Sites = make([]warmSite, n)
	}
	for i := range n {
		s := &w.Sites[i]
		for _, x := range []*int32{&s.Caller, &s.ID, &s.Line, &s.Ref, &s.Callee, &s.Error, &s.Resolved, &s.Base, &s.Dst, &s.Recv1} {
			c.int(x)
		}
		kind := int32(s.Kind)
		c.int(&kind)
		s.Kind = uint8(kind)
		c.bool(&s.Info)
		c.bool(&s.Hidden)
		for _, x := range []*[]int32{&s.Targets, &s.Args, &s.RecvMore, &s.Bound} {
			c.slice(x)
		}
		c.uslice(&s.SelBound)
	}
	for _, x := range []*[]int32{&w.Selections, &w.Inited, &w.Unmodelled, &w.UnmodelledNative} {
		c.slice(x)
	}
	c.int(&w.Threads)
	c.int64(&w.NumEdges)
}

type intWriter struct{ b []byte }

func (p *intWriter) int(x *int32)     { p.b = binary.AppendVarint(p.b, int64(*x)) }
func (p *intWriter) int64(x *int64)   { p.b = binary.AppendVarint(p.b, *x) }
func (p *intWriter) count(n int) int  { p.b = binary.AppendUvarint(p.b, uint64(n)); return n }
func (p *intWriter) bool(x *bool)     { p.b = append(p.b, b2i(*x)) }
func (p *intWriter) slice(x *[]int32) { p.count(len(*x)); p.raw(*x) }

func (p *intWriter) raw(x []int32) {
	for _, v := range x {
		p.b = binary.AppendVarint(p.b, int64(v))
	}
}

func (p *intWriter) bools(x *[]bool) {
	p.count(len(*x))
	for _, v := range *x {
		p.b = append(p.b, b2i(v))
	}
}

func (p *intWriter) uslice(x *[]uint32) {
	p.count(len(*x))
	for _, v := range *x {
		p.b = binary.AppendUvarint(p.b, uint64(v))
	}
}

func b2i(v bool) byte {
	if v {
		return 1
	}
	return 0
}

// intReader reads what intWriter wrote; the first error sticks, and
// counts are bounded by the bytes left.
type intReader struct {
	b   []byte
	off int
	err error
}

var errWarmTruncated = errors.New("truncated warm start")

func (r *intReader) varint() int64 {
	if r.err != nil {
		return 0
	}
	v, n := binary.Varint(r.b[r.off:])
	if n <= 0 {
		r.err = errWarmTruncated
		return 0
	}
	r.off += n
	return v
}

func (r *intReader) int(x *int32) {
	v := r.varint()
	if v < -1<<31 || v > 1<<31-1 {
		r.fail("integer out of range")
		return
	}
	*x = int32(v)
}

func (r *intReader) int64(x *int64) { *x = r.varint() }

func (r *intReader) fail(what string) {
	if r.err == nil {
		r.err = errors.New(what)
	}
}

func (r *intReader) count(int) int {
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

func (r *intReader) bool(x *bool) {
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

func (r *intReader) slice(x *[]int32) {
	n := r.count(0)
	if n == 0 {
		*x = nil
		return
	}
	out := make([]int32, n)
	for i := range out {
		r.int(&out[i])
	}
	*x = out
}

func (r *intReader) bools(x *[]bool) {
	n := r.count(0)
	out := make([]bool, n)
	for i := range out {
		r.bool(&out[i])
	}
	*x = out
}

func (r *intReader) uslice(x *[]uint32) {
	n := r.count(0)
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
