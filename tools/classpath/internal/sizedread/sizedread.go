// Package sizedread reads a declared number of bytes without trusting the
// declaration for memory: archive headers can claim gigabytes for a few bytes
// of (corrupt or hostile) input, so buffers grow with the data that actually
// arrives instead of being allocated up front.
package sizedread

import (
	"io"
	"slices"
)

// chunk is the largest buffer allocated before any data has been read;
// nearly every class file fits, so the common case is one exact allocation.
const chunk = 4 << 20

// Exact reads exactly size bytes from r. It returns io.ErrUnexpectedEOF if r
// ends early and does not look past size bytes.
func Exact(r io.Reader, size uint64) ([]byte, error) {
	if size <= chunk {
		buf := make([]byte, size)
		if _, err := io.ReadFull(r, buf); err != nil {
			if err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			return nil, err
		}
		return buf, nil
	}
	buf := make([]byte, 0, chunk)
	for uint64(len(buf)) < size {
		if len(buf) == cap(buf) {
			grow := min(uint64(cap(buf)), size-uint64(len(buf)))
			buf = slices.Grow(buf, int(grow))
		}
		want := min(uint64(cap(buf)), size)
		n, err := io.ReadFull(r, buf[len(buf):want])
		buf = buf[:len(buf)+n]
		if err != nil {
			if err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			return nil, err
		}
	}
	return buf, nil
}
