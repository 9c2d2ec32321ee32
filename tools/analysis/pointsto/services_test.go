package pointsto_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rules-fragment/rules_fragment/tools/analysis/cha"
	"github.com/rules-fragment/rules_fragment/tools/analysis/pointsto"
	"github.com/rules-fragment/rules_fragment/tools/analysis/rta"
	"github.com/rules-fragment/rules_fragment/tools/callgraph"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/link"
)

// The services program: Plugin has two class-path providers and a module
// provider with a static provider() method, Codec one provider, Unused one
// that nothing requests.
var servicesSource = map[string]string{
	"module-info.java": `module svc {
    uses svc.Main.Plugin;
    provides svc.Main.Plugin with svc.Main.Factory;
}`,
	"svc/Main.java": `package svc;
import java.util.ServiceLoader;
public class Main {
    public interface Plugin { String apply(String s); }
    public interface Codec { String encode(String s); }
    public interface Unused { void never(); }
    public interface Wrapped { void wrapped(); }
    public interface Fielded { void fielded(); }
    public static final class Upper implements Plugin { public String apply(String s) { return s.toUpperCase(); } }
    public static final class Lower implements Plugin { public String apply(String s) { return s.toLowerCase(); } }
    public static final class Made implements Plugin { public String apply(String s) { return s; } }
    public static final class Factory {
        public static Plugin provider() { return new Made(); }
    }
    public static final class Rot implements Codec { public String encode(String s) { return s; } }
    public static final class Never implements Unused { public void never() {} }
    public static final class Wrapping implements Wrapped { public void wrapped() {} }
    public static final class FromField implements Fielded { public void fielded() {} }
    // A Plugin no configuration names.
    public static final class Other implements Plugin { public String apply(String s) { return s; } }
    static Class<?> field = Fielded.class;

    public static void main(String[] args) {
        System.out.println(new Other().apply("x"));
        for (Plugin p : ServiceLoader.load(Plugin.class)) {
            System.out.println(p.apply("x"));
        }
        Class<?> c = Codec.class;
        ServiceLoader.load(c).findFirst();
        viaParameter(Wrapped.class);
        ServiceLoader.load(field).findFirst();
    }
    // A wrapper: its callers' class literals are requested.
    static void viaParameter(Class<?> service) { ServiceLoader.load(service).iterator(); }
}`,
	"META-INF/services/svc.Main$Plugin":  "svc.Main$Upper\n# comment\nsvc.Main$Lower\n",
	"META-INF/services/svc.Main$Codec":   "svc.Main$Rot\n",
	"META-INF/services/svc.Main$Unused":  "svc.Main$Never\n",
	"META-INF/services/svc.Main$Wrapped": "svc.Main$Wrapping\n",
	"META-INF/services/svc.Main$Fielded": "svc.Main$FromField\n",
}

// compileServices compiles servicesSource into a class directory with
// the provider configurations.
func compileServices(t *testing.T) string {
	t.Helper()
	src, out := t.TempDir(), t.TempDir()
	var javaFiles []string
	for name, text := range servicesSource {
		dir := src
		if filepath.Ext(name) != ".java" {
			dir = out
		}
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		if dir == src {
			javaFiles = append(javaFiles, p)
		}
	}
	if b, err := exec.Command("javac", append([]string{"--release", "17", "-d", out}, javaFiles...)...).CombinedOutput(); err != nil {
		t.Fatalf("javac: %v\n%s", err, b)
	}
	return out
}

// TestServiceLoader checks the ServiceLoader model (services.go,
// reach/services.go): a class literal passed to ServiceLoader.load
// requests its service, whose providers are constructed and returned by
// the loader's iterators; module providers (a static provider() method
// here, the runtime's zip file system's constructor) only with
// ModuleProviders; a wrapper's callers' class literals are requested; a
// service that is not a class literal (a field) is reported.
func TestServiceLoader(t *testing.T) {
	if _, err := os.Stat(filepath.Join(jdk17, "lib", "modules")); err != nil {
		t.Skipf("SKIP: no JDK 17 runtime image at %s", jdk17)
	}
	out := compileServices(t)
	const (
		upper   = "svc/Main$Upper.<init>()V"
		lower   = "svc/Main$Lower.<init>()V"
		rot     = "svc/Main$Rot.<init>()V"
		never   = "svc/Main$Never.<init>()V"
		wrapped = "svc/Main$Wrapping.<init>()V"
		fielded = "svc/Main$FromField.<init>()V"
		factory = "svc/Main$Factory.provider()Lsvc/Main$Plugin;"
		zipfs   = "jdk/nio/zipfs/ZipFileSystemProvider.<init>()V"
		apply   = "svc/Main$Plugin.apply(Ljava/lang/String;)Ljava/lang/String;"
	)
	for _, modules := range []bool{false, true} {
		p, err := link.Load(link.Options{Client: []string{out}, Libraries: []string{jdk17}, Release: 17, ModuleProviders: modules})
		if err != nil {
			t.Fatal(err)
		}
		defer p.Close()
		roots := p.MainMethods()
		var graphs []*callgraph.Graph
		for _, perClass := range []bool{false, true} {
			res, err := pointsto.Analyze(p, roots, pointsto.Options{PerClass: perClass})
			if err != nil {
				t.Fatal(err)
			}
			g := res.Graph
			graphs = append(graphs, g)
			// The loop's apply has the providers as receivers, not Other,
			// a Plugin made elsewhere.
			want := []string{"svc/Main$Lower.apply(Ljava/lang/String;)Ljava/lang/String;", "svc/Main$Upper.apply(Ljava/lang/String;)Ljava/lang/String;"}
			if modules {
				want = slices.Insert(want, 1, "svc/Main$Made.apply(Ljava/lang/String;)Ljava/lang/String;")
			}
			var got []string
			for _, s := range g.Sites {
				if s.Caller.Key() == "svc/Main.main([Ljava/lang/String;)V" && s.Ref == apply {
					for _, t := range s.Targets {
						got = append(got, t.Key())
					}
				}
			}
			if !slices.Equal(got, want) {
				t.Errorf("%s, module providers %v: apply's targets %q, want %q", g.Analysis, modules, got, want)
			}
			var services []string
			for _, u := range g.Unmodelled {
				if strings.HasPrefix(u.Reason, "ServiceLoader") && strings.HasPrefix(u.Method.Key(), "svc/") {
					services = append(services, u.Method.Key()+": "+u.Reason)
				}
			}
			if want := []string{"svc/Main.main([Ljava/lang/String;)V: ServiceLoader: the service is not a class literal"}; !slices.Equal(services, want) {
				t.Errorf("%s: the program's unmodelled services %q, want %q (the field's, not the wrapper's)", g.Analysis, services, want)
			}
		}
		r, c := classGraphs(t, p, roots)
		for _, g := range append(graphs, r, c) {
			for _, k := range []string{upper, lower, rot, wrapped} {
				if !reachedKey(g, k) {
					t.Errorf("%s: %s not reached", g.Analysis, k)
				}
			}
			for _, k := range []string{never, fielded} {
				if reachedKey(g, k) {
					t.Errorf("%s: %s reached, but no class literal requests its service", g.Analysis, k)
				}
			}
			if reachedKey(g, factory) != modules || reachedKey(g, zipfs) != modules {
				t.Errorf("%s, module providers %v: provider() reached %v, the zip file system's constructor %v",
					g.Analysis, modules, reachedKey(g, factory), reachedKey(g, zipfs))
			}
		}
	}
}

// classGraphs returns the RTA and CHA call graphs of p from roots.
func classGraphs(t *testing.T, p *link.Program, roots []*hierarchy.Method) (rtaGraph, chaGraph *callgraph.Graph) {
	t.Helper()
	r, err := rta.Analyze(p, roots, rta.Options{})
	if err != nil {
		t.Fatal(err)
	}
	c, err := cha.CallGraph(p, roots, cha.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return r, c
}
