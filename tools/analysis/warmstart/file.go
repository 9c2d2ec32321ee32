package warmstart

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/klauspost/compress/zstd"
	"github.com/vmihailenco/msgpack/v5"

	"github.com/rules-fragment/rules_fragment/tools/summary"
)

// Kind is the kind (summary.Header.Kind) of a warm-start file: the
// summary container whose body is a count and that many (analysis name,
// size) pairs, and whose attached data are the states in that order, each
// a zstd frame (compressed on its own, so that a link decompresses only
// its analysis's) of the msgpack value the analysis decodes. Attached, the
// states are neither compressed again nor copied out of the body: a link
// maps the file and decompresses its state from the mapping. The number is
// the format: a linker reads only its own (a warm start is made again with
// the summarizer that goes with it).
const Kind = "warm start 20"

// ErrMismatch is wrapped by the errors of a warm start that does not apply
// to a program; a cold start gives the answer then.
var ErrMismatch = errors.New("warm start does not apply")

// State is one analysis's encoded warm start.
type State struct {
	Analysis string
	Raw      []byte
}

// Write writes the states made from the summary dep.
func Write(w io.Writer, producer string, dep summary.Dep, states []State) error {
	h := summary.Header{Producer: producer, Target: dep.Target, Kind: Kind, Deps: []summary.Dep{dep}}
	zw, err := zstd.NewWriter(nil, zstd.WithEncoderConcurrency(1), zstd.WithEncoderLevel(zstd.SpeedBestCompression), zstd.WithEncoderCRC(true))
	if err != nil {
		return err
	}
	defer zw.Close()
	var attached []byte
	sizes := make([]int, len(states))
	for i, st := range states {
		n := len(attached)
		attached = zw.EncodeAll(st.Raw, attached)
		sizes[i] = len(attached) - n
	}
	return summary.WriteAttached(w, h, func(enc *msgpack.Encoder) error {
		if err := enc.EncodeArrayLen(len(states)); err != nil {
			return err
		}
		for i, st := range states {
			if err := enc.EncodeString(st.Analysis); err != nil {
				return err
			}
			if err := enc.EncodeInt(int64(sizes[i])); err != nil {
				return err
			}
		}
		return nil
	}, attached)
}

// File is a read warm-start file: its states, still compressed, by
// analysis.
type File struct {
	name   string
	states map[string][]byte
	// Of a cached File (OpenCached): the states decompressed so far, which
	// the File's later users share.
	mu      sync.Mutex
	keep    map[string][]byte
	decoded map[string]any
}

// Open reads and checks a warm-start file once; a link then takes the
// state of each analysis it runs from it. Errors name the file.
func Open(file string) (*File, error) {
	return decodeFile(summary.Open(file))
}

// OpenCached is Open through the cache c, which keeps the File and the
// states it decompresses for later runs (a persistent worker).
func OpenCached(c *summary.Cache, file string) (*File, error) {
	if c == nil {
		return Open(file)
	}
	v, err := c.Load("warm start", file, func(data []byte) (any, error) {
		f, err := decodeFile(summary.Decode(file, data))
		if err != nil {
			return nil, err
		}
		f.keep, f.decoded = map[string][]byte{}, map[string]any{}
		return f, nil
	})
	if err != nil {
		return nil, err
	}
	return v.(*File), nil
}

func decodeFile(rd *summary.Reader, err error) (*File, error) {
	if err != nil {
		return nil, err
	}
	file := rd.File()
	if rd.Header.Kind != Kind {
		what := fmt.Sprintf("not a warm start (kind %q)", rd.Header.Kind)
		if strings.HasPrefix(rd.Header.Kind, "warm start") {
			what = fmt.Sprintf("a warm start of another format (%q, this linker reads %q): make it again", rd.Header.Kind, Kind)
		}
		return nil, &summary.Error{File: file, What: what}
	}
	n, err := rd.Dec.DecodeArrayLen()
	if err == nil && (n < 0 || n > 64) {
		err = fmt.Errorf("%d states", n)
	}
	wf := &File{name: file, states: map[string][]byte{}}
	rest := rd.Attached
	for i := 0; err == nil && i < n; i++ {
		var name string
		var size int64
		if name, err = rd.Dec.DecodeString(); err == nil {
			size, err = rd.Dec.DecodeInt64()
		}
		if err == nil && (size < 0 || size > int64(len(rest))) {
			err = fmt.Errorf("state %q: %d bytes, %d attached bytes left", name, size, len(rest))
		}
		if _, dup := wf.states[name]; err == nil && !dup {
			wf.states[name] = rest[:size:size]
		}
		if err == nil {
			rest = rest[size:]
		}
	}
	if err == nil && len(rest) > 0 {
		err = fmt.Errorf("%d attached bytes in no state", len(rest))
	}
	if err == nil && rd.Dec.Skip() == nil {
		err = errors.New("values after the states")
	}
	if err != nil {
		return nil, rd.Wrap("bad content", err)
	}
	return wf, nil
}

// Name is the file's path.
func (f *File) Name() string { return f.name }

// State returns the named analysis's state, decompressed (nil if the file
// has none). The caller must not change it.
func (f *File) State(analysis string) ([]byte, error) {
	z := f.states[analysis]
	if z == nil {
		return nil, nil
	}
	if f.keep == nil {
		return f.decompress(analysis, z)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if raw, ok := f.keep[analysis]; ok {
		return raw, nil
	}
	raw, err := f.decompress(analysis, z)
	if err == nil {
		f.keep[analysis] = raw
	}
	return raw, err
}

// Decoded returns the named analysis's state decoded by decode (nil, nil
// if the file has none). A cached File decodes it once and gives every
// later caller the same value, which none may change: the analyses only
// read their states (a CHA state took 60 ms of CPU time to decode at every
// link, an AND_f state 25 ms).
func (f *File) Decoded(analysis string, decode func([]byte) (any, error)) (any, error) {
	if f.keep == nil {
		return f.decode(analysis, decode)
	}
	f.mu.Lock()
	v, ok := f.decoded[analysis]
	f.mu.Unlock()
	if ok {
		return v, nil
	}
	v, err := f.decode(analysis, decode)
	if err == nil { // like the cache, errors are not kept
		f.mu.Lock()
		f.decoded[analysis] = v
		f.mu.Unlock()
	}
	return v, err
}

func (f *File) decode(analysis string, decode func([]byte) (any, error)) (any, error) {
	raw, err := f.State(analysis)
	if err != nil || raw == nil {
		return nil, err
	}
	return decode(raw)
}

func (f *File) decompress(analysis string, z []byte) ([]byte, error) {
	zr, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxMemory(1<<32))
	if err != nil {
		return nil, err
	}
	defer zr.Close()
	raw, err := zr.DecodeAll(z, nil)
	if err != nil {
		return nil, &summary.Error{File: f.name, What: "state of " + analysis, Err: err}
	}
	return raw, nil
}

// Read returns the state of the named analysis in a warm-start file (nil
// if it has none): Open, then State.
func Read(file, analysis string) ([]byte, error) {
	f, err := Open(file)
	if err != nil {
		return nil, err
	}
	return f.State(analysis)
}
