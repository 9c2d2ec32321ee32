package jimage

import (
	"bytes"
	"compress/zlib"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/rules-fragment/rules_fragment/tools/classpath/internal/sizedread"
)

// Compressed resources (jlink --compress) start with a header described by
// OpenJDK's jdk/internal/jimage/decompressor/CompressedResourceHeader.java,
// in the image's byte order:
//
//	offset 0  u4 magic 0xCAFEFAFA
//	offset 4  u8 compressed size (of the content after the header)
//	offset 12 u8 uncompressed size (of the output of this stage)
//	offset 20 u4 decompressor name, an offset into the strings table
//	offset 24 u4 unused ("contentOffset", written as -1)
//	offset 28 u1 isTerminal
//
// Decompressor.java applies stages until the content no longer starts with
// the magic: each stage decompresses the bytes after its 29-byte header.
// The "zip" stage (ZipDecompressor.java) is a zlib stream (java.util.zip
// Inflater in its default, wrapped mode); "compact-cp"
// (StringSharingDecompressor.java) rebuilds constant pools from strings shared
// in the image and is not supported here.
const (
	compressedMagic      = 0xCAFEFAFA
	compressedHeaderSize = 29
	maxStages            = 8
	// maxDeflateRatio bounds the expansion of a deflate stream (the format's
	// limit is about 1032:1), so a corrupt size cannot make us allocate
	// gigabytes for a few input bytes.
	maxDeflateRatio = 1040
)

// ErrUnsupportedCompression is matched (errors.Is) by the error returned for
// resources compressed with a decompressor this package does not implement.
var ErrUnsupportedCompression = errors.New("unsupported jimage compression")

// UnsupportedCompressionError names the decompressor of a resource that
// cannot be read.
type UnsupportedCompressionError struct {
	Decompressor string // e.g. "compact-cp"
}

func (e *UnsupportedCompressionError) Error() string {
	return fmt.Sprintf("compressed with %q, which is not supported; rebuild the image with jlink --compress=0", e.Decompressor)
}

func (e *UnsupportedCompressionError) Is(target error) bool {
	return target == ErrUnsupportedCompression
}

// decompress applies the decompression stages to content.
func (im *Image) decompress(content []byte) ([]byte, error) {
	for stage := 0; ; stage++ {
		if len(content) < compressedHeaderSize || im.order.Uint32(content) != compressedMagic {
			if stage == 0 {
				return nil, formatError("resource is marked compressed but has no compression header")
			}
			return content, nil
		}
		if stage == maxStages {
			return nil, formatError("more than %d compression stages", maxStages)
		}
		compressedSize := im.order.Uint64(content[4:])
		uncompressedSize := im.order.Uint64(content[12:])
		nameOff := uint64(im.order.Uint32(content[20:]))
		name, err := im.String(nameOff)
		if err != nil {
			return nil, fmt.Errorf("compression stage %d: decompressor name: %w", stage+1, err)
		}
		body := content[compressedHeaderSize:]
		if compressedSize < uint64(len(body)) {
			body = body[:compressedSize]
		}
		switch name {
		case "zip":
			content, err = inflate(body, uncompressedSize)
			if err != nil {
				return nil, fmt.Errorf("compression stage %d (zip): %w", stage+1, err)
			}
		default:
			return nil, &UnsupportedCompressionError{Decompressor: name}
		}
	}
}

var zlibPool sync.Pool // of io.ReadCloser implementing zlib.Resetter

// inflate decompresses a zlib stream that must produce exactly size bytes.
func inflate(in []byte, size uint64) ([]byte, error) {
	if size > maxResourceSize || size > uint64(len(in))*maxDeflateRatio+64 {
		return nil, formatError("implausible uncompressed size %d for %d compressed bytes", size, len(in))
	}
	src := bytes.NewReader(in)
	var zr io.ReadCloser
	if v := zlibPool.Get(); v != nil {
		zr = v.(io.ReadCloser)
		if err := zr.(zlib.Resetter).Reset(src, nil); err != nil {
			return nil, err
		}
	} else {
		var err error
		if zr, err = zlib.NewReader(src); err != nil {
			return nil, err
		}
	}
	out, err := sizedread.Exact(zr, size)
	if err == nil {
		// Reach the end of the stream so that the checksum is verified.
		var one [1]byte
		var n int
		n, err = zr.Read(one[:])
		switch {
		case n > 0:
			err = fmt.Errorf("zlib stream is longer than the declared %d bytes", size)
		case err == io.EOF:
			err = nil
		}
	}
	if err != nil {
		if err == io.ErrUnexpectedEOF {
			err = fmt.Errorf("zlib stream is shorter than the declared %d bytes", size)
		}
		return nil, err
	}
	zlibPool.Put(zr)
	return out, nil
}
