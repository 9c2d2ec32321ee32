package ir

import (
	"sync"

	"github.com/rules-fragment/rules_fragment/tools/classfile"
)

// scratch holds the per-method working arrays of the builder. They are
// pooled: building the IR of a whole JDK allocates them once per worker
// instead of once per method.
type scratch struct {
	builder     builder // reset for each method
	instAt      []bool
	blockAt     []int32
	lineTab     []classfile.LineNumber
	mparams     []string
	branches    []int32
	targetBuf   []int
	kinds       []Kind // entry stack shapes of the method's blocks
	caught      []caughtType
	work        []int   // translation worklist
	jumps       []Stmt  // the method's If, Goto and Switch statements
	isTarget    []bool  // pc → a branch target
	extraNode   []int32 // mixed handler blocks, for blockGraph
	arrays      []Stmt  // the method's array loads and stores
	leader      []bool
	insts       []inst
	blocks      []block
	localVars   []*Var
	stack       []Value
	all         []Stmt
	owner, next []int32
	edges       []edge
	dependent   []int32

	// Slabs of statements and variables: one allocation per chunk
	// instead of one per object. A chunk outlives the method that
	// started it only as long as some IR in it is reachable.
	assigns     slab[Assign]
	invokes     slab[Invoke]
	loads       slab[Load]
	stores      slab[Store]
	identitys   slab[Identity]
	arrayStores slab[ArrayStore]
	arrayLoads  slab[ArrayLoad]
	news        slab[New]
	newArrays   slab[NewArray]
	ifs         slab[If]
	gotos       slab[Goto]
	returns     slab[Return]
	binOps      slab[BinOp]
	casts       slab[Cast]
	vars        slab[Var]
	values      slab[Value]
	stmts       slab[Stmt]
	graph       stmtGraph
	split       splitter
	cp          cpCache
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

// releaseScratch returns the arrays to the pool, dropping references to
// the method's IR so that it can be collected independently.
func (b *builder) releaseScratch() {
	s := b.scr
	// Clear only what this method used: the rest was cleared when the
	// method that used it released the arrays.
	clear(b.blocks)
	clear(b.localVars)
	clear(b.stack[:cap(b.stack)])
	clear(b.all)
	s.insts, s.blocks = b.insts[:0], b.blocks[:0]
	s.localVars, s.stack = b.localVars[:0], b.stack[:0]
	s.all, s.owner, s.edges = b.all[:0], b.owner[:0], b.edges[:0]
	s.instAt, s.blockAt = b.instAt, b.blockAt
	s.kinds = s.kinds[:0]
	clear(s.jumps)
	s.jumps = s.jumps[:0]
	clear(s.arrays)
	s.arrays = s.arrays[:0]
	*b = builder{} // drop references to the method's IR
	scratchPool.Put(s)
}

// emitIn appends s to block bi.
func (b *builder) emitIn(bi int, s Stmt) {
	b.all = append(b.all, s)
	b.owner = append(b.owner, int32(bi))
	b.blocks[bi].count++
}

// slab hands out elements of pre-allocated chunks.
type slab[T any] []T

const slabChunk = 128

// put stores v in the slab and returns its address.
func (s *slab[T]) put(v T) *T {
	if len(*s) == 0 {
		*s = make([]T, slabChunk)
	}
	p := &(*s)[0]
	*p = v
	*s = (*s)[1:]
	return p
}

// take returns a slice of n zeroed elements with capacity n.
func (s *slab[T]) take(n int) []T {
	if n > slabChunk/4 {
		return make([]T, n)
	}
	if len(*s) < n {
		*s = make([]T, slabChunk)
	}
	out := (*s)[:n:n]
	*s = (*s)[n:]
	return out
}
