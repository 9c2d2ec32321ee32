package classpath

import (
	"archive/zip"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
)

// Tests on the JDKs and jars installed on the machine.

// countJmodClasses independently counts classes/*.class entries with
// archive/zip.
func countJmodClasses(path string) (int, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	fi, _ := f.Stat()
	zr, err := zip.NewReader(io.NewSectionReader(f, 4, fi.Size()-4), fi.Size()-4)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, zf := range zr.File {
		if strings.HasPrefix(zf.Name, "classes/") && strings.HasSuffix(zf.Name, ".class") {
			n++
		}
	}
	return n, nil
}

func TestJDK17Jmods(t *testing.T) {
	requirePath(t, jdk17Jmods)
	paths, _ := filepath.Glob(filepath.Join(jdk17Jmods, "*.jmod"))
	if len(paths) == 0 {
		t.Fatal("no jmods")
	}
	total := 0
	for _, p := range paths {
		module := strings.TrimSuffix(filepath.Base(p), ".jmod")
		t.Run(module, func(t *testing.T) {
			c := mustOpen(t, p, Options{})
			es := c.Entries()
			want, err := countJmodClasses(p)
			if err != nil {
				t.Fatal(err)
			}
			if len(es) != want || want == 0 {
				t.Errorf("%d entries, archive has %d classes/*.class", len(es), want)
			}
			for _, e := range es {
				if e.Module != module || !strings.HasPrefix(e.Path, "classes/") || e.Path != "classes/"+e.Class+".class" {
					t.Fatalf("bad entry %+v", e)
				}
			}
			if !slices.IsSortedFunc(es, compareEntries) {
				t.Error("entries not sorted")
			}
			if !slices.ContainsFunc(es, func(e Entry) bool { return e.Class == "module-info" }) {
				t.Error("no module-info entry")
			}
			readAll(t, c)
			total += len(es)
		})
	}
	t.Logf("JDK 17 jmods: %d jmods, %d classes", len(paths), total)
}

func TestJDK17ImageMatchesJmods(t *testing.T) {
	requirePath(t, jdk17+"/lib/modules")
	requirePath(t, jdk17Jmods)
	home := mustOpen(t, jdk17, Options{})
	file := mustOpen(t, jdk17+"/lib/modules", Options{})
	if home.Name() != jdk17 || file.Name() != jdk17+"/lib/modules" {
		t.Errorf("names %q, %q", home.Name(), file.Name())
	}
	es := home.Entries()
	if !slices.Equal(es, file.Entries()) {
		t.Fatal("JDK home and lib/modules list different entries")
	}
	if !slices.IsSortedFunc(es, compareEntries) {
		t.Error("entries not sorted")
	}
	n := readAll(t, home)
	t.Logf("JDK 17 image: %d classes", n)

	byModule := map[string][]string{}
	for _, e := range es {
		if e.Path != "/"+e.Module+"/"+e.Class+".class" {
			t.Fatalf("bad entry %+v", e)
		}
		byModule[e.Module] = append(byModule[e.Module], e.Class)
	}
	// The image holds exactly the modules of the jmods directory here.
	jm := mustOpen(t, writeJmodsHome(t, jdk17Jmods), Options{})
	jmodByModule := map[string][]string{}
	for _, e := range jm.Entries() {
		jmodByModule[e.Module] = append(jmodByModule[e.Module], e.Class)
	}
	modules := make([]string, 0, len(byModule))
	for m := range byModule {
		modules = append(modules, m)
	}
	sort.Strings(modules)
	jmodTotal := 0
	for _, m := range modules {
		jmodTotal += len(jmodByModule[m])
		img, jmc := byModule[m], jmodByModule[m]
		if slices.Equal(img, jmc) {
			continue
		}
		onlyImg, onlyJmod := diff(img, jmc)
		// jlink plugins generate classes for the image that the jmods do not
		// have: system-modules (SystemModulesPlugin) writes
		// SystemModules$all/$default, generate-jli-classes
		// (GenerateJLIClassesPlugin) pregenerates BoundMethodHandle species.
		if m == "java.base" {
			for _, c := range onlyImg {
				if !strings.HasPrefix(c, "jdk/internal/module/SystemModules$") &&
					!strings.HasPrefix(c, "java/lang/invoke/BoundMethodHandle$Species_") {
					t.Errorf("java.base: image-only class %s", c)
				}
			}
			if len(onlyJmod) > 0 {
				t.Errorf("java.base: jmod-only classes %q", onlyJmod)
			}
			t.Logf("java.base: %d classes in the image, %d in the jmod; image-only: %q", len(img), len(jmc), onlyImg)
			continue
		}
		t.Errorf("module %s: image-only %q, jmod-only %q", m, onlyImg, onlyJmod)
	}
	if len(modules) != len(jmodByModule) {
		t.Logf("image has %d modules, jmods %d", len(modules), len(jmodByModule))
	}
	t.Logf("JDK 17: image %d classes, jmods of the image's %d modules %d classes", n, len(modules), jmodTotal)
}

// writeJmodsHome makes a JDK-home-like directory whose jmods/ links to the
// given jmods directory (and that has no lib/modules).
func writeJmodsHome(t testing.TB, jmodsDir string) string {
	t.Helper()
	home := t.TempDir()
	if err := os.Symlink(jmodsDir, filepath.Join(home, "jmods")); err != nil {
		t.Fatal(err)
	}
	return home
}

// diff returns the elements only in a and only in b (both sorted).
func diff(a, b []string) (onlyA, onlyB []string) {
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case j == len(b) || (i < len(a) && a[i] < b[j]):
			onlyA = append(onlyA, a[i])
			i++
		case i == len(a) || b[j] < a[i]:
			onlyB = append(onlyB, b[j])
			j++
		default:
			i++
			j++
		}
	}
	return
}

func TestJDK25Image(t *testing.T) {
	requirePath(t, jdk25+"/lib/modules")
	c := mustOpen(t, jdk25, Options{})
	n := readAll(t, c)
	if n < 20000 {
		t.Errorf("only %d classes", n)
	}
	_, e, ok := New(c).Lookup("java/lang/Object")
	if !ok || e.Module != "java.base" {
		t.Errorf("java/lang/Object: %+v %v", e, ok)
	}
	t.Logf("JDK 25 image: %d classes", n)
}

func TestSystemJars(t *testing.T) {
	requirePath(t, systemJars)
	paths, _ := filepath.Glob(filepath.Join(systemJars, "*.jar"))
	seen := map[string]bool{}
	jars, classes, empty := 0, 0, 0
	for _, p := range paths {
		real, err := filepath.EvalSymlinks(p)
		if err != nil {
			t.Logf("%s: dangling link: %v", p, err)
			continue
		}
		if seen[real] {
			continue
		}
		seen[real] = true
		t.Run(filepath.Base(p), func(t *testing.T) {
			c := mustOpen(t, p, Options{Release: 17})
			es := c.Entries()
			if !slices.IsSortedFunc(es, compareEntries) {
				t.Error("entries not sorted")
			}
			for i := 1; i < len(es); i++ {
				if es[i].Class == es[i-1].Class {
					t.Errorf("duplicate class %s", es[i].Class)
				}
			}
			readAll(t, c)
			jars++
			classes += len(es)
			if len(es) == 0 {
				empty++
			}
		})
	}
	t.Logf("%s: %d distinct jars (%d without classes), %d classes", systemJars, jars, empty, classes)
}

func TestJDKHomeWithJmodsOnly(t *testing.T) {
	requirePath(t, jdk17Jmods)
	home := t.TempDir()
	if err := os.Mkdir(filepath.Join(home, "jmods"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"java.base", "java.logging"} {
		if err := os.Symlink(filepath.Join(jdk17Jmods, m+".jmod"), filepath.Join(home, "jmods", m+".jmod")); err != nil {
			t.Fatal(err)
		}
	}
	c := mustOpen(t, home, Options{})
	es := c.Entries()
	mods := map[string]int{}
	for _, e := range es {
		mods[e.Module]++
	}
	if len(mods) != 2 || mods["java.base"] < 5000 || mods["java.logging"] < 10 {
		t.Errorf("modules %v", mods)
	}
	// module-info appears once per module.
	n := 0
	for _, e := range es {
		if e.Class == "module-info" {
			n++
		}
	}
	if n != 2 {
		t.Errorf("%d module-info entries", n)
	}
	data, err := c.Read(Entry{Class: "java/util/logging/Logger", Module: "java.logging"})
	if err != nil || !bytes.HasPrefix(data, classMagic) {
		t.Errorf("Read Logger: %v", err)
	}
}

// TestRealMultiReleaseJar checks selection on plexus-utils, a real
// multi-release jar with versions/9 and versions/10 variants of BaseIOUtil.
func TestRealMultiReleaseJar(t *testing.T) {
	path := filepath.Join(systemJars, "plexus-utils2.jar")
	requirePath(t, path)
	for release, want := range map[int]string{
		0:  "org/codehaus/plexus/util/BaseIOUtil.class",
		8:  "org/codehaus/plexus/util/BaseIOUtil.class",
		9:  "META-INF/versions/9/org/codehaus/plexus/util/BaseIOUtil.class",
		17: "META-INF/versions/10/org/codehaus/plexus/util/BaseIOUtil.class",
	} {
		c := mustOpen(t, path, Options{Release: release})
		es := c.Entries()
		i, ok := entries(es).find(Entry{Class: "org/codehaus/plexus/util/BaseIOUtil"})
		if !ok || es[i].Path != want {
			t.Errorf("release %d: BaseIOUtil from %v, want %s", release, es[i:i+1], want)
		}
		if len(es) != 107 {
			t.Errorf("release %d: %d classes, want 107", release, len(es))
		}
		data, err := c.Read(es[i])
		if err != nil {
			t.Fatal(err)
		}
		if name, err := ClassName(data); err != nil || name != es[i].Class {
			t.Errorf("this_class %q, %v", name, err)
		}
	}
}
