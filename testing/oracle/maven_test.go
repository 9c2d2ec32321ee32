package oracle

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// mavenJar is the path of a group:artifact:version[:jar:classifier] jar
// in the local Maven repository.
func mavenJar(coords string) string {
	parts := strings.Split(coords, ":")
	home, _ := os.UserHomeDir()
	g, a, v := strings.ReplaceAll(parts[0], ".", "/"), parts[1], parts[2]
	name := a + "-" + v
	if len(parts) == 5 {
		name += "-" + parts[4]
	}
	return filepath.Join(home, ".m2", "repository", g, a, v, name+".jar")
}

// mavenLibraries reads testing/maven-libraries.txt: artifact -> jar.
func mavenLibraries(t *testing.T) map[string]string {
	t.Helper()
	f, err := os.Open("../maven-libraries.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	jars := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		jar := mavenJar(line)
		if _, err := os.Stat(jar); err != nil {
			t.Skipf("SKIP: %s not in the local Maven repository (.ci/run fetches testing/maven-libraries.txt)", line)
		}
		jars[strings.Split(line, ":")[1]] = jar
	}
	return jars
}

// TestMavenLibrariesEqual: a client of Jackson, Guava, Gson and Commons
// Lang (testing/corpus/maven), each library summarised from its jar with
// the summaries of the libraries it depends on (jackson-databind has two),
// gives the whole-program results with summaries and the JDK's warm start:
// CHA, RTA, and 0-CFA_f and AND_f with MOD/USE and points-to sets.
func TestMavenLibrariesEqual(t *testing.T) {
	jdk := jdkSummary(t)
	if _, err := exec.LookPath("javac"); err != nil {
		t.Skip("SKIP: javac not found")
	}
	jars := mavenLibraries(t)
	// Each library after the libraries it depends on.
	order := []struct {
		name string
		deps []string
	}{
		{"jackson-annotations", nil},
		{"jackson-core", nil},
		{"jackson-databind", []string{"jackson-core", "jackson-annotations"}},
		{"failureaccess", nil},
		{"guava", []string{"failureaccess"}},
		{"gson", nil},
		{"commons-lang3", nil},
	}
	sumOf := map[string]string{}
	var libs, sums []string
	for _, l := range order {
		out := filepath.Join(tmp, "maven-"+l.name+".rfsum")
		var deps []string
		for _, d := range l.deps {
			deps = append(deps, sumOf[d])
		}
		if err := summarize(out, l.name, []string{jars[l.name]}, append(deps, jdk), 0); err != nil {
			t.Fatal(err)
		}
		sumOf[l.name] = out
		libs, sums = append(libs, jars[l.name]), append(sums, out)
	}
	sums = append(sums, jdk)
	src, _ := filepath.Glob("../corpus/maven/src/app/*.java")
	client := filepath.Join(tmp, "maven-client")
	args := append([]string{"--release", "17", "-d", client, "-cp", strings.Join(libs, string(os.PathListSeparator))}, src...)
	if b, err := exec.Command("javac", args...).CombinedOutput(); err != nil {
		t.Fatalf("javac: %v\n%s", err, b)
	}
	compare(t, "maven", []string{client}, libs, sums, nil)
	compareModRef(t, "maven", []string{client}, libs, sums, nil, []string{"0cfa", "andersen"})
}
