package hierarchy

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/rules-fragment/rules_fragment/tools/classfile"
)

// This file reads class files for tests with archive/zip directly, so the
// tests do not depend on package classpath.

const jdkHome = "/usr/lib/jvm/java-17-openjdk-amd64"

// loaded is one parsed class with what Builder.AddWithModule needs.
type loaded struct {
	cf     *classfile.ClassFile
	origin string
	module string
}

// jmodPaths returns the JDK 17 jmods, sorted; java.base only if baseOnly.
func jmodPaths(baseOnly bool) []string {
	if baseOnly {
		return []string{jdkHome + "/jmods/java.base.jmod"}
	}
	ps, _ := filepath.Glob(jdkHome + "/jmods/*.jmod")
	sort.Strings(ps)
	return ps
}

// jarPaths returns /usr/share/java/*.jar with symlinks to the same file
// collapsed, sorted by name.
func jarPaths() []string {
	ps, _ := filepath.Glob("/usr/share/java/*.jar")
	sort.Strings(ps)
	seen := map[string]bool{}
	var out []string
	for _, p := range ps {
		r, err := filepath.EvalSymlinks(p)
		if err != nil || seen[r] {
			continue
		}
		seen[r] = true
		out = append(out, p)
	}
	return out
}

type entryJob struct {
	container int
	f         *zip.File
	slot      int
}

// loadContainers parses every class of the containers with the given
// number of worker goroutines. The result is in container order and then
// zip-entry order whatever the schedule. Classes of a jmod get the module
// named by its module-info; jar classes are in the unnamed module.
// META-INF entries (multi-release versions, jar module-infos) are skipped.
func loadContainers(tb testing.TB, paths []string, workers int) []loaded {
	tb.Helper()
	var jobs []entryJob
	for ci, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			tb.Fatal(err)
		}
		isJmod := strings.HasSuffix(p, ".jmod")
		if isJmod {
			if len(data) < 4 || string(data[:4]) != "JM\x01\x00" {
				tb.Fatalf("%s: not a jmod", p)
			}
			data = data[4:]
		}
		zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			tb.Logf("%s: %v (skipped)", p, err)
			continue
		}
		for _, f := range zr.File {
			n := f.Name
			if !strings.HasSuffix(n, ".class") {
				continue
			}
			if isJmod && !strings.HasPrefix(n, "classes/") {
				continue
			}
			if !isJmod && (strings.HasPrefix(n, "META-INF/") || n == "module-info.class") {
				continue // class-path semantics: jar module descriptors are ignored
			}
			jobs = append(jobs, entryJob{container: ci, f: f, slot: len(jobs)})
		}
	}
	out := make([]loaded, len(jobs))
	errs := make([]error, len(jobs))
	ch := make(chan entryJob)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range ch {
				rc, err := j.f.Open()
				if err != nil {
					errs[j.slot] = err
					continue
				}
				b, err := io.ReadAll(rc)
				rc.Close()
				if err != nil {
					errs[j.slot] = err
					continue
				}
				cf, err := classfile.Parse(b)
				if err != nil {
					errs[j.slot] = fmt.Errorf("%s!%s: %v", paths[j.container], j.f.Name, err)
					continue
				}
				out[j.slot] = loaded{cf: cf, origin: paths[j.container]}
			}
		}()
	}
	for _, j := range jobs {
		ch <- j
	}
	close(ch)
	wg.Wait()
	modOf := map[string]string{}
	for _, l := range out {
		if l.cf != nil && l.cf.Module != nil && strings.HasSuffix(l.origin, ".jmod") {
			modOf[l.origin] = l.cf.Module.Name
		}
	}
	res := out[:0]
	nerr := 0
	for i, l := range out {
		if errs[i] != nil {
			if nerr++; nerr <= 5 {
				tb.Logf("skipped: %v", errs[i])
			}
			continue
		}
		l.module = modOf[l.origin]
		res = append(res, l)
	}
	return res
}

var (
	baseOnce, jdkOnce, allOnce sync.Once
	baseClasses                []loaded // java.base
	jdkClasses                 []loaded // all JDK 17 jmods
	allClasses                 []loaded // jmods, then jars
)

func javaBase(tb testing.TB) []loaded {
	baseOnce.Do(func() { baseClasses = loadContainers(tb, jmodPaths(true), 4) })
	return baseClasses
}

func jdk(tb testing.TB) []loaded {
	jdkOnce.Do(func() { jdkClasses = loadContainers(tb, jmodPaths(false), 4) })
	return jdkClasses
}

func jdkAndJars(tb testing.TB) []loaded {
	allOnce.Do(func() {
		allClasses = append(append([]loaded(nil), jdk(tb)...), loadContainers(tb, jarPaths(), 4)...)
	})
	return allClasses
}

// build adds the classes in order and builds.
func build(ls ...[]loaded) *Hierarchy {
	b := NewBuilder()
	for _, l := range ls {
		for _, c := range l {
			b.AddWithModule(c.cf, c.origin, c.module)
		}
	}
	return b.Build()
}

// compileJava writes the sources (path → text) to a temporary directory,
// compiles them with javac and returns the parsed classes, sorted by name.
func compileJava(t *testing.T, sources map[string]string) []loaded {
	t.Helper()
	if _, err := exec.LookPath("javac"); err != nil {
		t.Skip("javac not available")
	}
	dir := t.TempDir()
	src, out := filepath.Join(dir, "src"), filepath.Join(dir, "out")
	var files []string
	for p, text := range sources {
		fp := filepath.Join(src, p)
		if err := os.MkdirAll(filepath.Dir(fp), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(fp, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, fp)
	}
	sort.Strings(files)
	args := append([]string{"-J-XX:TieredStopAtLevel=1", "-J-XX:+UseSerialGC", "-d", out, "-nowarn"}, files...)
	if msg, err := exec.Command("javac", args...).CombinedOutput(); err != nil {
		t.Fatalf("javac: %v\n%s", err, msg)
	}
	var res []loaded
	err := filepath.Walk(out, func(p string, fi os.FileInfo, err error) error {
		if err != nil || fi.IsDir() || !strings.HasSuffix(p, ".class") {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		cf, err := classfile.Parse(data)
		if err != nil {
			return fmt.Errorf("%s: %v", p, err)
		}
		res = append(res, loaded{cf: cf, origin: out})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Slice(res, func(i, j int) bool { return res[i].cf.Name < res[j].cf.Name })
	return res
}
