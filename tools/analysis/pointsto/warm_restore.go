package pointsto

import (
	"fmt"
	"slices"

	"github.com/rules-fragment/rules_fragment/tools/analysis/internal/reach"
	"github.com/rules-fragment/rules_fragment/tools/callgraph"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
)

// restore puts a fresh solver in state w (warm.go), after checking that w
// applies to the program.
func (s *solver) restore(w *Warm) error {
	mismatch := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", ErrWarmMismatch, fmt.Sprintf(format, args...))
	}
	if w.PerClass != s.opts.PerClass {
		return mismatch("made for %s, not %s", Options{PerClass: w.PerClass}.Name(), s.opts.Name())
	}
	if s.opts.ReflectiveTypes != 0 {
		return mismatch("the reflection model is on")
	}
	e, err := w.Names.Resolve(s.p)
	if err != nil {
		return err
	}
	r := &warmReader{w: w, s: s, classes: e.Classes, methods: e.Methods, fields: e.Fields}
	if err := r.check(); err != nil {
		return fmt.Errorf("warm start: %w", err)
	}
	s.restoring = true
	r.state()
	s.restoring = false
	s.restoreServices(w, r.classes)
	s.restoreEnums(w, r.classes)
	return nil
}

type warmReader struct {
	w       *Warm
	s       *solver
	classes []*hierarchy.Class
	methods []*hierarchy.Method
	fields  []*hierarchy.Field
	sets    []*bitset
	// The caller of the last site listed asked about, and the answer.
	lastCaller          int32
	lastAsked, lastKept bool
}

// check validates the indices of w, so that state cannot fail: its own
// tables once (tables), then the classes they name in this program.
func (r *warmReader) check() error {
	w := r.w
	v := &w.verdict
	v.once.Do(func() { v.classes, v.err = r.tables() })
	if v.err != nil {
		return v.err
	}
	distinct := make(map[int32]bool, len(v.classes))
	for _, c := range v.classes {
		distinct[r.classes[c].ID] = true
	}
	if len(w.FirstObj) != len(distinct) {
		return fmt.Errorf("malformed warm start: first objects")
	}
	return nil
}

// tables validates w's indices against its own tables (the lengths of
// r's entities are those of w.Names), and returns the distinct indices of
// w.ObjClass.
func (r *warmReader) tables() ([]int32, error) {
	if err := r.checkTables(); err != nil {
		return nil, err
	}
	used := make([]bool, len(r.classes))
	var classes []int32
	for _, c := range r.w.ObjClass {
		if !used[c] {
			used[c] = true
			classes = append(classes, c)
		}
	}
	return classes, nil
}

// checkTables is tables' check of every index of w.
func (r *warmReader) checkTables() error {
	w := r.w
	n, no := w.NumNodes, int32(len(w.ObjClass))
	nc, nm, nf, ns := int32(len(r.classes)), int32(len(r.methods)), int32(len(r.fields)), int32(len(w.Sets))
	bad := func(what string) error { return fmt.Errorf("malformed warm start: %s", what) }
	node := func(x int32) bool { return x >= -1 && x < n }
	in := func(x, lim int32) bool { return x >= 0 && x < lim }
	opt := func(x, lim int32) bool { return x >= -1 && x < lim }
	all := func(xs []int32, ok func(int32) bool) bool {
		for _, x := range xs {
			if !ok(x) {
				return false
			}
		}
		return true
	}
	field := func(x int32) bool { return x >= anyField && x < nf || isOffsetField(x) }
	if len(w.ObjKeys) != 4*len(w.ObjClass) || len(w.NodeSet) != int(n) || len(w.EdgeLen) != int(n) || n < 0 {
		return bad("table sizes")
	}
	if !all(w.ObjClass, func(x int32) bool { return in(x, nc) }) {
		return bad("object class")
	}
	for i := 0; i < len(w.ObjKeys); i += 4 {
		member := nm
		if fieldKey(objKey{site: w.ObjKeys[i+1], level: w.ObjKeys[i+2]}) {
			member = nf
		}
		if !opt(w.ObjKeys[i], member) || !opt(w.ObjKeys[i+3], nc) {
			return bad("object key")
		}
	}
	if len(w.Rep)%2 != 0 || !all(w.Rep, func(x int32) bool { return in(x, n) }) {
		return bad("representatives")
	}
	nsites := int32(len(w.Sites))
	for i := range w.Proxies {
		x := w.Proxies[i]
		if len(w.Proxies)%4 != 0 || (i%4 == 0 && !in(x, no)) || (i%4 == 1 && !opt(x, nsites)) || (i%4 == 2 && !opt(x, n)) || (i%4 == 3 && !opt(x, no)) {
			return bad("proxies")
		}
	}
	for i := range w.Handles {
		x := w.Handles[i]
		if len(w.Handles)%3 != 0 || (i%3 == 0 && !in(x, nsites)) || (i%3 == 1 && !opt(x, no) && x != typedVarAccess) || (i%3 == 2 && !opt(x, nsites)) {
			return bad("method handles")
		}
	}
	if !all(w.EnumLiterals, func(x int32) bool { return in(x, nc) && reach.IsEnumType(r.classes[x]) }) {
		return bad("enum literals")
	}
	if !all(w.ServiceProviders, func(x int32) bool { return in(x, nc) }) || !all(w.Services, func(x int32) bool { return in(x, int32(len(w.Names.Strings))) }) {
		return bad("service providers")
	}
	merged := make([]bool, n)
	for i := 0; i < len(w.Rep); i += 2 {
		merged[w.Rep[i]] = true
	}
	for i := 1; i < len(w.Rep); i += 2 {
		if merged[w.Rep[i]] {
			return bad("representative of a merged node")
		}
	}
	for _, ids := range w.Sets {
		sum := uint64(0)
		for j, d := range ids {
			if j > 0 && d == 0 {
				return bad("set order")
			}
			sum += uint64(d)
		}
		if sum >= uint64(no) {
			return bad("set element")
		}
	}
	if !all(w.NodeSet, func(x int32) bool { return x >= 0 && x <= ns }) {
		return bad("node set")
	}
	total := 0
	for _, l := range w.EdgeLen {
		if l < 0 {
			return bad("edge count")
		}
		total += int(l)
	}
	if 2*total != len(w.Edges) {
		return bad("edge count")
	}
	nfl := int32(len(w.Filters) / 3)
	for i := 0; i < len(w.Edges); i += 2 {
		if !in(w.Edges[i], n) || !opt(w.Edges[i+1], nfl) {
			return bad("edge")
		}
	}
	if len(w.Access)%4 != 0 || len(w.Recvs)%2 != 0 || len(w.FieldNodes)%3 != 0 || len(w.Statics)%2 != 0 ||
		len(w.FieldFilter)%2 != 0 || len(w.Filters)%3 != 0 || len(w.Unmodelled)%3 != 0 {
		return bad("table sizes")
	}
	for i := 0; i < len(w.Access); i += 4 {
		if w.Access[i] > 1 || w.Access[i] < 0 || !in(w.Access[i+1], n) || !field(w.Access[i+2]) || !in(w.Access[i+3], n) {
			return bad("load or store")
		}
	}
	for i := 0; i < len(w.Recvs); i += 2 {
		if !in(w.Recvs[i], n) || !in(w.Recvs[i+1], int32(len(w.Sites))) {
			return bad("receiver")
		}
		// A receiver's site dispatches, and binds targets to its caller.
		if st := w.Sites[w.Recvs[i+1]]; !st.Info || st.Resolved < 0 {
			return bad("receiver site")
		}
	}
	for i := 0; i < len(w.FieldNodes); i += 3 {
		if !in(w.FieldNodes[i], no) || !field(w.FieldNodes[i+1]) || w.FieldNodes[i+1] == anyField || !in(w.FieldNodes[i+2], n) {
			return bad("field node")
		}
	}
	for i := 0; i < len(w.Statics); i += 2 {
		if !in(w.Statics[i], nf) || !in(w.Statics[i+1], n) {
			return bad("static")
		}
	}
	for i := 0; i < len(w.FieldFilter); i += 2 {
		if !in(w.FieldFilter[i], nf) || !opt(w.FieldFilter[i+1], nc) {
			return bad("field filter")
		}
	}
	for i := 0; i < len(w.Filters); i += 3 {
		if !in(w.Filters[i], nc) || w.Filters[i+1] < 0 || w.Filters[i+1] > no || w.Filters[i+2] < 0 || w.Filters[i+2] > ns {
			return bad("filter")
		}
	}
	if !all(w.FirstObj, func(x int32) bool { return opt(x, no) }) {
		return bad("first objects")
	}
	for _, m := range w.Reached {
		if !in(m.M, nm) || !in(m.Ret, n) || !in(m.Exc, n) || m.NumVars < 0 || (m.Body && (m.Base < 0 || m.Base+m.NumVars > n)) ||
			(!m.Body && m.Params != nil) ||
			!all(m.Params, node) || !all(m.ExcFrom, func(x int32) bool { return in(x, nm) }) {
			return bad("reached method")
		}
	}
	for _, st := range w.Sites {
		if !opt(st.Caller, nm) || !opt(st.Callee, nm) || !opt(st.Resolved, nm) || !in(st.Ref, int32(len(w.Names.Strings))) ||
			!opt(st.Error, int32(len(w.Names.Strings))) || !all(st.Targets, func(x int32) bool { return in(x, nm) }) ||
			!all(st.Args, node) || !node(st.Base) || !node(st.Dst) || st.Recv1 < 0 || st.Recv1 > n ||
			!all(st.RecvMore, func(x int32) bool { return in(x, n) }) ||
			!(all(st.Bound, func(x int32) bool { return in(x, nm) }) || len(st.Bound) == 1 && st.Bound[0] == -1) ||
			st.Kind > uint8(callgraph.Dynamic) || (st.Info && !in(st.Caller, nm)) || (!st.Info && st.Kind != uint8(callgraph.Dynamic)) {
			return bad("site")
		}
	}
	numTargets := make(map[int32]int) // resolved method → targets selected
	targetSeen, sel := make([]int32, nm), int32(0)
	distinct := func(xs []int32) bool { // methods in range
		sel++
		for _, x := range xs {
			if targetSeen[x] == sel {
				return false
			}
			targetSeen[x] = sel
		}
		return true
	}
	for i := 0; i < len(w.Selections); {
		if i+2 > len(w.Selections) || !in(w.Selections[i], nm) {
			return bad("selection")
		}
		k := int(w.Selections[i+1])
		if _, dup := numTargets[w.Selections[i]]; dup || k < 0 || i+2+k > len(w.Selections) ||
			!all(w.Selections[i+2:i+2+k], func(x int32) bool { return in(x, nm) }) ||
			!distinct(w.Selections[i+2:i+2+k]) {
			return bad("selection") // a target twice would shift the indices of those bound
		}
		numTargets[w.Selections[i]] = k
		i += 2 + k
	}
	for _, st := range w.Sites {
		for _, x := range st.SelBound {
			if k, ok := numTargets[st.Resolved]; !ok || int(x) >= k {
				return bad("site selection")
			}
		}
	}
	if !all(w.Inited, func(x int32) bool { return in(x, nc) }) || !node(w.Threads) || !node(w.References) || !node(w.Finalizable) ||
		!all(w.UnmodelledNative, func(x int32) bool { return in(x, nm) }) {
		return bad("tables")
	}
	for i := 0; i < len(w.Unmodelled); i += 3 {
		if !in(w.Unmodelled[i], nm) || !in(w.Unmodelled[i+2], int32(len(w.Names.Strings))) {
			return bad("unmodelled")
		}
	}
	seen := make([]bool, nm)
	for _, m := range w.Reached {
		if seen[m.M] {
			return bad("method reached twice")
		}
		seen[m.M] = true
	}
	for _, st := range w.Sites {
		if st.Info && !seen[st.Caller] {
			return bad("site of an unreached method")
		}
	}
	return nil
}

// state fills the solver (checked by check).
func (r *warmReader) state() {
	w, s := r.w, r.s
	field := func(x int32) int32 {
		if x < 0 {
			return x
		}
		return r.fields[x].ID
	}
	s.objIDs = make(map[objKey]int32, len(w.ObjClass))
	for i, ci := range w.ObjClass {
		c := r.classes[ci]
		k := objKey{method: -1, site: w.ObjKeys[4*i+1], level: w.ObjKeys[4*i+2], class: -1}
		switch m := w.ObjKeys[4*i]; {
		case m >= 0 && fieldKey(k):
			k.method = r.fields[m].ID
		case m >= 0:
			k.method = r.methods[m].ID
		}
		if kc := w.ObjKeys[4*i+3]; kc >= 0 {
			k.class = r.classes[kc].ID
		}
		s.restoreAny(s.objectFor(k, c), k) // anyarray.go
	}
	// The nodes are the template's (warm_template.go), with a quarter
	// more room for what a client adds (CUP 8 k nodes, javacc 27 k under
	// AND_f, to the JDK 17 warm start's 172 k): the link's first new node
	// would otherwise copy all of them into a slice twice as large. Only
	// the fields set are written on the zeroed nodes: copying whole nodes
	// took longer, with the collector's write barriers.
	t := w.template()
	r.sets = t.sets
	room := len(t.nodes) + len(t.nodes)/4
	s.nodes, s.warm = w.tmpl.takeNodes(len(t.nodes), room), w
	for n := range t.nodes {
		x, y := &s.nodes[n], &t.nodes[n]
		x.rep = y.rep
		if y.pts != nil {
			x.pts, x.prop = y.pts, y.prop
		}
		if y.copies != nil {
			x.copies = y.copies
		}
	}
	s.cx = make([]*complexCons, len(t.nodes), room)
	cx := r.complexSlabs()
	for i := 0; i < len(w.Access); i += 4 {
		c := cx.of(w.Access[i+1])
		a := access{field(w.Access[i+2]), w.Access[i+3]}
		if w.Access[i] == 0 {
			c.loads = extend(c.loads, &cx.access, a)
		} else {
			c.stores = extend(c.stores, &cx.access, a)
		}
	}
	for i := 0; i < len(w.FieldNodes); i += 3 {
		s.addFieldSlot(w.FieldNodes[i], field(w.FieldNodes[i+1]), w.FieldNodes[i+2])
	}
	for i := 0; i < len(w.Statics); i += 2 {
		s.statics[field(w.Statics[i])] = w.Statics[i+1]
	}
	for i := 0; i < len(w.FieldFilter); i += 2 {
		var c *hierarchy.Class
		if x := w.FieldFilter[i+1]; x >= 0 {
			c = r.classes[x]
		}
		s.fieldFilter[field(w.FieldFilter[i])] = c
	}
	for i := 0; i < len(w.Filters); i += 3 {
		c := r.classes[w.Filters[i]]
		f := &filterSet{class: c, checked: w.Filters[i+1]}
		if k := w.Filters[i+2]; k > 0 {
			f.objs.or(s.pool, r.sets[k-1])
		}
		s.filterOf[c.ID] = int32(len(s.filters))
		s.filters = append(s.filters, f)
	}
	s.restoreProxies(w) // before relinkFilters, which tests them
	s.restoreHandles(w)
	s.relinkFilters()
	// The classes' first objects (w.FirstObj, checked above) are those of
	// s.inst.objs, made as the objects were restored.
	methods := make([]method, len(w.Reached))
	for i, wm := range w.Reached {
		m := r.methods[wm.M]
		mi := &methods[i]
		*mi = method{m: m, ret: wm.Ret, exc: wm.Exc, base: wm.Base, numVars: wm.NumVars}
		if wm.Body {
			mi.params = slices.Clone(wm.Params)
			if mi.params == nil {
				mi.params = []int32{}
			}
		}
		if int(m.ID) >= len(s.byID) {
			s.byID = append(s.byID, make([]*method, int(m.ID)+1-len(s.byID))...)
		}
		s.byID[m.ID] = mi
		s.order = append(s.order, m)
	}
	s.sortedOrder = len(s.order)
	nexc := 0
	for _, wm := range w.Reached {
		nexc += len(wm.ExcFrom)
	}
	excFrom := make([]int32, nexc)
	for i, wm := range w.Reached {
		// Distinct (Checkpoint wrote a set); newExcFrom makes a set of a
		// long list when it is first asked.
		if n := len(wm.ExcFrom); n > 0 {
			mi := &methods[i]
			mi.excFrom, excFrom = excFrom[:n:n], excFrom[n:]
			for j, t := range wm.ExcFrom {
				mi.excFrom[j] = r.methods[t].ID
			}
		}
	}
	for _, i := range w.Inited {
		s.init.MarkInited(r.classes[i])
	}
	for i := 0; i < len(w.Selections); {
		rm := r.methods[w.Selections[i]]
		k := int(w.Selections[i+1])
		sc := &selCache{}
		for _, t := range w.Selections[i+2 : i+2+k] {
			sc.targetIndex(r.methods[t])
		}
		s.selections[rm.ID] = sc
		i += 2 + k
	}
	// Sites are made when first used (site): a link dispatches on few of
	// the JDK's 60 k, and its graph lists only the client's.
	s.sites = make([]*site, len(w.Sites))
	s.lazy = r
	for i := 0; i < len(w.Recvs); i += 2 {
		c := cx.of(w.Recvs[i])
		c.recvs = extend(c.recvs, &cx.recvs, w.Recvs[i+1])
	}
	s.threads = w.Threads
	s.references, s.finalizable = w.References, w.Finalizable
	for i := 0; i < len(w.Unmodelled); i += 3 {
		s.unmodelled = append(s.unmodelled, callgraph.Unmodelled{Method: r.methods[w.Unmodelled[i]],
			Site: w.Unmodelled[i+1], Reason: w.Names.Strings[w.Unmodelled[i+2]]})
	}
	for _, m := range w.UnmodelledNative {
		s.unmodelledNative[r.methods[m].ID] = true
	}
	s.numEdges = int(w.NumEdges)
	s.edgesAtCollapse = s.numEdges
}

// listed reports whether the graph lists restored site i (solver.listed):
// not hidden, and its caller's sites are listed.
func (r *warmReader) listed(i int32) bool {
	ws := &r.w.Sites[i]
	if ws.Hidden {
		return false
	}
	// Sites are stored by caller: ask Options.Sites once per caller.
	if ws.Caller != r.lastCaller || !r.lastAsked {
		r.lastCaller, r.lastAsked, r.lastKept = ws.Caller, true, r.s.keeps(r.method(ws.Caller))
	}
	return r.lastKept
}

// method returns method x of w (nil for -1).
func (r *warmReader) method(x int32) *hierarchy.Method {
	if x < 0 {
		return nil
	}
	return r.methods[x]
}

// site makes restored site i. Its solving state (bound targets and
// selections) is made only while solving: done drops it. (receivers makes
// every site the graph lists before done, so graph finds them made.)
func (r *warmReader) site(i int32) *site {
	s, w, ws := r.s, r.w, &r.w.Sites[i]
	cs := &callgraph.Site{Caller: r.method(ws.Caller), ID: ws.ID, Line: ws.Line, Kind: callgraph.SiteKind(ws.Kind),
		Ref: w.Names.Strings[ws.Ref], Callee: r.method(ws.Callee)}
	if ws.Error >= 0 {
		cs.Error = w.Names.Strings[ws.Error]
	}
	if n := len(ws.Targets); n > 0 {
		cs.Targets = make([]*hierarchy.Method, n)
		for j, t := range ws.Targets {
			cs.Targets[j] = r.methods[t]
		}
	}
	// w is only read (a worker keeps it for later links): the site's
	// lists are w's without spare capacity, so appends copy them.
	st := &site{at: i, cs: cs, resolved: r.method(ws.Resolved), args: slices.Clip(ws.Args), base: ws.Base, dst: ws.Dst,
		hidden: ws.Hidden, recv1: ws.Recv1, recvMore: slices.Clip(ws.RecvMore)}
	if ws.Info {
		st.caller = s.byID[r.methods[ws.Caller].ID]
	}
	if s.pool != nil {
		if len(ws.Bound) != 1 || ws.Bound[0] != -1 {
			st.targets = make(map[int32]bool, len(ws.Bound))
			for _, t := range ws.Bound {
				st.targets[r.methods[t].ID] = true
			}
		}
		if len(ws.SelBound) > 0 {
			st.bound = &bitset{}
			for _, x := range ws.SelBound {
				st.bound.add(s.pool, x)
			}
		}
	}
	s.sites[i] = st
	return st
}

// decodeSets makes w's distinct sets: an array set's ids in one slab (each
// without spare capacity, so growing copies it out), a dense set's words
// straight from the deltas (from pool).
func decodeSets(w *Warm, pool *wordPool) []*bitset {
	sets := make([]*bitset, len(w.Sets))
	bs := make([]bitset, len(w.Sets))
	last := make([]uint32, len(w.Sets)) // each set's largest id
	// dense is maybeDense's rule, without making the array first.
	dense := func(i int) bool {
		d := w.Sets[i]
		return len(d) > 0 && denseFits(len(d), int(last[i]>>6-d[0]>>6)+1)
	}
	narr := 0
	for i, d := range w.Sets {
		for _, v := range d {
			last[i] += v
		}
		if !dense(i) {
			narr += len(d)
		}
	}
	slab := make([]uint32, narr)
	for i, d := range w.Sets {
		b := &bs[i]
		b.n = int32(len(d))
		if dense(i) {
			lo := int32(d[0] >> 6)
			b.words, b.lo = pool.get(int(int32(last[i]>>6)-lo+1)), lo
			x := uint32(0)
			for _, v := range d {
				x += v
				b.words[int32(x>>6)-lo] |= 1 << (x & 63)
			}
		} else {
			b.arr, slab = slab[:len(d):len(d)], slab[len(d):]
			x := uint32(0)
			for j, v := range d {
				x += v
				b.arr[j] = x
			}
		}
		sets[i] = b
	}
	return sets
}

// complexSlabs holds the memory of the restored complex constraints: a
// record per base node and the lists of loads, stores and receivers.
// Checkpoint writes them by base node, loads before stores, so that every
// list is a run of its slab.
type complexSlabs struct {
	s      *solver
	recs   []complexCons
	access slab[access]
	recvs  slab[int32]
}

func (r *warmReader) complexSlabs() *complexSlabs {
	w := r.w
	// Base nodes, counted once per run in w: at least the distinct ones.
	runs := func(xs []int32, stride, at int) int {
		n, prev := 0, int32(-1)
		for i := at; i < len(xs); i += stride {
			if xs[i] != prev {
				n, prev = n+1, xs[i]
			}
		}
		return n
	}
	return &complexSlabs{s: r.s, recs: make([]complexCons, runs(w.Access, 4, 1)+runs(w.Recvs, 2, 0)),
		access: slab[access]{all: make([]access, len(w.Access)/4)}, recvs: slab[int32]{all: make([]int32, len(w.Recvs)/2)}}
}

// of returns the complex constraints of node n, made on first use.
func (cx *complexSlabs) of(n int32) *complexCons {
	c := cx.s.cx[n]
	if c == nil {
		c, cx.recs = &cx.recs[0], cx.recs[1:]
		cx.s.cx[n] = c
	}
	return c
}

// slab hands out the elements of all in order.
type slab[T any] struct {
	all  []T
	next int
}

// extend returns list with x added: a list that ends with the slab's last
// element handed out grows into the slab, another is copied out by
// append. Lists have no spare capacity, so that a solver's append copies
// them out too.
func extend[T any](list []T, sl *slab[T], x T) []T {
	n := len(list)
	if n > 0 && (sl.next == 0 || &list[n-1] != &sl.all[sl.next-1]) || sl.next == len(sl.all) {
		return append(list, x)
	}
	sl.all[sl.next] = x
	sl.next++
	return sl.all[sl.next-n-1 : sl.next : sl.next]
}
