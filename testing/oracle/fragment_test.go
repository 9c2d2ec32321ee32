package oracle

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rules-fragment/rules_fragment/tools/analysis/cha"
	"github.com/rules-fragment/rules_fragment/tools/analysis/rta"
	"github.com/rules-fragment/rules_fragment/tools/callgraph"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/link"
	"github.com/rules-fragment/rules_fragment/tools/report"
)

// fragmentCase is a library analysed as a fragment, its dependencies
// (jars, each with its summary), and real programs that use it.
type fragmentCase struct {
	name    string
	lib     string
	deps    []string
	clients []program // client jar and the rest of its class path (lib and deps included)
}

// TestFragmentCoversClients checks library-fragment mode two ways:
//
//   - equality: the fragment analysed against its dependencies' summaries
//     gives the same results as against their jars;
//   - safety (research/seed-000-003.md §7.4 and §10 item 5): for each real
//     client, every library method reached in the whole program is reached
//     in the fragment, and at each of its call sites every receiver class
//     and target method of the whole program is in the fragment's RC and
//     TM, where a client class or method must be stood for by a
//     placeholder client class.
func TestFragmentCoversClients(t *testing.T) {
	jdk := jdkSummary(t)
	j := "/usr/share/java/"
	cases := []fragmentCase{{
		name: "cup_runtime", lib: j + "cup_runtime.jar",
		clients: []program{
			{"jflex", j + "jflex.jar", []string{j + "cup.jar", j + "cup_runtime.jar"}},
			{"cup", j + "cup.jar", []string{j + "cup_runtime.jar"}},
		},
	}}
	if layered := buildLayered(t); layered != "" {
		a, b, c := filepath.Join(layered, "liba.jar"), filepath.Join(layered, "libb.jar"), filepath.Join(layered, "client.jar")
		cases = append(cases,
			fragmentCase{name: "liba", lib: a, deps: []string{b}, clients: []program{{"client", c, []string{a, b}}}},
			fragmentCase{name: "libb", lib: b, clients: []program{{"client", c, []string{a, b}}}})
	}
	for _, fc := range cases {
		t.Run(fc.name, func(t *testing.T) {
			for _, f := range append([]string{fc.lib}, fc.deps...) {
				if _, err := os.Stat(f); err != nil {
					t.Skipf("SKIP: %s not installed (Debian package; .ci/run installs it)", f)
				}
			}
			sums := []string{jdk}
			for i := len(fc.deps) - 1; i >= 0; i-- {
				s := filepath.Join(tmp, fc.name+"-dep"+filepath.Base(fc.deps[i])+".rfsum")
				if err := summarize(s, filepath.Base(fc.deps[i]), []string{fc.deps[i]}, sums, 0); err != nil {
					t.Fatal(err)
				}
				sums = append([]string{s}, sums...)
			}
			frag := fragmentRun(t, link.Options{Client: []string{fc.lib}, Summaries: sums})
			fragJars := fragmentRun(t, link.Options{Client: []string{fc.lib}, Libraries: fc.deps, Summaries: []string{jdk}})
			for i, a := range frag {
				ja, _ := json.Marshal(a)
				jb, _ := json.Marshal(fragJars[i])
				if !bytes.Equal(ja, jb) {
					t.Errorf("%s %s fragment: summaries differ from jars:\n%s", fc.name, a.Analysis, firstDifference(a, fragJars[i]))
				}
			}
			libClasses := classNames(t, fc.lib)
			for _, cl := range fc.clients {
				// Classes on the client's class path beyond the library and
				// its dependencies are client code.
				clientClasses := map[string]bool{}
				for _, jar := range append([]string{cl.client}, cl.libs...) {
					if jar != fc.lib && !slices.Contains(fc.deps, jar) {
						maps.Copy(clientClasses, classNames(t, jar))
					}
				}
				for c := range libClasses { // Debian's cup.jar bundles the runtime
					delete(clientClasses, c)
				}
				// Classes missing from the class path that client code names
				// are client code too (jflex's Ant task extends one).
				whole, phantoms := wholeRun(t, link.Options{Client: []string{cl.client}, Libraries: cl.libs, Summaries: []string{jdk}}, libClasses)
				maps.Copy(clientClasses, phantoms)
				for i, w := range whole {
					problems, checked := covers(w, frag[i], clientClasses)
					for k, p := range problems {
						if k == 10 {
							t.Errorf("… %d more", len(problems)-10)
							break
						}
						t.Errorf("%s with client %s, %s: %s", fc.name, cl.name, w.Analysis, p)
					}
					if checked == 0 {
						t.Errorf("%s with client %s, %s: the client reaches no library method", fc.name, cl.name, w.Analysis)
					}
					t.Logf("COUNT fragment %s %s covers client %s: %d library methods and their sites checked; fragment reaches %d library methods, %d polymorphic sites (mean |RC| %.2f, |TM| %.2f)",
						fc.name, w.Analysis, cl.name, checked, frag[i].Totals.ScopeMethods, frag[i].Totals.PolymorphicSites, frag[i].Totals.MeanRC, frag[i].Totals.MeanTM)
				}
			}
		})
	}
}

// fragmentRun analyses a library fragment (CHA, RTA), reporting the
// library's methods.
func fragmentRun(t *testing.T, opts link.Options) []*report.Analysis {
	t.Helper()
	opts.Fragment = &link.Placeholders{}
	opts.Release = 17
	p, err := link.Load(opts)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	return runBoth(t, p, []*hierarchy.Method{p.FragmentMain}, p.IsClient)
}

// wholeRun analyses a whole program from its main methods, reporting the
// methods of the named classes (lambda classes go with their hosts), and
// returns the phantom classes.
func wholeRun(t *testing.T, opts link.Options, classes map[string]bool) ([]*report.Analysis, map[string]bool) {
	t.Helper()
	opts.Release = 17
	p, err := link.Load(opts)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	res := runBoth(t, p, p.MainMethods(), func(c *hierarchy.Class) bool { return classes[hostOf(c.Name)] })
	phantoms := map[string]bool{}
	for _, c := range p.Hierarchy.Classes() {
		if c.Phantom {
			phantoms[c.Name] = true
		}
	}
	return res, phantoms
}

func runBoth(t *testing.T, p *link.Program, roots []*hierarchy.Method, scope func(*hierarchy.Class) bool) []*report.Analysis {
	t.Helper()
	var out []*report.Analysis
	for _, run := range []func(*link.Program, []*hierarchy.Method, cha.Options) (*callgraph.Graph, error){cha.CallGraph, rta.Analyze} {
		g, err := run(p, roots, cha.Options{})
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, report.Build(g, scope))
	}
	return out
}

// covers lists where fragment result f fails to cover whole-program result
// w (both restricted to the library's methods); client classes and
// methods in w must be stood for by placeholder classes in f.
func covers(w, f *report.Analysis, client map[string]bool) (problems []string, checked int) {
	fm := map[string]*report.Method{}
	for _, m := range f.Methods {
		fm[m.Method] = m
	}
	isClient := func(x string) bool {
		if i := strings.IndexByte(x, '('); i >= 0 { // a method key
			x = x[:strings.LastIndexByte(x[:i], '.')]
		}
		return client[hostOf(x)]
	}
	for _, m := range w.Methods {
		checked++
		g := fm[m.Method]
		if g == nil {
			problems = append(problems, "library method not reached: "+m.Method)
			continue
		}
		sites := map[int32]*report.Site{}
		for _, s := range g.Sites {
			sites[s.Site] = s
		}
		for _, s := range m.Sites {
			fs := sites[s.Site]
			if fs == nil {
				problems = append(problems, "call site missing: "+m.Method)
				continue
			}
			for _, pair := range [][2][]string{{s.RC, fs.RC}, {s.TM, fs.TM}} {
				have := map[string]bool{}
				placeholder := false
				for _, x := range pair[1] {
					have[x] = true
					placeholder = placeholder || strings.HasPrefix(x, "fragment$")
				}
				for _, x := range pair[0] {
					if isClient(x) {
						if !placeholder {
							problems = append(problems, "no placeholder stands for client "+x+" at "+m.Method+" @"+itoa(s.Site))
						}
					} else if !have[x] {
						problems = append(problems, "missing "+x+" at "+m.Method+" @"+itoa(s.Site))
					}
				}
			}
		}
	}
	return problems, checked
}

// classNames lists the classes of a jar.
func classNames(t *testing.T, jar string) map[string]bool {
	t.Helper()
	z, err := zip.OpenReader(jar)
	if err != nil {
		t.Fatal(err)
	}
	defer z.Close()
	out := map[string]bool{}
	for _, f := range z.File {
		if n, ok := strings.CutSuffix(f.Name, ".class"); ok && !strings.HasSuffix(n, "module-info") {
			out[strings.TrimPrefix(n, "/")] = true
		}
	}
	return out
}

// hostOf maps a lambda class to the class whose code created it.
func hostOf(name string) string {
	if i := strings.Index(name, "$$Lambda$"); i >= 0 {
		return name[:i]
	}
	return name
}

func itoa(i int32) string { b, _ := json.Marshal(i); return string(b) }
