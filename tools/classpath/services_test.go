package classpath

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

const serviceFile = "# providers\n  a.b.Impl  # the first\n\na.b.Impl\na.Outer$Inner\r\nnot a name\n1bad.Name\nc.Last"

var wantServices = []Service{
	{Name: "a/S", Providers: []string{"a/b/Impl", "a/Outer$Inner", "c/Last"}},
	{Name: "z/T", Providers: []string{"z/One"}},
}

func TestServicesJar(t *testing.T) {
	jar := writeFile(t, "x.jar", makeZip(t, []zipEntry{
		{name: "META-INF/services/z.T", data: []byte("z.One\n")},
		{name: "p/A.class", data: makeClass("p/A", "base")},
		{name: "META-INF/services/a.S", data: []byte(serviceFile), store: true},
		{name: "META-INF/services/empty.E", data: []byte("# none\n")},
		{name: "META-INF/services/", data: nil},
		{name: "META-INF/services/sub/x.Y", data: []byte("x.Z\n")},
		{name: "WEB-INF/classes/META-INF/services/w.W", data: []byte("w.Impl\n")},
	}))
	got, err := Services(mustOpen(t, jar, Options{}))
	if err != nil || !reflect.DeepEqual(got, wantServices) {
		t.Fatalf("jar: %+v, %v; want %+v", got, err, wantServices)
	}
	war := writeFile(t, "x.war", makeZip(t, []zipEntry{
		{name: "META-INF/services/a.S", data: []byte("not.On.The.ClassPath\n")},
		{name: "WEB-INF/classes/META-INF/services/w.W", data: []byte("w.Impl\n")},
	}))
	got, err = Services(mustOpen(t, war, Options{}))
	if want := []Service{{Name: "w/W", Providers: []string{"w/Impl"}}}; err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("war: %+v, %v; want %+v", got, err, want)
	}
}

func TestServicesDir(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "META-INF", "services")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "a.S"), []byte(serviceFile), 0o644)
	os.WriteFile(filepath.Join(dir, "z.T"), []byte("z.One"), 0o644)
	os.WriteFile(filepath.Join(root, "A.class"), makeClass("A", "x"), 0o644)
	got, err := Services(mustOpen(t, root, Options{}))
	if err != nil || !reflect.DeepEqual(got, wantServices) {
		t.Fatalf("dir: %+v, %v; want %+v", got, err, wantServices)
	}
	got, err = Services(mustOpen(t, t.TempDir(), Options{}))
	if err != nil || got != nil {
		t.Fatalf("dir without services: %+v, %v", got, err)
	}
}

func TestServicesCorrupt(t *testing.T) {
	data := makeZip(t, []zipEntry{{name: "META-INF/services/a.S", data: []byte("a.Impl\n"), store: true}})
	i := len("PK\x03\x04") + 26 + len("META-INF/services/a.S")
	data[i] = 'X' // the content no longer matches its CRC-32
	_, err := Services(mustOpen(t, writeFile(t, "bad.jar", data), Options{}))
	if err == nil || !containsAll(err.Error(), "bad.jar", "META-INF/services/a.S") {
		t.Fatalf("corrupt configuration: %v", err)
	}
}

func containsAll(s string, subs ...string) bool {
	for _, x := range subs {
		if !strings.Contains(s, x) {
			return false
		}
	}
	return true
}
