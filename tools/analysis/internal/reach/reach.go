// Package reach is the call-graph engine behind the cha and rta packages:
// on-the-fly reachability from roots over method bodies (summary.Body),
// with JVM resolution and selection from package hierarchy, class
// initialisers run when their class is initialised (JVMS §5.5), and
// virtual dispatch over a receiver set that is either every instantiable
// subtype of the static type (CHA) or the instantiated subtypes (RTA).
//
// The engine is deterministic by construction: a FIFO worklist, lists in
// discovery order, no iteration over maps; results are sorted by name.
package reach

import (
	"github.com/rules-fragment/rules_fragment/tools/callgraph"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/link"
	"github.com/rules-fragment/rules_fragment/tools/summary"
)

// Receivers selects how virtual calls find receiver classes.
type Receivers uint8

const (
	// AllSubtypes: every instantiable subtype of the static type (CHA).
	AllSubtypes Receivers = iota
	// Instantiated: the subtypes allocated by reachable code (RTA).
	Instantiated
)

// Run computes the call graph from roots.
func Run(p *link.Program, roots []*hierarchy.Method, recv Receivers, name string) (*callgraph.Graph, error) {
	e := &engine{p: p, h: p.Hierarchy, pool: p.Pool, recv: recv,
		reached: map[int32]bool{}, inited: map[int32]bool{}, inst: map[int32]bool{},
		keys: map[[2]int32]*key{}, byStatic: map[int32][]*key{},
		classes: map[int32]*hierarchy.Class{}, methods: map[int32]resolution{}, fields: map[int32]*hierarchy.Class{}}
	g := &callgraph.Graph{Analysis: name, Roots: roots}
	for _, m := range roots {
		e.initClass(m.Class)
		e.reach(m)
	}
	for len(e.queue) > 0 {
		m := e.queue[0]
		e.queue = e.queue[1:]
		if err := e.visit(m); err != nil {
			return nil, err
		}
	}
	g.Reachable = e.order
	// Sites of one key share its (sorted) lists.
	for _, k := range e.keyList {
		callgraph.SortClasses(k.recv)
		callgraph.SortMethods(k.targets)
	}
	for _, s := range e.sites {
		site := s.site
		if s.key != nil {
			site.Receivers, site.Targets = s.key.recv, s.key.targets
		}
		g.Sites = append(g.Sites, site)
	}
	if recv == Instantiated {
		g.Instantiated = e.instList
	}
	g.Sort()
	return g, nil
}

type engine struct {
	p    *link.Program
	h    *hierarchy.Hierarchy
	pool *summary.Pool
	recv Receivers

	reached map[int32]bool
	order   []*hierarchy.Method
	queue   []*hierarchy.Method
	inited  map[int32]bool

	inst     map[int32]bool
	instList []*hierarchy.Class
	late     []*hierarchy.Class // instantiated classes that no Subtypes list contains (arrays, late phantoms)

	keys     map[[2]int32]*key
	keyList  []*key
	byStatic map[int32][]*key
	sites    []siteRec

	classes map[int32]*hierarchy.Class // pool string id → class
	methods map[int32]resolution       // pool method ref id → resolution
	fields  map[int32]*hierarchy.Class // pool field ref id → class to initialise
}

// key is one (static receiver type, resolved method) pair; all virtual
// call sites with the same pair share receivers and targets.
type key struct {
	static   *hierarchy.Class
	resolved *hierarchy.Method
	recv     []*hierarchy.Class
	targets  []*hierarchy.Method
	tset     map[int32]bool
}

type siteRec struct {
	site *callgraph.Site
	key  *key
}

type resolution struct {
	class *hierarchy.Class
	m     *hierarchy.Method
	err   string
}

func (e *engine) reach(m *hierarchy.Method) {
	if m == nil || e.reached[m.ID] {
		return
	}
	e.reached[m.ID] = true
	e.order = append(e.order, m)
	e.queue = append(e.queue, m)
}

// initClass runs c's initialiser and those of its superclasses and of the
// superinterfaces that declare default methods (JVMS §5.5).
func (e *engine) initClass(c *hierarchy.Class) {
	if c == nil || c.IsArray() || e.inited[c.ID] {
		return
	}
	e.inited[c.ID] = true
	if !c.IsInterface() {
		e.initClass(c.Super)
		for _, i := range e.h.Superinterfaces(c) {
			if declaresDefault(i) {
				e.initClass(i)
			}
		}
	}
	e.reach(c.DeclaredMethod("<clinit>", "()V"))
}

func declaresDefault(c *hierarchy.Class) bool {
	for _, m := range c.Methods {
		if !m.IsAbstract() && !m.IsStatic() && !m.IsPrivate() {
			return true
		}
	}
	return false
}

func (e *engine) class(ref int32) *hierarchy.Class {
	if c, ok := e.classes[ref]; ok {
		return c
	}
	c := e.h.LookupOrPhantom(e.pool.Strings[ref])
	e.classes[ref] = c
	return c
}

// instantiate records an allocation of c (RTA) and adds c to the matching
// virtual call keys.
func (e *engine) instantiate(c *hierarchy.Class) {
	if c == nil || e.recv != Instantiated || e.inst[c.ID] {
		return
	}
	e.inst[c.ID] = true
	e.instList = append(e.instList, c)
	if len(e.h.Subtypes(c)) == 0 {
		e.late = append(e.late, c)
	}
	for _, k := range e.byStatic[c.ID] {
		e.addReceiver(k, c)
	}
	for _, s := range e.h.Supertypes(c) {
		for _, k := range e.byStatic[s.ID] {
			e.addReceiver(k, c)
		}
	}
}

func (e *engine) addReceiver(k *key, c *hierarchy.Class) {
	k.recv = append(k.recv, c)
	if t, o := e.h.Select(c, k.resolved); o.OK() && t != nil {
		e.addTarget(k, t)
	}
}

func (e *engine) addTarget(k *key, t *hierarchy.Method) {
	if k.tset[t.ID] {
		return
	}
	k.tset[t.ID] = true
	k.targets = append(k.targets, t)
	e.reach(t)
}

// virtualKey returns the key of (static, resolved), computing its
// receivers and targets when it is first seen.
func (e *engine) virtualKey(static *hierarchy.Class, resolved *hierarchy.Method) *key {
	id := [2]int32{static.ID, resolved.ID}
	if k, ok := e.keys[id]; ok {
		return k
	}
	k := &key{static: static, resolved: resolved, tset: map[int32]bool{}}
	e.keys[id] = k
	e.keyList = append(e.keyList, k)
	e.byStatic[static.ID] = append(e.byStatic[static.ID], k)
	if e.recv == AllSubtypes {
		for _, c := range e.h.Subtypes(static) {
			if c.IsInstantiable() || (c == static && c.Phantom) {
				k.recv = append(k.recv, c)
			}
		}
		for _, t := range e.h.DispatchTargets(static, resolved) {
			e.addTarget(k, t)
		}
		return k
	}
	subs := e.h.Subtypes(static)
	if len(e.instList) < len(subs) {
		for _, c := range e.instList {
			if e.h.IsSubclass(c, static) {
				e.addReceiver(k, c)
			}
		}
		return k
	}
	for _, c := range subs {
		if e.inst[c.ID] {
			e.addReceiver(k, c)
		}
	}
	for _, c := range e.late {
		if e.h.IsSubclass(c, static) {
			e.addReceiver(k, c)
		}
	}
	return k
}

// resolve resolves a method reference (JVMS §5.4.3.3/4), cached.
func (e *engine) resolve(ref int32, iface bool) resolution {
	if r, ok := e.methods[ref]; ok {
		return r
	}
	mr := e.pool.Methods[ref]
	c := e.class(mr.Class)
	r := resolution{class: c}
	var err error
	if iface {
		r.m, err = e.h.ResolveInterfaceMethod(c, e.pool.Strings[mr.Name], e.pool.Strings[mr.Desc])
	} else {
		r.m, err = e.h.ResolveMethod(c, e.pool.Strings[mr.Name], e.pool.Strings[mr.Desc])
	}
	if err != nil {
		r.err = err.Error()
	}
	e.methods[ref] = r
	return r
}

// fieldClass returns the class that declares the resolved static field
// (the class a getstatic/putstatic initialises).
func (e *engine) fieldClass(ref int32) *hierarchy.Class {
	if c, ok := e.fields[ref]; ok {
		return c
	}
	fr := e.pool.Fields[ref]
	var c *hierarchy.Class
	if f, err := e.h.ResolveField(e.class(fr.Class), e.pool.Strings[fr.Name], e.pool.Strings[fr.Desc]); err == nil && f != nil {
		c = f.Class
	}
	e.fields[ref] = c
	return c
}

var objectToString = [2]string{"toString", "()Ljava/lang/String;"}

func (e *engine) visit(m *hierarchy.Method) error {
	b, err := e.p.Body(m)
	if err != nil || b == nil {
		return err
	}
	for i := range b.Stmts {
		s := &b.Stmts[i]
		switch s.Op {
		case summary.OpNew:
			c := e.class(s.Ref)
			e.initClass(c)
			e.instantiate(c)
		case summary.OpNewArray:
			c := e.class(s.Ref)
			for d := 0; c != nil && d < max(1, int(s.Kind)); d++ {
				e.instantiate(c)
				c = c.Component
				if c != nil && !c.IsArray() {
					break
				}
			}
		case summary.OpConst:
			e.instantiate(e.class(s.Ref))
		case summary.OpStaticLoad, summary.OpStaticStore:
			e.initClass(e.fieldClass(s.Ref))
		case summary.OpCall:
			e.call(m, s)
		case summary.OpConcat:
			e.instantiate(e.h.Lookup("java/lang/String"))
			e.concat(m, s)
		case summary.OpDynCall:
			e.sites = append(e.sites, siteRec{site: &callgraph.Site{Caller: m, ID: s.Site, Line: s.Line,
				Kind: callgraph.Dynamic, Ref: e.pool.MethodName(s.Ref)}})
		}
	}
	return nil
}

func (e *engine) call(m *hierarchy.Method, s *summary.Stmt) {
	mr := e.pool.Methods[s.Ref]
	site := &callgraph.Site{Caller: m, ID: s.Site, Line: s.Line, Kind: callgraph.SiteKind(s.Kind), Ref: e.pool.MethodName(s.Ref)}
	rec := siteRec{site: site}
	r := e.resolve(s.Ref, mr.Interface)
	site.Callee, site.Error = r.m, r.err
	if r.m != nil {
		switch s.Kind {
		case summary.CallStatic:
			e.initClass(r.m.Class)
			site.Targets = []*hierarchy.Method{r.m}
			e.reach(r.m)
		case summary.CallSpecial:
			if t, o := e.h.SelectSpecial(m.Class, r.class, r.m); o.OK() && t != nil {
				site.Targets = []*hierarchy.Method{t}
				e.reach(t)
			}
		default:
			static := r.class
			if static == nil || static.IsArray() {
				static = e.h.Object()
				if r.class != nil && r.class.IsArray() {
					static = r.class
				}
			}
			rec.key = e.virtualKey(static, r.m)
		}
	}
	e.sites = append(e.sites, rec)
}

// concat models a string concatenation's implicit toString() calls on its
// object arguments as one virtual call site on java/lang/Object.
func (e *engine) concat(m *hierarchy.Method, s *summary.Stmt) {
	hasObject := false
	for _, a := range s.Args {
		if a >= 0 {
			hasObject = true
		}
	}
	if !hasObject {
		return
	}
	obj := e.h.Object()
	ts := obj.DeclaredMethod(objectToString[0], objectToString[1])
	site := &callgraph.Site{Caller: m, ID: s.Site, Line: s.Line, Kind: callgraph.Concat, Ref: "java/lang/Object.toString()Ljava/lang/String;", Callee: ts}
	rec := siteRec{site: site}
	if ts != nil {
		rec.key = e.virtualKey(obj, ts)
	}
	e.sites = append(e.sites, rec)
}
