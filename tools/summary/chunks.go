package summary

import (
	"fmt"
	"sync"

	"github.com/klauspost/compress/zstd"
)

// Method bodies are stored after the summary's body frame (attached data),
// in chunks of consecutive bodies compressed one by one, and a chunk is
// decompressed when one of its bodies is first decoded. A link reads the
// JDK's 20.9 MB of bodies as 80 chunks and, continuing from the runtime's
// warm start, decompresses about five of them; the chunks cost 4% of the
// bodies' compressed size (5.28 → 5.52 MB).

// chunkSize is the raw size at which a chunk is closed (after the body
// that reaches it; a chunk never splits a body).
const chunkSize = 256 << 10

// chunk is one compressed chunk of a decoded unit.
type chunk struct {
	z    []byte // compressed, in the file's attached data
	zn   uint64 // its size
	raw  uint64 // decompressed size
	once sync.Once
	data []byte
	err  error
}

// bodyLoc places a method body in a decoded unit's chunks; n == 0: no code.
type bodyLoc struct {
	chunk  int32
	off, n uint32
}

// encodeChunks compresses u's bodies in chunks: the chunk table (count,
// then per chunk raw and compressed size) and the compressed chunks.
func (u *Unit) encodeChunks() (table, attached []byte, err error) {
	zw, err := zstd.NewWriter(nil, zstd.WithEncoderConcurrency(1), zstd.WithEncoderLevel(zstd.SpeedBestCompression), zstd.WithEncoderCRC(true))
	if err != nil {
		return nil, nil, err
	}
	defer zw.Close()
	var sizes []uint64
	var cur []byte
	flush := func() {
		if len(cur) > 0 {
			n := len(attached)
			attached = zw.EncodeAll(cur, attached)
			sizes = append(sizes, uint64(len(cur)), uint64(len(attached)-n))
			cur = cur[:0]
		}
	}
	for _, c := range u.Classes {
		for i := range u.Complete(c).Methods {
			b, err := u.BodyBytes(c, i)
			if err != nil {
				return nil, nil, err
			}
			cur = append(cur, b...)
			if len(cur) >= chunkSize {
				flush()
			}
		}
	}
	flush()
	table = putUint(nil, uint64(len(sizes)/2))
	for _, s := range sizes {
		table = putUint(table, s)
	}
	return table, attached, nil
}

// decodeChunkTable reads the chunk table.
func (u *Unit) decodeChunkTable(b []byte) error {
	r := &varReader{b: b}
	n := r.count()
	u.chunks = make([]*chunk, 0, n)
	for i := 0; i < n && r.err == nil; i++ {
		raw, zn := r.uint(), r.uint()
		if r.err == nil && (raw == 0 || raw > 1<<31 || zn == 0 || zn > 1<<31) { // places are uint32
			return fmt.Errorf("chunk %d: sizes %d and %d", i, raw, zn)
		}
		u.chunks = append(u.chunks, &chunk{raw: raw, zn: zn})
	}
	if r.err == nil && r.off != len(b) {
		r.err = fmt.Errorf("%d bytes after the chunk table", len(b)-r.off)
	}
	return r.err
}

// attach gives the chunks their compressed bytes, the file's attached data.
func (u *Unit) attach(data []byte) error {
	for i, c := range u.chunks {
		if c.zn > uint64(len(data)) {
			return fmt.Errorf("chunk %d: %d compressed bytes, %d left", i, c.zn, len(data))
		}
		c.z, data = data[:c.zn:c.zn], data[c.zn:]
	}
	if len(data) > 0 {
		return fmt.Errorf("%d attached bytes in no chunk", len(data))
	}
	return nil
}

// chunkData returns chunk k decompressed, decompressing it on first use.
func (u *Unit) chunkData(k int32) ([]byte, error) {
	c := u.chunks[k]
	c.once.Do(func() {
		dec, err := decoder()
		if err != nil {
			c.err = err
			return
		}
		data, err := dec.DecodeAll(c.z, make([]byte, 0, c.raw))
		switch {
		case err != nil:
			c.err = fmt.Errorf("chunk %d of the bodies: %w", k, err)
		case uint64(len(data)) != c.raw:
			c.err = fmt.Errorf("chunk %d of the bodies: %d bytes, the table says %d", k, len(data), c.raw)
		default:
			c.data = data
		}
	})
	return c.data, c.err
}

// BodyBytes returns the encoded body of c's method i (nil: no code).
func (u *Unit) BodyBytes(c *Class, i int) ([]byte, error) {
	if c.Bodies != nil {
		return c.Bodies[i], nil
	}
	u.Complete(c)
	if c.locs == nil || c.locs[i].n == 0 {
		return nil, nil
	}
	l := c.locs[i]
	data, err := u.chunkData(l.chunk)
	if err != nil {
		return nil, err
	}
	return data[l.off : l.off+l.n : l.off+l.n], nil
}
