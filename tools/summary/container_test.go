package summary

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/vmihailenco/msgpack/v5"
)

// sample writes a body of n strings and ints, like a string table and ids.
func sample(t testing.TB, n int) []byte {
	var buf bytes.Buffer
	err := Write(&buf, Header{Producer: "test", Target: "//lib:a", Deps: []Dep{{Target: "//lib:b", BodySHA: make([]byte, 32)}}},
		func(enc *msgpack.Encoder) error {
			if err := enc.EncodeArrayLen(n); err != nil {
				return err
			}
			for i := 0; i < n; i++ {
				if err := enc.EncodeString(strings.Repeat("java/lang/Object", i%7)); err != nil {
					return err
				}
				if err := enc.EncodeInt(int64(i * 31)); err != nil {
					return err
				}
			}
			return nil
		})
	if err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func readAll(file string, data []byte) (int, error) {
	rd, err := NewReader(file, bytes.NewReader(data))
	if err != nil {
		return 0, err
	}
	n, err := rd.Dec.DecodeArrayLen()
	if err != nil {
		return 0, rd.Wrap("decoding", err)
	}
	if n < 0 || n > 1<<20 {
		return 0, rd.Wrap("decoding", errors.New("bad length"))
	}
	for i := 0; i < n; i++ {
		if _, err := rd.Dec.DecodeString(); err != nil {
			return 0, rd.Wrap("decoding", err)
		}
		if _, err := rd.Dec.DecodeInt64(); err != nil {
			return 0, rd.Wrap("decoding", err)
		}
	}
	return n, nil
}

func TestRoundTrip(t *testing.T) {
	data := sample(t, 1000)
	rd, err := NewReader("a.sum", bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if rd.Header.Target != "//lib:a" || rd.Header.Producer != "test" || len(rd.Header.Deps) != 1 || rd.Header.Schema != Schema {
		t.Errorf("header = %+v", rd.Header)
	}
	if n, err := readAll("a.sum", data); err != nil || n != 1000 {
		t.Fatalf("read %d values: %v", n, err)
	}
}

// TestDeterministic writes the same content under different GOMAXPROCS.
func TestDeterministic(t *testing.T) {
	base := sample(t, 5000)
	for _, procs := range []int{1, 2, 8} {
		old := runtime.GOMAXPROCS(procs)
		got := sample(t, 5000)
		runtime.GOMAXPROCS(old)
		if !bytes.Equal(got, base) {
			t.Errorf("GOMAXPROCS=%d: different bytes", procs)
		}
	}
}

func TestCorruptInputs(t *testing.T) {
	good := sample(t, 200)
	cases := map[string][]byte{
		"wrong magic":   append([]byte("PK\x03\x04xxxx"), good[8:]...),
		"empty":         nil,
		"huge header":   append(append([]byte(Magic), 0xff, 0xff, 0xff, 0xff), good[12:]...),
		"trailing junk": append(append([]byte(nil), good...), 1, 2, 3),
	}
	for name, data := range cases {
		if _, err := readAll("x.sum", data); err == nil {
			t.Errorf("%s: accepted", name)
		} else if !strings.Contains(err.Error(), "x.sum") {
			t.Errorf("%s: error %q does not name the file", name, err)
		}
	}
	// Every truncation and every single-byte change is rejected.
	for n := 0; n < len(good); n++ {
		if _, err := readAll("t.sum", good[:n]); err == nil {
			t.Fatalf("truncated to %d bytes: accepted", n)
		}
	}
	for i := range good {
		bad := append([]byte(nil), good...)
		bad[i] ^= 0x5a
		if _, err := readAll("c.sum", bad); err == nil {
			t.Fatalf("byte %d changed: accepted", i)
		}
	}
}

func TestWrongSchema(t *testing.T) {
	var buf bytes.Buffer
	hdr, _ := msgpack.Marshal(&Header{Schema: Schema + 1, BodySHA: make([]byte, 32)})
	buf.WriteString(Magic)
	buf.Write([]byte{0, 0, 0, byte(len(hdr))})
	buf.Write(hdr)
	buf.Write(binary.BigEndian.AppendUint32(nil, crc32.Checksum(hdr, castagnoli)))
	_, err := NewReader("new.sum", &buf)
	if !errors.Is(err, ErrSchema) || !strings.Contains(err.Error(), "new.sum") {
		t.Errorf("got %v, want ErrSchema naming the file", err)
	}
}

// FuzzReader checks that no input makes the reader panic or accept a body
// that does not match its header.
func FuzzReader(f *testing.F) {
	f.Add(sample(f, 3))
	f.Add([]byte(Magic))
	f.Fuzz(func(t *testing.T, data []byte) {
		readAll("fuzz.sum", data)
	})
}

// TestOpen: a summary file read through Open (mapped) decodes as through
// NewReader; an empty file, a directory and a missing file are errors
// naming the path.
func TestOpen(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.sum")
	if err := os.WriteFile(path, sample(t, 1000), 0o644); err != nil {
		t.Fatal(err)
	}
	rd, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if n, err := rd.Dec.DecodeArrayLen(); err != nil || n != 1000 || rd.Header.Target != "//lib:a" {
		t.Errorf("mapped: %d values (%v), header %+v", n, err, rd.Header)
	}
	empty := filepath.Join(dir, "empty.sum")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{empty, dir, filepath.Join(dir, "missing.sum")} {
		if _, err := Open(p); err == nil || !strings.Contains(err.Error(), p) {
			t.Errorf("Open(%s): %v, want an error naming it", p, err)
		}
	}
}
