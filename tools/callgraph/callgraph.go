// Package callgraph is the result of the class analyses (CHA, RTA and, in
// later work, 0-CFA/Andersen): the reachable methods and, per call site of
// a reachable method, its target methods (TM) and, for virtual and
// interface calls, its receiver classes (RC) — the polymorphism coverage
// requirements of research/seed-002-004.md §1.1.
package callgraph

import (
	"cmp"
	"slices"
	"strings"

	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
)

// SiteKind is how a call site dispatches.
type SiteKind uint8

// Site kinds.
const (
	Virtual   SiteKind = iota // invokevirtual
	Interface                 // invokeinterface
	Special                   // invokespecial
	Static                    // invokestatic
	Concat                    // string concatenation: toString() of each object argument
	Dynamic                   // invokedynamic not lowered by the IR (not modelled)
)

var kindNames = [...]string{"virtual", "interface", "special", "static", "concat", "dynamic"}

func (k SiteKind) String() string { return kindNames[k] }

// IsDispatched reports whether the site selects its target by receiver class.
func (k SiteKind) IsDispatched() bool { return k == Virtual || k == Interface || k == Concat }

// Site is a call site of a reachable method.
type Site struct {
	Caller *hierarchy.Method
	ID     int32 // call-site id (bytecode offset)
	Line   int32
	Kind   SiteKind
	Ref    string            // the symbolic reference "C.m(desc)" as written in the bytecode
	Callee *hierarchy.Method // the resolved method, nil if resolution failed
	// Error says why resolution failed (a JVM error name and detail).
	Error string
	// Receivers (RC) and Targets (TM), each sorted by name. Sites with
	// the same static type and resolved method share the slices: do not
	// modify them.
	Receivers []*hierarchy.Class
	Targets   []*hierarchy.Method
}

// Polymorphic reports whether the site has more than one receiver class.
func (s *Site) Polymorphic() bool { return len(s.Receivers) > 1 }

// Graph is a call graph.
type Graph struct {
	Analysis  string
	Roots     []*hierarchy.Method
	Reachable []*hierarchy.Method // sorted by Key
	Sites     []*Site             // sorted by caller Key, then ID
	// Instantiated lists the classes the analysis considers allocated
	// (RTA), sorted by name; nil for CHA.
	Instantiated []*hierarchy.Class
	// Unmodelled lists what a points-to analysis reached but does not
	// model (native methods that return references, reflective calls it
	// cannot resolve), sorted by method key, site and reason.
	Unmodelled []Unmodelled
}

// Unmodelled is a method, or a call site in it (Site >= 0), whose effect
// on points-to sets the analysis does not model.
type Unmodelled struct {
	Method *hierarchy.Method
	Site   int32 // -1: the method itself (a native method)
	Reason string
}

// SortUnmodelled orders u by method key, site and reason, dropping
// repeats.
func SortUnmodelled(u []Unmodelled) []Unmodelled {
	slices.SortFunc(u, func(a, b Unmodelled) int {
		return cmp.Or(cmp.Compare(a.Method.Key(), b.Method.Key()), cmp.Compare(a.Site, b.Site), cmp.Compare(a.Reason, b.Reason))
	})
	return slices.CompactFunc(u, func(a, b Unmodelled) bool { return a.Method == b.Method && a.Site == b.Site && a.Reason == b.Reason })
}

// SortMethods orders methods by Key: names, not ids, so that orders agree
// between programs whose hierarchies number classes differently. Keys are
// compared piece by piece (CompareKeys), without making them: a CHA graph
// reaches 150 k methods.
func SortMethods(ms []*hierarchy.Method) { sortMethods(ms, 0) }

// sortMethods is SortMethods for ms whose first sorted are in order.
func sortMethods(ms []*hierarchy.Method, sorted int) {
	// Keys name methods uniquely; ids only make the order total.
	if len(ms)-sorted > 64 { // ranking the classes pays for itself
		if o, ok := newKeyOrder(ms); ok {
			o.sort(ms, sorted)
			return
		}
	}
	sortFunc(ms, sorted, func(a, b *hierarchy.Method) int { return cmp.Or(CompareKeys(a, b), cmp.Compare(a.ID, b.ID)) })
}

// SortClasses orders classes by name.
func SortClasses(cs []*hierarchy.Class) { sortClasses(cs, 0) }

func sortClasses(cs []*hierarchy.Class, sorted int) {
	sortFunc(cs, sorted, func(a, b *hierarchy.Class) int { return cmp.Compare(a.Name, b.Name) })
}

// CompareKeys compares a.Key() and b.Key() (class name, ".", name,
// descriptor) without concatenating them.
func CompareKeys(a, b *hierarchy.Method) int {
	if a.Class == b.Class { // the keys differ after the class name
		if a.Name == b.Name {
			return strings.Compare(a.Desc, b.Desc)
		}
		if c := strings.Compare(a.Name, b.Name); !strings.HasPrefix(a.Name, b.Name) && !strings.HasPrefix(b.Name, a.Name) {
			return c
		}
		return compareJoined([]string{a.Name, a.Desc}, []string{b.Name, b.Desc})
	}
	return compareJoined([]string{a.Class.Name, ".", a.Name, a.Desc}, []string{b.Class.Name, ".", b.Name, b.Desc})
}

// compareJoined compares the concatenations of x and y.
func compareJoined(x, y []string) int {
	i, j := 0, 0 // segments
	p, q := 0, 0 // offsets in them
	for {
		for i < len(x) && p == len(x[i]) {
			i, p = i+1, 0
		}
		for j < len(y) && q == len(y[j]) {
			j, q = j+1, 0
		}
		switch {
		case i == len(x) && j == len(y):
			return 0
		case i == len(x):
			return -1
		case j == len(y):
			return 1
		}
		n := min(len(x[i])-p, len(y[j])-q)
		if c := strings.Compare(x[i][p:p+n], y[j][q:q+n]); c != 0 {
			return c
		}
		p, q = p+n, q+n
	}
}

// Sort puts the graph's lists into their documented order.
func (g *Graph) Sort() { g.SortAfter(0, 0) }

// SortAfter is Sort for a graph whose first reachable methods and
// instantiated classes are known to be in order, such as those a warm
// start restored: it does not compare them again (150 k methods for CHA
// over the JDK).
func (g *Graph) SortAfter(reachable, instantiated int) {
	sortMethods(g.Reachable, reachable)
	sortClasses(g.Instantiated, instantiated)
	// Sites by the rank of their caller, then by id: integer comparisons,
	// not names, as there are many more sites than methods. Ranks are
	// indexed by method id (dense in a hierarchy).
	var maxID int32
	for _, m := range g.Reachable {
		maxID = max(maxID, m.ID)
	}
	rank := make([]int32, maxID+1)
	for i, m := range g.Reachable {
		rank[m.ID] = int32(i)
	}
	// The position breaks ties (sites a native model adds share their
	// call's id): the order of a stable sort, from a faster unstable one.
	type ranked struct {
		caller, id, at int32
		s              *Site
	}
	rs := make([]ranked, len(g.Sites))
	for i, s := range g.Sites {
		r := int32(0) // no caller, or one not reached (none should be): as the first's
		if c := s.Caller; c != nil && c.ID >= 0 && c.ID <= maxID && len(g.Reachable) > 0 && g.Reachable[rank[c.ID]] == c {
			r = rank[c.ID]
		}
		rs[i] = ranked{r, s.ID, int32(i), s}
	}
	sortFunc(rs, 0, func(a, b ranked) int {
		return cmp.Or(cmp.Compare(a.caller, b.caller), cmp.Compare(a.id, b.id), cmp.Compare(a.at, b.at))
	})
	for i := range rs {
		g.Sites[i] = rs[i].s
	}
}
