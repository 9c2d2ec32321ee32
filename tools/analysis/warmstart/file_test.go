package warmstart

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vmihailenco/msgpack/v5"

	"github.com/rules-fragment/rules_fragment/tools/summary"
)

var dep = summary.Dep{Target: "jdk", BodySHA: make([]byte, 32)}

func write(t *testing.T, states []State) string {
	t.Helper()
	var buf bytes.Buffer
	if err := Write(&buf, "test", dep, states); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "w.rfwarm")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestFileRoundTrip: each analysis gets back its own state, from the
// attached data, and an analysis without one gets nil.
func TestFileRoundTrip(t *testing.T) {
	states := []State{
		{"cha", bytes.Repeat([]byte("cha state "), 1000)},
		{"rta", []byte{}},
		{"andersen", bytes.Repeat([]byte{1, 2, 3, 250}, 5000)},
	}
	f, err := Open(write(t, states))
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range states {
		got, err := f.State(st.Analysis)
		if err != nil || !bytes.Equal(got, st.Raw) {
			t.Errorf("%s: %d bytes, %v; want %d bytes", st.Analysis, len(got), err, len(st.Raw))
		}
	}
	if got, err := f.State("0cfa"); got != nil || err != nil {
		t.Errorf("0cfa: %d bytes, %v; want none", len(got), err)
	}
}

// TestOpenCached: through a cache, a warm-start file is read once and its
// states decompressed once; they are those Open gives, and a bad file is
// refused as by Open.
func TestOpenCached(t *testing.T) {
	states := []State{{"rta", bytes.Repeat([]byte("rta "), 300)}, {"cha", []byte("cha")}}
	path := write(t, states)
	c := summary.NewCache(1 << 20)
	f, err := OpenCached(c, path)
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		again, err := OpenCached(c, path)
		if err != nil || again != f {
			t.Fatalf("second open: %v, same File %v", err, again == f)
		}
		for _, st := range states {
			got, err := again.State(st.Analysis)
			if err != nil || !bytes.Equal(got, st.Raw) {
				t.Errorf("%s: %d bytes, %v; want %d bytes", st.Analysis, len(got), err, len(st.Raw))
			}
		}
	}
	if a, _ := f.State("rta"); len(a) > 0 {
		if b, _ := f.State("rta"); &a[0] != &b[0] {
			t.Error("a cached File decompressed a state twice")
		}
	}
	good, _ := os.ReadFile(path)
	bad := filepath.Join(t.TempDir(), "bad.rfwarm")
	os.WriteFile(bad, good[:len(good)-1], 0o644)
	if _, err := OpenCached(c, bad); err == nil || !strings.Contains(err.Error(), bad) {
		t.Fatalf("truncated file: %v, want an error naming it", err)
	}
}

// TestDecoded: a cached File decodes a state once and keeps neither
// errors nor absent states; an uncached one decodes at every call.
func TestDecoded(t *testing.T) {
	path := write(t, []State{{"rta", []byte("rta state")}})
	calls := 0
	decode := func(fail bool) func([]byte) (any, error) {
		return func(raw []byte) (any, error) {
			calls++
			if fail {
				return nil, errors.New("bad state")
			}
			return &struct{ s string }{string(raw)}, nil
		}
	}
	c := summary.NewCache(1 << 20)
	f, err := OpenCached(c, path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Decoded("rta", decode(true)); err == nil {
		t.Fatal("a failing decode: no error")
	}
	a, err := f.Decoded("rta", decode(false))
	if err != nil || a.(*struct{ s string }).s != "rta state" {
		t.Fatalf("decoded %v, %v", a, err)
	}
	b, _ := f.Decoded("rta", decode(false))
	if a != b || calls != 2 {
		t.Errorf("a cached File decoded %d times (want 2: the error was not kept), same value %v", calls, a == b)
	}
	if v, err := f.Decoded("cha", decode(false)); v != nil || err != nil || calls != 2 {
		t.Errorf("absent state: %v, %v, %d decodes", v, err, calls)
	}
	u, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	x, _ := u.Decoded("rta", decode(false))
	y, _ := u.Decoded("rta", decode(false))
	if x == y || calls != 4 {
		t.Errorf("an uncached File kept a decoded state (%d decodes)", calls)
	}
}

// TestFileCorrupt: every truncation and every single-byte change of a
// warm-start file is refused when it is opened, with an error naming it.
func TestFileCorrupt(t *testing.T) {
	path := write(t, []State{{"rta", bytes.Repeat([]byte("rta "), 300)}, {"cha", []byte("cha")}})
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(t.TempDir(), "bad.rfwarm")
	try := func(data []byte) error {
		if err := os.WriteFile(bad, data, 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Open(bad)
		if err != nil && !strings.Contains(err.Error(), bad) {
			t.Fatalf("error %q does not name the file", err)
		}
		return err
	}
	for n := 0; n < len(good); n++ {
		if try(good[:n]) == nil {
			t.Fatalf("truncated to %d bytes: accepted", n)
		}
	}
	for i := range good {
		data := append([]byte(nil), good...)
		data[i] ^= 0x21
		if try(data) == nil {
			t.Fatalf("byte %d changed: accepted", i)
		}
	}
}

// TestFileBadContent: well-formed containers whose content is not a
// warm start of this format are refused, saying why.
func TestFileBadContent(t *testing.T) {
	container := func(kind string, body func(*msgpack.Encoder) error, attached []byte) string {
		var buf bytes.Buffer
		h := summary.Header{Producer: "test", Target: "jdk", Kind: kind, Deps: []summary.Dep{dep}}
		if err := summary.WriteAttached(&buf, h, body, attached); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(t.TempDir(), "x.rfwarm")
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	states := func(sizes ...int) func(*msgpack.Encoder) error {
		return func(enc *msgpack.Encoder) error {
			enc.EncodeArrayLen(len(sizes))
			for _, n := range sizes {
				enc.EncodeString("rta")
				enc.EncodeInt(int64(n))
			}
			return nil
		}
	}
	cases := []struct {
		name, path, want string
	}{
		{"older format", container("warm start 2", states(3), []byte("abc")), "make it again"},
		{"a summary", container("", states(3), []byte("abc")), "not a warm start"},
		{"state beyond the data", container(Kind, states(4), []byte("abc")), "attached bytes left"},
		{"data in no state", container(Kind, states(2), []byte("abc")), "in no state"},
		{"negative size", container(Kind, states(-1), []byte("abc")), "-1 bytes"},
	}
	for _, c := range cases {
		_, err := Open(c.path)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), c.path) {
			t.Errorf("%s: got %v, want an error naming the file and saying %q", c.name, err, c.want)
		}
	}
}
