package classpath

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rules-fragment/rules_fragment/tools/classpath/internal/jimagebuild"
)

const mrManifest = "Manifest-Version: 1.0\r\nCreated-By: test\r\nMulti-Release: true\r\n\r\nName: a/B.class\r\nMulti-Release: false\r\n"

// mrJar builds a jar with base, versions/9 and versions/11 variants.
func mrJar(t testing.TB, manifest string) []byte {
	t.Helper()
	entries := []zipEntry{
		{name: "META-INF/"},
		{name: "a/B.class", data: makeClass("a/B", "base")},
		{name: "a/C.class", data: makeClass("a/C", "base")},
		{name: "a/D.class", data: makeClass("a/D", "base"), store: true},
		{name: "META-INF/versions/9/a/B.class", data: makeClass("a/B", "v9")},
		{name: "META-INF/versions/11/a/B.class", data: makeClass("a/B", "v11")},
		{name: "META-INF/versions/11/a/C.class", data: makeClass("a/C", "v11")},
		{name: "META-INF/versions/11/a/Only11.class", data: makeClass("a/Only11", "v11")},
		{name: "META-INF/versions/9/module-info.class", data: makeModuleInfo("m")},
		{name: "META-INF/versions/8/a/B.class", data: makeClass("a/B", "v8")},     // N < 9: ignored
		{name: "META-INF/versions/x/a/B.class", data: makeClass("a/B", "vx")},     // not a number: ignored
		{name: "META-INF/versions/a/B.class", data: makeClass("a/B", "nover")},    // no version dir
		{name: "META-INF/versions/9/a.b/C.class", data: makeClass("a.b/C", "v9")}, // invalid name
		{name: "a/readme.txt", data: []byte("hello")},
		{name: "a/", data: nil},
	}
	if manifest != "" {
		entries = append([]zipEntry{{name: "META-INF/MANIFEST.MF", data: []byte(manifest)}}, entries...)
	}
	return makeZip(t, entries)
}

// variant returns which marker constant a test class carries.
func variant(t testing.TB, data []byte) string {
	t.Helper()
	for _, m := range []string{"base", "v9", "v11", "v8", "vx", "nover"} {
		if bytes.Contains(data, append(u2(uint16(len(m))), m...)) {
			return m
		}
	}
	if bytes.Contains(data, []byte("Module")) {
		return "module"
	}
	t.Fatalf("unknown variant")
	return ""
}

func TestMultiRelease(t *testing.T) {
	type want map[string]string // class -> "path=variant"
	tests := []struct {
		manifest string
		release  int
		want     want
	}{
		{mrManifest, 0, want{"a/B": "a/B.class=base", "a/C": "a/C.class=base", "a/D": "a/D.class=base"}},
		{mrManifest, 8, want{"a/B": "a/B.class=base", "a/C": "a/C.class=base", "a/D": "a/D.class=base"}},
		{mrManifest, 9, want{
			"a/B": "META-INF/versions/9/a/B.class=v9", "a/C": "a/C.class=base", "a/D": "a/D.class=base",
			"module-info": "META-INF/versions/9/module-info.class=module"}},
		{mrManifest, 10, want{
			"a/B": "META-INF/versions/9/a/B.class=v9", "a/C": "a/C.class=base", "a/D": "a/D.class=base",
			"module-info": "META-INF/versions/9/module-info.class=module"}},
		{mrManifest, 11, want{
			"a/B": "META-INF/versions/11/a/B.class=v11", "a/C": "META-INF/versions/11/a/C.class=v11", "a/D": "a/D.class=base",
			"a/Only11": "META-INF/versions/11/a/Only11.class=v11", "module-info": "META-INF/versions/9/module-info.class=module"}},
		{mrManifest, 17, want{
			"a/B": "META-INF/versions/11/a/B.class=v11", "a/C": "META-INF/versions/11/a/C.class=v11", "a/D": "a/D.class=base",
			"a/Only11": "META-INF/versions/11/a/Only11.class=v11", "module-info": "META-INF/versions/9/module-info.class=module"}},
		// Without the attribute (or with it false) versioned entries are ignored.
		{"Manifest-Version: 1.0\n\n", 17, want{"a/B": "a/B.class=base", "a/C": "a/C.class=base", "a/D": "a/D.class=base"}},
		{"Manifest-Version: 1.0\nMulti-Release: false\n", 17, want{"a/B": "a/B.class=base", "a/C": "a/C.class=base", "a/D": "a/D.class=base"}},
		{"", 17, want{"a/B": "a/B.class=base", "a/C": "a/C.class=base", "a/D": "a/D.class=base"}},
		// The attribute only counts in the main section.
		{"Manifest-Version: 1.0\n\nName: x\nMulti-Release: true\n", 17, want{"a/B": "a/B.class=base", "a/C": "a/C.class=base", "a/D": "a/D.class=base"}},
		// Case-insensitive name and value, LF line ends, continuation line.
		{"Manifest-Version: 1.0\nmulti-release: TR\n UE\n", 9, want{
			"a/B": "META-INF/versions/9/a/B.class=v9", "a/C": "a/C.class=base", "a/D": "a/D.class=base",
			"module-info": "META-INF/versions/9/module-info.class=module"}},
	}
	for _, tc := range tests {
		name := fmt.Sprintf("release%d/%q", tc.release, tc.manifest)
		t.Run(name, func(t *testing.T) {
			path := writeFile(t, "mr.jar", mrJar(t, tc.manifest))
			c := mustOpen(t, path, Options{Release: tc.release})
			got := want{}
			for _, e := range c.Entries() {
				data, err := c.Read(e)
				if err != nil {
					t.Fatal(err)
				}
				if cls, err := ClassName(data); err != nil || cls != e.Class {
					t.Errorf("%s: this_class %q, %v", e.Path, cls, err)
				}
				got[e.Class] = e.Path + "=" + variant(t, data)
			}
			if fmt.Sprint(got) != fmt.Sprint(tc.want) {
				t.Errorf("got  %v\nwant %v", got, tc.want)
			}
		})
	}
}

func TestManifestMainAttribute(t *testing.T) {
	for _, tc := range []struct {
		mf, want string
		ok       bool
	}{
		{"Multi-Release: true\r\n", "true", true},
		{"A: b\rMulti-Release: true\r", "true", true},
		{"A: b\n\nMulti-Release: true\n", "", false},
		{"Multi-Release:true", "true", true},
		{"Multi-Release: tr\r\n ue\r\nX: y", "true", true},
		{"", "", false},
	} {
		got, ok := manifestMainAttribute([]byte(tc.mf), "multi-release")
		if got != tc.want || ok != tc.ok {
			t.Errorf("%q: got %q %v, want %q %v", tc.mf, got, ok, tc.want, tc.ok)
		}
	}
}

func TestZipClassNames(t *testing.T) {
	data := makeZip(t, []zipEntry{
		{name: "A.class", data: makeClass("A", "base")},
		{name: "p/q/B.class", data: makeClass("p/q/B", "base")},
		{name: "p/package-info.class", data: makeClass("p/package-info", "base")},
		{name: "module-info.class", data: makeModuleInfo("m")},
		{name: "p/q/B.class", data: makeClass("p/q/B", "v9")}, // duplicate: first wins
		{name: "/abs/C.class", data: makeClass("abs/C", "base")},
		{name: "../up/C.class", data: makeClass("up/C", "base")},
		{name: "a.b/C.class", data: makeClass("a/b/C", "base")},
		{name: "p//D.class", data: makeClass("p/D", "base")},
		{name: ".class", data: makeClass("x", "base")},
		{name: "p/E.CLASS", data: makeClass("p/E", "base")},
		{name: "p/F.class/", data: nil},
		{name: "p/G.txt", data: []byte("x")},
		{name: "META-INF/versions/9/p/H.class", data: makeClass("p/H", "v9")},
		{name: "META-INF/x/I.class", data: makeClass("META-INF/x/I", "base")},
	})
	c := mustOpen(t, writeFile(t, "x.zip", data), Options{Release: 21})
	got := classNames(c.Entries())
	want := []string{"A", "META-INF/x/I", "module-info", "p/package-info", "p/q/B"}
	if !slices.Equal(got, want) {
		t.Errorf("classes %q, want %q", got, want)
	}
	b, err := c.Read(Entry{Class: "p/q/B"})
	if err != nil || variant(t, b) != "base" {
		t.Errorf("duplicate entry: got %v, %v", variant(t, b), err)
	}
	if _, err := c.Read(Entry{Class: "nope"}); !errors.Is(err, ErrNotFound) {
		t.Errorf("Read(nope) = %v", err)
	}
	if _, err := c.Read(Entry{Class: "A", Path: "B.class"}); !errors.Is(err, ErrNotFound) {
		t.Errorf("Read with wrong path = %v", err)
	}
}

func TestWar(t *testing.T) {
	data := makeZip(t, []zipEntry{
		{name: "org/boot/Launcher.class", data: makeClass("org/boot/Launcher", "base")},
		{name: "com/x/A.class", data: makeClass("com/x/A", "v9")},
		{name: "WEB-INF/classes/com/x/A.class", data: makeClass("com/x/A", "base")},
		{name: "WEB-INF/lib/dep.jar", data: []byte("PK")},
		{name: "index.jsp", data: []byte("<html>")},
	})
	c := mustOpen(t, writeFile(t, "app.war", data), Options{})
	es := c.Entries()
	want := []Entry{
		{Class: "com/x/A", Path: "WEB-INF/classes/com/x/A.class"},
		{Class: "org/boot/Launcher", Path: "org/boot/Launcher.class"},
	}
	if !slices.Equal(es, want) {
		t.Errorf("entries %+v, want %+v", es, want)
	}
}

func TestDirectory(t *testing.T) {
	root := t.TempDir()
	files := map[string][]byte{
		"A.class":                makeClass("A", "base"),
		"p/q/B.class":            makeClass("p/q/B", "base"),
		"p/package-info.class":   makeClass("p/package-info", "base"),
		"module-info.class":      makeModuleInfo("m"),
		"p/readme.txt":           []byte("not a class"),
		"p/Bad.class":            []byte("not a class either"),
		"a.b/C.class":            makeClass("C", "base"),
		"META-INF/MANIFEST.MF":   []byte("Manifest-Version: 1.0\n"),
		"p/q/inner/Deep$1.class": makeClass("p/q/inner/Deep$1", "base"),
	}
	for name, data := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(root, "A.class"), filepath.Join(root, "p", "Link.class")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(root, filepath.Join(root, "p", "loop")); err != nil {
		t.Fatal(err)
	}
	c := mustOpen(t, root, Options{})
	got := classNames(c.Entries())
	want := []string{"A", "module-info", "p/Bad", "p/Link", "p/package-info", "p/q/B", "p/q/inner/Deep$1"}
	if !slices.Equal(got, want) {
		t.Errorf("classes %q, want %q", got, want)
	}
	for _, e := range c.Entries() {
		data, err := c.Read(e)
		if e.Class == "p/Bad" {
			var ce *Error
			if !errors.As(err, &ce) || ce.Container != root || ce.Entry != "p/Bad.class" || !errors.Is(err, ErrNotClass) {
				t.Errorf("Read(p/Bad) = %v", err)
			}
			want := "classpath: " + root + ": entry p/Bad.class: not a class file (starts with 6e6f7420, want cafebabe)"
			if err == nil || err.Error() != want {
				t.Errorf("error %v\nwant  %s", err, want)
			}
			continue
		}
		if err != nil || !bytes.HasPrefix(data, classMagic) {
			t.Errorf("Read(%s): %v", e.Class, err)
		}
	}
	// ForEach reports the bad class too.
	err := ForEach(c, 3, func(Entry, []byte) error { return nil })
	if !errors.Is(err, ErrNotClass) {
		t.Errorf("ForEach = %v", err)
	}
}

func TestSingleClassFile(t *testing.T) {
	p := writeFile(t, "Whatever.class", makeClass("com/example/Thing", "base"))
	c := mustOpen(t, p, Options{})
	es := c.Entries()
	if len(es) != 1 || es[0] != (Entry{Class: "com/example/Thing", Path: "Whatever.class"}) {
		t.Fatalf("entries %+v", es)
	}
	if data, err := c.Read(es[0]); err != nil || !bytes.Equal(data, makeClass("com/example/Thing", "base")) {
		t.Errorf("Read: %v", err)
	}
	// A module descriptor.
	c = mustOpen(t, writeFile(t, "module-info.class", makeModuleInfo("my.mod")), Options{})
	if es := c.Entries(); len(es) != 1 || es[0].Class != "module-info" {
		t.Errorf("entries %+v", es)
	}
	// Content detection: a class file with a .jar name is still a class file.
	c = mustOpen(t, writeFile(t, "odd.jar", makeClass("X", "base")), Options{})
	if es := c.Entries(); len(es) != 1 || es[0].Class != "X" {
		t.Errorf("entries %+v", es)
	}
}

func TestModuleName(t *testing.T) {
	m, err := moduleName(makeModuleInfo("com.example.mod"))
	if err != nil || m != "com.example.mod" {
		t.Errorf("moduleName = %q, %v", m, err)
	}
	if _, err := moduleName(makeClass("A", "x")); err == nil {
		t.Error("no error for a class without Module attribute")
	}
}

func TestJmodSynthetic(t *testing.T) {
	z := makeZip(t, []zipEntry{
		{name: "classes/module-info.class", data: makeModuleInfo("real.name")},
		{name: "classes/p/A.class", data: makeClass("p/A", "base")},
		{name: "classes/META-INF/versions/9/p/A.class", data: makeClass("p/A", "v9")},
		{name: "lib/libx.so", data: []byte{1}},
		{name: "conf/x.class", data: makeClass("x", "base")},
		{name: "bin/y.class", data: makeClass("y", "base")},
	})
	p := writeFile(t, "file.name.jmod", append([]byte("JM\x01\x00"), z...))
	c := mustOpen(t, p, Options{Release: 11})
	want := []Entry{
		{Class: "META-INF/versions/9/p/A", Path: "classes/META-INF/versions/9/p/A.class", Module: "real.name"},
		{Class: "module-info", Path: "classes/module-info.class", Module: "real.name"},
		{Class: "p/A", Path: "classes/p/A.class", Module: "real.name"},
	}
	if es := c.Entries(); !slices.Equal(es, want) {
		t.Errorf("entries\n%+v\nwant\n%+v", es, want)
	}
	// Without a module-info the file name is the module.
	z = makeZip(t, []zipEntry{{name: "classes/p/A.class", data: makeClass("p/A", "base")}})
	c = mustOpen(t, writeFile(t, "fallback.jmod", append([]byte("JM\x01\x00"), z...)), Options{})
	if es := c.Entries(); len(es) != 1 || es[0].Module != "fallback" {
		t.Errorf("entries %+v", es)
	}
}

// corruptDeflate returns a jar whose second entry has corrupt deflate data.
func corruptDeflate(t testing.TB) []byte {
	good := makeClass("p/Good", "base")
	bad := bytes.Repeat(makeClass("p/A", "base"), 10)
	data := makeZip(t, []zipEntry{{name: "p/Good.class", data: good}, {name: "p/A.class", data: bad}})
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	off, err := zr.File[1].DataOffset()
	if err != nil {
		t.Fatal(err)
	}
	// Make the first deflate block header invalid (BTYPE 11 is reserved).
	data[off] |= 0x06
	return data
}

// badCRC returns a jar whose only entry has a wrong CRC-32.
func badCRC(t testing.TB) []byte {
	data := makeZip(t, []zipEntry{{name: "p/A.class", data: makeClass("p/A", "base"), store: true}})
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	off, _ := zr.File[0].DataOffset()
	data[off+20] ^= 0xFF // flip a content byte after the magic
	return data
}

func TestMalformed(t *testing.T) {
	goodJar := makeZip(t, []zipEntry{{name: "p/A.class", data: makeClass("p/A", "base")}})
	goodImage, err := jimagebuild.Build(binary.LittleEndian, []jimagebuild.Resource{
		{Name: "/m/p/A.class", Data: makeClass("p/A", "base")},
	})
	if err != nil {
		t.Fatal(err)
	}
	outOfRange := bytes.Clone(goodImage)
	binary.LittleEndian.PutUint32(outOfRange[jimageOffsetsStart(outOfRange):], 0x00FFFFFF)
	contentOut := bytes.Clone(goodImage)
	contentOut = contentOut[:len(contentOut)-5]

	tests := []struct {
		name, file string
		data       []byte
		// openErr is the expected Open error (after "classpath: <path>: ");
		// if empty Open must succeed and readErr is expected from Read.
		openErr, readEntry, readErr string
	}{
		{name: "truncated jar", file: "t.jar", data: goodJar[:len(goodJar)-10],
			openErr: "zip: not a valid zip file"},
		{name: "empty jar", file: "e.jar", data: nil, openErr: "zip: not a valid zip file"},
		{name: "wrong magic (unknown kind)", file: "x.bin", data: []byte("\x00\x01\x02\x03 garbage garbage garbage"),
			openErr: "unrecognized container (starts with 00010203; want a class file cafebabe, a jar/zip, a jmod 4a4d0100 or a jimage cafedada)"},
		{name: "wrong jmod magic", file: "x.jmod", data: append([]byte("JM\x02\x00"), goodJar...),
			openErr: "not a jmod file (starts with 4a4d0200, want 4a4d0100)"},
		{name: "tiny file", file: "tiny", data: []byte{1, 2}, openErr: "file too short (2 bytes) to be a class container"},
		{name: "corrupt deflate", file: "c.jar", data: corruptDeflate(t),
			readEntry: "p/A.class", readErr: "flate: corrupt input before offset"},
		{name: "bad crc", file: "crc.jar", data: badCRC(t),
			readEntry: "p/A.class", readErr: "zip: checksum error"},
		{name: "truncated class file", file: "T.class", data: makeClass("p/T", "base")[:15],
			openErr: "malformed class file at offset 13: truncated Utf8 bytes"},
		{name: "truncated jimage header", file: "modules", data: goodImage[:20],
			openErr: "jimage: file too short for a jimage header (20 bytes, need 28)"},
		{name: "jimage out-of-range location", file: "modules", data: outOfRange,
			openErr: "jimage: offsets table slot 0: location offset 16777215 out of range"},
		{name: "jimage content outside file", file: "modules", data: contentOut,
			readEntry: "/m/p/A.class", readErr: "lies outside the"},
		{name: "jimage wrong version", file: "modules", data: func() []byte {
			b := bytes.Clone(goodImage)
			binary.LittleEndian.PutUint32(b[4:], 7<<16)
			return b
		}(), openErr: "jimage: unsupported jimage version 7.0"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := writeFile(t, tc.file, tc.data)
			c, err := Open(path, Options{})
			if tc.openErr != "" {
				if err == nil {
					c.Close()
					t.Fatalf("Open succeeded, want error %q", tc.openErr)
				}
				var ce *Error
				if !errors.As(err, &ce) || ce.Container != path {
					t.Errorf("error %T %v is not an *Error for %s", err, err, path)
				}
				prefix := "classpath: " + path + ": "
				if !strings.HasPrefix(err.Error(), prefix+tc.openErr) {
					t.Errorf("error\n got %s\nwant %s%s", err, prefix, tc.openErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("Open: %v", err)
			}
			defer c.Close()
			var readErr error
			for _, e := range c.Entries() {
				if _, err := c.Read(e); err != nil {
					readErr = err
					break
				}
			}
			if readErr == nil {
				t.Fatalf("no Read error, want %q", tc.readErr)
			}
			var ce *Error
			if !errors.As(readErr, &ce) || ce.Container != path || ce.Entry != tc.readEntry {
				t.Errorf("error %v does not name %s and %s", readErr, path, tc.readEntry)
			}
			prefix := "classpath: " + path + ": entry " + tc.readEntry + ": "
			if !strings.HasPrefix(readErr.Error(), prefix) || !strings.Contains(readErr.Error(), tc.readErr) {
				t.Errorf("error\n got %s\nwant %s%s", readErr, prefix, tc.readErr)
			}
		})
	}
}

func jimageOffsetsStart(img []byte) int {
	return 28 + 4*int(binary.LittleEndian.Uint32(img[16:]))
}

func TestOpenMissing(t *testing.T) {
	p := filepath.Join(t.TempDir(), "nope.jar")
	_, err := Open(p, Options{})
	if !errors.Is(err, fs.ErrNotExist) || err.Error() != "classpath: "+p+": no such file or directory" {
		t.Errorf("Open missing = %v", err)
	}
}

func TestImageCompactCP(t *testing.T) {
	img, err := jimagebuild.Build(binary.LittleEndian, []jimagebuild.Resource{
		{Name: "/m/p/C.class", Data: makeClass("p/C", "base"), Compress: "compact-cp"},
		{Name: "/m/p/Z.class", Data: makeClass("p/Z", "base"), Compress: "zip"},
	})
	if err != nil {
		t.Fatal(err)
	}
	path := writeFile(t, "modules", img)
	c := mustOpen(t, path, Options{})
	if _, err := c.Read(Entry{Class: "p/Z", Module: "m"}); err != nil {
		t.Error(err)
	}
	_, err = c.Read(Entry{Class: "p/C", Module: "m"})
	want := "classpath: " + path + `: entry /m/p/C.class: compressed with "compact-cp", which is not supported; rebuild the image with jlink --compress=0`
	if err == nil || err.Error() != want {
		t.Errorf("error\n got %v\nwant %s", err, want)
	}
}

func TestClasspathLookup(t *testing.T) {
	dir := t.TempDir()
	j1 := filepath.Join(dir, "one.jar")
	j2 := filepath.Join(dir, "two.jar")
	os.WriteFile(j1, makeZip(t, []zipEntry{
		{name: "p/A.class", data: makeClass("p/A", "base")},
	}), 0o644)
	os.WriteFile(j2, makeZip(t, []zipEntry{
		{name: "p/A.class", data: makeClass("p/A", "v9")},
		{name: "p/B.class", data: makeClass("p/B", "v9")},
	}), 0o644)
	cp, err := OpenAll([]string{j1, j2}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer cp.Close()
	if cs := cp.Containers(); len(cs) != 2 || cs[0].Name() != j1 || cs[1].Name() != j2 {
		t.Fatalf("containers %v", cs)
	}
	for class, wantJar := range map[string]string{"p/A": j1, "p/B": j2} {
		c, e, ok := cp.Lookup(class)
		if !ok || c.Name() != wantJar || e.Class != class {
			t.Errorf("Lookup(%s) = %v %+v %v", class, c, e, ok)
			continue
		}
		if _, err := c.Read(e); err != nil {
			t.Error(err)
		}
	}
	if _, _, ok := cp.Lookup("p/C"); ok {
		t.Error("found p/C")
	}
	// OpenAll fails on a bad path and names it.
	_, err = OpenAll([]string{j1, filepath.Join(dir, "missing.jar")}, Options{})
	var ce *Error
	if !errors.As(err, &ce) || ce.Container != filepath.Join(dir, "missing.jar") {
		t.Errorf("OpenAll error %v", err)
	}
}

func TestForEachLowestError(t *testing.T) {
	var entries []zipEntry
	for i := range 200 {
		entries = append(entries, zipEntry{name: fmt.Sprintf("p/C%03d.class", i), data: makeClass(fmt.Sprintf("p/C%03d", i), "base")})
	}
	c := mustOpen(t, writeFile(t, "many.jar", makeZip(t, entries)), Options{})
	es := c.Entries()
	failing := map[string]bool{"p/C037": true, "p/C038": true, "p/C120": true, "p/C199": true}
	for _, workers := range []int{0, 1, 2, 8, 64, 1000} {
		for range 20 {
			var calls atomic.Int64
			err := ForEach(c, workers, func(e Entry, data []byte) error {
				calls.Add(1)
				if failing[e.Class] {
					return fmt.Errorf("fail %s", e.Class)
				}
				if workers <= 8 {
					time.Sleep(100 * time.Microsecond) // let the failure land first
				}
				return nil
			})
			if err == nil || err.Error() != "fail p/C037" {
				t.Fatalf("workers %d: err %v", workers, err)
			}
			// With few workers the failure at index 37 stops the run long
			// before the end; with one it stops exactly there.
			if workers == 1 && calls.Load() != 38 || workers <= 8 && calls.Load() >= int64(len(es)) {
				t.Fatalf("workers %d: %d calls, did not stop early", workers, calls.Load())
			}
		}
	}
	var n atomic.Int64
	if err := ForEach(c, 4, func(Entry, []byte) error { n.Add(1); return nil }); err != nil || n.Load() != 200 {
		t.Errorf("ForEach = %v, %d calls", err, n.Load())
	}
	// Read errors come back the same way: corrupt entries 1 and 3 of 4.
	bad := makeZip(t, []zipEntry{
		{name: "a/A.class", data: makeClass("a/A", "base"), store: true},
		{name: "a/B.class", data: makeClass("a/B", "base"), store: true},
		{name: "a/C.class", data: makeClass("a/C", "base"), store: true},
		{name: "a/D.class", data: makeClass("a/D", "base"), store: true},
	})
	zr, _ := zip.NewReader(bytes.NewReader(bad), int64(len(bad)))
	for _, i := range []int{1, 3} {
		off, _ := zr.File[i].DataOffset()
		bad[off] = 0 // breaks the magic and the CRC
	}
	c = mustOpen(t, writeFile(t, "bad.jar", bad), Options{})
	for range 20 {
		err := ForEach(c, 4, func(Entry, []byte) error { return nil })
		var ce *Error
		if !errors.As(err, &ce) || ce.Entry != "a/B.class" {
			t.Fatalf("err %v", err)
		}
	}
	// An empty container.
	if err := ForEach(mustOpen(t, t.TempDir(), Options{}), 4, nil); err != nil {
		t.Error(err)
	}
}

func TestValidClassName(t *testing.T) {
	for name, want := range map[string]bool{
		"A": true, "java/lang/Object": true, "module-info": true, "p/package-info": true, "a/B$1": true,
		"META-INF/x/Y": true, "ü/Ä": true,
		"": false, "/A": false, "A/": false, "a//B": false, "a.b/C": false, "[I": false, "a;": false,
		"a\\b": false, "a\x00b": false, "\xff": false,
	} {
		if got := ValidClassName(name); got != want {
			t.Errorf("ValidClassName(%q) = %v", name, got)
		}
	}
}

func TestClassName(t *testing.T) {
	for _, name := range []string{"A", "java/lang/Object", "module-info", "p/Ünï€😀"} {
		got, err := ClassName(makeClass(name, "m"))
		if err != nil || got != name {
			t.Errorf("ClassName(%q) = %q, %v", name, got, err)
		}
	}
	full := makeClass("p/A", "m")
	// Everything up to this_class is needed (10 bytes of super_class and
	// empty counts follow it).
	for i := range len(full) - 10 {
		if _, err := ClassName(full[:i]); err == nil {
			t.Errorf("no error for %d-byte prefix", i)
		}
	}
	if _, err := ClassName(makeClass("[Lp/A;", "m")); err == nil {
		t.Error("array class name accepted")
	}
}
