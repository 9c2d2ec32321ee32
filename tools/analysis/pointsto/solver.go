package pointsto

import (
	"github.com/RoaringBitmap/roaring/v2"

	"github.com/rules-fragment/rules_fragment/tools/analysis/internal/reach"
	"github.com/rules-fragment/rules_fragment/tools/callgraph"
	"github.com/rules-fragment/rules_fragment/tools/classfile"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/link"
)

// arrayElem is the field id of array elements; anyField stands for every
// reference field of an object (or its elements, for an array) in the
// loads and stores of the Unsafe model (natives.go), whose offsets are
// not known.
const (
	arrayElem = -1
	anyField  = -2
)

type solver struct {
	p    *link.Program
	h    *hierarchy.Hierarchy
	sym  *reach.Symbols
	init *reach.Initializer
	opts Options

	// Abstract objects.
	objClass []*hierarchy.Class
	objKeys  []objKey
	objIDs   map[objKey]int32

	// Pointer nodes: method variables, returns, exceptions, (object, field)
	// and static fields. pts is a node's set, delta what it has not yet
	// propagated; both are pointers (a Sparse must not be copied).
	pts, delta  []*roaring.Bitmap
	copies      [][]edge
	loads       [][]access        // by base node
	stores      [][]access        // by base node
	recvs       [][]*site         // virtual call sites by receiver node
	edgeSet     map[[3]int32]bool // (from, to, filter class id or -1)
	descTypes   map[string]*hierarchy.Class
	fieldNodes  map[[2]int32]int32         // (object, field id or arrayElem)
	fieldFilter map[int32]*hierarchy.Class // field id → filter of its type
	statics     map[int32]int32            // field id → node
	queue       []int32
	queued      []bool
	rep         []int32 // union-find parent (cycles.go)

	numEdges, edgesAtCollapse int

	// Methods.
	methods map[int32]*method
	order   []*hierarchy.Method
	visitQ  []*method

	sites    []*site
	filters  map[int32]*filterSet
	instIdx  []int32 // class id → dense index of instantiated classes, -1 for none
	numInst  int32
	selected map[[2]int32]*hierarchy.Method
	buf      []int32

	threads          int32 // threadsNode, -1 until needed
	unmodelled       []callgraph.Unmodelled
	unmodelledNative map[int32]bool
	err              error // the first body that could not be read
}

type objKey struct{ method, site, level, class int32 }

type edge struct {
	to     int32
	filter *hierarchy.Class // nil: every object passes
}

// access is a load (other = destination) or a store (other = source) of
// a field.
type access struct{ field, other int32 }

// method is a reached method's nodes.
type method struct {
	m        *hierarchy.Method
	base     int32 // node of variable 0
	numVars  int32
	params   []int32 // nodes of the parameters (this first), -1 for none
	ret, exc int32
}

// site is a call site of a reached method.
type site struct {
	cs       *callgraph.Site
	caller   *method
	resolved *hierarchy.Method
	args     []int32 // argument nodes, -1 for primitives and null
	base     int32   // receiver node, -1 for none
	dst      int32
	hidden   bool // made by a native model, not a site of the bytecode
	// Receiver classes in discovery order, the target each selects (nil
	// for none) and its nodes; recvIndex maps class ids to positions once
	// there are many.
	recvList   []*hierarchy.Class
	recvTarget []*hierarchy.Method
	recvMethod []*method
	recvIndex  map[int32]int32
	targets    map[int32]bool
}

func newSolver(p *link.Program, opts Options) *solver {
	s := &solver{p: p, h: p.Hierarchy, sym: reach.NewSymbols(p), opts: opts,
		objIDs: map[objKey]int32{}, edgeSet: map[[3]int32]bool{}, descTypes: map[string]*hierarchy.Class{}, fieldNodes: map[[2]int32]int32{},
		statics: map[int32]int32{}, fieldFilter: map[int32]*hierarchy.Class{}, unmodelledNative: map[int32]bool{}, methods: map[int32]*method{}, filters: map[int32]*filterSet{},
		selected: map[[2]int32]*hierarchy.Method{}}
	s.threads = -1
	s.init = reach.NewInitializer(s.h, func(m *hierarchy.Method) { s.reach(m) })
	return s
}

func (s *solver) newNode() int32 {
	s.pts = append(s.pts, roaring.New())
	s.delta = append(s.delta, roaring.New())
	s.copies = append(s.copies, nil)
	s.loads = append(s.loads, nil)
	s.stores = append(s.stores, nil)
	s.recvs = append(s.recvs, nil)
	s.queued = append(s.queued, false)
	s.rep = append(s.rep, int32(len(s.rep)))
	return int32(len(s.pts) - 1)
}

// object returns the abstract object of an allocation (AND_f: per site
// and dimension level; 0-CFA_f: per class).
func (s *solver) object(m *hierarchy.Method, site, level int32, c *hierarchy.Class) int32 {
	k := objKey{method: m.ID, site: site, level: level, class: -1}
	if s.opts.PerClass {
		k = objKey{method: -1, site: -1, level: 0, class: c.ID}
	}
	return s.objectFor(k, c)
}

// constObject is the one object of reference constants of class c.
func (s *solver) constObject(c *hierarchy.Class) int32 {
	k := objKey{method: -1, site: -1, level: -1, class: c.ID}
	if s.opts.PerClass {
		k.level = 0
	}
	return s.objectFor(k, c)
}

func (s *solver) objectFor(k objKey, c *hierarchy.Class) int32 {
	if o, ok := s.objIDs[k]; ok {
		return o
	}
	o := int32(len(s.objClass))
	s.objClass = append(s.objClass, c)
	s.objKeys = append(s.objKeys, k)
	s.objIDs[k] = o
	return o
}

func (s *solver) enqueue(n int32) {
	if !s.queued[n] {
		s.queued[n] = true
		s.queue = append(s.queue, n)
	}
}

// seed adds object o to node n.
func (s *solver) seed(n, o int32) {
	if n < 0 {
		return
	}
	n = s.find(n)
	if s.pts[n].CheckedAdd(uint32(o)) {
		s.delta[n].Add(uint32(o))
		s.enqueue(n)
	}
}

// addEdge adds a copy edge (with an optional type filter) and propagates
// what from already holds.
func (s *solver) addEdge(from, to int32, filter *hierarchy.Class) {
	if from < 0 || to < 0 {
		return
	}
	from, to = s.find(from), s.find(to)
	if from == to {
		return
	}
	k := [3]int32{from, to, -1}
	if filter != nil {
		k[2] = filter.ID
	}
	if s.edgeSet[k] {
		return
	}
	s.edgeSet[k] = true
	s.copies[from] = append(s.copies[from], edge{to, filter})
	s.numEdges++
	s.flow(s.pts[from], to, filter)
}

// flow adds the objects of set that pass filter to node to.
func (s *solver) flow(set *roaring.Bitmap, to int32, filter *hierarchy.Class) {
	to = s.find(to)
	var pass *roaring.Bitmap
	if filter != nil {
		pass = s.passing(filter)
	}
	if addNew(set, pass, s.pts[to], s.delta[to]) {
		s.enqueue(to)
	}
}

// passing returns the objects that may be cast to t: a set per filter
// class, extended with the objects created since it was last asked for,
// so a filtered flow is two set operations rather than a subtype test per
// object. Verdicts are cached per (filter, instantiated class) in dense
// slices: this runs for every filter and object.
func (s *solver) passing(t *hierarchy.Class) *roaring.Bitmap {
	f := s.filters[t.ID]
	if f == nil {
		f = &filterSet{}
		s.filters[t.ID] = f
	}
	for ; int(f.checked) < len(s.objClass); f.checked++ {
		c := s.objClass[f.checked]
		i := s.instIndex(c)
		if int(i) >= len(f.verdict) {
			f.verdict = append(f.verdict, make([]int8, int(i)+1-len(f.verdict))...)
		}
		if f.verdict[i] == 0 {
			f.verdict[i] = 2
			if s.h.IsSubclass(c, t) {
				f.verdict[i] = 1
			}
		}
		if f.verdict[i] == 1 {
			f.objs.Add(uint32(f.checked))
		}
	}
	return &f.objs
}

// instIndex returns the dense index of instantiated class c.
func (s *solver) instIndex(c *hierarchy.Class) int32 {
	for int(c.ID) >= len(s.instIdx) {
		s.instIdx = append(s.instIdx, -1)
	}
	if s.instIdx[c.ID] < 0 {
		s.instIdx[c.ID] = s.numInst
		s.numInst++
	}
	return s.instIdx[c.ID]
}

// filterSet is the objects (up to checked) that pass one filter class,
// and the verdicts by instantiated class index (0 unknown, 1 passes, 2
// does not).
type filterSet struct {
	objs    roaring.Bitmap
	checked int32
	verdict []int8
}

// filterFor returns the cast filter of class t; nil (no filtering) when
// its subtypes are unknown.
func filterFor(t *hierarchy.Class) *hierarchy.Class {
	if t == nil || t.Phantom || (t.Super == nil && !t.IsArray()) {
		return nil // java/lang/Object or unknown: everything passes
	}
	return t
}

func (s *solver) fieldNode(o, f int32) int32 {
	k := [2]int32{o, f}
	if n, ok := s.fieldNodes[k]; ok {
		return n
	}
	n := s.newNode()
	s.fieldNodes[k] = n
	return n
}

func (s *solver) staticNode(f *hierarchy.Field) int32 {
	if n, ok := s.statics[f.ID]; ok {
		return n
	}
	n := s.newNode()
	s.statics[f.ID] = n
	return n
}

// addLoad registers dst = base.f and applies it to base's objects.
func (s *solver) addLoad(base, f, dst int32) {
	base = s.find(base)
	s.loads[base] = append(s.loads[base], access{f, dst})
	for _, o := range elements(s.pts[base], nil) {
		s.load(o, f, dst)
	}
}

// addStore registers base.f = src and applies it to base's objects.
func (s *solver) addStore(base, f, src int32) {
	base = s.find(base)
	s.stores[base] = append(s.stores[base], access{f, src})
	for _, o := range elements(s.pts[base], nil) {
		s.store(o, f, src)
	}
}

// store adds o.f = src. The JVM only stores values of the declared type
// of a field, and of the component type of an array object (else
// ArrayStoreException): the edge filters by it, which keeps typed arrays
// and fields free of objects that flow-insensitive merging would add.
func (s *solver) store(o, f, src int32) {
	if f == anyField {
		for _, g := range s.fieldsOf(o) {
			s.store(o, g, src)
		}
		return
	}
	var filter *hierarchy.Class
	if f == arrayElem {
		if c := s.objClass[o]; c.IsArray() {
			filter = filterFor(c.Component)
		}
	} else {
		filter = s.fieldFilter[f]
	}
	s.addEdge(src, s.fieldNode(o, f), filter)
}

// load adds dst = o.f.
func (s *solver) load(o, f, dst int32) {
	if f == anyField {
		for _, g := range s.fieldsOf(o) {
			s.addEdge(s.fieldNode(o, g), dst, nil)
		}
		return
	}
	s.addEdge(s.fieldNode(o, f), dst, nil)
}

// fieldsOf returns the fields an Unsafe access with unknown offset may
// touch in object o: the elements of a reference array. Fields of other
// objects are not modelled (natives.go says why).
func (s *solver) fieldsOf(o int32) []int32 {
	if c := s.objClass[o]; c.IsArray() && c.Component != nil {
		return []int32{arrayElem}
	}
	return nil
}

// typeFilter returns the filter of a field or parameter descriptor (nil
// for primitives and types that filter nothing).
func (s *solver) typeFilter(desc string) *hierarchy.Class {
	if c, ok := s.descTypes[desc]; ok {
		return c
	}
	var c *hierarchy.Class
	switch {
	case len(desc) > 2 && desc[0] == 'L':
		c = filterFor(s.h.Lookup(desc[1 : len(desc)-1]))
	case len(desc) > 1 && desc[0] == '[':
		c = filterFor(s.h.LookupOrPhantom(desc))
	}
	s.descTypes[desc] = c
	return c
}

// addVirtual registers a virtual call site on receiver node n.
func (s *solver) addVirtual(n int32, st *site) {
	n = s.find(n)
	s.recvs[n] = append(s.recvs[n], st)
	for _, o := range elements(s.pts[n], nil) {
		s.dispatch(st, o)
	}
}

// solve runs to the fixpoint: reached methods are visited (their
// constraints added), then changed nodes propagate, until neither is left.
func (s *solver) solve() error {
	d := roaring.New()
	var objs []int32
	for (len(s.visitQ) > 0 || len(s.queue) > 0) && s.err == nil {
		for len(s.visitQ) > 0 {
			m := s.visitQ[0]
			s.visitQ = s.visitQ[1:]
			if err := s.visit(m); err != nil {
				return err
			}
		}
		for len(s.queue) > 0 && len(s.visitQ) == 0 {
			n := s.queue[0]
			s.queue = s.queue[1:]
			s.queued[n] = false
			if s.rep[n] != n {
				continue // collapsed into a cycle's representative
			}
			s.maybeCollapse()
			if s.rep[n] != n {
				continue
			}
			d, s.delta[n] = s.delta[n], d
			s.delta[n].Clear()
			if d.IsEmpty() {
				continue
			}
			for _, e := range s.copies[n][:len(s.copies[n]):len(s.copies[n])] {
				s.flow(d, e.to, e.filter)
			}
			objs = elements(d, objs[:0])
			for _, a := range s.loads[n][:len(s.loads[n]):len(s.loads[n])] {
				for _, o := range objs {
					s.load(o, a.field, a.other)
				}
			}
			for _, a := range s.stores[n][:len(s.stores[n]):len(s.stores[n])] {
				for _, o := range objs {
					s.store(o, a.field, a.other)
				}
			}
			for _, st := range s.recvs[n][:len(s.recvs[n]):len(s.recvs[n])] {
				for _, o := range objs {
					s.dispatch(st, o)
				}
			}
		}
	}
	return s.err
}

// dispatch handles receiver object o at a virtual site: JVM selection on
// its class; this of the target gets o alone. Selection and binding
// happen once per receiver class of the site; each object costs a lookup.
func (s *solver) dispatch(st *site, o int32) {
	c := s.objClass[o]
	i := st.receiver(c)
	if i < 0 {
		k := [2]int32{c.ID, st.resolved.ID}
		t, ok := s.selected[k]
		if !ok {
			if sel, out := s.h.Select(c, st.resolved); out.OK() {
				t = sel
			}
			s.selected[k] = t
		}
		var tm *method
		if t != nil {
			tm = s.bind(st, t)
		}
		i = st.addReceiver(c, t, tm)
	}
	t, tm := st.recvTarget[i], st.recvMethod[i]
	if t == nil {
		return
	}
	if tm != nil && len(tm.params) > 0 {
		s.seed(tm.params[0], o)
	}
	if t.IsNative() {
		s.nativeReceiver(st, t, o)
	}
}

// receiver returns the index of receiver class c at the site, -1 if new.
func (st *site) receiver(c *hierarchy.Class) int {
	if st.recvIndex != nil {
		if i, ok := st.recvIndex[c.ID]; ok {
			return int(i)
		}
		return -1
	}
	for i, r := range st.recvList {
		if r == c {
			return i
		}
	}
	return -1
}

// addReceiver records receiver class c selecting t (nil: none) and
// returns its index; sites with many classes get an index map.
func (st *site) addReceiver(c *hierarchy.Class, t *hierarchy.Method, tm *method) int {
	i := len(st.recvList)
	st.recvList = append(st.recvList, c)
	st.recvTarget = append(st.recvTarget, t)
	st.recvMethod = append(st.recvMethod, tm)
	switch {
	case st.recvIndex != nil:
		st.recvIndex[c.ID] = int32(i)
	case len(st.recvList) > 8:
		st.recvIndex = map[int32]int32{}
		for j, r := range st.recvList {
			st.recvIndex[r.ID] = int32(j)
		}
	}
	return i
}

// bind connects a call site to target t once (arguments, result,
// exceptions) and returns t's nodes.
func (s *solver) bind(st *site, t *hierarchy.Method) *method {
	tm := s.reach(t)
	if st.targets[t.ID] {
		return tm
	}
	st.targets[t.ID] = true
	st.cs.Targets = append(st.cs.Targets, t)
	if t.IsNative() {
		s.nativeCall(st, t)
		if !s.unmodelledNative[t.ID] && !modelled(t.Key()) && returnsReference(t.Desc) && !s.finalReturn(t) {
			s.unmodelledNative[t.ID] = true
			s.unmodelled = append(s.unmodelled, callgraph.Unmodelled{Method: t, Site: -1, Reason: "native method returning a reference"})
		}
	}
	if tm == nil {
		return nil
	}
	off := 0
	if !t.IsStatic() {
		off = 1
	}
	params, ret, _ := classfile.ParseMethodDescriptor(t.Desc)
	for i, a := range st.args {
		if i+off < len(tm.params) && i < len(params) {
			s.addEdge(a, tm.params[i+off], s.typeFilter(params[i]))
		}
	}
	s.addEdge(tm.ret, st.dst, s.typeFilter(ret))
	s.addEdge(tm.exc, st.caller.exc, nil)
	return tm
}

// reach makes m reachable: its nodes exist from now on and its body is
// visited later. Returns nil for a method whose body cannot be read.
func (s *solver) reach(m *hierarchy.Method) *method {
	if m == nil {
		return nil
	}
	if mi, ok := s.methods[m.ID]; ok {
		return mi
	}
	mi := &method{m: m, ret: s.newNode(), exc: s.newNode()}
	s.methods[m.ID] = mi
	s.order = append(s.order, m)
	b, err := s.p.Body(m)
	if err != nil && s.err == nil {
		s.err = err
	}
	if err == nil && b != nil {
		mi.base, mi.numVars = int32(len(s.pts)), int32(b.NumVars)
		for range b.NumVars {
			s.newNode()
		}
		mi.params = make([]int32, len(b.Params))
		for i, v := range b.Params {
			mi.params[i] = -1
			if v >= 0 {
				mi.params[i] = mi.base + v
			}
		}
	}
	s.visitQ = append(s.visitQ, mi)
	return mi
}
