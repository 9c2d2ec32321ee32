// Package report turns analysis results into the linker's outputs: a
// stable JSON document (schema in docs/RESULTS_FORMAT.md) and a readable
// text report. Everything is ordered by name, never by id or map order,
// so the same program gives the same bytes in every mode and on every
// machine.
package report

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/rules-fragment/rules_fragment/tools/callgraph"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/link"
)

// Schema is the version of the JSON result layout.
const Schema = 1

// Result is the linker's JSON document.
type Result struct {
	Schema   int      `json:"schema"`
	Producer string   `json:"producer"`
	Mode     string   `json:"mode"`
	Inputs   Inputs   `json:"inputs"`
	Roots    []string `json:"roots"`
	// Placeholders counts the placeholder code of library-fragment mode.
	Placeholders *link.FragmentStats `json:"placeholders,omitempty"`
	Analyses     []*Analysis         `json:"analyses"`
	// Checks are the verdicts of the checks asked for (tools/check).
	Checks []CheckResult `json:"checks,omitempty"`
	// Sources maps the classes of the methods in scope to their class
	// files' SourceFile attribute ("Main.java"), where they have one, for
	// the SARIF log (linker -sarif).
	Sources map[string]string `json:"-"`
}

// CheckResult is the verdict of one check on one analysis.
type CheckResult struct {
	Check    string   `json:"check"`
	Analysis string   `json:"analysis"`
	OK       bool     `json:"ok"`
	Value    float64  `json:"value"`
	Detail   []string `json:"detail,omitempty"`
	// Findings are the call sites a failed per-site check found, all of
	// them (Detail names the first few): the SARIF log's results.
	Findings []Finding `json:"-"`
}

// Finding is a call site that fails a check.
type Finding struct {
	Method     string // the caller's key
	Site, Line int32  // bytecode offset; source line, 0 if unknown
	Message    string // what is wrong there
}

// Inputs names what was linked (as given, so paths are the caller's).
type Inputs struct {
	Client    []string `json:"client"`
	Libraries []string `json:"libraries,omitempty"`
	Summaries []string `json:"summaries,omitempty"` // summarised targets
	// ReflectionLog is the reflection log the analyses resolved reflective
	// calls with (linker -reflection-log).
	ReflectionLog string `json:"reflection_log,omitempty"`
	// ModuleProviders is set when the ServiceLoader model also made the
	// providers modules declare (linker -module-providers).
	ModuleProviders bool `json:"module_providers,omitempty"`
}

// Analysis is one analysis' client-visible results.
type Analysis struct {
	Analysis string `json:"analysis"`
	Totals   Totals `json:"totals"`
	// Methods are the reachable methods in scope with their call sites.
	Methods []*Method `json:"methods"`
	// Unmodelled lists, for the points-to analyses, what the analysis
	// reached in the whole program but does not model: "M: reason" for a
	// native method, "M@site: reason" for a call site (callgraph.Graph).
	Unmodelled []string `json:"unmodelled,omitempty"`
	// ModRef (linker -modref) and PointsTo (linker -points-to) are the
	// set tables of the points-to analyses' MOD/USE sets and client
	// variables' points-to sets, which methods and sites refer to.
	ModRef   *ModRef   `json:"modref,omitempty"`
	PointsTo *PointsTo `json:"points_to,omitempty"`
}

// Totals are counts over the methods in scope, and over the whole program
// where named so.
type Totals struct {
	ReachableMethods        int     `json:"reachable_methods"`         // whole program
	InstantiatedClasses     int     `json:"instantiated_classes"`      // whole program (RTA)
	ScopeMethods            int     `json:"scope_methods"`             // reachable methods in scope
	CallSites               int     `json:"call_sites"`                // in scope
	CallEdges               int     `json:"call_edges"`                // in scope
	DispatchedSites         int     `json:"dispatched_sites"`          // virtual and interface sites in scope
	PolymorphicSites        int     `json:"polymorphic_sites"`         // with more than one receiver class
	MeanRC                  float64 `json:"mean_rc"`                   // over polymorphic sites
	MeanTM                  float64 `json:"mean_tm"`                   // over polymorphic sites
	UnresolvedSites         int     `json:"unresolved_sites"`          // resolution failed (JVM would throw)
	PhantomTargets          int     `json:"phantom_targets"`           // edges into classes that are not on the classpath
	UnmodelledDynamicSites  int     `json:"unmodelled_dynamic_sites"`  // invokedynamic other than lambdas and concatenation
	MonomorphicVirtualSites int     `json:"monomorphic_virtual_sites"` // dispatched sites with exactly one target
}

// Method is a reachable method and its call sites.
type Method struct {
	Method string `json:"method"`
	// Mod and Use index the sets of ModRef (with -modref).
	Mod *int `json:"mod,omitempty"`
	Use *int `json:"use,omitempty"`
	// PointsTo indexes the sets of PointsTo by variable (with -points-to).
	PointsTo []int   `json:"points_to,omitempty"`
	Sites    []*Site `json:"sites,omitempty"`

	m *hierarchy.Method
}

// Site is a call site with its coverage requirements.
type Site struct {
	Site  int32    `json:"site"`
	Line  int32    `json:"line,omitempty"`
	Kind  string   `json:"kind"`
	Ref   string   `json:"ref"`
	Error string   `json:"error,omitempty"`
	RC    []string `json:"rc,omitempty"`
	TM    []string `json:"tm"`
	// Mod and Use index the sets of ModRef (with -modref).
	Mod *int `json:"mod,omitempty"`
	Use *int `json:"use,omitempty"`

	s *callgraph.Site
}

// Polymorphic reports whether s is a virtual or interface call site with
// more than one receiver class, as Totals.PolymorphicSites counts them.
func (s *Site) Polymorphic() bool {
	return len(s.RC) > 1 && (s.Kind == "virtual" || s.Kind == "interface")
}

// SplitKey splits a method key "pkg/C.name(desc)" into its class and
// "name(desc)". Class names may contain '.' (hidden classes as JVMTI names
// them), method names may not; ok is false for anything else.
func SplitKey(key string) (class, method string, ok bool) {
	p := strings.IndexByte(key, '(')
	if p < 0 {
		return "", "", false
	}
	d := strings.LastIndexByte(key[:p], '.')
	if d < 0 {
		return "", "", false
	}
	return key[:d], key[d+1:], true
}

// Build summarises g for the methods whose class inScope accepts.
func Build(g *callgraph.Graph, inScope func(*hierarchy.Class) bool) *Analysis {
	a := &Analysis{Analysis: g.Analysis}
	t := &a.Totals
	t.ReachableMethods = len(g.Reachable)
	t.InstantiatedClasses = len(g.Instantiated)
	for _, u := range g.Unmodelled {
		x := u.Method.Key()
		if u.Site >= 0 {
			x += fmt.Sprintf("@%d", u.Site)
		}
		a.Unmodelled = append(a.Unmodelled, x+": "+u.Reason)
	}
	// One key string per method: a method is the target of many edges, and
	// the report holds its keys until written (millions in a JDK fragment).
	keys := map[*hierarchy.Method]string{}
	key := func(m *hierarchy.Method) string {
		k, ok := keys[m]
		if !ok {
			k = m.Key()
			keys[m] = k
		}
		return k
	}
	// Sites of one call key share their receiver and target lists
	// (callgraph.Site), and so do their reports: a JDK's Object.toString()
	// key has thousands of receivers.
	tms := sharedNames[*hierarchy.Method]{name: key}
	rcs := sharedNames[*hierarchy.Class]{name: func(c *hierarchy.Class) string { return c.Name }}
	byCaller := map[*hierarchy.Method]*Method{}
	for _, m := range g.Reachable {
		if inScope(m.Class) {
			rm := &Method{Method: key(m), m: m}
			byCaller[m] = rm
			a.Methods = append(a.Methods, rm)
		}
	}
	t.ScopeMethods = len(a.Methods)
	var rcSum, tmSum int
	for _, s := range g.Sites {
		rm := byCaller[s.Caller]
		if rm == nil {
			continue
		}
		rs := &Site{Site: s.ID, Line: s.Line, Kind: s.Kind.String(), Ref: s.Ref, Error: s.Error, TM: tms.of(s.Targets), s: s}
		for _, m := range s.Targets {
			if m.Phantom || m.Class.Phantom {
				t.PhantomTargets++
			}
		}
		if s.Kind.IsDispatched() {
			rs.RC = rcs.of(s.Receivers)
		}
		rm.Sites = append(rm.Sites, rs)
		t.CallSites++
		t.CallEdges += len(s.Targets)
		switch {
		case s.Kind == callgraph.Dynamic:
			t.UnmodelledDynamicSites++
		case s.Callee == nil:
			t.UnresolvedSites++
		}
		if s.Kind == callgraph.Virtual || s.Kind == callgraph.Interface {
			t.DispatchedSites++
			if len(s.Targets) == 1 {
				t.MonomorphicVirtualSites++
			}
			if s.Polymorphic() {
				t.PolymorphicSites++
				rcSum += len(s.Receivers)
				tmSum += len(s.Targets)
			}
		}
	}
	if t.PolymorphicSites > 0 {
		t.MeanRC = round3(float64(rcSum) / float64(t.PolymorphicSites))
		t.MeanTM = round3(float64(tmSum) / float64(t.PolymorphicSites))
	}
	return a
}

// sharedNames names the elements of lists, once per shared list.
type sharedNames[T any] struct {
	name func(T) string
	made map[sharedList[T]][]string
}

type sharedList[T any] struct {
	first *T
	n     int
}

// of returns the names of xs' elements, the same slice for the same long
// list (not to be modified); empty but not nil for an empty list.
func (s *sharedNames[T]) of(xs []T) []string {
	shared := len(xs) >= 8 // short lists cost less than looking them up
	var k sharedList[T]
	if shared {
		k = sharedList[T]{&xs[0], len(xs)}
		if out, ok := s.made[k]; ok {
			return out
		}
	}
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = s.name(x)
	}
	if shared {
		if s.made == nil {
			s.made = map[sharedList[T]][]string{}
		}
		s.made[k] = out
	}
	return out
}

func round3(x float64) float64 {
	return float64(int64(x*1000+0.5)) / 1000
}

// maxTextSites bounds the polymorphic sites listed per analysis in the text
// report; the JSON has all of them.
const maxTextSites = 12

// WriteText writes a readable report: totals per analysis, then each
// polymorphic call site in scope with its receiver classes and targets.
func WriteText(w io.Writer, r *Result) error {
	var b strings.Builder
	fmt.Fprintf(&b, "mode: %s\n", r.Mode)
	fmt.Fprintf(&b, "roots: %d (%s)\n", len(r.Roots), strings.Join(firstN(r.Roots, 3), ", "))
	if p := r.Placeholders; p != nil {
		fmt.Fprintf(&b, "placeholders: %d client classes (%d methods), %d calls, %d allocations, %d field accesses; %d dependency supertypes\n",
			p.Subclasses, p.Overrides, p.Calls, p.Allocations, p.FieldAccess, p.Dependencies)
	}
	for _, a := range r.Analyses {
		t := a.Totals
		fmt.Fprintf(&b, "\n== %s\n", a.Analysis)
		fmt.Fprintf(&b, "reachable methods: %d (in scope: %d)\n", t.ReachableMethods, t.ScopeMethods)
		if t.InstantiatedClasses > 0 {
			fmt.Fprintf(&b, "instantiated classes: %d\n", t.InstantiatedClasses)
		}
		fmt.Fprintf(&b, "call sites in scope: %d, edges: %d, virtual/interface: %d (monomorphic %d)\n",
			t.CallSites, t.CallEdges, t.DispatchedSites, t.MonomorphicVirtualSites)
		fmt.Fprintf(&b, "polymorphic sites: %d, mean |RC| %.3f, mean |TM| %.3f\n", t.PolymorphicSites, t.MeanRC, t.MeanTM)
		fmt.Fprintf(&b, "unresolved sites: %d, phantom targets: %d, unmodelled invokedynamic: %d\n",
			t.UnresolvedSites, t.PhantomTargets, t.UnmodelledDynamicSites)
		if len(a.Unmodelled) > 0 {
			fmt.Fprintf(&b, "unmodelled natives and reflective sites (whole program): %d\n", len(a.Unmodelled))
		}
		shown := 0
		for _, m := range a.Methods {
			for _, s := range m.Sites {
				if !s.Polymorphic() {
					continue
				}
				if shown++; shown > maxTextSites {
					continue
				} else if shown == 1 {
					fmt.Fprintf(&b, "polymorphic sites in scope (receiver classes RC, target methods TM):\n")
				}
				fmt.Fprintf(&b, "  %s @%d (line %d) %s: RC %d {%s} TM %d {%s}\n", m.Method, s.Site, s.Line, s.Ref,
					len(s.RC), strings.Join(firstN(s.RC, 4), ", "), len(s.TM), strings.Join(firstN(s.TM, 3), ", "))
			}
		}
		if shown > maxTextSites {
			fmt.Fprintf(&b, "  … %d more polymorphic sites (all of them are in the JSON result)\n", shown-maxTextSites)
		}
		if m := a.ModRef; m != nil {
			t := m.Totals
			fmt.Fprintf(&b, "mod/use: %d locations accessed, %d named in scope (%d distinct sets)\n", t.Locations, t.Named, t.Sets)
			fmt.Fprintf(&b, "  methods in scope: mean |MOD| %.1f, |USE| %.1f (max %d, %d); sites in scope: mean |MOD| %.1f, |USE| %.1f\n",
				t.MeanMod, t.MeanUse, t.MaxMod, t.MaxUse, t.SiteMeanMod, t.SiteMeanUse)
		}
		if p := a.PointsTo; p != nil {
			t := p.Totals
			fmt.Fprintf(&b, "points-to: %d objects, %d variables in scope: mean |pts| %.1f (max %d), %d objects named (%d distinct sets)\n",
				t.Objects, t.Variables, t.MeanSize, t.MaxSize, t.Named, t.Sets)
		}
	}
	if len(r.Checks) > 0 {
		fmt.Fprintf(&b, "\n== checks\n")
		for _, c := range r.Checks {
			verdict := "PASS"
			if !c.OK {
				verdict = "FAIL"
			}
			fmt.Fprintf(&b, "%s %s (%s)\n", verdict, c.Check, c.Analysis)
			for _, d := range c.Detail {
				fmt.Fprintf(&b, "  %s\n", d)
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func firstN(xs []string, n int) []string {
	if len(xs) <= n {
		return xs
	}
	return append(slices.Clone(xs[:n]), fmt.Sprintf("… %d more", len(xs)-n))
}
