package pointsto

import "slices"

// Cycle elimination (seed 000 §6.3, Fähndrich et al. PLDI 1998; Hardekopf
// and Lin PLDI 2007): the nodes of a cycle of unfiltered copy edges end
// with equal points-to sets, so they are collapsed into one representative
// (the smallest id, for determinism) that owns the set and the members'
// edges, loads, stores and call sites. The solver looks for cycles with
// Tarjan's algorithm over the whole copy graph each time it has grown by
// a quarter since the last look: on-the-fly call graph construction keeps
// adding edges, and parameter/return flow makes most cycles. (An eighth
// made the JDK fragment's AND_f 5% slower, 65.3 s against 62.2 s in
// three interleaved pairs, with JFlex's unchanged: a look costs a pass
// over every edge.)

// find returns the representative of node n (path halving).
func (s *solver) find(n int32) int32 {
	for s.nodes[n].rep != n {
		s.nodes[n].rep = s.nodes[s.nodes[n].rep].rep
		n = s.nodes[n].rep
	}
	return n
}

// maybeCollapse runs cycle elimination if the copy graph grew enough.
func (s *solver) maybeCollapse() {
	if grown := s.numEdges - s.edgesAtCollapse; grown < 20000 || grown < s.numEdges/4 {
		return
	}
	s.edgesAtCollapse = s.numEdges
	for _, scc := range s.copyCycles() {
		s.collapse(scc)
	}
}

// copyCycles returns the strongly connected components of more than one
// node in the graph of unfiltered copy edges between representatives
// (iterative Tarjan), each sorted, in order of their smallest node.
func (s *solver) copyCycles() [][]int32 {
	n := len(s.nodes)
	index := make([]int32, n) // 0: unvisited, else DFS number + 1
	low := make([]int32, n)
	onStack := make([]bool, n)
	var stack []int32
	type frame struct {
		v int32
		i int // next edge of v
	}
	var call []frame
	var sccs [][]int32
	next := int32(1)
	for root := range int32(n) {
		if s.nodes[root].rep != root || index[root] != 0 || len(s.nodes[root].copies) == 0 {
			continue
		}
		call = append(call[:0], frame{v: root})
		index[root], low[root] = next, next
		next++
		stack = append(stack, root)
		onStack[root] = true
		for len(call) > 0 {
			f := &call[len(call)-1]
			v := f.v
			if f.i < len(s.nodes[v].copies) {
				e := s.nodes[v].copies[f.i]
				f.i++
				if e.filter >= 0 {
					continue
				}
				w := s.find(e.to)
				if w == v {
					continue
				}
				if index[w] == 0 {
					index[w], low[w] = next, next
					next++
					stack = append(stack, w)
					onStack[w] = true
					call = append(call, frame{v: w})
				} else if onStack[w] {
					low[v] = min(low[v], index[w])
				}
				continue
			}
			call = call[:len(call)-1]
			if len(call) > 0 {
				u := call[len(call)-1].v
				low[u] = min(low[u], low[v])
			}
			if low[v] == index[v] {
				i := len(stack) - 1
				for stack[i] != v {
					i--
				}
				if len(stack)-i > 1 {
					scc := slices.Clone(stack[i:])
					slices.Sort(scc)
					sccs = append(sccs, scc)
				}
				for _, w := range stack[i:] {
					onStack[w] = false
				}
				stack = stack[:i]
			}
		}
	}
	slices.SortFunc(sccs, func(a, b []int32) int { return int(a[0] - b[0]) })
	return sccs
}

// collapse merges the nodes of scc (sorted representatives) into the
// first.
func (s *solver) collapse(scc []int32) {
	r := scc[0]
	union := &bitset{}
	for _, x := range scc {
		union.or(s.pool, s.nodes[x].pts)
	}
	// What the merged edges have not seen: the members' pending deltas if
	// all members already hold the union (the usual case), else
	// everything.
	equal := true
	for _, x := range scc {
		if !equalSets(s.nodes[x].pts, union) {
			equal = false
			break
		}
	}
	pts, delta, prop := union, union.clone(s.pool), (*bitset)(nil)
	if equal {
		pts, delta, prop = s.nodes[r].pts, &bitset{}, unknownSet
		retain(pts)
		for _, x := range scc {
			delta.or(s.pool, s.nodes[x].delta)
		}
		if delta.n == 0 {
			delta, prop = nil, pts
			retain(prop)
		}
	}
	for _, x := range scc[1:] {
		s.nodes[x].rep = r
		s.nodes[r].copies = append(s.nodes[r].copies, s.nodes[x].copies...)
		if c := s.cx[x]; c != nil {
			rc := s.complex(r)
			rc.loads = append(rc.loads, c.loads...)
			rc.stores = append(rc.stores, c.stores...)
			rc.recvs = append(rc.recvs, c.recvs...)
		}
		s.nodes[x].copies, s.cx[x] = nil, nil
		delete(s.outSet, x)
	}
	for _, x := range scc[1:] {
		s.release(s.nodes[x].absorbed)
		s.nodes[x].absorbed = nil
	}
	for _, x := range scc {
		s.release(s.nodes[x].pts)
		s.release(s.nodes[x].delta)
		s.release(s.nodes[x].prop)
		s.nodes[x].pts, s.nodes[x].delta, s.nodes[x].prop = nil, nil, nil
	}
	if pts != nil && pts.refs == 0 {
		pts.refs = 1
	}
	if delta != nil {
		delta.refs = 1
	}
	s.nodes[r].pts, s.nodes[r].delta, s.nodes[r].prop = pts, delta, prop
	s.nodes[r].copies = s.dedupEdges(r, s.nodes[r].copies)
	delete(s.outSet, r)
	if !s.nodes[r].delta.IsEmpty() {
		s.enqueue(r)
	}
}

// dedupEdges drops self loops and repeated edges of representative r,
// keeping the first of each, in a new list: es may be a warm start's,
// which other solvers share (warm_template.go).
func (s *solver) dedupEdges(r int32, es []edge) []edge {
	seen := map[edge]bool{}
	out := make([]edge, 0, len(es))
	for _, e := range es {
		e.to = s.find(e.to)
		if e.to == r && (e.filter < 0 || !isArrayClass(s.filters[e.filter].class)) || seen[e] { // anyarray.go keeps loops of array filters
			continue
		}
		seen[e] = true
		out = append(out, e)
	}
	return out
}
