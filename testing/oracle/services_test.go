package oracle

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	linker "github.com/rules-fragment/rules_fragment/linker/app"
	"github.com/rules-fragment/rules_fragment/tools/report"
)

// The services program: the client requests its own service Codec, whose
// provider is in a library (a summary, with its META-INF/services), and
// Named through the library's wrapper Loaders.count, and provides a
// charset provider, a service of the runtime that its start-up
// code requests (so the JDK's warm start has requested it already).
var servicesProgram = map[string]string{
	"app/app/Codec.java": `package app;
public interface Codec { String encode(String s); }`,
	"app/app/Main.java": `package app;
import java.nio.charset.Charset;
import java.util.ServiceLoader;
public class Main {
    public static void main(String[] args) {
        for (Codec c : ServiceLoader.load(Codec.class)) {
            System.out.println(c.encode("abc"));
        }
        System.out.println(impl.Loaders.count(Named.class));
        System.out.println(Charset.isSupported("x-rot"));
    }
}`,
	"app/app/Charsets.java": `package app;
import java.nio.charset.Charset;
import java.nio.charset.spi.CharsetProvider;
import java.util.Collections;
import java.util.Iterator;
public class Charsets extends CharsetProvider {
    public Iterator<Charset> charsets() { return Collections.emptyIterator(); }
    public Charset charsetForName(String name) { return null; }
}`,
	"app/app/Named.java": `package app;
public interface Named { String name(); }`,
	"lib/impl/Loaders.java": `package impl;
import java.util.ServiceLoader;
public final class Loaders {
    // A wrapper: its callers' class literals request their services.
    public static <T> int count(Class<T> service) {
        int n = 0;
        for (T t : ServiceLoader.load(service)) { n++; }
        return n;
    }
}`,
	"lib/impl/Name.java": `package impl;
public class Name implements app.Named {
    public String name() { return "name"; }
}`,
	"lib/impl/Rot.java": `package impl;
public class Rot implements app.Codec {
    public String encode(String s) { return new StringBuilder(s).reverse().toString(); }
}`,
}

// compileServicesProgram compiles servicesProgram: a class directory
// (the client) and a library jar, each with its provider configuration.
// Without request, the client's main does not load Codec: it only provides
// the charset provider, which the warm start's requested service alone
// must make (a request of the client's own would make it too).
func compileServicesProgram(t *testing.T, request bool) program {
	t.Helper()
	src, app, lib := t.TempDir(), t.TempDir(), t.TempDir()
	files := map[string][]string{}
	for name, text := range servicesProgram {
		if !request {
			text = strings.Replace(text, "ServiceLoader.load(Codec.class)", "new java.util.ArrayList<Codec>()", 1)
			text = strings.Replace(text, "impl.Loaders.count(Named.class)", "0", 1)
		}
		p := filepath.Join(src, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		part, _, _ := strings.Cut(name, "/")
		files[part] = append(files[part], p)
	}
	configs := map[string]string{
		filepath.Join(app, "META-INF", "services", "java.nio.charset.spi.CharsetProvider"): "app.Charsets\n",
		filepath.Join(lib, "META-INF", "services", "app.Codec"):                            "impl.Rot\n",
		filepath.Join(lib, "META-INF", "services", "app.Named"):                            "impl.Name\n",
	}
	for p, text := range configs {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	javac := func(args ...string) {
		if b, err := exec.Command("javac", append([]string{"--release", "17"}, args...)...).CombinedOutput(); err != nil {
			t.Skipf("SKIP: javac: %v\n%s", err, b)
		}
	}
	// The client and the library name each other: compiled together, then
	// the library's package moved to its own directory.
	javac(append([]string{"-d", app}, append(files["app"], files["lib"]...)...)...)
	if err := os.Rename(filepath.Join(app, "impl"), filepath.Join(lib, "impl")); err != nil {
		t.Fatal(err)
	}
	jar := filepath.Join(t.TempDir(), "impl.jar")
	if b, err := exec.Command(filepath.Join(jdk17, "bin", "jar"), "cf", jar, "-C", lib, ".").CombinedOutput(); err != nil {
		t.Fatalf("jar: %v\n%s", err, b)
	}
	return program{name: fmt.Sprintf("services-%v", request), client: app, libs: []string{jar}}
}

// TestServicesEqualsWholeProgram: with the ServiceLoader model, client +
// summaries (cold and from the JDK's warm start) give the whole-program
// result, for every reached method, site, receiver and target (RTA and the
// points-to analyses; CHA for the client's): the library's provider,
// read from its summary, and the client's provider of a service the
// warm start requested, which restoring it must add. With
// -module-providers the runtime's providers join too, the warm start's
// services then adding those of the runtime's modules.
func TestServicesEqualsWholeProgram(t *testing.T) {
	jdk := jdkSummary(t)
	for _, request := range []bool{true, false} {
		t.Run(fmt.Sprintf("request=%v", request), func(t *testing.T) { servicesEqual(t, jdk, request) })
	}
}

func servicesEqual(t *testing.T, jdk string, request bool) {
	p := compileServicesProgram(t, request)
	sums := librarySummaries(t, p, jdk)
	run := func(c linker.Config) ([]byte, *report.Result) {
		c.Client, c.Release = []string{p.client}, 17
		r, err := linker.Analyze(&c)
		if err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(r.Analyses) // not the mode and inputs
		if err != nil {
			t.Fatal(err)
		}
		return b, r
	}
	providers := []string{"app/Charsets.<init>()V"}
	if request {
		providers = append(providers, "impl/Rot.<init>()V", "impl/Rot.encode(Ljava/lang/String;)Ljava/lang/String;", "impl/Name.<init>()V")
	}
	for _, modules := range []bool{false, true} {
		for _, a := range [][]string{{"cha"}, {"rta", "0cfa", "andersen"}} {
			if modules && (a[0] == "cha" || !request) {
				continue
			}
			scope := "all"
			if a[0] == "cha" {
				scope = "client" // CHA's -scope all JSON would take tens of GB
			}
			cfg := linker.Config{Analyses: a, Scope: scope, ModuleProviders: modules}
			whole := cfg
			whole.Libraries = append(slices.Clone(p.libs), jdk17)
			cold := cfg
			cold.Summaries = sums
			warm := cold
			warm.Warm = jdkWarm
			want, res := run(whole)
			if res.Inputs.ModuleProviders != modules {
				t.Errorf("the result's inputs say module_providers %v, want %v", res.Inputs.ModuleProviders, modules)
			}
			for what, c := range map[string]linker.Config{"client + summaries": cold, "client + summaries, warm start": warm} {
				if got, _ := run(c); !bytes.Equal(want, got) {
					t.Errorf("%v, module providers %v: %s differs from whole program (%d vs %d bytes of JSON)", a, modules, what, len(got), len(want))
				}
			}
			if scope != "all" {
				continue
			}
			for _, an := range res.Analyses {
				for _, k := range providers {
					if !slices.ContainsFunc(an.Methods, func(m *report.Method) bool { return m.Method == k }) {
						t.Errorf("%s, module providers %v: %s not reached", an.Analysis, modules, k)
					}
				}
				zip := slices.ContainsFunc(an.Methods, func(m *report.Method) bool { return m.Method == "jdk/nio/zipfs/ZipFileSystemProvider.<init>()V" })
				if !request && slices.ContainsFunc(an.Methods, func(m *report.Method) bool { return m.Method == "impl/Rot.<init>()V" }) {
					t.Errorf("%s: Codec's provider reached, but Codec is not requested", an.Analysis)
				}
				if zip != modules {
					t.Errorf("%s, module providers %v: the zip file system's provider reached: %v", an.Analysis, modules, zip)
				}
				t.Logf("COUNT services %s, request %v, module providers %v: %d methods, equal whole, summaries and warm", an.Analysis, request, modules, len(an.Methods))
			}
		}
	}
}
