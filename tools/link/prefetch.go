package link

import (
	"runtime"
	"sync"

	"github.com/rules-fragment/rules_fragment/tools/frontend"
	"github.com/rules-fragment/rules_fragment/tools/ir"
)

// prefetch builds the IR of the client's class files on a second core
// while the analysis, which is sequential, runs on the first: a client's
// classes are most of what a link builds from class files (javacc's RTA
// link spent 29% of its CPU time on them).
//
// The IR is the same whoever builds it and whenever: ir.BuildClass reads
// only the class file and the hierarchy's least upper bounds of non-array
// classes, which classes made during the analysis (phantoms, arrays) do
// not change. What depends on order, interning the IR's symbols into the
// program's pool (summary.FromIR), stays on the analysis's goroutine, in
// the order it asks for bodies.
//
// At most prefetchAhead classes built ahead wait for the analysis at any
// time, which bounds the memory a large client's unreached classes take.
type prefetch struct {
	classes map[*frontend.Class]*prefetched // fixed before the goroutine starts
	ahead   chan struct{}                   // one per class built ahead, until used
	quit    chan struct{}
	done    sync.WaitGroup
}

var prefetchAhead = 256 // a variable for tests

// prefetched is one class's IR, built once by whichever goroutine asks
// first.
type prefetched struct {
	once  sync.Once
	ic    *ir.Class
	err   error
	ahead bool // built by the prefetcher
	used  bool // by the analysis's goroutine, which then builds again
}

// startPrefetch starts building the IR of the client's class files, in
// classpath order, unless there is no second core.
func (p *Program) startPrefetch() {
	if runtime.GOMAXPROCS(0) < 2 {
		return
	}
	var classes []*frontend.Class
	for _, c := range p.fe.Classes {
		if p.clientSet[c.Container] {
			classes = append(classes, c)
		}
	}
	if len(classes) < 2 {
		return
	}
	f := &prefetch{classes: make(map[*frontend.Class]*prefetched, len(classes)),
		ahead: make(chan struct{}, prefetchAhead), quit: make(chan struct{})}
	for _, c := range classes {
		f.classes[c] = &prefetched{}
	}
	opts := p.irOpts
	f.done.Add(1)
	go func() {
		defer f.done.Done()
		for _, c := range classes {
			select {
			case <-f.quit:
				return
			default:
			}
			select {
			case f.ahead <- struct{}{}:
			case <-f.quit:
				return
			}
			e := f.classes[c]
			e.once.Do(func() {
				e.ic, e.err = ir.BuildClass(c.File, opts)
				e.ahead = true
			})
			if !e.ahead {
				<-f.ahead // the analysis built it first
			}
		}
	}()
	p.pre = f
}

// classIR returns the IR of class file fc, prefetched or built now.
func (p *Program) classIR(fc *frontend.Class) (*ir.Class, error) {
	if p.pre != nil {
		if e := p.pre.classes[fc]; e != nil {
			e.once.Do(func() { e.ic, e.err = ir.BuildClass(fc.File, p.irOpts) })
			if !e.used { // the prefetcher is done with e
				if e.ahead {
					<-p.pre.ahead
				}
				ic := e.ic
				e.ic, e.used = nil, true
				return ic, e.err
			}
		}
	}
	return ir.BuildClass(fc.File, p.irOpts)
}

// stopPrefetch stops the prefetcher and waits for it.
func (p *Program) stopPrefetch() {
	if p.pre != nil {
		close(p.pre.quit)
		p.pre.done.Wait()
		p.pre = nil
	}
}
