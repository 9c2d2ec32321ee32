package ir

import "math/bits"

// splitter holds the reusable arrays of splitWebs (pooled with scratch).
type splitter struct {
	ndefs, defOff, defStmt, defAt, parent []int32
	fill, bdOff, bd                       []int32
	defVar                                []*Var
	in, out, exc, cur                     []uint64
	inWork                                []bool
	work                                  []int32
	uses                                  []webUse
	ops                                   []*Value
	webVar                                []*Var
	webCount                              []int32
}

type webUse struct {
	op  *Value
	def int32 // a reaching definition, or D+var id when none reaches
	at  int32 // the reading statement
}

// splitWebs gives each def-use web of a local or stack variable its own
// variable. javac reuses local slots for unrelated source variables; without
// splitting, a flow-insensitive analysis would merge their values. Webs are
// found with reaching definitions over the block graph, where a handler
// receives every definition made anywhere in a protected block.
//
// sp.ndefs and sp.defAt must hold the definitions per variable and the
// variable each statement defines (see countDefs); splitWebs consumes them.
// It returns a variable read where no definition reaches, if any, with the
// reading statement's pc.
func splitWebs(m *Method, graph func() *stmtGraph, sp *splitter) (*Var, int) {
	nv := len(m.Vars)
	// Definition ids, grouped by variable (compressed rows), for the
	// non-temporary variables with several definitions.
	sp.defOff = resize(sp.defOff, nv+1)
	D := 0
	for v := 0; v < nv; v++ {
		sp.defOff[v] = int32(D)
		if sp.ndefs[v] > 1 && m.Vars[v].Role != RoleTemp {
			D += int(sp.ndefs[v])
		}
	}
	sp.defOff[nv] = int32(D)
	if D == 0 {
		return nil, 0
	}
	g := graph() // only methods with a multiply-defined variable need it
	// Definition ids are contiguous per variable, in statement order within
	// a variable, so "kill every other definition of v" is a range clear.
	sp.defVar = resize(sp.defVar, D)
	sp.defStmt = resize(sp.defStmt, D)
	fill := sp.fill
	fill = resize(fill, nv)
	sp.fill = fill
	for i, vid := range sp.defAt {
		if vid < 0 {
			continue
		}
		if sp.defOff[vid+1]-sp.defOff[vid] < 2 {
			sp.defAt[i] = -1
			continue
		}
		d := sp.defOff[vid] + fill[vid]
		fill[vid]++
		sp.defVar[d] = m.Vars[vid]
		sp.defStmt[d] = int32(i)
		sp.defAt[i] = d
	}
	words := (D + 63) / 64
	nb := len(g.start)
	sp.in = resize(sp.in, nb*words)
	sp.out = resize(sp.out, nb*words)
	sp.exc = resize(sp.exc, nb*words) // IN ∪ all defs of the block: what handlers see
	sp.cur = resize(sp.cur, words)
	in, out, exc, cur := sp.in, sp.out, sp.exc, sp.cur
	row := func(a []uint64, b int) []uint64 { return a[b*words : (b+1)*words] }
	gen := func(d int32) {
		v := sp.defVar[d].ID
		clearBits(cur, sp.defOff[v], sp.defOff[v+1])
		cur[d/64] |= 1 << (d % 64)
	}
	// The definitions of each block in order (compressed rows): the
	// transfer function visits these, not every statement.
	sp.bdOff = resize(sp.bdOff, nb+1)
	bd := sp.bd[:0]
	for b := 0; b < nb; b++ {
		sp.bdOff[b] = int32(len(bd))
		for i := g.start[b]; i < g.end[b]; i++ {
			if d := sp.defAt[i]; d >= 0 {
				bd = append(bd, d)
			}
		}
	}
	sp.bdOff[nb] = int32(len(bd))
	sp.bd = bd
	transfer := func(b int) bool {
		copy(cur, row(in, b))
		e := row(exc, b)
		changed := false
		for i := range e {
			if n := e[i] | cur[i]; n != e[i] {
				e[i] = n
				changed = true
			}
		}
		for _, d := range bd[sp.bdOff[b]:sp.bdOff[b+1]] {
			gen(d)
			if e[d/64]&(1<<(d%64)) == 0 {
				e[d/64] |= 1 << (d % 64)
				changed = true
			}
		}
		o := row(out, b)
		for i := range o {
			if o[i] != cur[i] {
				o[i] = cur[i]
				changed = true
			}
		}
		return changed
	}
	// Iterate to a fixpoint with a FIFO worklist seeded in block order.
	sp.inWork = resize(sp.inWork, nb)
	work := sp.work[:0]
	for b := 0; b < nb; b++ {
		work = append(work, int32(b))
		sp.inWork[b] = true
	}
	push := func(s int, src []uint64) {
		dst := row(in, s)
		grew := false
		for i := range dst {
			if n := dst[i] | src[i]; n != dst[i] {
				dst[i] = n
				grew = true
			}
		}
		if grew && !sp.inWork[s] {
			sp.inWork[s] = true
			work = append(work, int32(s))
		}
	}
	for head := 0; head < len(work); head++ {
		b := int(work[head])
		sp.inWork[b] = false
		if !transfer(b) {
			continue
		}
		for _, s := range g.successors(b) {
			push(int(s), row(out, b))
		}
		for _, h := range g.handlers(b) {
			push(int(h), row(exc, b))
		}
	}
	sp.work = work
	// Union the definitions reaching each use; uses reached by no
	// definition share one pseudo-definition per variable.
	sp.parent = resize(sp.parent, D+nv)
	parent := sp.parent
	for i := range parent {
		parent[i] = int32(i)
	}
	find := func(x int32) int32 {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	union := func(a, b int32) {
		a, b = find(a), find(b)
		if a < b {
			parent[b] = a
		} else if b < a {
			parent[a] = b
		}
	}
	uses := sp.uses[:0]
	ops := sp.ops[:0]
	for b := 0; b < nb; b++ {
		copy(cur, row(in, b))
		for i := g.start[b]; i < g.end[b]; i++ {
			ops = m.Stmts[i].uses(ops[:0])
			for _, op := range ops {
				v, ok := (*op).(*Var)
				if !ok || v.Role == RoleTemp || sp.defOff[v.ID+1]-sp.defOff[v.ID] < 2 {
					continue
				}
				first := int32(-1)
				for d := sp.defOff[v.ID]; d < sp.defOff[v.ID+1]; d++ {
					w := cur[d/64] >> (d % 64)
					if w == 0 { // no more bits in this word
						d |= 63
						continue
					}
					d += int32(bits.TrailingZeros64(w))
					if d >= sp.defOff[v.ID+1] {
						break
					}
					if first < 0 {
						first = d
					} else {
						union(first, d)
					}
				}
				if first < 0 {
					first = int32(D) + v.ID
				}
				uses = append(uses, webUse{op, first, i})
			}
			if d := sp.defAt[i]; d >= 0 {
				gen(d)
			}
		}
	}
	// One variable per web; the web with the smallest definition keeps the
	// original variable.
	sp.webVar = resize(sp.webVar, D+nv)
	sp.webCount = resize(sp.webCount, nv)
	varOf := func(root int32, orig *Var) *Var {
		if v := sp.webVar[root]; v != nil {
			return v
		}
		n := sp.webCount[orig.ID]
		sp.webCount[orig.ID]++
		v := orig
		if n > 0 {
			v = &Var{ID: int32(len(m.Vars)), Web: n, T: orig.T, Role: orig.Role, Slot: orig.Slot, hint: orig.hint}
			m.Vars = append(m.Vars, v)
		}
		sp.webVar[root] = v
		return v
	}
	// Visit definitions in statement order, so that web variables are
	// numbered in the order their first definitions appear.
	for i, d := range sp.defAt {
		if d >= 0 {
			setDef(m.Stmts[i], varOf(find(d), sp.defVar[d]))
		}
	}
	var undefined *Var
	undefinedPC := 0
	for _, u := range uses {
		if u.def >= int32(D) {
			undefined = (*u.op).(*Var)
			undefinedPC = int(m.Stmts[u.at].Pos().PC)
			break
		}
		*u.op = varOf(find(u.def), sp.defVar[u.def])
	}
	clear(uses)
	sp.uses = uses[:0]
	clear(ops[:cap(ops)])
	sp.ops = ops[:0]
	clear(sp.webVar)
	clear(sp.defVar)
	// Parameters keep pointing at the variables their Identity defines.
	for i := range m.Params {
		if id, ok := m.Stmts[i].(*Identity); ok && id.Kind != IdentCaught {
			m.Params[i] = id.Dst
		}
	}
	return undefined, undefinedPC
}

// stmtGraph is the block graph of a method: node i covers statements
// [start[i], end[i]); succ and exc (handlers) are in compressed sparse rows.
type stmtGraph struct {
	start, end    []int32
	succOff, succ []int32
	excOff, exc   []int32
}

type edge struct {
	from, to int32
	exc      bool
}

func (g *stmtGraph) successors(b int) []int32 { return g.succ[g.succOff[b]:g.succOff[b+1]] }
func (g *stmtGraph) handlers(b int) []int32   { return g.exc[g.excOff[b]:g.excOff[b+1]] }

// blockGraph turns the edges recorded during translation into a stmtGraph
// over the bytecode blocks (whose statements are contiguous after layout).
func (b *builder) blockGraph() *stmtGraph {
	for _, r := range b.retBlocks {
		for _, pc := range b.jsrRets {
			b.edges = append(b.edges, edge{from: int32(r), to: b.blockAt[pc]})
		}
	}
	// A handler that normal flow also enters gets a node of its own for
	// its @caughtexception binding: traps lead there, normal edges past it.
	n := len(b.blocks)
	extra := b.scr.extraNode[:0]
	for i := range b.blocks {
		if b.blocks[i].mixed && b.blocks[i].reached {
			extra = append(extra, int32(i))
		}
	}
	b.scr.extraNode = extra
	nodes := n + len(extra)
	g := &b.scr.graph
	g.start, g.end = resize(g.start, nodes), resize(g.end, nodes)
	for i := range b.blocks {
		g.start[i] = int32(b.blocks[i].start)
		g.end[i] = int32(b.blocks[i].start + b.blocks[i].count)
	}
	for k, i := range extra {
		x := int32(n + k)
		g.start[x], g.end[x] = g.start[i], g.start[i]+1
		g.start[i]++
		for j := range b.edges {
			if e := &b.edges[j]; e.exc && e.to == i {
				e.to = x
			}
		}
		b.edges = append(b.edges, edge{from: x, to: i})
	}
	g.succOff, g.succ = csr(g.succOff, g.succ, nodes, b.edges, false)
	g.excOff, g.exc = csr(g.excOff, g.exc, nodes, b.edges, true)
	return g
}

// csr builds compressed sparse rows of the edges of one kind, in the order
// they were recorded (deterministic).
func csr(off, dst []int32, n int, edges []edge, exc bool) ([]int32, []int32) {
	off = resize(off, n+1)
	m := 0
	for _, e := range edges {
		if e.exc == exc {
			off[e.from+1]++
			m++
		}
	}
	for i := 0; i < n; i++ {
		off[i+1] += off[i]
	}
	dst = resize(dst, m)
	fill := make([]int32, n)
	for _, e := range edges {
		if e.exc == exc {
			dst[off[e.from]+fill[e.from]] = e.to
			fill[e.from]++
		}
	}
	return off, dst
}

// clearBits clears bits [lo, hi) of a bitset.
func clearBits(set []uint64, lo, hi int32) {
	for lo < hi {
		w, b := lo/64, lo%64
		n := min(hi-lo, 64-b)
		var mask uint64 = ^uint64(0)
		if n < 64 {
			mask = (1<<uint(n) - 1)
		}
		set[w] &^= mask << uint(b)
		lo += n
	}
}
