package classpath

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// checkContainer enumerates and reads every entry of c, checking the
// invariants every container must keep even for hostile input.
func checkContainer(t *testing.T, c Container) {
	es := c.Entries()
	for i := 1; i < len(es); i++ {
		if compareEntries(es[i-1], es[i]) >= 0 {
			t.Fatalf("entries not strictly sorted: %+v before %+v", es[i-1], es[i])
		}
	}
	for _, e := range es {
		if !ValidClassName(e.Class) {
			t.Fatalf("invalid class name %q", e.Class)
		}
		data, err := c.Read(e)
		if err != nil {
			var ce *Error
			if !errors.As(err, &ce) || ce.Entry != e.Path {
				t.Fatalf("Read(%s): error %T %v is not an *Error naming the entry", e.Path, err, err)
			}
			continue
		}
		if !bytes.HasPrefix(data, classMagic) {
			t.Fatalf("Read(%s) returned non-class bytes", e.Path)
		}
	}
	// ForEach must agree with sequential reads on the first failure.
	var seqErr error
	for _, e := range es {
		if _, err := c.Read(e); err != nil {
			seqErr = err
			break
		}
	}
	parErr := ForEach(c, 3, func(Entry, []byte) error { return nil })
	if fmt.Sprint(seqErr) != fmt.Sprint(parErr) {
		t.Fatalf("ForEach error %v, sequential %v", parErr, seqErr)
	}
	svcs, err := Services(c)
	if err != nil {
		var ce *Error
		if !errors.As(err, &ce) || ce.Entry == "" {
			t.Fatalf("Services: error %T %v is not an *Error naming the entry", err, err)
		}
	}
	for i, s := range svcs {
		if i > 0 && svcs[i-1].Name >= s.Name || len(s.Providers) == 0 || !ValidClassName(s.Name) {
			t.Fatalf("Services: %+v", svcs)
		}
	}
}

func checkOpenErr(t *testing.T, err error) {
	var ce *Error
	if !errors.As(err, &ce) {
		t.Fatalf("open error %T %v is not an *Error", err, err)
	}
}

func FuzzJar(f *testing.F) {
	f.Add(makeZip(f, []zipEntry{{name: "p/A.class", data: makeClass("p/A", "base")}}))
	f.Add(mrJar(f, mrManifest))
	f.Add(makeZip(f, []zipEntry{{name: "META-INF/services/p.S", data: []byte("p.I # c\n\np.J$K\n")}}))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, release := range []int{0, 11} {
			c, err := newZipContainer("fuzz.jar", bytes.NewReader(data), int64(len(data)), Options{Release: release}, kindJar, "")
			if err != nil {
				checkOpenErr(t, err)
				return
			}
			checkContainer(t, c)
		}
	})
}

func FuzzJmod(f *testing.F) {
	f.Add(sampleJmod(f))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := newJmodContainer("fuzz.jmod", bytes.NewReader(data), int64(len(data)))
		if err != nil {
			checkOpenErr(t, err)
			return
		}
		checkContainer(t, c)
	})
}

func FuzzClassName(f *testing.F) {
	f.Add(makeClass("p/A", "base"))
	f.Add(makeModuleInfo("m"))
	f.Fuzz(func(t *testing.T, data []byte) {
		name, err := ClassName(data)
		if err == nil && !ValidClassName(name) {
			t.Fatalf("ClassName returned invalid name %q", name)
		}
		moduleName(data)
	})
}

func sampleJmod(t testing.TB) []byte {
	z := makeZip(t, []zipEntry{
		{name: "classes/module-info.class", data: makeModuleInfo("m")},
		{name: "classes/p/A.class", data: makeClass("p/A", "base")},
		{name: "lib/x.so", data: []byte{1, 2, 3}},
	})
	return append([]byte("JM\x01\x00"), z...)
}

// TestWriteSeeds regenerates the seed corpora in testdata/fuzz when
// CLASSPATH_WRITE_SEEDS=1. Files whose names start with "crash-" are
// regression inputs found by fuzzing and are kept.
func TestWriteSeeds(t *testing.T) {
	if os.Getenv("CLASSPATH_WRITE_SEEDS") == "" {
		t.Skip("set CLASSPATH_WRITE_SEEDS=1 to regenerate the fuzz seed corpora")
	}
	jar := makeZip(t, []zipEntry{
		{name: "META-INF/MANIFEST.MF", data: []byte("Manifest-Version: 1.0\nMulti-Release: true\n")},
		{name: "p/A.class", data: makeClass("p/A", "base")},
		{name: "p/B.class", data: makeClass("p/B", "base"), store: true},
		{name: "META-INF/versions/11/p/A.class", data: makeClass("p/A", "v11")},
		{name: "p/r.txt", data: []byte("x")},
	})
	jmod := sampleJmod(t)
	class := makeClass("p/A", "base")
	seeds := map[string]map[string][]byte{
		"FuzzJar": {
			"valid":           jar,
			"multi-release":   mrJar(t, mrManifest),
			"corrupt-deflate": corruptDeflate(t),
			"bad-crc":         badCRC(t),
			"truncated":       jar[:len(jar)/2],
			"empty-zip":       makeZip(t, nil),
			"garbage":         []byte("PK\x03\x04 not really a zip"),
		},
		"FuzzJmod": {
			"valid":       jmod,
			"wrong-magic": append([]byte("JM\x02\x00"), jmod[4:]...),
			"truncated":   jmod[:len(jmod)-7],
			"magic-only":  []byte("JM\x01\x00"),
		},
		"FuzzClassName": {
			"valid":       class,
			"module-info": makeModuleInfo("my.mod"),
			"truncated":   class[:20],
			"bad-magic":   append([]byte{0xCA, 0xFE, 0xBA, 0xBF}, class[4:]...),
			"bad-tag":     slices.Concat(class[:10], []byte{99}, class[11:]),
		},
	}
	for target, files := range seeds {
		dir := filepath.Join("testdata", "fuzz", target)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for name, data := range files {
			content := fmt.Sprintf("go test fuzz v1\n[]byte(%q)\n", data)
			if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}
