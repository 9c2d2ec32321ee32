// Package frontend loads a JVM classpath for analysis: it opens every
// container (package classpath), parses every class file (package
// classfile), links the class hierarchy (package hierarchy) and builds the
// three-address IR of method bodies on demand (package ir).
//
// Classpath semantics apply: when several containers define a class, the
// first one wins and the others are counted as shadowed, except that the
// runtime (the container defining java/lang/Object, or Options.Runtime)
// comes first and hides what the JVM would not load from the class path
// (hierarchy.Runtime). Everything is
// deterministic: classes are kept in classpath order (containers in the
// order given, entries sorted by name within a container), and parallel
// work reports the error of the first failing class in that order.
package frontend

import (
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/rules-fragment/rules_fragment/tools/classfile"
	"github.com/rules-fragment/rules_fragment/tools/classpath"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/ir"
)

// Options configure Load.
type Options struct {
	// Release selects multi-release jar entries (see classpath.Options).
	Release int
	// Workers bounds parallelism; 0 means GOMAXPROCS.
	Workers int
	// Runtime is the runtime among the inputs that are not class files
	// (a summary), if any; it applies unless a container defines
	// java/lang/Object.
	Runtime *hierarchy.Runtime
	// More, if set, adds further classes (for example from summaries) to
	// the hierarchy after the class files, so class files win on a name
	// clash, before the hierarchy is linked. p's Classes and Runtime are
	// set.
	More func(b *hierarchy.Builder, p *Program) error
}

// Class is one loaded class and where it came from.
type Class struct {
	File      *classfile.ClassFile
	Container string // the container's path
	Entry     classpath.Entry
}

// Location names the class file as "container!entry" for messages.
func (c *Class) Location() string { return c.Container + "!" + c.Entry.Path }

// Program is a loaded classpath. Its hierarchy includes the synthetic
// classes of lambda call sites (see ir.LambdaClasses).
type Program struct {
	Classpath *classpath.Classpath
	Classes   []*Class // defining classes in classpath order
	Shadowed  int      // classes hidden by an earlier definition
	Hidden    int      // classes the runtime hides (Runtime.Hides)
	Misplaced int      // class files at a path other than their class's
	// Runtime is the runtime container's, or Options.Runtime, or nil.
	Runtime *hierarchy.Runtime
	// ClassBytes is the total size of the defining class files.
	ClassBytes int64
	Modules    int // module descriptors (module-info) read
	Hierarchy  *hierarchy.Hierarchy
	// LambdaHosts maps each lambda class added to the hierarchy to the
	// class whose IR defines it (see ir.LambdaClasses).
	LambdaHosts map[string]*Class
	// Services are the containers' class-path provider configurations
	// (META-INF/services), in class-path order; the hierarchy has them too.
	Services []classpath.Service
	workers  int
}

// Load opens the containers at paths and parses and links every class.
// A malformed class fails the load with an error naming container and entry.
func Load(paths []string, opts Options) (*Program, error) {
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	cp, err := classpath.OpenAll(paths, classpath.Options{Release: opts.Release})
	if err != nil {
		return nil, err
	}
	p := &Program{Classpath: cp, workers: workers, LambdaHosts: map[string]*Class{}, Runtime: opts.Runtime}
	var misplaced atomic.Int64
	b := hierarchy.NewBuilder()
	containers, rt := runtimeFirst(cp.Containers())
	if rt != nil {
		p.Runtime = runtimeOf(rt)
	}
	for ci, c := range containers {
		entries := c.Entries()
		if (rt == nil || ci > 0) && p.Runtime != nil { // rt is containers[0]
			entries = slices.DeleteFunc(slices.Clone(entries), func(e classpath.Entry) bool {
				if e.Class != "module-info" && p.Runtime.Hides(e.Class) {
					p.Hidden++
					return true
				}
				return false
			})
		}
		files := make([]*classfile.ClassFile, len(entries))
		sizes := make([]int64, len(entries))
		lambdas := make([][]*ir.SyntheticClass, len(entries))
		index := make(map[classpath.Entry]int, len(entries))
		for i, e := range entries {
			index[e] = i
		}
		err := classpath.ForEach(c, workers, func(e classpath.Entry, data []byte) error {
			i, ok := index[e]
			if !ok {
				return nil // hidden by the runtime: never loaded, never parsed
			}
			cf, err := classfile.Parse(data)
			if err != nil {
				return &classpath.Error{Container: c.Name(), Entry: e.Path, Err: err}
			}
			if cf.Name != e.Class && e.Class != "module-info" {
				// Not the class its path names, so no class loader of the
				// class path loads it (Jython keeps compiled Python modules,
				// Lib/M$py.class defining M$py, for a loader of its own).
				misplaced.Add(1)
				return nil
			}
			// Lambda classes join the hierarchy before it is linked, so
			// that dispatch and CHA see them as implementations.
			synth, err := ir.LambdaClasses(cf)
			if err != nil {
				return &classpath.Error{Container: c.Name(), Entry: e.Path, Err: err}
			}
			files[i] = cf
			sizes[i] = int64(len(data))
			lambdas[i] = synth
			return nil
		})
		if err != nil {
			cp.Close()
			return nil, err
		}
		for i, cf := range files {
			if cf == nil {
				continue // misplaced
			}
			if cf.Access&classfile.AccModule != 0 {
				b.AddWithModule(cf, c.Name(), entries[i].Module) // records the module's exports
				p.Modules++
				continue
			}
			if b.AddWithModule(cf, c.Name(), entries[i].Module) {
				pc := &Class{File: cf, Container: c.Name(), Entry: entries[i]}
				p.ClassBytes += sizes[i]
				p.Classes = append(p.Classes, pc)
				for _, sc := range lambdas[i] {
					if addLambda(b, sc) {
						p.LambdaHosts[sc.Name] = pc
					}
				}
			} else {
				p.Shadowed++
			}
		}
		svcs, err := classpath.Services(c)
		if err != nil {
			cp.Close()
			return nil, err
		}
		for _, sv := range svcs {
			b.AddServices(sv.Name, sv.Providers)
		}
		p.Services = append(p.Services, svcs...)
	}
	p.Misplaced = int(misplaced.Load())
	if opts.More != nil {
		if err := opts.More(b, p); err != nil {
			cp.Close()
			return nil, err
		}
	}
	p.Hierarchy = b.Build()
	return p, nil
}

// runtimeFirst returns the containers with the runtime's (the first to
// define java/lang/Object) first, and the runtime's container or nil.
func runtimeFirst(cs []classpath.Container) ([]classpath.Container, classpath.Container) {
	for i, c := range cs {
		for _, e := range c.Entries() {
			if e.Class == hierarchy.RuntimeRoot {
				return slices.Concat(cs[i:i+1], cs[:i], cs[i+1:]), c
			}
		}
	}
	return cs, nil
}

// runtimeOf describes runtime container c.
func runtimeOf(c classpath.Container) *hierarchy.Runtime {
	var classes []string
	modular := false
	for _, e := range c.Entries() {
		if e.Class == "module-info" {
			modular = true
		} else {
			classes = append(classes, e.Class)
		}
	}
	return hierarchy.NewRuntime(modular, classes)
}

// Close releases the containers.
func (p *Program) Close() error { return p.Classpath.Close() }

// IROptions returns IR options that type merged variables with the
// hierarchy's least upper bound.
func (p *Program) IROptions() *ir.Options { return IROptionsFor(p.Hierarchy) }

// IROptionsFor returns IR options that type merged variables with h's
// least upper bound.
func IROptionsFor(h *hierarchy.Hierarchy) *ir.Options {
	return &ir.Options{LUB: func(a, b ir.Type) ir.Type {
		// Lookup, not LookupOrPhantom: IR is built in parallel and must not
		// create hierarchy entries in a schedule-dependent order.
		ca, cb := h.Lookup(a.ClassName()), h.Lookup(b.ClassName())
		if ca == nil || cb == nil {
			return ir.TypeObject
		}
		if l := h.LUB(ca, cb); l != nil {
			return ir.ObjectType(l.Name)
		}
		return ir.TypeObject
	}}
}

// ForEachIR builds the IR of every class with method bodies, in parallel,
// and calls fn with it; fn may run concurrently. It stops at the first
// failure and returns the error of the failing class that comes first in
// classpath order, so the result does not depend on scheduling.
func (p *Program) ForEachIR(fn func(c *Class, ic *ir.Class) error) error {
	opts := p.IROptions()
	n := len(p.Classes)
	errs := make([]error, n)
	var next atomic.Int64
	var stop atomic.Bool
	var wg sync.WaitGroup
	for w := 0; w < min(p.workers, n); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !stop.Load() {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				c := p.Classes[i]
				ic, err := ir.BuildClass(c.File, opts)
				if err != nil {
					err = &classpath.Error{Container: c.Container, Entry: c.Entry.Path, Err: err}
				} else {
					err = fn(c, ic)
				}
				if err != nil {
					errs[i] = err
					stop.Store(true)
				}
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// addLambda adds a lambda class made by the IR builder to the hierarchy.
func addLambda(b *hierarchy.Builder, sc *ir.SyntheticClass) bool {
	methods := make([]hierarchy.MethodSpec, len(sc.Methods))
	for i, m := range sc.Methods {
		methods[i] = hierarchy.MethodSpec{Name: m.Name, Desc: m.Desc, Access: m.Access}
	}
	fields := make([]hierarchy.FieldSpec, len(sc.Fields))
	for i, f := range sc.Fields {
		fields[i] = hierarchy.FieldSpec{Name: f.Name, Desc: string(f.Desc), Access: classfile.AccPrivate | classfile.AccFinal}
	}
	return b.AddSynthetic(sc.Name, "java/lang/Object", sc.Interfaces, classfile.AccFinal|classfile.AccSynthetic, methods, fields)
}
