package sizedread

import (
	"bytes"
	"io"
	"testing"
)

func TestExact(t *testing.T) {
	data := make([]byte, 3*chunk+12345)
	for i := range data {
		data[i] = byte(i * 7)
	}
	for _, size := range []int{0, 1, 100, chunk, chunk + 1, len(data)} {
		got, err := Exact(bytes.NewReader(data), uint64(size))
		if err != nil || !bytes.Equal(got, data[:size]) {
			t.Errorf("Exact(%d): %d bytes, %v", size, len(got), err)
		}
	}
	for _, size := range []uint64{uint64(len(data)) + 1, 1 << 40} {
		if _, err := Exact(bytes.NewReader(data), size); err != io.ErrUnexpectedEOF {
			t.Errorf("Exact(%d) of %d bytes: %v", size, len(data), err)
		}
	}
	if _, err := Exact(bytes.NewReader(nil), 5); err != io.ErrUnexpectedEOF {
		t.Errorf("empty: %v", err)
	}
}
