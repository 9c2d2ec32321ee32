package jimage

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/rules-fragment/rules_fragment/tools/classpath/internal/jimagebuild"
)

const (
	jdk17      = "/usr/lib/jvm/java-17-openjdk-amd64"
	jdk17Image = jdk17 + "/lib/modules"
	jdk25Image = "/usr/lib/jvm/temurin-25-jdk-amd64/lib/modules"
)

var classBytes = []byte{0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 61, 'x'}

// testResources is a small image exercising the interesting cases.
func testResources() []jimagebuild.Resource {
	return []jimagebuild.Resource{
		{Name: "/java.base/java/lang/Object.class", Data: classBytes},
		{Name: "/java.base/module-info.class", Data: classBytes},
		{Name: "/java.base/java/lang/Zipped.class", Data: bytes.Repeat(classBytes, 50), Compress: "zip"},
		{Name: "/m/p/C.class", Data: classBytes, Compress: "compact-cp"},
		{Name: "/m/p/Ünïcødé€😀.class", Data: classBytes},
		{Name: "/m/p/Empty.class", Data: nil},
		{Name: "/m/META-INF/services/x.y.Z", Data: []byte("impl\n")},
		{Name: "/packages/java.lang/java.base", Data: []byte{0, 0, 0, 0, 0, 0, 0, 1}},
		{Name: "/modules/java.base/java/lang", Data: []byte{0, 0, 0, 1}},
	}
}

func buildImage(t testing.TB, order binary.ByteOrder, res []jimagebuild.Resource) []byte {
	t.Helper()
	data, err := jimagebuild.Build(order, res)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestBuiltImageRoundTrip(t *testing.T) {
	for _, order := range []binary.ByteOrder{binary.LittleEndian, binary.BigEndian} {
		t.Run(order.String(), func(t *testing.T) {
			res := testResources()
			data := buildImage(t, order, res)
			im, err := NewImage(bytes.NewReader(data), int64(len(data)), "test.jimage")
			if err != nil {
				t.Fatal(err)
			}
			if im.ByteOrder() != order {
				t.Errorf("byte order %v, want %v", im.ByteOrder(), order)
			}
			h := im.Header()
			if h.MajorVersion != 1 || h.MinorVersion != 0 || h.ResourceCount != uint32(len(res)) {
				t.Errorf("header %+v", h)
			}
			all, err := im.Locations()
			if err != nil {
				t.Fatal(err)
			}
			if len(all) != len(res) {
				t.Errorf("%d locations, want %d", len(all), len(res))
			}
			rs, err := im.Resources()
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, l := range rs {
				got = append(got, l.Name())
			}
			slices.Sort(got)
			var want []string
			for _, r := range res {
				if !strings.HasPrefix(r.Name, "/packages/") && !strings.HasPrefix(r.Name, "/modules/") {
					want = append(want, r.Name)
				}
			}
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("resources\n got %q\nwant %q", got, want)
			}
			for _, r := range res {
				l, ok := im.Lookup(r.Name)
				if !ok {
					t.Errorf("Lookup(%q) failed", r.Name)
					continue
				}
				if l.Name() != r.Name {
					t.Errorf("Lookup(%q) = %q", r.Name, l.Name())
				}
				content, err := im.Read(l)
				if r.Compress == "compact-cp" {
					want := `jimage test.jimage: resource /m/p/C.class: compressed with "compact-cp", which is not supported; rebuild the image with jlink --compress=0`
					if err == nil || err.Error() != want {
						t.Errorf("Read(%s) error\n got %v\nwant %s", r.Name, err, want)
					}
					if !errors.Is(err, ErrUnsupportedCompression) {
						t.Errorf("error %v is not ErrUnsupportedCompression", err)
					}
					var je *Error
					if !errors.As(err, &je) || je.Resource != r.Name {
						t.Errorf("error %v is not an *Error for %s", err, r.Name)
					}
					continue
				}
				if err != nil {
					t.Errorf("Read(%s): %v", r.Name, err)
				} else if !bytes.Equal(content, r.Data) {
					t.Errorf("Read(%s) = %q, want %q", r.Name, content, r.Data)
				}
			}
			for _, name := range []string{"", "/", "/java.base/java/lang/Object", "/java.base/java/lang/Object.clas",
				"java.base/java/lang/Object.class", "/java.base/java/lang/Objec.class", "/x/y/z.class"} {
				if l, ok := im.Lookup(name); ok {
					t.Errorf("Lookup(%q) found %q", name, l.Name())
				}
			}
		})
	}
}

// mutate returns a copy of data changed by f.
func mutate(data []byte, f func(b []byte) []byte) []byte {
	return f(bytes.Clone(data))
}

func TestMalformed(t *testing.T) {
	res := []jimagebuild.Resource{
		{Name: "/m/p/A.class", Data: classBytes},
		{Name: "/m/p/Z.class", Data: bytes.Repeat(classBytes, 20), Compress: "zip"},
	}
	good := buildImage(t, binary.LittleEndian, res)
	le := binary.LittleEndian
	im0, err := NewImage(bytes.NewReader(good), int64(len(good)), "good")
	if err != nil {
		t.Fatal(err)
	}
	h := im0.Header()
	locStart := HeaderSize + 8*int(h.TableLength)
	strStart := locStart + int(h.LocationsSize)
	indexEnd := strStart + int(h.StringsSize)

	tests := []struct {
		name    string
		data    []byte
		wantErr string // substring of the first error (open, enumerate or read)
	}{
		{"empty", nil, "file too short for a jimage header (0 bytes, need 28)"},
		{"truncated header", good[:20], "file too short for a jimage header (20 bytes, need 28)"},
		{"wrong magic", mutate(good, func(b []byte) []byte { le.PutUint32(b, 0xCAFEBABE); return b }), "not a jimage file (magic 0xbebafeca"},
		{"wrong version", mutate(good, func(b []byte) []byte { le.PutUint32(b[4:], 2<<16); return b }), "unsupported jimage version 2.0"},
		{"index beyond file", good[:indexEnd-1], "truncated: header declares a"},
		{"huge table length", mutate(good, func(b []byte) []byte { le.PutUint32(b[16:], 0xFFFFFFFF); return b }), "truncated: header declares a"},
		{"location offset out of range", mutate(good, func(b []byte) []byte {
			le.PutUint32(b[HeaderSize+4*int(h.TableLength):], 0x7FFFFFF0)
			return b
		}), "location offset 2147483632 out of range"},
		{"string offset out of range", mutate(good, func(b []byte) []byte {
			// The first location's first attribute is its module (kind 1).
			p := locStart + 1
			b[p] = 1<<3 | 3
			le.PutUint32(b[p+1:], 0xFFFFFFFF)
			return b
		}), "out of range (strings table is"},
		{"unterminated strings", mutate(good, func(b []byte) []byte {
			for i := strStart; i < indexEnd; i++ {
				b[i] = 'x'
			}
			return b
		}), "is not NUL-terminated"},
		{"bad attribute kind", mutate(good, func(b []byte) []byte { b[locStart+1] = 9 << 3; return b }), "invalid attribute kind 9"},
		{"content outside file", good[:indexEnd+3], "lies outside the"},
		{"corrupt zlib", mutate(good, func(b []byte) []byte {
			// Corrupt the deflate body of the compressed resource (the last one).
			for i := len(b) - 12; i < len(b)-4; i++ {
				b[i] ^= 0x55
			}
			return b
		}), "compression stage 1 (zip)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := openAndReadAll(tc.data)
			if err == nil {
				t.Fatalf("no error, want %q", tc.wantErr)
			}
			var je *Error
			if !errors.As(err, &je) {
				t.Errorf("error %T %v is not an *Error", err, err)
			}
			if !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("error %q does not contain %q", err, tc.wantErr)
			}
		})
	}
}

// openAndReadAll parses, enumerates and reads everything, returning the first
// error. It is also the fuzz target's body.
func openAndReadAll(data []byte) error {
	im, err := NewImage(bytes.NewReader(data), int64(len(data)), "fuzz")
	if err != nil {
		return err
	}
	locs, err := im.Locations()
	if err != nil {
		return err
	}
	var firstErr error
	for _, l := range locs {
		if _, ok := im.Lookup(l.Name()); !ok && firstErr == nil {
			// Not an error for the reader (the hash table may be corrupt
			// independently of the offsets table), but nothing may panic.
			_ = ok
		}
		if _, err := im.Read(l); err != nil && firstErr == nil {
			firstErr = err
		}
	}
	im.Lookup("/java.base/java/lang/Object.class")
	return firstErr
}

func FuzzJimage(f *testing.F) {
	// Seeds live in testdata/fuzz/FuzzJimage; add the builder's output too.
	f.Add(buildImage(f, binary.LittleEndian, testResources()))
	f.Add(buildImage(f, binary.BigEndian, testResources()[:3]))
	f.Fuzz(func(t *testing.T, data []byte) {
		err := openAndReadAll(data)
		if err != nil {
			var je *Error
			if !errors.As(err, &je) {
				t.Fatalf("error %T %v is not an *Error", err, err)
			}
		}
	})
}

// TestWriteSeeds regenerates testdata/fuzz/FuzzJimage when JIMAGE_WRITE_SEEDS=1.
func TestWriteSeeds(t *testing.T) {
	if os.Getenv("JIMAGE_WRITE_SEEDS") == "" {
		t.Skip("set JIMAGE_WRITE_SEEDS=1 to regenerate the fuzz seed corpus")
	}
	dir := filepath.Join("testdata", "fuzz", "FuzzJimage")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	small := buildImage(t, binary.LittleEndian, []jimagebuild.Resource{
		{Name: "/m/p/A.class", Data: classBytes},
		{Name: "/m/p/Z.class", Data: classBytes, Compress: "zip"},
		{Name: "/packages/p/m", Data: []byte{0, 0, 0, 0}},
	})
	seeds := map[string][]byte{
		"valid-le":      small,
		"valid-be":      buildImage(t, binary.BigEndian, []jimagebuild.Resource{{Name: "/m/A.class", Data: classBytes}}),
		"compact-cp":    buildImage(t, binary.LittleEndian, []jimagebuild.Resource{{Name: "/m/p/C.class", Data: classBytes, Compress: "compact-cp"}}),
		"empty-image":   buildImage(t, binary.LittleEndian, nil),
		"truncated":     small[:40],
		"header-only":   small[:HeaderSize],
		"bad-magic":     append([]byte{0xCA, 0xFE, 0xBA, 0xBE}, small[4:]...),
		"garbage":       []byte("not an image at all"),
		"index-no-body": small[:len(small)-10],
	}
	for name, data := range seeds {
		content := fmt.Sprintf("go test fuzz v1\n[]byte(%q)\n", data)
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// jimageList runs the JDK's jimage tool and returns "/module/name" for every
// resource it lists.
func jimageList(t *testing.T, tool, image string) []string {
	t.Helper()
	out, err := exec.Command(tool, "list", image).Output()
	if err != nil {
		t.Fatalf("%s list: %v", tool, err)
	}
	var names []string
	module := ""
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "Module: "):
			module = strings.TrimPrefix(line, "Module: ")
		case strings.HasPrefix(line, "    "):
			names = append(names, "/"+module+"/"+strings.TrimSpace(line))
		}
	}
	return names
}

func requireImage(t testing.TB, path string) *Image {
	t.Helper()
	if _, err := os.Stat(path); err != nil {
		t.Skipf("SKIPPING: runtime image %s is not installed on this machine (%v); this test needs it", path, err)
	}
	im, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { im.Close() })
	return im
}

// readAllClasses reads every .class resource in parallel and checks the magic.
func readAllClasses(t *testing.T, im *Image, locs []Location) int {
	t.Helper()
	var classes []Location
	for _, l := range locs {
		if l.Extension == "class" {
			classes = append(classes, l)
		}
	}
	const workers = 4
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for i := w; i < len(classes); i += workers {
				data, err := im.Read(classes[i])
				if err == nil && !bytes.HasPrefix(data, classBytes[:4]) {
					err = fmt.Errorf("%s: no class magic", classes[i].Name())
				}
				if err != nil {
					errs[w] = err
					return
				}
			}
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	return len(classes)
}

func checkRealImage(t *testing.T, path, jimageTool string) {
	im := requireImage(t, path)
	locs, err := im.Resources()
	if err != nil {
		t.Fatal(err)
	}
	n := readAllClasses(t, im, locs)
	t.Logf("%s: %d resources, %d classes", path, len(locs), n)
	for _, l := range locs {
		got, ok := im.Lookup(l.Name())
		if !ok || got != l {
			t.Fatalf("Lookup(%q) = %+v, %v; want %+v", l.Name(), got, ok, l)
		}
	}
	if _, err := os.Stat(jimageTool); err != nil {
		t.Logf("no %s; not comparing with `jimage list`", jimageTool)
		return
	}
	want := jimageList(t, jimageTool, path)
	var got []string
	for _, l := range locs {
		got = append(got, l.Name())
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("resources differ from `jimage list`: got %d, want %d", len(got), len(want))
	}
	wantClasses := 0
	for _, w := range want {
		if strings.HasSuffix(w, ".class") {
			wantClasses++
		}
	}
	if n != wantClasses {
		t.Errorf("%d classes, `jimage list` has %d", n, wantClasses)
	}
}

func TestJDK17Image(t *testing.T) {
	checkRealImage(t, jdk17Image, jdk17+"/bin/jimage")
}

func TestJDK25Image(t *testing.T) {
	checkRealImage(t, jdk25Image, filepath.Join(filepath.Dir(filepath.Dir(jdk25Image)), "bin", "jimage"))
}

// jlinkImage builds a java.base-only image with the given --compress level.
func jlinkImage(t *testing.T, compress string) string {
	t.Helper()
	jlink := jdk17 + "/bin/jlink"
	if _, err := os.Stat(jlink); err != nil {
		t.Skipf("SKIPPING: %s is not installed; cannot build compressed images", jlink)
	}
	out := filepath.Join(t.TempDir(), "image")
	// C1 only and without the class-generating plugins jlink takes about
	// half the time; neither matters for reading the image.
	cmd := exec.Command(jlink, "-J-XX:TieredStopAtLevel=1",
		"--disable-plugin", "generate-jli-classes", "--disable-plugin", "system-modules",
		"--module-path", jdk17+"/jmods", "--add-modules", "java.base",
		"--compress="+compress, "--output", out)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("jlink: %v\n%s", err, b)
	}
	return filepath.Join(out, "lib", "modules")
}

func TestJlinkCompressed(t *testing.T) {
	t.Parallel() // jlink dominates this package's test time; overlap it
	t.Run("zip", func(t *testing.T) {
		t.Parallel()
		im := requireImage(t, jlinkImage(t, "2"))
		locs, err := im.Resources()
		if err != nil {
			t.Fatal(err)
		}
		compressed := 0
		for _, l := range locs {
			if l.CompressedSize != 0 {
				compressed++
			}
		}
		if compressed == 0 {
			t.Fatal("no compressed resources in a --compress=2 image")
		}
		n := readAllClasses(t, im, locs)
		t.Logf("--compress=2: %d resources (%d compressed), %d classes read", len(locs), compressed, n)
		// The content must equal the JDK's own (uncompressed) image.
		if _, err := os.Stat(jdk17Image); err == nil {
			ref := requireImage(t, jdk17Image)
			same := 0
			for _, name := range []string{"/java.base/java/lang/Object.class", "/java.base/java/util/HashMap.class"} {
				a, _ := im.Lookup(name)
				b, _ := ref.Lookup(name)
				da, err1 := im.Read(a)
				db, err2 := ref.Read(b)
				if err1 != nil || err2 != nil {
					t.Fatal(err1, err2)
				}
				if bytes.Equal(da, db) {
					same++
				}
			}
			if same != 2 {
				t.Errorf("decompressed classes differ from the JDK image")
			}
		}
	})
	t.Run("compact-cp", func(t *testing.T) {
		t.Parallel()
		path := jlinkImage(t, "1")
		im := requireImage(t, path)
		l, ok := im.Lookup("/java.base/java/lang/Object.class")
		if !ok {
			t.Fatal("no java/lang/Object")
		}
		_, err := im.Read(l)
		want := fmt.Sprintf(`jimage %s: resource /java.base/java/lang/Object.class: compressed with "compact-cp", which is not supported; rebuild the image with jlink --compress=0`, path)
		if err == nil || err.Error() != want {
			t.Errorf("Read error\n got %v\nwant %s", err, want)
		}
		if !errors.Is(err, ErrUnsupportedCompression) {
			t.Errorf("%v is not ErrUnsupportedCompression", err)
		}
		// Non-class resources are not string-shared and stay readable.
		locs, err := im.Resources()
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range locs {
			if l.Extension != "class" && l.CompressedSize == 0 {
				if _, err := im.Read(l); err != nil {
					t.Error(err)
				}
			}
		}
	})
}

func BenchmarkReadJDK17ImageRaw(b *testing.B) {
	im := requireImage(b, jdk17Image)
	locs, err := im.Resources()
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		var total int64
		for _, l := range locs {
			if l.Extension != "class" {
				continue
			}
			data, err := im.Read(l)
			if err != nil {
				b.Fatal(err)
			}
			total += int64(len(data))
		}
		b.SetBytes(total)
	}
}

func BenchmarkOpenJDK17Image(b *testing.B) {
	requireImage(b, jdk17Image)
	for b.Loop() {
		im, err := Open(jdk17Image)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := im.Resources(); err != nil {
			b.Fatal(err)
		}
		im.Close()
	}
}
