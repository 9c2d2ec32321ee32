// Package modref is MOD/USE (side-effect) analysis for Java over a solved
// points-to analysis (package pointsto): for every reached method and
// every call site, the abstract locations it may write (MOD) and read
// (USE), directly or through the methods it calls. It is the
// whole-program MOD analysis of research/seed-000-003.md §4 ([T] §3.1.3,
// Fig. 3.3), with USE computed the same way ("essentially identical",
// §4), transposed to Java; run on placeholder code it is the fragment MOD
// of §5 ([T] §3.2), and on client + summaries it gives the client-visible
// MOD of §6 ([T] §3.3), which must equal the whole-program one (the
// equality oracle, testing/oracle, checks it).
//
// Locations. Java has no pointers to variables, so the locations are the
// heap's and the statics': a field of an abstract object ("O.f"), the
// elements of an abstract array object ("O[]", all elements one location,
// as in the points-to analysis), and a static field. Objects are those
// of the points-to result (an allocation site for AND_f, a class for
// 0-CFA_f), so the sets are as precise as the points-to sets.
//
// Direct effects (§4 step 2). A store b.f = v writes O.f for every object
// O of b's points-to set whose class has field f; a load reads it; array
// stores and loads write and read O[] for the array objects of b; static
// stores and loads write and read the static field. Primitive accesses
// count (the summary keeps them; docs/SUMMARY_FORMAT.md). The native
// methods the points-to analysis models have the effects of their models,
// charged to the call site that reaches them: System.arraycopy reads the
// source's and writes the destination's elements; Object.clone reads every
// field (or the elements) of its receiver objects and writes them too,
// since the copy is abstracted by the receiver's objects as in points-to;
// System.setIn0/setOut0/setErr0 write System.in/out/err; VarHandle access
// modes read and write the fields points-to takes for them; the natives of
// jdk.internal.misc.Unsafe read or write every field (the elements, for
// arrays) of the objects of their Object argument, the offset not being
// tracked (points-to models only their reference accesses on arrays);
// the calls a native method makes (reach.ImplicitCalls: Thread.start0
// runs run() on its receiver) are calls of the site, dispatched on the
// receiver's objects. Other native methods have no effects (not
// modelled, as in points-to; their list is the points-to call graph's
// Unmodelled). A reflection log's entries (pointsto.Options.Log) act at
// their calls as points-to applies them (reflog.go): the logged method or
// constructor is a callee of the site, a logged field is read or written.
//
// Calls (§4 step 3). The call graph is the points-to result's (its
// targets per site; a call on dynamic proxies lists their handlers'
// invoke, pointsto/proxy.go; ObjectStreamClass's Method.invoke calls list
// serialization's callbacks, pointsto/serial.go), plus the implicit calls above, plus class
// initialisation: a statement that initialises a class (new, a static
// field access, a static call; JVMS §5.5) may run its <clinit> and those
// of its superclasses and of superinterfaces declaring default methods,
// as the points-to analysis runs them — except those of the class whose
// code runs and of its supertypes, whose initialisation has started
// already. MOD and USE of a method are its direct effects and those of
// everything it may call, computed bottom-up over the strongly connected
// components of the call graph (Tarjan, in the deterministic order of the
// methods' keys and the sites' ids): the members of a component share one
// set. A call site's sets are the union of its targets' (and implicit
// callees') sets and the effects of the native models it reaches.
//
// Filters (§4). The seed's active filter removes non-static locals whose
// lifetime has ended; Java locations are never locals, so every location
// is active. Its accessible filter keeps, of what a call's targets may
// modify or read, only what the caller can reach through the actuals or
// globals: here the static fields and the fields and elements of the
// objects that a static field or an actual (receiver, reference
// arguments) reaches through the fields and elements of the points-to
// result. What it drops are objects the callees allocate (the JVM cannot
// have written their fields before they existed) and objects only the
// caller's other variables hold. The objects static fields reach are
// computed once, and per call only those outside them that its actuals
// reach. The filter applies to every call site's sets and to each call
// from one component to another; within a component the members share
// one unfiltered set (a superset, as if no filter applied there). Class
// initialisation calls have no actuals; the placeholder code of library
// fragments calls unfiltered. On the five programs of testing/oracle it
// makes client methods' MOD sets 15–20% smaller with AND_f (JFlex: 1%).
//
// Library fragments (§5). In library-fragment mode (link.Placeholders)
// the placeholder main performs everything a client may do (API calls,
// reads and writes of API fields and array elements) and every object a
// client holds, and every client variable, is the placeholder static
// field fragment$main/Main.ph — the seed's global ph_var, which passes
// both filters (everything a client holds is reachable from it, so the
// accessible filter never drops client data). The placeholder client classes' methods stand for client
// code called back from the library; the seed's single ph_proc contains
// every client statement, so here each placeholder method also calls the
// placeholder main: a library call that may call back into the client may
// do whatever a client does. The library's MOD sets then answer §5.3's
// questions: a library statement may modify client data when its MOD
// names the placeholder static or an object the placeholder code
// allocates.
//
// Results are deterministic: location ids are dense and assigned in a
// deterministic order, and names (Name, Names) sort the same in every
// mode. Sets are sparse bitsets (golang.org/x/tools/container/intsets).
package modref

import (
	"cmp"
	"encoding/binary"
	"slices"
	"strings"

	"golang.org/x/tools/container/intsets"

	"github.com/rules-fragment/rules_fragment/tools/analysis/internal/reach"
	"github.com/rules-fragment/rules_fragment/tools/analysis/pointsto"
	"github.com/rules-fragment/rules_fragment/tools/callgraph"
	"github.com/rules-fragment/rules_fragment/tools/classfile"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/link"
	"github.com/rules-fragment/rules_fragment/tools/reflog"
	"github.com/rules-fragment/rules_fragment/tools/summary"
)

// Location is an abstract memory location.
type Location struct {
	// Object is the points-to result's abstract object owning the field or
	// elements; -1 for a static field.
	Object int
	// Field is the instance or static field; nil for the elements of the
	// array object Object.
	Field *hierarchy.Field
}

// Result is the MOD/USE solution of one points-to result. Its methods
// cache names and filtered sets: do not use one Result concurrently.
type Result struct {
	PointsTo *pointsto.Result

	locs     []Location
	names    []string // by location id, made on demand
	objNames []string // by object id, made on demand

	nodes []node
	index map[int32]int32 // method id → node
	sites map[*callgraph.Site]*siteInfo

	// The accessible filter: inaccessible holds the locations of the
	// objects no static field reaches; a call may reach those of them
	// that its actuals reach, reachable[f] for its filter f.
	inaccessible *intsets.Sparse
	reachable    []*intsets.Sparse
	stripped     map[*intsets.Sparse]*intsets.Sparse // accessible(set, f) for filters without reachable
	unions       map[string][2]*intsets.Sparse       // calleeSets by list of nodes
	calleeBuf    []int32
}

// node is a reached method: its transitive sets (shared by the members of
// its component, and with a callee's when they are equal).
type node struct {
	m        *hierarchy.Method
	mod, use *intsets.Sparse
}

// siteInfo is what a call site adds to its targets' sets: implicit callees
// and the effects of native models.
type siteInfo struct {
	callees  []int32
	filter   int32           // its accessible filter, -1 for none
	mod, use *intsets.Sparse // nil if empty
	// location ids of the native models' effects while collecting
	modIDs, useIDs []int32
}

// Method returns the MOD and USE sets of reached method m (location
// ids), nil if m is not reached. The sets are shared: do not modify them.
func (r *Result) Method(m *hierarchy.Method) (mod, use *intsets.Sparse) {
	i, ok := r.index[m.ID]
	if !ok {
		return nil, nil
	}
	return r.nodes[i].mod, r.nodes[i].use
}

// Site returns the MOD and USE sets of call site s of the points-to call
// graph (nil for a site whose caller is not reached). The sets may be
// shared: do not modify them.
func (r *Result) Site(s *callgraph.Site) (mod, use *intsets.Sparse) {
	if _, ok := r.index[s.Caller.ID]; !ok {
		return nil, nil
	}
	is := r.calleeBuf[:0]
	for _, t := range s.Targets {
		if i, ok := r.index[t.ID]; ok {
			is = append(is, i)
		}
	}
	x := r.sites[s]
	if x != nil {
		is = append(is, x.callees...)
	}
	r.calleeBuf = is
	mod, use = r.calleeSets(is)
	var scratch intsets.Sparse
	if x != nil {
		if x.filter >= 0 {
			mod, use = r.accessible(mod, x.filter), r.accessible(use, x.filter)
		}
		if x.mod != nil {
			mod = union([]*intsets.Sparse{mod, x.mod}, &scratch)
		}
		if x.use != nil {
			use = union([]*intsets.Sparse{use, x.use}, &scratch)
		}
	}
	return mod, use
}

// calleeSets returns the unions of the MOD and USE sets of nodes is
// (sorted in place), remembered per list of nodes: sites of one resolved
// method and static type have the same targets, and making the unions of
// large sets again for each was most of the time of a library fragment's
// report.
func (r *Result) calleeSets(is []int32) (mod, use *intsets.Sparse) {
	slices.Sort(is)
	is = slices.Compact(is)
	key := make([]byte, 0, 4*len(is))
	for _, i := range is {
		key = binary.LittleEndian.AppendUint32(key, uint32(i))
	}
	if u, ok := r.unions[string(key)]; ok {
		return u[0], u[1]
	}
	mods, uses := make([]*intsets.Sparse, len(is)), make([]*intsets.Sparse, len(is))
	for k, i := range is {
		mods[k], uses[k] = r.nodes[i].mod, r.nodes[i].use
	}
	var scratch intsets.Sparse
	mod, use = union(mods, &scratch), union(uses, &scratch)
	if r.unions == nil {
		r.unions = map[string][2]*intsets.Sparse{}
	}
	r.unions[string(key)] = [2]*intsets.Sparse{mod, use}
	return mod, use
}

// accessible returns the locations of set that a call with filter f can
// access: set itself if it has none of the inaccessible ones.
func (r *Result) accessible(set *intsets.Sparse, f int32) *intsets.Sparse {
	extra := r.reachable[f]
	if extra == nil {
		if out, ok := r.stripped[set]; ok {
			return out
		}
	}
	out := set
	if set.Intersects(r.inaccessible) {
		out = new(intsets.Sparse)
		out.Difference(set, r.inaccessible)
		if extra != nil {
			if part := intersection(set, extra); part != nil {
				out.UnionWith(part)
			}
		}
	}
	if extra == nil {
		r.stripped[set] = out
	}
	return out
}

// sparseOf returns the set of ids. Sparse.Insert scans the set's blocks
// from the first, so ids go in in decreasing order (each at the front).
func sparseOf(ids []int32) *intsets.Sparse {
	slices.SortFunc(ids, func(x, y int32) int { return cmp.Compare(y, x) })
	s := new(intsets.Sparse)
	for _, id := range ids {
		s.Insert(int(id))
	}
	return s
}

// NumLocations is the number of locations; ids are 0..NumLocations-1.
func (r *Result) NumLocations() int { return len(r.locs) }

// Location returns location id.
func (r *Result) Location(id int) Location { return r.locs[id] }

// Name names location id stably across modes: "static F" for a static
// field, "O.F" for field F of object O and "O[]" for the elements of array
// object O, where F is hierarchy.Field.Key and O pointsto.Object.String.
func (r *Result) Name(id int) string {
	if r.names == nil {
		r.names = make([]string, len(r.locs))
	}
	if s := r.names[id]; s != "" {
		return s
	}
	l := r.locs[id]
	var s string
	switch {
	case l.Object < 0:
		s = "static " + l.Field.Key()
	case l.Field == nil:
		s = r.objectName(l.Object) + "[]"
	default:
		s = r.objectName(l.Object) + "." + l.Field.Key()
	}
	r.names[id] = s
	return s
}

func (r *Result) objectName(o int) string {
	if r.objNames == nil {
		r.objNames = make([]string, r.PointsTo.NumObjects())
	}
	if r.objNames[o] == "" {
		r.objNames[o] = r.PointsTo.Object(o).String()
	}
	return r.objNames[o]
}

// Names returns the names of locations ids, sorted.
func (r *Result) Names(ids []int) []string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = r.Name(id)
	}
	slices.Sort(out)
	return out
}

// locKey identifies a location while collecting: (object, field id) with
// object -1 for statics and field pointsto.ArrayElement for elements.
type locKey struct{ obj, field int32 }

// analysis is the state of one Analyze call.
type analysis struct {
	p        *link.Program
	h        *hierarchy.Hierarchy
	pt       *pointsto.Result
	sym      *reach.Symbols
	r        *Result
	ids      map[locKey]int32 // first-sight location ids
	keys     []locKey
	fields   map[int32]*hierarchy.Field
	compat   map[[2]int32]bool            // (object class, field class) → the class has the field
	inits    map[int32][]int32            // class id → nodes of the initialisers it runs
	fieldsOf map[int32][]*hierarchy.Field // class id → its instance fields, inherited included

	localMod, localUse [][]int32 // per node, first-sight ids
	succ               [][]edge  // per node, its calls
	filters            []filter  // accessible filters of calls; 0: no actuals
	// The reflection log's entries at the calls of the body being read
	// (logSites).
	logAt map[*summary.Stmt][]*reflog.Entry
}

// edge is a call of node to; filter is the call's accessible filter, -1
// for none (every location passes).
type edge struct{ to, filter int32 }

// filter is the accessible filter of a call: the variables of method m
// that are its actuals (receiver and arguments).
type filter struct {
	m    *hierarchy.Method
	vars []int32
}

// Analyze computes MOD and USE of p's reached methods and call sites from
// points-to result r (of the same program).
func Analyze(p *link.Program, r *pointsto.Result) (*Result, error) {
	g := r.Graph
	res := &Result{PointsTo: r, index: make(map[int32]int32, len(g.Reachable)), sites: map[*callgraph.Site]*siteInfo{}}
	a := &analysis{p: p, h: p.Hierarchy, pt: r, sym: reach.NewSymbols(p), r: res, ids: map[locKey]int32{},
		fields: map[int32]*hierarchy.Field{}, compat: map[[2]int32]bool{}, inits: map[int32][]int32{},
		fieldsOf: map[int32][]*hierarchy.Field{}}
	res.nodes = make([]node, len(g.Reachable))
	for i, m := range g.Reachable {
		res.nodes[i].m = m
		res.index[m.ID] = int32(i)
	}
	n := len(res.nodes)
	a.localMod, a.localUse, a.succ = make([][]int32, n), make([][]int32, n), make([][]edge, n)
	a.filters = []filter{{}}
	byCaller := map[int32][]*callgraph.Site{}
	for _, s := range g.Sites {
		byCaller[s.Caller.ID] = append(byCaller[s.Caller.ID], s)
	}
	var main int32 = -1
	if p.FragmentMain != nil {
		if i, ok := res.index[p.FragmentMain.ID]; ok {
			main = i
		}
	}
	for i := range res.nodes {
		m := res.nodes[i].m
		sites := byCaller[m.ID]
		if err := a.body(int32(i), sites); err != nil {
			return nil, err
		}
		// Sites no statement was found for (none expected) call
		// unfiltered.
		for _, s := range sites {
			if res.sites[s] == nil {
				a.info(s).filter = -1
				a.edges(int32(i), s, -1)
			}
		}
		if main >= 0 && int32(i) != main && p.IsPlaceholder(m.Class) {
			a.succ[i] = append(a.succ[i], edge{main, -1})
		}
	}
	a.solve()
	return res, nil
}

// edges adds the calls of node i to the reached targets of site s.
func (a *analysis) edges(i int32, s *callgraph.Site, f int32) {
	for _, t := range s.Targets {
		if j, ok := a.r.index[t.ID]; ok {
			a.succ[i] = append(a.succ[i], edge{j, f})
		}
	}
}

// newFilter returns the accessible filter of a call of m whose actuals
// are the variables base and args (-1: none).
func (a *analysis) newFilter(m *hierarchy.Method, base int32, args []int32) int32 {
	var vars []int32
	for _, v := range append([]int32{base}, args...) {
		if v >= 0 && !slices.Contains(vars, v) {
			vars = append(vars, v)
		}
	}
	if len(vars) == 0 {
		return 0
	}
	a.filters = append(a.filters, filter{m, vars})
	return int32(len(a.filters) - 1)
}

// loc returns the first-sight id of a location.
func (a *analysis) loc(obj int32, f *hierarchy.Field) int32 {
	k := locKey{obj, pointsto.ArrayElement}
	if f != nil {
		k.field = f.ID
		a.fields[f.ID] = f
	} else if obj >= 0 {
		k.obj = int32(a.pt.SameArray(int(obj))) // the views of one array name its elements once
	}
	if id, ok := a.ids[k]; ok {
		return id
	}
	id := int32(len(a.keys))
	a.keys = append(a.keys, k)
	a.ids[k] = id
	return id
}

// hasField reports whether object o may have instance field f: its class
// is a subclass of f's (unknown classes may).
func (a *analysis) hasField(o int, f *hierarchy.Field) bool {
	c := a.pt.Object(o).Class
	if c.Phantom || f.Class.Phantom {
		return true
	}
	k := [2]int32{c.ID, f.Class.ID}
	ok, seen := a.compat[k]
	if !seen {
		ok = a.h.IsSubclass(c, f.Class)
		a.compat[k] = ok
	}
	return ok
}

// objects adds the locations of field f (nil: array elements) of the
// objects of variable v of m to out.
func (a *analysis) objects(out *[]int32, m *hierarchy.Method, v int32, f *hierarchy.Field) {
	if v < 0 {
		return
	}
	for _, o := range a.pt.VarPointsTo(m, v) {
		if f == nil {
			if !a.pt.Object(o).Class.IsArray() {
				continue
			}
		} else if !a.hasField(o, f) {
			continue
		}
		*out = append(*out, a.loc(int32(o), f))
	}
}

// body collects the direct effects and the implicit calls of node i's
// statements.
func (a *analysis) body(i int32, sites []*callgraph.Site) error {
	m := a.r.nodes[i].m
	b, err := a.p.Body(m)
	if err != nil || b == nil {
		return err
	}
	mod, use := &a.localMod[i], &a.localUse[i]
	a.logAt = a.logSites(m, b)
	at := indexSites(sites)
	for k := range b.Stmts {
		st := &b.Stmts[k]
		switch st.Op {
		case summary.OpNew:
			a.initialise(i, nil, 0, a.sym.Class(st.Ref))
		case summary.OpLoad:
			if f := a.sym.Field(st.Ref); f != nil {
				a.objects(use, m, st.Base, f)
			}
		case summary.OpStore:
			if f := a.sym.Field(st.Ref); f != nil {
				a.objects(mod, m, st.Base, f)
			}
		case summary.OpStaticLoad:
			if f := a.sym.Field(st.Ref); f != nil {
				*use = append(*use, a.loc(-1, f))
				a.initialise(i, nil, 0, f.Class)
			}
		case summary.OpStaticStore:
			if f := a.sym.Field(st.Ref); f != nil {
				*mod = append(*mod, a.loc(-1, f))
				a.initialise(i, nil, 0, f.Class)
			}
		case summary.OpArrayLoad:
			a.objects(use, m, st.Base, nil)
		case summary.OpArrayStore:
			a.objects(mod, m, st.Base, nil)
		case summary.OpCall:
			if s := findSite(at.of(st.Site), st, a.sym.Pool.MethodName(st.Ref)); s != nil && a.r.sites[s] == nil {
				f := a.newFilter(m, st.Base, st.Args)
				a.info(s).filter = f
				a.edges(i, s, f)
				a.call(i, m, st, s, f)
			}
		case summary.OpConcat:
			for _, s := range at.of(st.Site) {
				if s.ID == st.Site && s.Kind == callgraph.Concat && a.r.sites[s] == nil {
					f := a.newFilter(m, -1, st.Args)
					a.info(s).filter = f
					a.edges(i, s, f)
				}
			}
		}
	}
	return nil
}

// siteIndex finds a method's call-graph sites by id. A search of all of
// them per call statement was quadratic in the method's size (the JDK
// fragment's placeholder main has 45 k calls: 7.4 s); a short list is
// searched as it is.
type siteIndex struct {
	all []*callgraph.Site
	at  map[int32][]*callgraph.Site // by id, in order; nil for a short list
}

func indexSites(sites []*callgraph.Site) siteIndex {
	x := siteIndex{all: sites}
	if len(sites) > 16 {
		x.at = make(map[int32][]*callgraph.Site, len(sites))
		for _, s := range sites {
			x.at[s.ID] = append(x.at[s.ID], s)
		}
	}
	return x
}

// of returns the sites that may have id (all of them if the list is short).
func (x siteIndex) of(id int32) []*callgraph.Site {
	if x.at == nil {
		return x.all
	}
	return x.at[id]
}

// findSite returns the call-graph site of call statement st.
func findSite(sites []*callgraph.Site, st *summary.Stmt, ref string) *callgraph.Site {
	for _, s := range sites {
		if s.ID == st.Site && s.Kind <= callgraph.Static && s.Ref == ref {
			return s
		}
	}
	return nil
}

// info returns the extra effects record of site s.
func (a *analysis) info(s *callgraph.Site) *siteInfo {
	x := a.r.sites[s]
	if x == nil {
		x = &siteInfo{}
		a.r.sites[s] = x
	}
	return x
}

// The native methods whose models have effects (pointsto's natives.go
// and jvm.go).
const (
	objectClone  = "java/lang/Object.clone()Ljava/lang/Object;"
	arraycopy    = "java/lang/System.arraycopy(Ljava/lang/Object;ILjava/lang/Object;II)V"
	systemSetIn  = "java/lang/System.setIn0(Ljava/io/InputStream;)V"
	systemSetOut = "java/lang/System.setOut0(Ljava/io/PrintStream;)V"
	systemSetErr = "java/lang/System.setErr0(Ljava/io/PrintStream;)V"
	unsafeClass  = "jdk/internal/misc/Unsafe"
	// varHandleClass's access modes: pointsto.VarHandleAccessAt.
	varHandleClass = "java/lang/invoke/VarHandle"
)

// call adds the initialisation a static call performs and the effects of
// the native models among the targets of site s (statement st of node i).
func (a *analysis) call(i int32, m *hierarchy.Method, st *summary.Stmt, s *callgraph.Site, f int32) {
	if st.Kind == summary.CallStatic && s.Callee != nil {
		a.initialise(i, s, 0, s.Callee.Class)
	}
	arg := func(k int) int32 {
		if k < len(st.Args) {
			return st.Args[k]
		}
		return -1
	}
	for _, t := range s.Targets {
		if !t.IsNative() {
			continue
		}
		switch k := t.Key(); {
		case k == arraycopy:
			x := a.info(s)
			a.objects(&x.useIDs, m, arg(0), nil)
			a.objects(&x.modIDs, m, arg(2), nil)
		case k == objectClone:
			a.clone(m, st, s, t)
		case k == systemSetIn || k == systemSetOut || k == systemSetErr:
			if f := t.Class.DeclaredField(strings.ToLower(t.Name[len("set"):len(t.Name)-1]), t.Desc[1:len(t.Desc)-2]); f != nil {
				x := a.info(s)
				x.modIDs = append(x.modIDs, a.loc(-1, f))
			}
		case t.Class.Name == unsafeClass:
			a.unsafe(m, st, s, t)
		case t.Class.Name == varHandleClass:
			a.varHandle(i, m, st, s, t)
		case reach.IsHandleInvoke(t):
			a.fieldHandles(i, m, st, s, t)
		}
		for _, ic := range reach.ImplicitCalls(t.Key()) {
			recv := st.Base
			if ic.Arg >= 0 {
				recv = arg(ic.Arg)
			}
			a.implicit(i, m, recv, ic, s, f)
		}
	}
	if es := a.logAt[st]; len(es) > 0 {
		a.logged(i, m, st, s, f, es)
	}
	if x := a.r.sites[s]; x != nil {
		a.localMod[i] = append(a.localMod[i], x.modIDs...)
		a.localUse[i] = append(a.localUse[i], x.useIDs...)
	}
}

// clone charges Object.clone's model to site s: it reads and (the copy
// being abstracted by its receiver's objects) writes every field, or the
// elements, of the receiver objects that select it.
func (a *analysis) clone(m *hierarchy.Method, st *summary.Stmt, s *callgraph.Site, t *hierarchy.Method) {
	if st.Base < 0 {
		return
	}
	x := a.info(s)
	for _, o := range a.pt.VarPointsTo(m, st.Base) {
		c := a.pt.Object(o).Class
		if s.Kind != callgraph.Special && s.Callee != nil {
			if sel, out := a.h.Select(c, s.Callee); !out.OK() || sel != t {
				continue
			}
		}
		x.modIDs = a.allFields(x.modIDs, o)
		x.useIDs = a.allFields(x.useIDs, o)
	}
}

// unsafe charges a native access of jdk.internal.misc.Unsafe to site s:
// the offset it is given is not tracked, so it reads (get…) or writes
// (put…, setMemory0) every field, or the elements, of the objects of its
// Object argument; compareAndSet…/compareAndExchange… read and write
// them, copyMemory0 and copySwapMemory0 read their source's and write
// their destination's. (Points-to models the reference accesses on
// arrays only; on other objects a loaded reference would have to come
// from every field, which it leaves unmodelled.) Accesses to static
// fields through Unsafe (a Class base) and to off-heap memory have no
// location here.
func (a *analysis) unsafe(m *hierarchy.Method, st *summary.Stmt, s *callgraph.Site, t *hierarchy.Method) {
	params, _, err := classfile.ParseMethodDescriptor(t.Desc)
	if err != nil {
		return
	}
	var reads, writes []int // argument indices
	switch n := t.Name; {
	case n == "copyMemory0" || n == "copySwapMemory0":
		reads, writes = []int{0}, []int{2}
	case strings.HasPrefix(n, "put") || n == "setMemory0":
		writes = []int{0}
	case strings.HasPrefix(n, "compareAndSet") || strings.HasPrefix(n, "compareAndExchange"):
		reads, writes = []int{0}, []int{0}
	case strings.HasPrefix(n, "get"):
		reads = []int{0}
	}
	x := a.info(s)
	each := func(to *[]int32, args []int) {
		for _, k := range args {
			if k >= len(params) || k >= len(st.Args) || params[k] != "Ljava/lang/Object;" || st.Args[k] < 0 {
				continue
			}
			for _, o := range a.pt.VarPointsTo(m, st.Args[k]) {
				*to = a.allFields(*to, o)
			}
		}
	}
	each(&x.useIDs, reads)
	each(&x.modIDs, writes)
}

// varHandle charges a VarHandle access mode to site s as points-to
// models it (pointsto/varhandle.go): it reads (get…, compare…) and writes
// (set…, getAndSet…, compare…) the elements of the objects of an array
// holder argument; a VarHandle of a constant name among the receiver
// objects its fields (static ones, whose classes it may initialise, or
// those of the holder objects); any other receiver object the fields the
// site's types allow (VarHandleAccessAt) of the holder objects.
func (a *analysis) varHandle(i int32, m *hierarchy.Method, st *summary.Stmt, s *callgraph.Site, t *hierarchy.Method) {
	acc, ok := pointsto.VarHandleAccessAt(a.h, t, s.Ref)
	x := a.info(s)
	add := func(acc pointsto.VarHandleAccess, l int32) {
		if acc.Reads {
			x.useIDs = append(x.useIDs, l)
		}
		if acc.Store >= 0 {
			x.modIDs = append(x.modIDs, l)
		}
	}
	var holders []int // of the holder argument, found once
	found := false
	holder := func() []int {
		if !found && len(st.Args) > 0 && st.Args[0] >= 0 {
			holders, found = a.pt.VarPointsTo(m, st.Args[0]), true
		}
		return holders
	}
	typed := false
	if st.Base >= 0 {
		for _, o := range a.pt.VarPointsTo(m, st.Base) {
			vh, isVar := a.pt.FieldHandle(o)
			if !isVar || !vh.Var {
				typed = true
				continue
			}
			if vh.Static {
				if sacc, ok := pointsto.StaticVarHandleAccessAt(t, s.Ref); ok {
					for _, f := range vh.Fields {
						add(sacc, a.loc(-1, f))
						a.initialise(i, s, 0, f.Class)
					}
				}
				continue
			}
			if !ok || acc.Array {
				continue
			}
			for _, h := range holder() {
				for _, f := range vh.Fields {
					if a.hasField(h, f) {
						add(acc, a.loc(int32(h), f))
					}
				}
			}
		}
	}
	if !ok || !typed && !acc.Array {
		return
	}
	for _, o := range holder() {
		c := a.pt.Object(o).Class
		if acc.Array {
			if c.IsArray() {
				add(acc, a.loc(int32(o), nil))
			}
			continue
		}
		for _, f := range acc.Fields {
			if a.h.IsSubclass(c, f.Class) {
				add(acc, a.loc(int32(o), f))
			}
		}
	}
}

// fieldHandles charges to invoke site s the accesses of the field
// handles among its receiver objects, as points-to applies them
// (pointsto/fieldhandles.go): a getter reads, a setter writes, the static
// field or the field of the holder objects (the bound ones, else those of
// the first argument, or of the elements of invokeWithArguments' array).
// A static field's access may initialise its class, as a static field
// access does (node i calls its initialisers).
func (a *analysis) fieldHandles(i int32, m *hierarchy.Method, st *summary.Stmt, s *callgraph.Site, t *hierarchy.Method) {
	if st.Base < 0 {
		return
	}
	var holders []int // of the first argument, found once
	found := false
	for _, o := range a.pt.VarPointsTo(m, st.Base) {
		fh, ok := a.pt.FieldHandle(o)
		if !ok || fh.Var {
			continue
		}
		x := a.info(s)
		to := &x.useIDs
		if fh.Store {
			to = &x.modIDs
		}
		if fh.Static {
			for _, f := range fh.Fields {
				*to = append(*to, a.loc(-1, f))
				a.initialise(i, s, 0, f.Class)
			}
			continue
		}
		hs := fh.Bound
		if hs == nil {
			if !found {
				holders, found = a.firstArgument(m, st, t), true
			}
			hs = holders
		}
		for _, h := range hs {
			for _, f := range fh.Fields {
				if a.hasField(h, f) {
					*to = append(*to, a.loc(int32(h), f))
				}
			}
		}
	}
}

// firstArgument returns the objects of invoke call st's first argument:
// for invokeWithArguments(Object...), of its array's elements.
func (a *analysis) firstArgument(m *hierarchy.Method, st *summary.Stmt, t *hierarchy.Method) []int {
	if len(st.Args) == 0 || st.Args[0] < 0 {
		return nil
	}
	objs := a.pt.VarPointsTo(m, st.Args[0])
	if t.Name != "invokeWithArguments" {
		return objs
	}
	if t.Desc != "([Ljava/lang/Object;)Ljava/lang/Object;" {
		return nil
	}
	var out []int
	for _, o := range objs {
		out = append(out, a.pt.FieldPointsTo(o, pointsto.ArrayElement)...)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// allFields appends the locations of every instance field of object o,
// or of its elements if it is an array.
func (a *analysis) allFields(out []int32, o int) []int32 {
	c := a.pt.Object(o).Class
	if c.IsArray() {
		return append(out, a.loc(int32(o), nil))
	}
	for _, f := range a.instanceFields(c) {
		out = append(out, a.loc(int32(o), f))
	}
	return out
}

// instanceFields returns the instance fields of class c and its
// superclasses.
func (a *analysis) instanceFields(c *hierarchy.Class) []*hierarchy.Field {
	if fs, ok := a.fieldsOf[c.ID]; ok {
		return fs
	}
	var fs []*hierarchy.Field
	for k := c; k != nil; k = k.Super {
		for _, f := range k.Fields {
			if !f.IsStatic() {
				fs = append(fs, f)
			}
		}
	}
	a.fieldsOf[c.ID] = fs
	return fs
}

// implicit adds the call a native method makes (ic) on the objects of
// variable recv of m as callees of site s.
func (a *analysis) implicit(i int32, m *hierarchy.Method, recv int32, ic reach.Implicit, s *callgraph.Site, f int32) {
	_, rm := ic.Resolve(a.h)
	if rm == nil || recv < 0 {
		return
	}
	x := a.info(s)
	for _, o := range a.pt.VarPointsTo(m, recv) {
		t, out := a.h.Select(a.pt.Object(o).Class, rm)
		if !out.OK() || t == nil {
			continue
		}
		if j, ok := a.r.index[t.ID]; ok && !slices.Contains(x.callees, j) {
			x.callees = append(x.callees, j)
			a.succ[i] = append(a.succ[i], edge{j, f})
		}
	}
}

// initialise adds the class initialisers that initialising c may run as
// callees of node i (and of site s, if not nil), with filter f. Those of
// i's own class
// and its supertypes are left out: code of a class runs only once the
// class's initialisation has started (JVMS §5.5), so initialising them
// again does nothing.
func (a *analysis) initialise(i int32, s *callgraph.Site, f int32, c *hierarchy.Class) {
	ns := a.initialisers(c)
	if len(ns) == 0 {
		return
	}
	own := a.initialisers(a.r.nodes[i].m.Class)
	for _, n := range ns {
		if slices.Contains(own, n) {
			continue
		}
		a.succ[i] = append(a.succ[i], edge{n, f})
		if s != nil {
			x := a.info(s)
			x.callees = append(x.callees, n)
		}
	}
}

// initialisers returns the reached <clinit> nodes that initialising c
// runs: its superclasses', the superinterfaces' that declare default
// methods, and its own (reach.Initializer's order).
func (a *analysis) initialisers(c *hierarchy.Class) []int32 {
	if c == nil || c.IsArray() {
		return nil
	}
	if ns, ok := a.inits[c.ID]; ok {
		return ns
	}
	a.inits[c.ID] = nil // cycles (malformed hierarchies) end here
	var ns []int32
	if !c.IsInterface() {
		ns = append(ns, a.initialisers(c.Super)...)
		for _, i := range a.h.Superinterfaces(c) {
			if declaresDefault(i) {
				ns = append(ns, a.initialisers(i)...)
			}
		}
	}
	if m := c.DeclaredMethod("<clinit>", "()V"); m != nil {
		if j, ok := a.r.index[m.ID]; ok {
			ns = append(ns, j)
		}
	}
	a.inits[c.ID] = ns
	return ns
}

func declaresDefault(c *hierarchy.Class) bool {
	for _, m := range c.Methods {
		if !m.IsAbstract() && !m.IsStatic() && !m.IsPrivate() {
			return true
		}
	}
	return false
}

// solve numbers the locations (statics first, then by object and field,
// so that an object's fields are neighbours in the bitsets) and computes
// the transitive sets over the call graph's strongly connected
// components.
func (a *analysis) solve() {
	order := make([]int32, len(a.keys))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(x, y int32) int {
		kx, ky := a.keys[x], a.keys[y]
		return cmp.Or(cmp.Compare(kx.obj, ky.obj), cmp.Compare(kx.field, ky.field))
	})
	perm := make([]int32, len(order))
	a.r.locs = make([]Location, len(order))
	for newID, old := range order {
		perm[old] = int32(newID)
		k := a.keys[old]
		l := Location{Object: int(k.obj)}
		if k.field != pointsto.ArrayElement || k.obj < 0 {
			l.Field = a.fields[k.field]
		}
		a.r.locs[newID] = l
	}
	local := func(ids []int32) *intsets.Sparse {
		for j, l := range ids {
			ids[j] = perm[l]
		}
		return sparseOf(ids)
	}
	for _, x := range a.r.sites {
		if len(x.modIDs) > 0 {
			x.mod = local(x.modIDs)
		}
		if len(x.useIDs) > 0 {
			x.use = local(x.useIDs)
		}
		x.modIDs, x.useIDs = nil, nil
	}
	a.accessibility()
	r := a.r
	n := len(a.succ)
	t := tarjan{succ: a.succ, index: make([]int32, n), low: make([]int32, n), on: make([]bool, n)}
	var scratchMod, scratchUse intsets.Sparse
	t.emit = func(scc []int32) {
		mods, uses := make([]*intsets.Sparse, 0, len(scc)), make([]*intsets.Sparse, 0, len(scc))
		for _, v := range scc {
			mods = append(mods, local(a.localMod[v]))
			uses = append(uses, local(a.localUse[v]))
			a.localMod[v], a.localUse[v] = nil, nil
		}
		// Calls of other components (§4 step 3): unfiltered ones take the
		// callee's sets, the others its accessible locations (each once
		// per component) and those the call's actuals reach.
		t.mark++
		for _, v := range scc {
			for _, e := range a.succ[v] {
				c := t.comp[e.to]
				if c == t.ncomp {
					continue
				}
				if e.filter < 0 {
					if t.seen[c] != t.mark {
						t.seen[c] = t.mark
						mods = append(mods, r.nodes[e.to].mod)
						uses = append(uses, r.nodes[e.to].use)
					}
					continue
				}
				if t.stripped[c] != t.mark {
					t.stripped[c] = t.mark
					mods = append(mods, r.accessible(r.nodes[e.to].mod, 0))
					uses = append(uses, r.accessible(r.nodes[e.to].use, 0))
				}
				if extra := r.reachable[e.filter]; extra != nil {
					if part := intersection(r.nodes[e.to].mod, extra); part != nil {
						mods = append(mods, part)
					}
					if part := intersection(r.nodes[e.to].use, extra); part != nil {
						uses = append(uses, part)
					}
				}
			}
		}
		mod, use := union(mods, &scratchMod), union(uses, &scratchUse)
		for _, v := range scc {
			r.nodes[v].mod, r.nodes[v].use = mod, use
		}
	}
	t.run()
}

// accessibility computes the accessible filter of research/seed-000-003.md
// §4 for Java, where every location is on the heap or static: a call can
// access the static fields and the fields and elements of the objects
// that a static field or one of its actuals reaches, through the fields
// and elements of the points-to result. The others are objects its
// callees allocate (or that only the caller's other variables hold): a
// callee's writes to them, which the JVM cannot have made to objects that
// existed before the call, do not reach the call's MOD (nor its reads its
// USE). Everything static fields reach is computed once; per call only
// the objects outside it that the actuals reach.
func (a *analysis) accessibility() {
	r := a.r
	nobj := a.pt.NumObjects()
	// Each object's locations form a range of ids (they are sorted by
	// object); heap edges go from an object to what its fields hold.
	lo, hi := make([]int32, nobj), make([]int32, nobj)
	// succ holds the handles of the fields' sets (pointsto.FieldSet), not
	// their objects: as lists, the CUP runtime's open-world fragment's
	// heap graph under AND_f outgrew 24 GB.
	succ := make([][]int32, nobj)
	addSet := func(o int, h int32) {
		if h >= 0 && !slices.Contains(succ[o], h) {
			succ[o] = append(succ[o], h)
		}
	}
	var roots []int
	for id, l := range r.locs {
		switch {
		case l.Object < 0:
			roots = append(roots, a.pt.StaticPointsTo(l.Field)...)
			continue
		case l.Field == nil:
			addSet(l.Object, a.pt.FieldSet(l.Object, pointsto.ArrayElement))
		case l.Field.Desc[0] == 'L' || l.Field.Desc[0] == '[':
			addSet(l.Object, a.pt.FieldSet(l.Object, l.Field.ID))
		}
		if hi[l.Object] == 0 {
			lo[l.Object] = int32(id)
		}
		hi[l.Object] = int32(id) + 1
	}
	global := make([]bool, nobj) // reached from a static field
	var stack, reached []int
	// visit marks in seen what from reaches, except skip's objects, and
	// appends them to reached.
	visit := func(seen []bool, from []int, skip []bool) {
		var push func(x int)
		push = func(x int) {
			if !seen[x] && (skip == nil || !skip[x]) {
				seen[x] = true
				stack = append(stack, x)
				reached = append(reached, x)
				if y := a.pt.SameArray(x); y != x {
					push(y) // a view reaches its array's elements
				}
			}
		}
		for _, o := range from {
			push(o)
		}
		for len(stack) > 0 {
			o := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, h := range succ[o] {
				a.pt.EachInSet(h, push)
			}
		}
	}
	visit(global, roots, nil)
	var ids []int32
	for o := range nobj {
		if !global[o] {
			for id := lo[o]; id < hi[o]; id++ {
				ids = append(ids, id)
			}
		}
	}
	r.inaccessible = sparseOf(ids)
	r.stripped = map[*intsets.Sparse]*intsets.Sparse{}
	r.reachable = make([]*intsets.Sparse, len(a.filters))
	if r.inaccessible.IsEmpty() {
		return
	}
	// Per call: the objects outside global that its actuals reach.
	local := make([]bool, nobj)
	// The objects outside global of the variables of one method (filters
	// come in the order of the methods' bodies).
	var cur *hierarchy.Method
	outside := map[int32][]int{}
	for f, x := range a.filters[1:] {
		if x.m != cur {
			cur = x.m
			clear(outside)
		}
		reached = reached[:0]
		for _, v := range x.vars {
			objs, ok := outside[v]
			if !ok {
				for _, o := range a.pt.VarPointsTo(x.m, v) {
					if !global[o] {
						objs = append(objs, o)
					}
				}
				outside[v] = objs
			}
			visit(local, objs, global)
		}
		ids = ids[:0]
		for _, o := range reached {
			local[o] = false
			for id := lo[o]; id < hi[o]; id++ {
				ids = append(ids, id)
			}
		}
		if len(ids) > 0 {
			r.reachable[f+1] = sparseOf(ids)
		}
	}
	a.filters = nil
}

// intersection returns the intersection of x and y, nil if it is empty.
func intersection(x, y *intsets.Sparse) *intsets.Sparse {
	out := new(intsets.Sparse)
	out.Intersection(x, y)
	if out.IsEmpty() {
		return nil
	}
	return out
}

// union returns the union of sets: the largest of them when it contains
// all the others (sharing it), a new set otherwise.
func union(sets []*intsets.Sparse, scratch *intsets.Sparse) *intsets.Sparse {
	if len(sets) == 1 {
		return sets[0]
	}
	best, bestLen := -1, -1
	for i, s := range sets {
		if n := s.Len(); n > bestLen {
			best, bestLen = i, n
		}
	}
	if best < 0 {
		return new(intsets.Sparse)
	}
	scratch.Copy(sets[best])
	for i, s := range sets {
		if i != best {
			scratch.UnionWith(s)
		}
	}
	if scratch.Len() == bestLen {
		return sets[best]
	}
	out := new(intsets.Sparse)
	out.Copy(scratch)
	return out
}

// tarjan finds the strongly connected components of the call graph,
// emitting each after every component it reaches (callees first).
type tarjan struct {
	succ       [][]edge
	index, low []int32 // 1-based DFS numbers; 0: unvisited
	on         []bool
	stack      []int32
	next       int32
	comp       []int32 // node → component number (after emission)
	ncomp      int32   // number of the component being emitted
	seen       []int32 // component → mark: its sets taken
	stripped   []int32 // component → mark: its accessible sets taken
	mark       int32
	emit       func(scc []int32)
}

func (t *tarjan) run() {
	n := len(t.succ)
	t.comp = make([]int32, n)
	for i := range t.comp {
		t.comp[i] = -1
	}
	t.seen, t.stripped = make([]int32, n), make([]int32, n)
	for v := range n {
		if t.index[v] == 0 {
			t.visit(int32(v))
		}
	}
}

func (t *tarjan) visit(v int32) {
	t.next++
	t.index[v], t.low[v] = t.next, t.next
	t.stack = append(t.stack, v)
	t.on[v] = true
	for _, e := range t.succ[v] {
		w := e.to
		switch {
		case t.index[w] == 0:
			t.visit(w)
			t.low[v] = min(t.low[v], t.low[w])
		case t.on[w]:
			t.low[v] = min(t.low[v], t.index[w])
		}
	}
	if t.low[v] != t.index[v] {
		return
	}
	k := len(t.stack) - 1
	for t.stack[k] != v {
		k--
	}
	scc := t.stack[k:]
	for _, w := range scc {
		t.on[w] = false
		t.comp[w] = t.ncomp
	}
	t.emit(scc)
	t.ncomp++
	t.stack = t.stack[:k]
}
