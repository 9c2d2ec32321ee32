package pointsto

import (
	"cmp"
	"fmt"
	"slices"
	"sync"

	"github.com/rules-fragment/rules_fragment/tools/analysis/warmstart"
	"github.com/rules-fragment/rules_fragment/tools/callgraph"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/link"
)

// Warm starts: Checkpoint solves the JVM's start-up code of a runtime's
// summary once; Analyze with Options.Warm continues from that state and
// reaches exactly the cold result (package warmstart says why, and what
// restore checks before it uses a state). The reflection model counts
// subtypes across the whole program, so it is not warm-started.

// ErrWarmMismatch is wrapped by restore's errors when the warm start does
// not apply to the program; a cold start gives the answer then.
var ErrWarmMismatch = warmstart.ErrMismatch

// Warm is the solver's state at the fixpoint of the JVM start-up roots,
// in names and dense indices independent of any hierarchy's ids
// (encoded by warmcodec.go).
type Warm struct {
	PerClass bool
	Names    warmstart.Names

	ObjClass []int32
	ObjKeys  []int32 // quadruples: method, site, level, class

	NumNodes int32
	Rep      []int32    // pairs: node, representative (collapsed nodes only)
	Sets     [][]uint32 // distinct sets, ids delta-coded
	NodeSet  []int32    // set index + 1 per node, 0 for none
	EdgeLen  []int32    // per node
	Edges    []int32    // pairs: to, filter
	// Complex constraints: loads and stores as quadruples (kind 0 load, 1
	// store; base; field; other), receivers as pairs (node, site).
	Access []int32
	Recvs  []int32

	FieldNodes  []int32 // triples: object, field, node
	Statics     []int32 // pairs: field, node
	FieldFilter []int32 // pairs: field, class (-1: none)
	Filters     []int32 // triples: class, checked, set index + 1
	FirstObj    []int32

	Reached []warmMethod
	Sites   []warmSite
	// Selections: resolved method, number of targets, targets.
	Selections []int32
	Inited     []int32 // classes
	Threads    int32
	// The collector's nodes (collector.go), -1 for none.
	References, Finalizable int32
	// Unmodelled: triples method, site, reason (string).
	Unmodelled       []int32
	UnmodelledNative []int32
	NumEdges         int64
	// Proxies: quadruples object, hidden site calling invoke (-1: none),
	// invoke's result node, argument array object (proxy.go).
	Proxies []int32
	// Handles: triples invoke site, handle object, -1 (a call made; a
	// VarHandle access site's typedVarAccess, its fields taken by type) or
	// invoke site, -1, hidden site (handles.go, varhandle.go).
	Handles []int32
	// Services requested (strings) and the providers made, in order
	// (classes; services.go).
	Services         []int32
	ServiceProviders []int32
	// EnumLiterals are the enums named by class literals that wait for
	// getEnumConstantsShared (classes; enums.go).
	EnumLiterals []int32

	// verdict is check's on w's own tables, made by the first restore: a
	// worker restores one state link after link (Analyze only reads w).
	verdict warmVerdict
	tmpl    warmTemplateOnce // warm_template.go
}

type warmVerdict struct {
	once sync.Once
	err  error
	// classes are the distinct indices of w.ObjClass, for the check that
	// depends on the program's classes.
	classes []int32
}

type warmMethod struct {
	_msgpack struct{}
	M        int32
	Ret      int32
	Exc      int32
	Base     int32
	NumVars  int32
	Body     bool
	Params   []int32
	ExcFrom  []int32 // methods
}

type warmSite struct {
	_msgpack struct{}
	Caller   int32 // method, -1 for none
	Info     bool  // caller's nodes known (not a dynamic site)
	ID       int32
	Line     int32
	Kind     uint8
	Ref      int32 // string
	Callee   int32 // method, -1 for none
	Error    int32 // string, -1 for none
	Targets  []int32
	// Solver side.
	Resolved int32
	Args     []int32
	Base     int32
	Dst      int32
	Hidden   bool
	Recv1    int32
	RecvMore []int32
	Bound    []int32 // methods bound by a direct call (nil map: -1 first)
	SelBound []uint32
}

// Checkpoint solves p from the JVM start-up roots alone (no client roots)
// and returns the solver's state at that fixpoint. p is typically a
// program of the runtime's summary only.
func Checkpoint(p *link.Program, opts Options) (*Warm, error) {
	if opts.ReflectiveTypes != 0 || opts.Warm != nil {
		return nil, fmt.Errorf("pointsto: a warm start is made without reflection model and cold")
	}
	if err := warmstart.CheckSource(p); err != nil {
		return nil, fmt.Errorf("pointsto: %w", err)
	}
	s := newSolver(p, opts)
	s.start(nil)
	if err := s.run(); err != nil {
		return nil, err
	}
	if s.serial != nil {
		return nil, fmt.Errorf("pointsto: the start-up code reaches serialization, whose model a warm start does not store")
	}
	nw := warmstart.NewNameWriter(p)
	w := &Warm{PerClass: opts.PerClass}
	(&warmWriter{NameWriter: nw, w: w, s: s}).write()
	w.Names = *nw.N
	return w, nil
}

type warmWriter struct {
	*warmstart.NameWriter
	w    *Warm
	s    *solver
	sets map[*bitset]int32
}

// set returns the index + 1 of set b in the table (0 for an empty set).
func (ww *warmWriter) set(b *bitset) int32 {
	if b.IsEmpty() || b == unknownSet {
		return 0
	}
	if i, ok := ww.sets[b]; ok {
		return i
	}
	var ids []uint32
	prev := uint32(0)
	b.Iterate(func(x uint32) bool {
		ids = append(ids, x-prev)
		prev = x
		return true
	})
	ww.w.Sets = append(ww.w.Sets, ids)
	i := int32(len(ww.w.Sets))
	ww.sets[b] = i
	return i
}

func (ww *warmWriter) write() {
	s, w := ww.s, ww.w
	ww.sets = map[*bitset]int32{}
	for i, c := range s.objClass {
		k := s.objKeys[i]
		w.ObjClass = append(w.ObjClass, ww.Class(c))
		m, kc := int32(-1), int32(-1)
		switch {
		case k.method >= 0 && fieldKey(k):
			m = ww.Field(k.method)
		case k.method >= 0:
			m = ww.MethodID(k.method)
		}
		if k.class >= 0 {
			kc = ww.Class(s.h.Class(k.class))
		}
		w.ObjKeys = append(w.ObjKeys, m, k.site, k.level, kc)
	}
	w.NumNodes = int32(len(s.nodes))
	w.NodeSet = make([]int32, len(s.nodes))
	w.EdgeLen = make([]int32, len(s.nodes))
	for n := range int32(len(s.nodes)) {
		if r := s.find(n); r != n {
			w.Rep = append(w.Rep, n, r)
			continue
		}
		w.NodeSet[n] = ww.set(s.nodes[n].pts)
		w.EdgeLen[n] = int32(len(s.nodes[n].copies))
		for _, e := range s.nodes[n].copies {
			w.Edges = append(w.Edges, e.to, e.filter)
		}
		if c := s.cx[n]; c != nil {
			for _, a := range c.loads {
				w.Access = append(w.Access, 0, n, ww.Field(a.field), a.other)
			}
			for _, a := range c.stores {
				w.Access = append(w.Access, 1, n, ww.Field(a.field), a.other)
			}
		}
	}
	// Methods and sites in the order of the final call graph, so that a
	// link continuing from w sorts only what the client adds.
	g := &callgraph.Graph{Reachable: slices.Clone(s.order)}
	byCS := make(map[*callgraph.Site]*site, len(s.sites))
	for _, st := range s.sites {
		g.Sites = append(g.Sites, st.cs)
		byCS[st.cs] = st
	}
	g.Sort()
	order, sites := g.Reachable, make([]*site, len(g.Sites))
	for i, cs := range g.Sites {
		sites[i] = byCS[cs]
	}
	siteIdx := make(map[*site]int32, len(sites))
	for i, st := range sites {
		siteIdx[st] = int32(i)
	}
	for n := range int32(len(s.nodes)) {
		if c := s.cx[n]; c != nil && s.find(n) == n {
			for _, i := range c.recvs {
				w.Recvs = append(w.Recvs, n, siteIdx[s.sites[i]])
			}
		}
	}
	type triple struct{ a, b, c int32 }
	var fn []triple
	for o, slots := range s.objFields {
		for _, x := range slots {
			fn = append(fn, triple{int32(o), x.field, x.node})
		}
	}
	slices.SortFunc(fn, func(x, y triple) int { return cmp.Compare(x.c, y.c) })
	for _, t := range fn {
		w.FieldNodes = append(w.FieldNodes, t.a, ww.Field(t.b), t.c)
	}
	fn = fn[:0]
	for f, n := range s.statics {
		fn = append(fn, triple{f, n, 0})
	}
	slices.SortFunc(fn, func(x, y triple) int { return cmp.Compare(x.b, y.b) })
	for _, t := range fn {
		w.Statics = append(w.Statics, ww.Field(t.a), t.b)
	}
	var filtered []*hierarchy.Field
	for f := range s.fieldFilter {
		filtered = append(filtered, s.h.Field(f))
	}
	slices.SortFunc(filtered, func(a, b *hierarchy.Field) int { return cmp.Compare(a.Key(), b.Key()) })
	for _, f := range filtered {
		w.FieldFilter = append(w.FieldFilter, ww.Field(f.ID), ww.Class(s.fieldFilter[f.ID]))
	}
	for _, f := range s.filters {
		w.Filters = append(w.Filters, ww.Class(f.class), int32(len(s.objClass)), ww.set(&f.objs))
	}
	for _, objs := range s.inst.objs { // each class's first object (-1: none)
		first := int32(-1)
		if len(objs) > 0 {
			first = objs[0]
		}
		w.FirstObj = append(w.FirstObj, first)
	}
	for _, m := range order {
		mi := s.byID[m.ID]
		wm := warmMethod{M: ww.Method(m), Ret: mi.ret, Exc: mi.exc, Base: mi.base, NumVars: mi.numVars,
			Body: mi.params != nil, Params: mi.params}
		from := mi.excSet.appendTo(slices.Clone(mi.excFrom))
		for _, t := range ww.ByKey(from) { // a set
			wm.ExcFrom = append(wm.ExcFrom, ww.Method(t))
		}
		w.Reached = append(w.Reached, wm)
	}
	for _, st := range sites {
		ws := warmSite{Caller: ww.Method(st.cs.Caller), Info: st.caller != nil, ID: st.cs.ID, Line: st.cs.Line,
			Kind: uint8(st.cs.Kind), Ref: ww.Str(st.cs.Ref), Callee: ww.Method(st.cs.Callee), Error: -1,
			Resolved: ww.Method(st.resolved), Args: st.args, Base: st.base, Dst: st.dst, Hidden: st.hidden,
			Recv1: st.recv1, RecvMore: st.recvMore}
		if st.cs.Error != "" {
			ws.Error = ww.Str(st.cs.Error)
		}
		ts := slices.Clone(st.cs.Targets)
		callgraph.SortMethods(ts)
		for _, t := range ts {
			ws.Targets = append(ws.Targets, ww.Method(t))
		}
		if st.targets == nil {
			ws.Bound = []int32{-1}
		} else {
			ids := make([]int32, 0, len(st.targets))
			for t := range st.targets {
				ids = append(ids, t)
			}
			for _, t := range ww.ByKey(ids) {
				ws.Bound = append(ws.Bound, ww.Method(t))
			}
		}
		if st.bound != nil {
			st.bound.Iterate(func(x uint32) bool {
				ws.SelBound = append(ws.SelBound, x)
				return true
			})
		}
		w.Sites = append(w.Sites, ws)
	}
	var resolved []int32
	for r := range s.selections {
		resolved = append(resolved, r)
	}
	for _, r := range ww.ByKey(resolved) {
		sc := s.selections[r.ID]
		w.Selections = append(w.Selections, ww.Method(r), int32(len(sc.targets)))
		for _, t := range sc.targets {
			w.Selections = append(w.Selections, ww.Method(t))
		}
	}
	for _, c := range s.init.Inited() {
		w.Inited = append(w.Inited, ww.Class(c))
	}
	w.Threads = s.threads
	w.References, w.Finalizable = s.references, s.finalizable
	s.checkpointProxies(w, siteIdx)
	s.checkpointHandles(w, siteIdx)
	s.checkpointServices(w, ww.NameWriter)
	for _, c := range s.enums.Pending() {
		w.EnumLiterals = append(w.EnumLiterals, ww.Class(c))
	}
	for _, u := range s.unmodelled {
		w.Unmodelled = append(w.Unmodelled, ww.Method(u.Method), u.Site, ww.Str(u.Reason))
	}
	var natives []int32
	for id := range s.unmodelledNative {
		natives = append(natives, id)
	}
	for _, m := range ww.ByKey(natives) {
		w.UnmodelledNative = append(w.UnmodelledNative, ww.Method(m))
	}
	w.NumEdges = int64(s.numEdges)
}
