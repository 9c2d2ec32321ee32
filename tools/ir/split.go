package ir

import (
	"math/bits"
)

// splitWebs gives each def-use web of a local or stack variable its own
// variable. javac reuses local slots for unrelated source variables; without
// splitting, a flow-insensitive analysis would merge their values. Webs are
// found with reaching definitions over the statement CFG, where a handler
// receives every definition made anywhere in a protected block.
func splitWebs(m *Method, g *stmtGraph) {
	ndefs := make([]int, len(m.Vars))
	for _, s := range m.Stmts {
		if v := defOf(s); v != nil && v.Role != RoleTemp {
			ndefs[v.ID]++
		}
	}
	// Definition ids, grouped by variable.
	var defVar []*Var
	var defStmt []int
	defsOf := make([][]int, len(m.Vars))
	for i, s := range m.Stmts {
		if v := defOf(s); v != nil && v.Role != RoleTemp && ndefs[v.ID] > 1 {
			defsOf[v.ID] = append(defsOf[v.ID], len(defVar))
			defVar = append(defVar, v)
			defStmt = append(defStmt, i)
		}
	}
	if len(defVar) == 0 {
		return
	}
	D := len(defVar)
	words := (D + 63) / 64
	nb := len(g.start)
	in := make([]uint64, nb*words)
	out := make([]uint64, nb*words)
	exc := make([]uint64, nb*words) // IN ∪ all defs of the block: what handlers see
	defAt := make([]int, len(m.Stmts))
	for i := range defAt {
		defAt[i] = -1
	}
	for d, i := range defStmt {
		defAt[i] = d
	}
	row := func(a []uint64, b int) []uint64 { return a[b*words : (b+1)*words] }
	cur := make([]uint64, words)
	transfer := func(b int) bool {
		copy(cur, row(in, b))
		e := row(exc, b)
		changed := false
		orInto := func(dst, src []uint64) {
			for i := range dst {
				if n := dst[i] | src[i]; n != dst[i] {
					dst[i] = n
					changed = true
				}
			}
		}
		orInto(e, cur)
		for i := g.start[b]; i < g.end[b]; i++ {
			if d := defAt[i]; d >= 0 {
				for _, k := range defsOf[defVar[d].ID] {
					cur[k/64] &^= 1 << (k % 64)
				}
				cur[d/64] |= 1 << (d % 64)
				if e[d/64]&(1<<(d%64)) == 0 {
					e[d/64] |= 1 << (d % 64)
					changed = true
				}
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
	// Iterate to a fixpoint in block order with a worklist.
	inWork := make([]bool, nb)
	work := make([]int, 0, nb)
	for b := 0; b < nb; b++ {
		work = append(work, b)
		inWork[b] = true
	}
	for len(work) > 0 {
		b := work[0]
		work = work[1:]
		inWork[b] = false
		if !transfer(b) {
			continue
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
			if grew && !inWork[s] {
				inWork[s] = true
				work = append(work, s)
			}
		}
		for _, s := range g.successors(b) {
			push(int(s), row(out, b))
		}
		for _, h := range g.handlers(b) {
			push(int(h), row(exc, b))
		}
	}
	// Union the definitions reaching each use; uses reached by no
	// definition share one pseudo-definition per variable.
	parent := make([]int, D+len(m.Vars))
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(x int) int {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	union := func(a, b int) {
		a, b = find(a), find(b)
		if a < b {
			parent[b] = a
		} else if b < a {
			parent[a] = b
		}
	}
	type use struct {
		op  *Value
		def int
	}
	var uses []use
	for b := 0; b < nb; b++ {
		copy(cur, row(in, b))
		for i := g.start[b]; i < g.end[b]; i++ {
			s := m.Stmts[i]
			Uses(s, func(op *Value) {
				v, ok := (*op).(*Var)
				if !ok || defsOf[v.ID] == nil {
					return
				}
				first := -1
				for _, d := range defsOf[v.ID] {
					if cur[d/64]&(1<<(d%64)) != 0 {
						if first < 0 {
							first = d
						} else {
							union(first, d)
						}
					}
				}
				if first < 0 {
					first = D + v.ID
				}
				uses = append(uses, use{op, first})
			})
			if d := defAt[i]; d >= 0 {
				for _, k := range defsOf[defVar[d].ID] {
					cur[k/64] &^= 1 << (k % 64)
				}
				cur[d/64] |= 1 << (d % 64)
			}
		}
	}
	// One variable per web; the web with the smallest definition keeps the
	// original variable.
	webVar := make(map[int]*Var)
	count := make(map[*Var]int)
	varOf := func(root int, orig *Var) *Var {
		if v, ok := webVar[root]; ok {
			return v
		}
		n := count[orig]
		count[orig] = n + 1
		v := orig
		if n > 0 {
			v = &Var{ID: len(m.Vars), Web: n, T: orig.T, Role: orig.Role, Slot: orig.Slot, hint: orig.hint}
			m.Vars = append(m.Vars, v)
		}
		webVar[root] = v
		return v
	}
	for d := 0; d < D; d++ {
		setDef(m.Stmts[defStmt[d]], varOf(find(d), defVar[d]))
	}
	for _, u := range uses {
		orig := (*u.op).(*Var)
		if u.def >= D { // no reaching definition
			*u.op = varOf(find(u.def), orig)
			continue
		}
		*u.op = varOf(find(u.def), defVar[u.def])
	}
	// Parameters keep pointing at the variables their Identity defines.
	for i, s := range m.Stmts {
		if id, ok := s.(*Identity); ok && id.Kind != IdentCaught && i < len(m.Params) {
			m.Params[i] = id.Dst
		}
	}
	_ = bits.OnesCount64
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
	g := &b.scr.graph
	n := len(b.blocks)
	g.start, g.end = resize(g.start, n), resize(g.end, n)
	for i := range b.blocks {
		g.start[i] = int32(b.blocks[i].start)
		g.end[i] = int32(b.blocks[i].start + b.blocks[i].count)
	}
	g.succOff, g.succ = csr(g.succOff, g.succ, n, b.edges, false)
	g.excOff, g.exc = csr(g.excOff, g.exc, n, b.edges, true)
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
