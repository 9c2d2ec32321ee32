package classpath

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"

	"github.com/rules-fragment/rules_fragment/tools/classfile"
	"github.com/rules-fragment/rules_fragment/tools/internal/mutf8"
)

const (
	jdk17      = "/usr/lib/jvm/java-17-openjdk-amd64"
	jdk17Jmods = jdk17 + "/jmods"
	jdk25      = "/usr/lib/jvm/temurin-25-jdk-amd64"
	systemJars = "/usr/share/java"
)

// classBuilder writes minimal class files.
type classBuilder struct {
	count uint16
	pool  bytes.Buffer
}

func (b *classBuilder) utf8(s string) uint16 {
	b.count++
	m := mutf8.Append(nil, s)
	b.pool.WriteByte(classfile.TagUtf8)
	binary.Write(&b.pool, binary.BigEndian, uint16(len(m)))
	b.pool.Write(m)
	return b.count
}

func (b *classBuilder) ref(tag byte, i uint16) uint16 {
	b.count++
	b.pool.WriteByte(tag)
	binary.Write(&b.pool, binary.BigEndian, i)
	return b.count
}

func u2(v uint16) []byte { return binary.BigEndian.AppendUint16(nil, v) }

// makeClass returns a minimal class file for class name; marker becomes an
// extra constant so that variants of one class can be told apart.
func makeClass(name, marker string) []byte {
	var b classBuilder
	b.utf8(marker)
	b.pool.WriteByte(classfile.TagLong) // takes two slots
	b.count += 2
	b.pool.Write(make([]byte, 8))
	this := b.ref(classfile.TagClass, b.utf8(name))
	var out bytes.Buffer
	out.Write([]byte{0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 52})
	out.Write(u2(b.count + 1))
	out.Write(b.pool.Bytes())
	out.Write(u2(0x21))
	out.Write(u2(this))
	out.Write(make([]byte, 8)) // super, interfaces, fields, methods
	out.Write(u2(0))           // attributes
	return out.Bytes()
}

// makeModuleInfo returns a module-info class file declaring module.
func makeModuleInfo(module string) []byte {
	var b classBuilder
	this := b.ref(classfile.TagClass, b.utf8("module-info"))
	mod := b.ref(classfile.TagModule, b.utf8(module))
	attr := b.utf8("Module")
	var out bytes.Buffer
	out.Write([]byte{0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 53})
	out.Write(u2(b.count + 1))
	out.Write(b.pool.Bytes())
	out.Write(u2(0x8000))
	out.Write(u2(this))
	out.Write(make([]byte, 8)) // super, interfaces, fields, methods
	out.Write(u2(1))
	out.Write(u2(attr))
	out.Write([]byte{0, 0, 0, 16})
	out.Write(u2(mod))
	out.Write(make([]byte, 14))
	return out.Bytes()
}

type zipEntry struct {
	name  string
	data  []byte
	store bool
}

// makeZip returns a zip archive of entries.
func makeZip(t testing.TB, entries []zipEntry) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, e := range entries {
		h := &zip.FileHeader{Name: e.name, Method: zip.Deflate}
		if e.store {
			h.Method = zip.Store
		}
		w, err := zw.CreateHeader(h)
		if err != nil {
			t.Fatal(err)
		}
		w.Write(e.data)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// writeFile writes data to name in a fresh temp dir and returns its path.
func writeFile(t testing.TB, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func mustOpen(t testing.TB, path string, opts Options) Container {
	t.Helper()
	c, err := Open(path, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func requirePath(t testing.TB, path string) {
	t.Helper()
	if _, err := os.Stat(path); err != nil {
		t.Skipf("SKIPPING: %s is not installed on this machine (%v); this test needs it", path, err)
	}
}

// readAll reads every entry with ForEach and returns the entry count.
func readAll(t testing.TB, c Container) int {
	t.Helper()
	n := 0
	err := ForEach(c, 4, func(e Entry, data []byte) error {
		if !bytes.HasPrefix(data, classMagic) {
			t.Errorf("%s: %s: no class magic", c.Name(), e.Path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	n = len(c.Entries())
	return n
}

func classNames(es []Entry) []string {
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = e.Class
	}
	return out
}
