package pointsto

import "sync"

// warmTemplate is the part of a warm start's solver state that does not
// depend on the program's ids: the pointer nodes with their sets, cycle
// representatives and copy edges. A worker restores one warm start link
// after link; each restore used to decode these again (more than half of
// the restore's CPU time in profiles of SableCC's 0-CFA_f links), and
// now takes them from the template the first restore made.
//
// The solvers share the template's sets and edge lists, one after another
// or at once, and never change them: the sets are frozen (sharing.go) and
// the lists have no spare capacity, so a solver that adds an edge appends
// to a copy (dedupEdges makes a new list as well).
type warmTemplate struct {
	nodes []node
	sets  []*bitset // the warm start's distinct sets, by index
}

type warmTemplateOnce struct {
	once sync.Once
	t    *warmTemplate

	mu    sync.Mutex
	spare []node // a finished link's nodes, zeroed (Result.Release)
}

// takeNodes returns n zeroed nodes with room for room: the spare ones if
// large enough, else new memory. A worker's links would otherwise each
// take 11 MB of fresh memory for the nodes of the JDK's AND_f warm start,
// which the system then maps page by page.
func (o *warmTemplateOnce) takeNodes(n, room int) []node {
	o.mu.Lock()
	sp := o.spare
	o.spare = nil
	o.mu.Unlock()
	if cap(sp) >= room {
		return sp[:n]
	}
	return make([]node, n, room)
}

// putNodes keeps nodes, zeroed, for the next link.
func (o *warmTemplateOnce) putNodes(nodes []node) {
	nodes = nodes[:cap(nodes)]
	clear(nodes)
	o.mu.Lock()
	o.spare = nodes[:0]
	o.mu.Unlock()
}

// template returns w's template, made on the first call (w checked).
func (w *Warm) template() *warmTemplate {
	w.tmpl.once.Do(func() { w.tmpl.t = newWarmTemplate(w) })
	return w.tmpl.t
}

func newWarmTemplate(w *Warm) *warmTemplate {
	t := &warmTemplate{nodes: make([]node, w.NumNodes), sets: decodeSets(w, nil)}
	for _, b := range t.sets {
		freeze(b)
	}
	for n := range t.nodes {
		t.nodes[n].rep = int32(n)
	}
	for i := 0; i < len(w.Rep); i += 2 {
		t.nodes[w.Rep[i]].rep = w.Rep[i+1]
	}
	// Lists come from a slab, without spare capacity: an append copies
	// them out.
	edges := make([]edge, len(w.Edges)/2)
	e := 0
	for n := range t.nodes {
		if k := w.NodeSet[n]; k > 0 {
			// Everything a node has was propagated: its snapshot is its set.
			b := t.sets[k-1]
			t.nodes[n].pts, t.nodes[n].prop = b, b
		}
		if l := int(w.EdgeLen[n]); l > 0 {
			var es []edge
			es, edges = edges[:l:l], edges[l:]
			for j := range es {
				es[j] = edge{w.Edges[e], w.Edges[e+1]}
				e += 2
			}
			t.nodes[n].copies = es
		}
	}
	return t
}
