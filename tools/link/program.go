// Package link assembles the program that analyses consume, in each of the
// three modes of research/seed-000-003.md §2 on one representation: whole
// program (every class from class files), client + summaries (the client
// from class files, every library from its summary), and library fragment
// (the library from class files plus a placeholder client, fragment.go).
//
// The analyses see a linked class hierarchy, a program-wide symbol Pool and,
// per method, the statement part of its body (summary.Body). A body comes
// either from the IR of a class file, projected on demand with
// summary.FromIR, or from a summary, decoded on demand; both give identical
// bodies for the same bytecode, so an analysis cannot tell the modes apart
// and its client-visible results must agree (the equality oracle tests it).
package link

import (
	"errors"
	"fmt"
	"slices"

	"github.com/rules-fragment/rules_fragment/tools/classfile"
	"github.com/rules-fragment/rules_fragment/tools/frontend"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/ir"
	"github.com/rules-fragment/rules_fragment/tools/summary"
)

// Options select the inputs of a program, in classpath order: client
// containers, then library containers, then summaries. The first
// definition of a class name wins.
type Options struct {
	Client []string // class-file containers of the client (reported on)
	// ClientSummaries are summaries of client code (reported on, like
	// Client; they come before Summaries in classpath order).
	ClientSummaries []string
	Libraries       []string // class-file containers analysed directly (whole-program mode)
	Summaries       []string // summary files of libraries, transitively closed
	Release         int      // multi-release jar selection
	Workers         int      // parallelism of loading; 0 means GOMAXPROCS
	// Fragment selects library-fragment mode: the client containers are a
	// library, and placeholder code stands for its clients (fragment.go).
	Fragment *Placeholders
	// OnlyReferenced links only the summary classes the program can reach
	// by reference (referenced.go); Entries ("pkg/C.m...") are among the
	// starting points. Not with Fragment, and only for analyses that look
	// at reached classes alone (not CHA, not the reflection model).
	OnlyReferenced bool
	Entries        []string
	// Classes are more starting points of OnlyReferenced: the classes a
	// reflection log names (reflog.Classes).
	Classes []string
	// Cache, if set, keeps decoded summaries for later loads (a
	// persistent worker; summary.Cache).
	Cache *summary.Cache
	// ModuleProviders makes the analyses' ServiceLoader model instantiate
	// the providers that named modules declare (module-info provides,
	// the runtime's own among them) besides the class path's
	// META-INF/services ones (analysis/internal/reach/services.go).
	ModuleProviders bool
}

// Program is a linked program.
type Program struct {
	Hierarchy *hierarchy.Hierarchy
	Pool      *summary.Pool
	Summaries []*Summary
	Classes   int // classes read from class files
	// FragmentMain is the placeholder main of library-fragment mode (nil
	// otherwise), and Fragment counts its placeholder code.
	FragmentMain *hierarchy.Method
	Fragment     *FragmentStats
	// ModuleProviders is Options.ModuleProviders.
	ModuleProviders bool
	fe              *frontend.Program
	clientSet       map[string]bool // client container paths

	byName  map[string]*source // defining source of each class
	byID    []*source          // the same by class id (built classes)
	bodies  map[int32]*summary.Body
	bodyErr map[int32]error
	irOpts  *ir.Options
	pre     *prefetch // of the client's IR (prefetch.go)
	// runtime is the program's (hierarchy.Runtime): a summary's, or a
	// class-file container's; nil if no input defines java/lang/Object.
	runtime *hierarchy.Runtime
	// leftOut tells of a name the link left out (OnlyReferenced), and
	// whether it is an enum type (LeftOut); nil: nothing left out.
	leftOut func(name string) (left, enum bool)
}

// LeftOut reports whether the link left out class name (a summary class
// no reference reaches, Options.OnlyReferenced), and if so whether it is
// an enum type, without looking it up: a lookup of a class left out makes
// the linker link the program again in full (hierarchy.Builder.SetOmitted).
func (p *Program) LeftOut(name string) (left, enum bool) {
	if p.leftOut == nil {
		return false, false
	}
	return p.leftOut(name)
}

// Summary is a loaded summary file.
type Summary struct {
	File   string
	Client bool // a summary of client code
	Header summary.Header
	Unit   *summary.Unit
	// Shadowed are the names of the summary's classes that an earlier
	// input defines instead.
	Shadowed []string
	keep     []bool // classes linked (OnlyReferenced); nil: all
	// mapper translates the summary's ids into the program's; nil for
	// the summary the program's pool is over, whose ids are the
	// program's and whose bodies are shared (summary.Unit.SharedBody).
	mapper *summary.Mapper
}

type source struct {
	fc     *frontend.Class // class file (or the host of a lambda class)
	sum    *Summary
	class  *summary.Class
	synth  map[string]*summary.Body // placeholder code by method name+desc
	client bool
}

// Load reads and links the inputs.
func Load(opts Options) (*Program, error) {
	p := &Program{Pool: summary.NewPool(), byName: map[string]*source{}, bodies: map[int32]*summary.Body{},
		bodyErr: map[int32]error{}, clientSet: map[string]bool{}, ModuleProviders: opts.ModuleProviders}
	for _, c := range opts.Client {
		p.clientSet[c] = true
	}
	if err := p.readSummaries(opts.Cache, opts.ClientSummaries, opts.Summaries); err != nil {
		return nil, err
	}
	paths := slices.Concat(opts.Client, opts.Libraries)
	var rt *hierarchy.Runtime // the first summary defining java/lang/Object, unless a class file does
	for _, s := range p.Summaries {
		if rt = s.Unit.Runtime(); rt != nil {
			break
		}
	}
	fe, err := frontend.Load(paths, frontend.Options{Release: opts.Release, Workers: opts.Workers, Runtime: rt,
		More: func(b *hierarchy.Builder, fp *frontend.Program) error {
			fromFiles := make(map[string]bool, len(fp.Classes))
			for _, c := range fp.Classes {
				fromFiles[c.File.Name] = true
			}
			p.runtime = fp.Runtime
			idx := p.indexSummaries(fromFiles)
			if opts.OnlyReferenced && opts.Fragment == nil {
				omitted := p.referenced(idx, fp.Classes, opts.Entries, opts.Classes, b.AddedServices(opts.ModuleProviders))
				b.SetOmitted(omitted)
				p.leftOut = func(name string) (bool, bool) {
					if !omitted(name) {
						return false, false
					}
					sc := idx[name]
					c := &sc.sum.Unit.Classes[sc.index].ClassSpec
					return true, c.Access&classfile.AccEnum != 0 && c.Super == "java/lang/Enum"
				}
			}
			p.addSummaries(b)
			return nil
		}})
	if err != nil {
		return nil, err
	}
	p.fe = fe
	p.Classes = len(fe.Classes)
	for _, c := range fe.Classes {
		p.byName[c.File.Name] = &source{fc: c, client: p.clientSet[c.Container]}
	}
	for name, host := range fe.LambdaHosts {
		p.byName[name] = &source{fc: host, client: p.clientSet[host.Container]}
	}
	p.setHierarchy(fe.Hierarchy)
	if opts.Fragment != nil {
		if p.FragmentMain, err = p.addPlaceholders(*opts.Fragment); err != nil {
			p.Close()
			return nil, err
		}
	}
	p.startPrefetch()
	return p, nil
}

// Close stops building the client's IR ahead (prefetch.go) and releases
// the class-file containers.
func (p *Program) Close() error {
	p.stopPrefetch()
	if p.fe != nil {
		return p.fe.Close()
	}
	return nil
}

func (p *Program) readSummaries(cache *summary.Cache, client, libs []string) error {
	have := map[string]bool{}
	var base *Summary // the one with the most strings, the first of equals
	for i, f := range slices.Concat(client, libs) {
		u, h, err := cache.ReadUnit(f)
		if err != nil {
			return err
		}
		have[string(h.BodySHA)] = true
		s := &Summary{File: f, Client: i < len(client), Header: h, Unit: u}
		if base == nil || u.Pool.NumStrings() > base.Unit.Pool.NumStrings() {
			base = s
		}
		p.Summaries = append(p.Summaries, s)
	}
	if base != nil {
		if pool, ok := summary.NewPoolOver(base.Unit.Pool); ok {
			p.Pool = pool
		}
	}
	for _, s := range p.Summaries {
		if s.Unit.Pool != p.Pool.Base() {
			s.mapper = summary.NewMapper(s.Unit.Pool, p.Pool)
		}
	}
	for _, s := range p.Summaries {
		for _, d := range s.Header.Deps {
			if !have[string(d.BodySHA)] {
				return &summary.Error{File: s.File, What: fmt.Sprintf("depends on the summary of %s (body sha256 %x), which is not among the inputs", d.Target, d.BodySHA)}
			}
		}
	}
	return nil
}

// addSummaries adds the summaries' modules and classes after the class
// files (which win on a clash, but for the runtime's), the runtime's
// first, recording which summary defines each class.
func (p *Program) addSummaries(b *hierarchy.Builder) {
	for _, s := range p.byPrecedence() {
		keep := s.keep
		if keep == nil {
			keep = s.Unit.Visible(p.runtime)
		}
		s.Unit.AddTo(b, s.Header.Target, keep, func(c *summary.Class) {
			p.byName[c.Name] = &source{sum: s, class: c, client: s.Client}
		})
	}
}

// byPrecedence returns the summaries in the order their classes win: the
// runtime's first (if a summary is the runtime), then in input order.
func (p *Program) byPrecedence() []*Summary {
	for i, s := range p.Summaries {
		if p.runtime != nil && s.Unit.Runtime() == p.runtime {
			return slices.Concat(p.Summaries[i:i+1], p.Summaries[:i], p.Summaries[i+1:])
		}
	}
	return p.Summaries
}

// setHierarchy installs a (re)built hierarchy and indexes sources by id.
func (p *Program) setHierarchy(h *hierarchy.Hierarchy) {
	p.stopPrefetch() // its IR would be of the old hierarchy
	p.Hierarchy = h
	p.byID = make([]*source, h.NumClasses())
	for _, c := range h.Classes() {
		if int(c.ID) < len(p.byID) {
			p.byID[c.ID] = p.byName[c.Name]
		}
	}
	p.bodies = map[int32]*summary.Body{}
	p.bodyErr = map[int32]error{}
	p.irOpts = frontend.IROptionsFor(h)
}

func (p *Program) source(c *hierarchy.Class) *source {
	if c == nil {
		return nil
	}
	if int(c.ID) < len(p.byID) {
		return p.byID[c.ID]
	}
	return nil
}

// IsClient reports whether c comes from the client's class files or
// summaries (or is a lambda class defined by client code).
func (p *Program) IsClient(c *hierarchy.Class) bool {
	s := p.source(c)
	return s != nil && s.client
}

// IsPlaceholder reports whether c is placeholder code of library-fragment
// mode: the placeholder main's class or a placeholder client class.
func (p *Program) IsPlaceholder(c *hierarchy.Class) bool {
	s := p.source(c)
	return s != nil && s.synth != nil
}

// Body returns the statement part of m's body, nil for a method without
// code (abstract, native, phantom). Bodies are made on first request and
// kept; an error names the class file or summary.
func (p *Program) Body(m *hierarchy.Method) (*summary.Body, error) {
	if m == nil || m.Phantom || m.IsAbstract() || m.IsNative() {
		return nil, nil
	}
	if b, ok := p.bodies[m.ID]; ok {
		return b, nil
	}
	if err, ok := p.bodyErr[m.ID]; ok {
		return nil, err
	}
	s := p.source(m.Class)
	if s == nil {
		return nil, nil
	}
	var err error
	switch {
	case s.synth != nil:
		p.bodies[m.ID] = s.synth[m.Name+m.Desc]
	case s.sum != nil:
		var b *summary.Body
		if s.sum.mapper == nil {
			b, err = s.sum.Unit.SharedBody(s.class, int(m.Index))
		} else {
			b, err = s.sum.Unit.Body(s.class, int(m.Index), s.sum.mapper)
		}
		if err != nil {
			err = &summary.Error{File: s.sum.File, What: "bad content", Err: err}
		}
		p.bodies[m.ID] = b
	default:
		err = p.buildClassBodies(s.fc)
	}
	if err != nil {
		p.bodyErr[m.ID] = err
		return nil, err
	}
	return p.bodies[m.ID], nil
}

// buildClassBodies builds the IR of a class file and projects every method
// of it and of its lambda classes, so the IR is built once per class and
// then dropped.
func (p *Program) buildClassBodies(fc *frontend.Class) error {
	ic, err := p.classIR(fc)
	if err != nil {
		return fmt.Errorf("%s: %w", fc.Location(), err)
	}
	h := p.Hierarchy
	put := func(class string, m *ir.Method) {
		c := h.Lookup(class)
		if c == nil {
			return
		}
		if hm := c.DeclaredMethod(m.Name, m.Desc); hm != nil {
			if _, done := p.bodies[hm.ID]; !done {
				p.bodies[hm.ID] = summary.FromIR(m, p.Pool)
			}
		}
	}
	for _, m := range ic.Methods {
		put(fc.File.Name, m)
	}
	for _, sc := range ic.Synthetic {
		for _, m := range sc.Methods {
			put(sc.Name, m)
		}
	}
	// Methods of the class without code get an explicit nil, so they are
	// not built again.
	if c := h.Lookup(fc.File.Name); c != nil {
		for _, m := range c.Methods {
			if _, ok := p.bodies[m.ID]; !ok {
				p.bodies[m.ID] = nil
			}
		}
	}
	return nil
}

// ErrNoEntry is returned by Entries for a name that matches no method.
var ErrNoEntry = errors.New("no such method")

// Entries resolves entry-point names "pkg/C.m(desc)" or "pkg/C.m" (every
// method of that name) to methods. An instance method of a concrete class
// runs on an object of that class made by its no-argument constructor, as a
// framework (or Java 25's launcher, MainMethods) makes it: that constructor
// comes before the method, once, and the analyses give both the object.
func (p *Program) Entries(names []string) ([]*hierarchy.Method, error) {
	var out methodList
	add := out.add
	for _, n := range names {
		found := false
		cls, rest := splitMember(n)
		c := p.Hierarchy.Lookup(cls)
		if c != nil {
			for _, m := range c.Methods {
				if m.Name+m.Desc == rest || m.Name == rest {
					if k := c.DeclaredMethod("<init>", "()V"); k != nil && !m.IsStatic() && !m.IsConstructor() && c.IsInstantiable() {
						add(k)
					}
					add(m)
					found = true
				}
			}
		}
		if !found {
			return nil, fmt.Errorf("entry point %s: %w", n, ErrNoEntry)
		}
	}
	return out.list, nil
}

// splitMember splits "pkg/C.m(desc)" at the dot before the member name.
func splitMember(s string) (class, member string) {
	end := len(s)
	for i := 0; i < len(s); i++ {
		if s[i] == '(' {
			end = i
			break
		}
	}
	for i := end - 1; i >= 0; i-- {
		if s[i] == '.' {
			return s[:i], s[i+1:]
		}
	}
	return s, ""
}

// SummaryBySHA returns the linked summary whose body has the SHA-256 sha,
// or nil.
func (p *Program) SummaryBySHA(sha []byte) *Summary {
	for _, s := range p.Summaries {
		if string(s.Header.BodySHA) == string(sha) {
			return s
		}
	}
	return nil
}

// SummaryOf returns the summary that defines c, nil for a class from class
// files, a placeholder or a class made after linking (arrays, phantoms).
func (p *Program) SummaryOf(c *hierarchy.Class) *Summary {
	if s := p.source(c); s != nil && s.synth == nil {
		return s.sum
	}
	return nil
}
