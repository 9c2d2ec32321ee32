package frontend

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/rules-fragment/rules_fragment/tools/ir"
)

const (
	jdk17     = "/usr/lib/jvm/java-17-openjdk-amd64"
	jdk25     = "/usr/lib/jvm/temurin-25-jdk-amd64"
	debianJar = "/usr/share/java"
)

// counts is what a real-bytecode run reports.
type counts struct {
	classes, methods, stmts, lambdas atomic.Int64
}

func (c *counts) String() string {
	return fmt.Sprintf("%d classes, %d method bodies, %d IR statements, %d lambda classes",
		c.classes.Load(), c.methods.Load(), c.stmts.Load(), c.lambdas.Load())
}

// checkAll builds and checks the IR of every class of a loaded program.
func checkAll(t *testing.T, p *Program, n *counts) {
	t.Helper()
	err := p.ForEachIR(func(c *Class, ic *ir.Class) error {
		n.classes.Add(1)
		ms := ic.Methods
		for _, sc := range ic.Synthetic {
			n.lambdas.Add(1)
			ms = append(ms[:len(ms):len(ms)], sc.Methods...)
		}
		for _, m := range ms {
			if !m.Synthetic {
				n.methods.Add(1)
			}
			n.stmts.Add(int64(len(m.Stmts)))
			if err := ir.Check(m); err != nil {
				return fmt.Errorf("%s: %w", c.Location(), err)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func load(t *testing.T, paths ...string) *Program {
	t.Helper()
	p, err := Load(paths, Options{Release: 25})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return p
}

// TestRealBytecode parses every class of the JDK 17 jmods and runtime
// image, the JDK 25 runtime image (when installed) and every jar in
// /usr/share/java, and checks the IR of every method body.
func TestRealBytecode(t *testing.T) {
	if testing.Short() {
		t.Skip("SKIP: -short: real-bytecode sweep not run")
	}
	t.Run("jdk17-jmods", func(t *testing.T) {
		jmods, _ := filepath.Glob(filepath.Join(jdk17, "jmods", "*.jmod"))
		if len(jmods) == 0 {
			t.Skipf("SKIP: no JDK 17 jmods under %s", jdk17)
		}
		var n counts
		checkAll(t, load(t, jmods...), &n)
		t.Logf("COUNT jdk17 jmods (%d files): %v", len(jmods), &n)
	})
	for _, home := range []string{jdk17, jdk25} {
		home := home
		t.Run(filepath.Base(home)+"-image", func(t *testing.T) {
			img := filepath.Join(home, "lib", "modules")
			if _, err := os.Stat(img); err != nil {
				t.Skipf("SKIP: no runtime image at %s: the %s image is not checked", img, filepath.Base(home))
			}
			var n counts
			p := load(t, img)
			checkAll(t, p, &n)
			t.Logf("COUNT %s: %v, %d phantom classes", img, &n, p.Hierarchy.Stats().Phantoms)
		})
	}
	t.Run("maven-jars", func(t *testing.T) {
		jars := mavenJars(t)
		var n counts
		var subroutines atomic.Int64
		for _, jar := range jars {
			p := load(t, jar)
			checkAll(t, p, &n)
			p.ForEachIR(func(c *Class, ic *ir.Class) error {
				for _, m := range ic.Methods {
					for _, s := range m.Stmts {
						if _, ok := s.(*ir.SubroutineReturn); ok {
							subroutines.Add(1)
						}
					}
				}
				return nil
			})
		}
		t.Logf("COUNT Maven jars (testing/maven-jars.txt): %d jars, %v, %d jsr/ret subroutine returns", len(jars), &n, subroutines.Load())
	})
	t.Run("usr-share-java", func(t *testing.T) {
		jars := debianJars(t)
		var n counts
		for _, jar := range jars {
			checkAll(t, load(t, jar), &n)
		}
		t.Logf("COUNT %s: %d distinct jars, %v", debianJar, len(jars), &n)
	})
}

// mavenJars resolves testing/maven-jars.txt in the local Maven repository
// (.ci/run fetches them). Missing jars are reported in the test output.
func mavenJars(t *testing.T) []string {
	list, err := os.ReadFile("../../testing/maven-jars.txt")
	if err != nil {
		t.Fatal(err)
	}
	home, _ := os.UserHomeDir()
	repo := filepath.Join(home, ".m2", "repository")
	var jars, missing []string
	for _, line := range strings.Split(string(list), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.Split(line, ":")
		if len(parts) != 3 {
			t.Fatalf("testing/maven-jars.txt: bad line %q", line)
		}
		g, a, v := parts[0], parts[1], parts[2]
		jar := filepath.Join(repo, filepath.FromSlash(strings.ReplaceAll(g, ".", "/")), a, v, a+"-"+v+".jar")
		if _, err := os.Stat(jar); err != nil {
			missing = append(missing, line)
			continue
		}
		jars = append(jars, jar)
	}
	if len(missing) > 0 {
		t.Logf("COUNT missing from %s (fetch with mvn dependency:get, as .ci/run does): %s", repo, strings.Join(missing, ", "))
	}
	if len(jars) == 0 {
		t.Skipf("SKIP: none of testing/maven-jars.txt is in %s", repo)
	}
	return jars
}

// debianJars lists the distinct jar files of /usr/share/java (symlinks
// resolved) and requires the five programs the analyses are tested on.
func debianJars(t *testing.T) []string {
	names, _ := filepath.Glob(filepath.Join(debianJar, "*.jar"))
	seen := map[string]bool{}
	var jars []string
	for _, n := range names {
		real, err := filepath.EvalSymlinks(n)
		if err != nil || seen[real] {
			continue
		}
		seen[real] = true
		jars = append(jars, real)
	}
	sort.Strings(jars)
	for _, want := range []string{"jflex.jar", "cup.jar", "sablecc.jar", "JLex.jar", "javacc.jar"} {
		if _, err := os.Stat(filepath.Join(debianJar, want)); err != nil {
			t.Errorf("%s/%s is missing: install Debian's jflex, cup, sablecc, jlex and javacc (.ci/run does)", debianJar, want)
		}
	}
	if len(jars) == 0 {
		t.Skipf("SKIP: no jars in %s", debianJar)
	}
	return jars
}

// dumpAll renders the IR of every class in classpath order and hashes it.
func dumpAll(t *testing.T, p *Program) [32]byte {
	dumps := make([][]byte, len(p.Classes))
	index := map[*Class]int{}
	for i, c := range p.Classes {
		index[c] = i
	}
	err := p.ForEachIR(func(c *Class, ic *ir.Class) error {
		var b bytes.Buffer
		ir.FprintHeader(&b, c.File)
		ir.FprintClass(&b, ic)
		dumps[index[c]] = b.Bytes()
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	h := sha256.New()
	for _, d := range dumps {
		h.Write(d)
	}
	var sum [32]byte
	copy(sum[:], h.Sum(nil))
	return sum
}

// TestDeterminism loads the same classpath with different GOMAXPROCS
// values and worker counts: IR dumps, hierarchy ids and statistics must be
// byte-identical.
func TestDeterminism(t *testing.T) {
	paths := []string{filepath.Join(jdk17, "jmods", "java.base.jmod"), filepath.Join(debianJar, "jflex.jar"), filepath.Join(debianJar, "cup.jar")}
	for _, p := range paths {
		if _, err := os.Stat(p); err != nil {
			t.Skipf("SKIP: %s missing", p)
		}
	}
	type result struct {
		dump  [32]byte
		stats string
		ids   [32]byte
	}
	run := func(procs, workers int) result {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		p, err := Load(paths, Options{Release: 17, Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		defer p.Close()
		h := sha256.New()
		for _, c := range p.Hierarchy.Classes() {
			fmt.Fprintf(h, "%d %s\n", c.ID, c.Name)
			for _, m := range c.Methods {
				fmt.Fprintf(h, " %d %s\n", m.ID, m.Key())
			}
		}
		var ids [32]byte
		copy(ids[:], h.Sum(nil))
		return result{dumpAll(t, p), fmt.Sprintf("%+v", p.Hierarchy.Stats()), ids}
	}
	base := run(1, 1)
	for _, cfg := range [][2]int{{1, 1}, {2, 2}, {4, 8}} {
		if got := run(cfg[0], cfg[1]); got != base {
			t.Errorf("GOMAXPROCS=%d workers=%d: results differ from GOMAXPROCS=1 workers=1 (dump equal %v, stats equal %v, ids equal %v)",
				cfg[0], cfg[1], got.dump == base.dump, got.stats == base.stats, got.ids == base.ids)
		}
	}
}

// TestBadInputNamesEntry checks that a malformed class inside a jar fails
// the load with an error naming the container and the entry.
func TestBadInputNamesEntry(t *testing.T) {
	dir := t.TempDir()
	jar := filepath.Join(dir, "bad.jar")
	writeJar(t, jar, map[string][]byte{
		"p/Good.class": minimalClass("p/Good"),
		"p/Bad.class":  append(minimalClass("p/Bad")[:20], 0xff),
	})
	_, err := Load([]string{jar}, Options{})
	if err == nil {
		t.Fatal("malformed class accepted")
	}
	for _, want := range []string{jar, "p/Bad.class", "malformed class file"} {
		if !bytes.Contains([]byte(err.Error()), []byte(want)) {
			t.Errorf("error %q does not mention %q", err, want)
		}
	}
}

// TestLambdaClassesDispatch checks that every lambda class of java.base is
// in the hierarchy and that dispatching its functional interface's method
// on it selects the lambda's own method.
func TestLambdaClassesDispatch(t *testing.T) {
	jmod := filepath.Join(jdk17, "jmods", "java.base.jmod")
	if _, err := os.Stat(jmod); err != nil {
		t.Skipf("SKIP: %s missing", jmod)
	}
	p := load(t, jmod)
	h := p.Hierarchy
	n := 0
	for _, c := range h.Classes() {
		if !c.Synthetic {
			continue
		}
		n++
		if len(c.Interfaces) == 0 || len(c.Methods) == 0 {
			t.Fatalf("%s: no interface or method", c.Name)
		}
		iface, sam := c.Interfaces[0], c.Methods[0]
		if !h.IsSubclass(c, iface) {
			t.Errorf("%s is not a subtype of %s", c.Name, iface.Name)
		}
		m, err := h.ResolveInterfaceMethod(iface, sam.Name, sam.Desc)
		if err != nil {
			t.Errorf("%s: resolving %s.%s%s: %v", c.Name, iface.Name, sam.Name, sam.Desc, err)
			continue
		}
		if got := h.Dispatch(c, m); got != sam {
			t.Errorf("%s: dispatch of %s selects %v, want the lambda's method", c.Name, m.Key(), got)
		}
	}
	// The IR builder makes exactly these classes.
	var built atomic.Int64 // ForEachIR calls back concurrently
	p.ForEachIR(func(c *Class, ic *ir.Class) error {
		for _, sc := range ic.Synthetic {
			if hc := h.Lookup(sc.Name); hc == nil || !hc.Synthetic {
				t.Errorf("IR lambda class %s is not in the hierarchy", sc.Name)
			}
		}
		built.Add(int64(len(ic.Synthetic)))
		return nil
	})
	if n == 0 || int64(n) != built.Load() {
		t.Errorf("hierarchy has %d lambda classes, the IR builder made %d", n, built.Load())
	}
	t.Logf("COUNT java.base lambda classes in the hierarchy: %d, all dispatch to their own method", n)
}
