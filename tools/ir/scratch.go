package ir

import "sync"

// scratch holds the per-method working arrays of the builder. They are
// pooled: building the IR of a whole JDK allocates them once per worker
// instead of once per method.
type scratch struct {
	instAt, blockAt, lines, best []int32
	leader                       []bool
	insts                        []inst
	blocks                       []block
	localVars                    []*Var
	stack                        []Value
	defined                      []bool
	all                          []Stmt
	owner, next                  []int32
	edges                        []edge
	graph                        stmtGraph
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// resize returns s with length n and zeroed contents, reusing its storage.
func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	s = s[:n]
	clear(s)
	return s
}

func (b *builder) takeScratch() {
	b.scr = scratchPool.Get().(*scratch)
}

// releaseScratch returns the arrays to the pool, dropping references to
// the method's IR so that it can be collected independently.
func (b *builder) releaseScratch() {
	s := b.scr
	s.insts, s.blocks = b.insts[:0], b.blocks[:0]
	clear(s.blocks[:cap(s.blocks)])
	s.localVars = b.localVars[:0]
	clear(s.localVars[:cap(s.localVars)])
	s.stack = b.stack[:0]
	clear(s.stack[:cap(s.stack)])
	s.all, s.owner, s.edges = b.all[:0], b.owner[:0], b.edges[:0]
	clear(s.all[:cap(s.all)])
	s.instAt, s.blockAt, s.lines = b.instAt, b.blockAt, b.lines
	b.scr = nil
	scratchPool.Put(s)
}

// emitIn appends s to block bi.
func (b *builder) emitIn(bi int, s Stmt) {
	b.all = append(b.all, s)
	b.owner = append(b.owner, int32(bi))
	b.blocks[bi].count++
}
