package pointsto

import (
	"cmp"
	"slices"

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
	// serialFields stands for the fields default serialization reads and
	// writes (serial.go). Offset objects' pseudo-fields follow (offsets.go).
	serialFields = -3
)

// node is a pointer node's solving state (sharing.go), kept together
// because a flow along an edge reads most of it for the edge's target:
// one cache line instead of one per field (64 bytes on 64-bit machines).
type node struct {
	pts, delta, prop *bitset
	absorbed         *bitset // a delta the node has every object of
	copies           []edge
	rep              int32 // union-find parent (cycles.go)
	queued           bool
}

type solver struct {
	forwards   *reach.Forwards  // ServiceLoader's wrappers (services.go)
	services   *serviceState    // the ServiceLoader model's (services.go)
	enums      *reach.Universes // the enum universes' model (enums.go)
	ecs        *method          // Class.getEnumConstantsShared, once reached
	classClass *hierarchy.Class // java/lang/Class, the class of class literals
	p          *link.Program
	h          *hierarchy.Hierarchy
	sym        *reach.Symbols
	init       *reach.Initializer
	opts       Options

	// Abstract objects.
	objClass []*hierarchy.Class
	objKeys  []objKey
	objIDs   map[objKey]int32

	// Pointer nodes: method variables, returns, exceptions, (object, field)
	// and static fields (sharing.go: sets, deltas and snapshots).
	nodes        []node
	warm         *Warm                       // restored, whose template takes the nodes back (Result.Release)
	outSet       map[int32]map[edge]struct{} // edges of nodes with many, for dedup
	cx           []*complexCons              // by base node, nil for none
	descTypes    map[string]*hierarchy.Class
	objFields    [][]fieldSlot              // object → its fields' nodes (fieldNode)
	jvmFilled    []bool                     // by object: its fields are the JVM's (jvmFields)
	fieldFilter  map[int32]*hierarchy.Class // field id → filter of its type (fieldFilterOf)
	statics      map[int32]int32            // field id → node
	queue        []int32                    // schedule.go
	qhead        int
	waiting      [len(degreeLevels) + 1][]int32
	scratchArr   bitset // new objects of a flow, from an array set
	scratchDense bitset // new objects of a flow, from a dense set
	pool         *wordPool
	memo         []flowMemo // sharing.go
	memoNext     int

	numEdges, edgesAtCollapse    int
	interned                     map[uint64][]*bitset // sharing.go
	numInterned, internedAtSweep int

	// Methods.
	byID  []*method // reached methods by id (solver.method)
	order []*hierarchy.Method
	// sortedOrder is how many of order a warm start restored, in the
	// graph's order (Checkpoint stores them so).
	sortedOrder int
	visitQ      []*method

	// sites are the call sites by index (site.at); a restored one is nil
	// until used (warmReader.site).
	sites      []*site
	lazy       *warmReader
	filters    []*filterSet // by filter index
	filterOf   map[int32]int32
	instIdx    []int32 // class id → dense index of instantiated classes, -1 for none
	numInst    int32
	inst       instances        // filters.go
	objInst    []int32          // object → its class's instantiated index
	batches    []*dispatchBatch // dispatch.go, by nesting depth
	batchDepth int
	selections map[int32]*selCache // by resolved method id
	buf        []int32

	proxies  map[int32]*proxyInfo // proxy objects (proxy.go)
	proxyIDs []int32              // their ids, ascending
	// Method handles (handles.go): the handle objects and their ids
	// (ascending), the calls made (invoke site, handle) and each invoke
	// site's hidden sites; MethodHandle.
	handles     map[int32]*handleRef
	handleIDs   []int32
	handleDone  map[[2]int32]bool
	handleSites map[int32][]int32
	mhClass     *hierarchy.Class
	vhClass     *hierarchy.Class     // VarHandle (varhandle.go), nil if absent
	serial      *serialState         // serialization's model (serial.go)
	log         *reach.Log           // Options.Log
	logSites    map[[2]int32][]int32 // the hidden sites of a logged call, by method and site (reflog.go)
	threads     int32                // threadsNode, -1 until needed
	// The arrays of unknown class and their views (anyarray.go): their
	// info index by object id (-1: other objects; up to the last one) and
	// bitmap, the infos; anyArrayViews' scratch and count of calls.
	anySlot, viewBuf []int32
	anyWords         []uint64
	anyInfos         []anyInfo
	anyEvent         uint64
	// implicitExc are the classes of the exceptions the JVM throws
	// itself (jvm.go), found on first use.
	implicitExc []*hierarchy.Class
	// The collector's model (collector.go): its nodes (-1 until needed),
	// flags by class id, and whether a warm start is being restored (its
	// objects were handed over when it was made).
	references, finalizable int32
	gcFlags                 []uint8
	restoring               bool
	unmodelled              []callgraph.Unmodelled
	unmodelledNative        map[int32]bool
	err                     error // the first body that could not be read
}

type objKey struct{ method, site, level, class int32 }

// edge is a copy edge; filter is the index of its type filter in
// solver.filters, -1 when every object passes.
type edge struct{ to, filter int32 }

// complexCons are the loads, stores and virtual calls on a base node.
type complexCons struct {
	loads, stores []access
	recvs         []int32 // virtual call sites by receiver node (solver.sites)
}

// complex returns the complex constraints of node n, made on first use.
func (s *solver) complex(n int32) *complexCons {
	c := s.cx[n]
	if c == nil {
		c = &complexCons{}
		s.cx[n] = c
	}
	return c
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
	excFrom  []int32 // the methods whose exceptions flow to exc
	excSet   *bitset // excFrom, once it is long
	// sig holds the type filters of the parameters, then of the result,
	// made at the first binding: a target is bound at many sites.
	sig []*hierarchy.Class
}

// newExcFrom records that the exceptions of method t flow to mi's, and
// reports whether that is new.
func (s *solver) newExcFrom(mi *method, t int32) bool {
	if mi.excSet == nil && len(mi.excFrom) > outSetMin { // a restored list
		mi.excSet = &bitset{}
		for _, x := range mi.excFrom {
			mi.excSet.add(s.pool, uint32(x))
		}
		mi.excFrom = nil
	}
	if mi.excSet != nil {
		return mi.excSet.add(s.pool, uint32(t))
	}
	if slices.Contains(mi.excFrom, t) {
		return false
	}
	mi.excFrom = append(mi.excFrom, t)
	if len(mi.excFrom) > outSetMin {
		mi.excSet = &bitset{}
		for _, x := range mi.excFrom {
			mi.excSet.add(s.pool, uint32(x))
		}
		mi.excFrom = nil
	}
	return true
}

// site is a call site of a reached method.
type site struct {
	at       int32 // index in solver.sites
	cs       *callgraph.Site
	caller   *method
	resolved *hierarchy.Method
	args     []int32 // argument nodes, -1 for primitives and null
	base     int32   // receiver node, -1 for none
	dst      int32
	hidden   bool        // made by a native model, not a site of the bytecode
	serial   *serialHook // a hook of serialization's callbacks (serial.go)
	// recv1 - 1 and recvMore are the nodes whose objects are the
	// receivers (recv1 0 for none; several for string concatenation);
	// recvList, the classes of their objects, is filled in when solving
	// ends.
	recv1    int32
	recvMore []int32
	recvList []*hierarchy.Class
	targets  map[int32]bool
	// The selection cache of the resolved method, and the indices in it
	// of the targets bound.
	sel   *selCache
	bound *bitset
}

func newSolver(p *link.Program, opts Options) *solver {
	s := &solver{p: p, h: p.Hierarchy, sym: reach.NewSymbols(p), opts: opts,
		objIDs: map[objKey]int32{}, descTypes: map[string]*hierarchy.Class{},
		statics: map[int32]int32{}, fieldFilter: map[int32]*hierarchy.Class{}, unmodelledNative: map[int32]bool{},
		filterOf: map[int32]int32{}, selections: map[int32]*selCache{}, outSet: map[int32]map[edge]struct{}{}, pool: &wordPool{}, interned: map[uint64][]*bitset{}}
	s.threads, s.references, s.finalizable, s.log = -1, -1, -1, reach.NewLog(opts.Log)
	s.init = reach.NewInitializer(s.h, func(m *hierarchy.Method) { s.reach(m) })
	s.enums = reach.NewUniverses(s.init, s.enumValues)
	if c := s.h.Lookup(varHandle); c != nil && !c.Phantom {
		s.vhClass = c
	}
	return s
}

func (s *solver) newNode() int32 {
	n := int32(len(s.nodes))
	s.nodes = append(s.nodes, node{rep: n})
	s.cx = append(s.cx, nil)
	return n
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
	o := s.objectFor(k, c)
	s.jvmFields(o, c) // constants are the JVM's: a Class object's module, a String's bytes
	return o
}

func (s *solver) objectFor(k objKey, c *hierarchy.Class) int32 {
	if o, ok := s.objIDs[k]; ok {
		return o
	}
	o := int32(len(s.objClass))
	i := s.instIndex(c)
	s.objClass = append(s.objClass, c)
	s.objInst = append(s.objInst, i)
	s.objFields = append(s.objFields, nil)
	s.objKeys = append(s.objKeys, k)
	s.objIDs[k] = o
	s.pushObject(i, o)
	if !s.restoring {
		s.gcObject(o, c)
	}
	return o
}

// seed adds object o to node n.
func (s *solver) seed(n, o int32) {
	if n < 0 {
		return
	}
	n = s.find(n)
	if s.nodes[n].pts.Contains(uint32(o)) {
		return
	}
	s.own(&s.nodes[n].pts).add(s.pool, uint32(o))
	s.own(&s.nodes[n].delta).add(s.pool, uint32(o))
	s.enqueue(n)
}

// addEdge adds a copy edge (with an optional type filter) and propagates
// what from already holds.
func (s *solver) addEdge(from, to int32, filter *hierarchy.Class) {
	if from < 0 || to < 0 {
		return
	}
	from, to = s.find(from), s.find(to)
	if from == to && !isArrayClass(filter) { // anyarray.go: a view's filter applies on a loop too
		return
	}
	e := edge{to, s.filterIndex(filter)}
	if !s.newEdge(from, e) {
		return
	}
	s.nodes[from].copies = append(s.nodes[from].copies, e)
	s.numEdges++
	s.flowAll(from, to, e.filter)
}

// addEdgeOnce adds a copy edge the caller knows to be new (or rarely
// repeated, which costs a little propagation only): the edges into call
// results and callers' exceptions, whose sources (a popular method's
// return and exception nodes) would otherwise need large sets of edges.
func (s *solver) addEdgeOnce(from, to int32, filter *hierarchy.Class) {
	if from < 0 || to < 0 {
		return
	}
	from, to = s.find(from), s.find(to)
	if from == to && !isArrayClass(filter) { // anyarray.go: a view's filter applies on a loop too
		return
	}
	e := edge{to, s.filterIndex(filter)}
	if set := s.outSet[from]; set != nil {
		if _, ok := set[e]; ok {
			return
		}
		set[e] = struct{}{}
	}
	s.nodes[from].copies = append(s.nodes[from].copies, e)
	s.numEdges++
	s.flowAll(from, to, e.filter)
}

// newEdge reports whether from has no edge e yet: a scan of its edges
// while they are few, a set once they are many.
func (s *solver) newEdge(from int32, e edge) bool {
	es := s.nodes[from].copies
	if len(es) < outSetMin {
		return !slices.Contains(es, e)
	}
	set := s.outSet[from]
	if set == nil {
		set = make(map[edge]struct{}, 2*len(es))
		for _, x := range es {
			set[x] = struct{}{}
		}
		s.outSet[from] = set
	}
	if _, ok := set[e]; ok {
		return false
	}
	set[e] = struct{}{}
	return true
}

// outSetMin is the number of edges from which a node keeps a set of them.
const outSetMin = 16

// filterFor returns the cast filter of class t; nil (no filtering) for
// java/lang/Object and an unknown class. A phantom (a missing class)
// filters as the hierarchy models it, a direct subclass of Object that
// only the classes naming it among their supertypes extend (package
// hierarchy): when it filtered nothing, every object of Eclipse
// Collections linked without its API jar reached every variable of an API
// type, and 0-CFA_f made 3.3 M phantom method records (19.7 GB).
func filterFor(t *hierarchy.Class) *hierarchy.Class {
	if t == nil || (t.Super == nil && !t.IsArray()) {
		return nil // java/lang/Object or unknown: everything passes
	}
	return t
}

// fieldSlot is the node of field (a field id or arrayElem) of an object.
type fieldSlot struct{ field, node int32 }

// fieldNode returns the node of field f of object o, made on first use.
// An object's slots are few and sorted by field: a short scan or a
// binary search, instead of a program-wide map.
func (s *solver) fieldNode(o, f int32) int32 {
	if n, ok := s.fieldNodeOf(o, f); ok {
		return n
	}
	n := s.newNode()
	s.addFieldSlot(o, f, n)
	return n
}

// fieldNodeOf returns the node of field f of object o, if it has one.
func (s *solver) fieldNodeOf(o, f int32) (int32, bool) {
	slots := s.objFields[o]
	if len(slots) <= 8 {
		for _, x := range slots {
			if x.field == f {
				return x.node, true
			}
		}
		return 0, false
	}
	i, ok := slices.BinarySearchFunc(slots, f, func(x fieldSlot, f int32) int { return cmp.Compare(x.field, f) })
	if !ok {
		return 0, false
	}
	return slots[i].node, true
}

// addFieldSlot records node n as field f of object o.
func (s *solver) addFieldSlot(o, f, n int32) {
	slots := s.objFields[o]
	i, _ := slices.BinarySearchFunc(slots, f, func(x fieldSlot, f int32) int { return cmp.Compare(x.field, f) })
	s.objFields[o] = slices.Insert(slots, i, fieldSlot{f, n})
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
	c := s.complex(base)
	c.loads = append(c.loads, access{f, dst})
	for _, o := range s.elements(base) {
		s.load(o, f, dst)
	}
}

// addStore registers base.f = src and applies it to base's objects.
func (s *solver) addStore(base, f, src int32) {
	base = s.find(base)
	c := s.complex(base)
	c.stores = append(c.stores, access{f, src})
	for _, o := range s.elements(base) {
		s.store(o, f, src)
	}
}

// elements returns the objects of node n (in a buffer reused by the next
// call).
func (s *solver) elements(n int32) []int32 {
	s.buf = s.nodes[n].pts.appendTo(s.buf[:0])
	return s.buf
}

// store adds o.f = src. The JVM only stores values of the declared type
// of a field, and of the component type of an array object (else
// ArrayStoreException): the edge filters by it, which keeps typed arrays
// and fields free of objects that flow-insensitive merging would add.
func (s *solver) store(o, f, src int32) {
	if f == serialFields {
		for _, g := range s.serialFieldsOf(s.objClass[o]) {
			s.addEdge(src, s.fieldNode(o, g.ID), s.typeFilter(g.Desc))
		}
		return
	}
	if f == anyField {
		for _, g := range s.fieldsOf(o) {
			s.store(o, g, src)
		}
		return
	}
	var filter *hierarchy.Class
	switch {
	case f == arrayElem:
		if c := s.objClass[o]; c.IsArray() {
			filter = filterFor(c.Component)
		}
	case isOffsetField(f): // offsets.go
		if !s.offsetObject(o) {
			return
		}
	default:
		filter = s.fieldFilterOf(f)
	}
	s.addEdge(src, s.fieldNode(o, f), filter)
}

// fieldFilterOf returns the filter of field f's type, made on first use.
// Every store into f filters by it, whichever statement or model makes
// the store: a VarHandle access mode stores into every field that can
// hold its value (varhandle.go), and before, when only putfield made the
// filter, such a store went unfiltered if it came first, so the result
// depended on the order of solving (a warm start's link differed from
// the whole program's on Groovy).
func (s *solver) fieldFilterOf(f int32) *hierarchy.Class {
	if c, ok := s.fieldFilter[f]; ok {
		return c
	}
	var c *hierarchy.Class
	if fl := s.h.Field(f); fl != nil {
		c = s.typeFilter(fl.Desc)
	}
	s.fieldFilter[f] = c
	return c
}

// load adds dst = o.f.
func (s *solver) load(o, f, dst int32) {
	if f == serialFields {
		for _, g := range s.serialFieldsOf(s.objClass[o]) {
			s.addEdge(s.fieldNode(o, g.ID), dst, nil)
		}
		return
	}
	if f == anyField {
		for _, g := range s.fieldsOf(o) {
			s.addEdge(s.fieldNode(o, g), dst, nil)
		}
		return
	}
	if isOffsetField(f) && !s.offsetObject(o) { // offsets.go
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
	if st.recv1 == 0 {
		st.recv1 = n + 1
	} else {
		st.recvMore = append(st.recvMore, n)
	}
	n = s.find(n)
	c := s.complex(n)
	c.recvs = append(c.recvs, st.at)
	s.dispatchAll(st, s.elements(n), recvSource{n: n})
}

// solve runs to the fixpoint and completes the call graph.
func (s *solver) solve() error {
	if err := s.run(); err != nil {
		return err
	}
	s.receivers()
	s.done()
	return nil
}

// run runs to the fixpoint: reached methods are visited (their
// constraints added), then changed nodes propagate, until neither is left.
func (s *solver) run() error {
	var objs []int32
	for s.err == nil && (len(s.visitQ) > 0 || s.qhead < len(s.queue) || s.refill()) {
		for len(s.visitQ) > 0 {
			m := s.visitQ[0]
			s.visitQ = s.visitQ[1:]
			if err := s.visit(m); err != nil {
				return err
			}
		}
		for s.qhead < len(s.queue) && len(s.visitQ) == 0 {
			n := s.queue[s.qhead]
			s.qhead++
			if s.qhead >= 4096 && 2*s.qhead >= len(s.queue) {
				s.queue = s.queue[:copy(s.queue, s.queue[s.qhead:])]
				s.qhead = 0
			}
			s.nodes[n].queued = false
			if s.nodes[n].rep != n {
				continue // collapsed into a cycle's representative
			}
			s.maybeCollapse()
			if s.nodes[n].rep != n {
				continue
			}
			d := s.nodes[n].delta
			s.nodes[n].delta = nil
			if d.IsEmpty() {
				s.release(d)
				continue
			}
			// What n had propagated before d (sharing.go), and its set now:
			// successors holding the former get d as n's set.
			from, cur := s.nodes[n].prop, s.nodes[n].pts
			if cur.Len() >= canonMin && !cur.interned {
				if c := s.intern(cur); c != cur {
					s.share(n, c)
					cur = c
				}
			}
			retain(cur)
			shared := false
			for _, e := range s.nodes[n].copies[:len(s.nodes[n].copies):len(s.nodes[n].copies)] {
				if s.flowDelta(n, d, from, cur, e) {
					shared = true
				}
			}
			if c := s.cx[n]; c != nil {
				objs = d.appendTo(objs[:0])
				loads, stores, recvs := c.loads, c.stores, c.recvs
				for _, a := range loads[:len(loads):len(loads)] {
					for _, o := range objs {
						s.load(o, a.field, a.other)
					}
				}
				for _, a := range stores[:len(stores):len(stores)] {
					for _, o := range objs {
						s.store(o, a.field, a.other)
					}
				}
				src := recvSource{n: n, d: d, cur: cur}
				for _, i := range recvs[:len(recvs):len(recvs)] {
					if s.dispatchAll(s.siteAt(i), objs, src) {
						shared = true
					}
				}
			}
			s.clearMemo()
			s.release(d)
			s.release(s.nodes[n].prop)
			// Keep the snapshot only if a successor shares it: else it
			// would just make n copy its set when it next changes.
			if shared {
				s.nodes[n].prop = cur
			} else {
				s.release(cur)
				s.nodes[n].prop = unknownSet
			}
		}
	}
	return s.err
}

// receivers fills in the receiver classes of the dispatched sites: the
// classes of the objects of their receiver nodes, by name. Sites whose
// one receiver node has the same set share the list.
func (s *solver) receivers() {
	for _, c := range s.objClass {
		s.instIndex(c)
	}
	classes := make([]*hierarchy.Class, s.numInst)
	for _, c := range s.objClass {
		classes[s.instIdx[c.ID]] = c
	}
	slices.SortFunc(classes, func(a, b *hierarchy.Class) int { return cmp.Compare(a.Name, b.Name) })
	rank := make([]int32, s.numInst)
	for i, c := range classes {
		rank[s.instIdx[c.ID]] = int32(i)
	}
	var byRank []int32
	seen := make([]int32, len(classes)+1) // rank+1 → stamp
	stamp := int32(0)
	shared := map[*bitset][]*hierarchy.Class{}
	for i := range s.sites {
		st := s.listed(i)
		if st == nil || st.recv1 == 0 || !st.cs.Kind.IsDispatched() {
			continue
		}
		var one *bitset
		if len(st.recvMore) == 0 {
			one = s.nodes[s.find(st.recv1-1)].pts
			if l, ok := shared[one]; ok && one != nil {
				st.recvList = l
				continue
			}
		}
		stamp++
		byRank = byRank[:0]
		for _, n := range append([]int32{st.recv1 - 1}, st.recvMore...) {
			s.nodes[s.find(n)].pts.Iterate(func(o uint32) bool {
				r := rank[s.instIdx[s.objClass[o].ID]]
				if seen[r+1] != stamp {
					seen[r+1] = stamp
					byRank = append(byRank, r)
				}
				return true
			})
		}
		slices.Sort(byRank)
		l := make([]*hierarchy.Class, len(byRank))
		for i, r := range byRank {
			l[i] = classes[r]
		}
		st.recvList = l
		if one != nil {
			shared[one] = l
		}
	}
}

// addSite adds a call site.
func (s *solver) addSite(x *site) {
	x.at = int32(len(s.sites))
	s.sites = append(s.sites, x)
}

// siteAt returns site i, made now if a warm start restored it unused.
func (s *solver) siteAt(i int32) *site {
	if st := s.sites[i]; st != nil {
		return st
	}
	return s.lazy.site(i)
}

// listed returns site i if the graph lists it, nil if not: a hidden site,
// or one of a caller Options.Sites leaves out. Restored sites the graph
// does not list are not made.
func (s *solver) listed(i int) *site {
	st := s.sites[i]
	switch {
	case st == nil && s.lazy.listed(int32(i)):
		return s.lazy.site(int32(i))
	case st == nil || st.hidden || !s.keeps(st.cs.Caller):
		return nil
	}
	return st
}

// keeps reports whether the graph lists the sites of caller
// (Options.Sites).
func (s *solver) keeps(caller *hierarchy.Method) bool {
	return s.opts.Sites == nil || caller != nil && s.opts.Sites(caller)
}

// done drops what only solving needs.
func (s *solver) done() {
	for i := range s.nodes {
		x := &s.nodes[i]
		x.delta, x.prop, x.absorbed, x.copies = nil, nil, nil, nil
	}
	s.cx = nil
	s.interned = nil
	s.outSet, s.queue, s.waiting, s.filters, s.filterOf, s.selections = nil, nil, [len(s.waiting)][]int32{}, nil, nil, nil
	s.inst, s.buf, s.scratchArr, s.scratchDense = instances{}, nil, bitset{}, bitset{}
	s.objInst, s.batches = nil, nil
	s.pool = nil
	for _, st := range s.sites {
		if st != nil {
			st.targets, st.recvMore, st.sel, st.bound = nil, nil, nil, nil
		}
	}
	for _, mi := range s.byID {
		if mi != nil {
			mi.excFrom, mi.excSet, mi.sig = nil, nil, nil
		}
	}
}

// bind connects a call site to target t once (arguments, result,
// exceptions) and returns t's nodes.
func (s *solver) bind(st *site, t *hierarchy.Method) *method {
	if st.targets[t.ID] {
		return s.reach(t)
	}
	st.targets[t.ID] = true
	return s.bindNew(st, t)
}

// bindNew binds target t, not yet bound, at site st.
func (s *solver) bindNew(st *site, t *hierarchy.Method) *method {
	tm := s.reach(t)
	st.cs.Targets = append(st.cs.Targets, t)
	if t.IsStatic() && !t.IsNative() { // static library methods modelled beside their code
		switch {
		case t.HasKey(arraysCopyOf) || t.HasKey(arraysCopyOfRange): // natives.go
			s.arrayCopy(st)
		case t.HasKey(enumValueOf): // enums.go
			s.enumValueOfCall(st)
		case t.HasKey(arrayNewInstance) || t.HasKey(arrayNewInstanceDims): // anyarray.go
			s.newArrayCall(st, t.HasKey(arrayNewInstanceDims))
		case isTypedCopy(t):
			s.typedCopy(st)
		}
	}
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
	sig := s.signature(tm)
	params := sig[:len(sig)-1]
	for i, a := range st.args {
		if i+off < len(tm.params) && i < len(params) {
			s.addEdge(a, tm.params[i+off], params[i])
		}
	}
	// A site binds a target once: its result edge is new unless another
	// site of the caller has the same result variable.
	s.addEdgeOnce(tm.ret, st.dst, sig[len(sig)-1])
	if s.newExcFrom(st.caller, t.ID) {
		s.addEdgeOnce(tm.exc, st.caller.exc, nil)
	}
	return tm
}

// signature returns the type filters of tm's parameters and then of its
// result (method.sig).
func (s *solver) signature(tm *method) []*hierarchy.Class {
	if tm.sig == nil {
		params, ret, _ := classfile.ParseMethodDescriptor(tm.m.Desc)
		tm.sig = make([]*hierarchy.Class, len(params)+1)
		for i, p := range params {
			tm.sig[i] = s.typeFilter(p)
		}
		tm.sig[len(params)] = s.typeFilter(ret)
	}
	return tm.sig
}

// method returns reached method m's solver record, nil if m is not reached.
func (s *solver) method(m *hierarchy.Method) *method {
	if m != nil && m.ID >= 0 && int(m.ID) < len(s.byID) {
		return s.byID[m.ID]
	}
	return nil
}

// reach makes m reachable: its nodes exist from now on and its body is
// visited later. Returns nil for a method whose body cannot be read.
func (s *solver) reach(m *hierarchy.Method) *method {
	if m == nil {
		return nil
	}
	if int(m.ID) < len(s.byID) {
		if mi := s.byID[m.ID]; mi != nil {
			return mi
		}
	}
	mi := &method{m: m, ret: s.newNode(), exc: s.newNode()}
	if int(m.ID) >= len(s.byID) {
		s.byID = append(s.byID, make([]*method, int(m.ID)+1-len(s.byID))...)
	}
	s.byID[m.ID] = mi
	s.order = append(s.order, m)
	b, err := s.p.Body(m)
	if err != nil && s.err == nil {
		s.err = err
	}
	if err == nil && b != nil {
		mi.base, mi.numVars = int32(len(s.nodes)), int32(b.NumVars)
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
