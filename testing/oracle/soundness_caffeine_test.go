package oracle

import (
	"archive/zip"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestSoundnessCaffeine is TestSoundnessAgainstExecution on a program of
// Caffeine's caches (testing/corpus/tracer/caffeine) linked into one jar
// with Caffeine (testing/maven-traced.txt), as shaded applications are,
// so that Caffeine's code is client code whose every observed edge counts.
// Caffeine picks a cache class and a node class it generated from the
// builder's options, finds them by name (Lookup.findClass) and makes
// them through method handles whose class is no literal: the factory in
// the class's static field FACTORY, read with a VarHandle of
// findStaticVarHandle, or a findConstructor handle. With the reflection
// log the tracer writes of the run, whose Lookup.* entries name those
// handles, none of the three analyses may miss an edge. Without it
// (RF_SOUNDNESS_ALL=1) the misses are counted and listed (figures). The
// run with the log is repeated on a JDK 25 runtime where there is one.
func TestSoundnessCaffeine(t *testing.T) {
	agent := buildAgent(t)
	jdk := jdkSummary(t)
	app, lib := shadedApp(t, "caffeine", "../corpus/tracer/caffeine/cachedemo/Main.java")
	runs := []bool{true}
	if os.Getenv("RF_SOUNDNESS_ALL") == "1" {
		runs = append(runs, false)
	}
	base := tracedRun{name: "caffeine", prefixes: []string{"com/github/benmanes/caffeine/", "cachedemo/"}, main: "cachedemo.Main",
		args: func(string) []string { return nil }, want: "total 85031, hits 1, v",
		entries: []string{"cachedemo/Main.main"}, analyses: []string{"rta", "0cfa", "andersen"}}
	for _, withLog := range runs {
		r, name := base, "caffeine+reflog"
		r.reflog = withLog
		if !withLog {
			name, r.figures = "caffeine", r.analyses
		}
		t.Run(name, func(t *testing.T) {
			p := program{name: "caffeine", client: app, libs: lib.libs}
			res := traceAndCheck(t, agent, p, r, librarySummaries(t, p, jdk), r.entries, jdkWarm)
			if withLog { // every receiver at every virtual call site too
				checkInstrumentedReceivers(t, p, r, res)
			}
		})
	}
	// On a Java 25 runtime, whose reflection and VarHandles run other code.
	t.Run("caffeine+reflog on JDK 25", func(t *testing.T) {
		sum, warm := jdk25Summary(t)
		p := program{name: "caffeine25", client: app, libs: lib.libs}
		r := base
		r.reflog, r.jdk, r.release = true, jdk25, 25
		res := traceAndCheck(t, agent, p, r, librarySummaries(t, p, sum), r.entries, warm)
		checkInstrumentedReceivers(t, p, r, res)
	})
}

// shadedApp compiles the corpus program src against the jar of app name
// of testing/maven-traced.txt and shades that jar into the program's,
// which it returns with the app's other libraries (lib.libs).
func shadedApp(t *testing.T, name, src string) (jar string, lib program) {
	t.Helper()
	if _, err := exec.LookPath("javac"); err != nil {
		t.Skip("SKIP: javac not found")
	}
	apps, missing := mavenTraced(t)
	lib, ok := apps[name]
	if !ok {
		t.Fatalf("%s is not in testing/maven-traced.txt", name)
	}
	if m := missing[name]; m != "" {
		t.Skipf("SKIP: %s not in the local Maven repository (.ci/run fetches testing/maven-traced.txt)", m)
	}
	classes := t.TempDir()
	if b, err := exec.Command(filepath.Join(jdk17, "bin", "javac"), "--release", "17", "-nowarn", "-cp", lib.client, "-d", classes, src).CombinedOutput(); err != nil {
		t.Fatalf("javac: %v\n%s", err, b)
	}
	jar = filepath.Join(t.TempDir(), filepath.Base(filepath.Dir(src))+".jar")
	if err := shade(jar, classes, lib.client); err != nil {
		t.Fatal(err)
	}
	return jar, lib
}

// shade writes a jar of the class files under dir and those of jar (its
// META-INF left out).
func shade(out, dir, jar string) error {
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	w := zip.NewWriter(f)
	err = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		e, err := w.Create(filepath.ToSlash(rel))
		if err == nil {
			_, err = e.Write(b)
		}
		return err
	})
	if err == nil {
		err = copyClasses(w, jar)
	}
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// copyClasses copies the entries of jar but its directories and META-INF
// into w.
func copyClasses(w *zip.Writer, jar string) error {
	r, err := zip.OpenReader(jar)
	if err != nil {
		return err
	}
	defer r.Close()
	for _, e := range r.File {
		if strings.HasSuffix(e.Name, "/") || strings.HasPrefix(e.Name, "META-INF/") {
			continue
		}
		if err := w.Copy(e); err != nil {
			return err
		}
	}
	return nil
}
