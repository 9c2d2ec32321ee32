// Package reach is the call-graph engine behind the cha and rta packages:
// on-the-fly reachability from roots over method bodies (summary.Body),
// with JVM resolution and selection from package hierarchy, class
// initialisers run when their class is initialised (JVMS §5.5), and
// virtual dispatch over a receiver set that is either every instantiable
// subtype of the static type (CHA) or the instantiated subtypes (RTA).
//
// The engine is deterministic by construction: a FIFO worklist, lists in
// discovery order, no iteration over maps; results are sorted by name.
// Every run reaches the JVM's start-up roots and instantiates the
// exceptions the JVM throws itself (startup.go); warm.go saves
// the engine at their fixpoint and restores it (package warmstart).
// What the JDK does reflectively is modelled where it is reached: dynamic
// proxies (proxy.go), serialization's callbacks (serial.go), ServiceLoader
// (services.go), the enum universes (enums.go), and a reflection log's
// calls (reflog.go); and what the garbage collector starts (collector.go).
package reach

import (
	"slices"
	"strings"

	"github.com/rules-fragment/rules_fragment/tools/callgraph"
	"github.com/rules-fragment/rules_fragment/tools/classfile"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/link"
	"github.com/rules-fragment/rules_fragment/tools/reflog"
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

// Options configure Run.
type Options struct {
	// Warm, if set, is the state Checkpoint made of the program's runtime
	// (warm.go): the engine continues from it. Run fails with an error
	// wrapping warmstart.ErrMismatch if it does not apply to the program.
	// Run only reads it: one state serves any number of runs.
	Warm *Warm
	// Sites, if set, selects the callers whose call sites the graph lists
	// (a report's scope). The others are still analysed; only their sites
	// are left out: a CHA link continuing from the JDK's warm start would
	// otherwise rebuild and sort its 632 k sites, none of them a client's.
	Sites func(*hierarchy.Method) bool
	// Log is a reflection log (package reflog) whose entries apply where
	// their callers are reached (reflog.go).
	Log []reflog.Entry
}

// Run computes the call graph from roots and the JVM's start-up roots
// (StartupRoots).
func Run(p *link.Program, roots []*hierarchy.Method, recv Receivers, name string, opts Options) (*callgraph.Graph, error) {
	e := newEngine(p, recv)
	e.keepSites, e.log = opts.Sites, NewLog(opts.Log)
	if opts.Warm != nil {
		if err := e.restore(opts.Warm); err != nil {
			return nil, err
		}
		e.restoreSerialHooks(opts.Warm)
		for _, sv := range opts.Warm.Services { // providers of other inputs
			e.requestService(opts.Warm.Names.Strings[sv])
		}
		for _, m := range e.log.Callers(e.h) { // the warm start visited them
			if e.reached[m.ID] {
				e.reflective(m)
				if b, err := e.p.Body(m); err == nil && b != nil && e.keeps(m) {
					e.logCalls(m, b)
				}
			}
		}
	}
	e.start(roots)
	if err := e.run(); err != nil {
		return nil, err
	}
	g := &callgraph.Graph{Analysis: name, Roots: roots}
	g.Reachable = e.order
	// Sites of one key share its (sorted) lists. A restored key's are
	// sorted but for what was added since: CHA has 80 k keys over the JDK.
	// Keys of one static type have the same receivers (virtualKey): one
	// sorted list serves them all (JFlex's RTA link has 12.9 k keys to sort, of
	// 1.9 k static types).
	sortedOf := map[int32][]*hierarchy.Class{}
	for _, k := range e.keyList {
		if recv == Instantiated && len(k.recv) > int(k.sortedRecv) { // CHA's lists are sorted when made
			if r, ok := sortedOf[k.static.ID]; ok && len(r) == len(k.recv) {
				k.recv = r
			} else {
				callgraph.SortClasses(k.recv)
				sortedOf[k.static.ID] = k.recv
			}
		}
		if len(k.targets) > int(k.sortedTargets) {
			callgraph.SortMethods(k.targets)
		}
	}
	for _, s := range e.sites {
		site := s.site
		if s.key != nil {
			site.Receivers, site.Targets = s.key.recv, s.key.targets
		}
		if lts := e.logTargets[[2]int32{site.Caller.ID, site.ID}]; len(lts) > 0 {
			site.Targets = withLogTargets(site.Targets, lts)
		}
		if len(e.handles) > 0 && IsHandleInvoke(site.Callee) {
			site.Targets = e.handleTargets(site.Targets, site.Ref)
		}
		g.Sites = append(g.Sites, site)
	}
	if recv == Instantiated {
		g.Instantiated = e.instList
	}
	g.SortAfter(e.sorted[0], e.sorted[1])
	return g, nil
}

func newEngine(p *link.Program, recv Receivers) *engine {
	e := &engine{p: p, h: p.Hierarchy, pool: p.Pool, recv: recv, sym: NewSymbols(p),
		reached: map[int32]bool{}, inst: map[int32]bool{},
		chaRecv: map[int32][]*hierarchy.Class{}}
	e.init = NewInitializer(e.h, e.reach)
	e.enums = NewUniverses(e.init, func(c *hierarchy.Class) { e.reach(EnumValues(c)) })
	return e
}

// start makes roots and the JVM's start-up roots reachable, their classes
// and the JVM's start-up classes initialised. A root constructor runs on an
// object of its class the JVM made (an instance main's, link.MainMethods):
// its class is instantiated.
func (e *engine) start(roots []*hierarchy.Method) {
	for _, m := range append(slices.Clone(roots), StartupRoots(e.h)...) {
		e.init.Init(m.Class)
		e.reach(m)
	}
	for _, m := range roots {
		if m.IsConstructor() && m.Class.IsInstantiable() {
			e.instantiate(m.Class)
		}
	}
	for _, c := range StartupClasses(e.h) {
		e.init.Init(c)
	}
	for _, c := range ImplicitExceptions(e.h) {
		e.init.Init(c)
		e.instantiate(c)
	}
}

// run visits reached methods until none is left.
func (e *engine) run() error {
	for len(e.queue) > 0 {
		m := e.queue[0]
		e.queue = e.queue[1:]
		if err := e.visit(m); err != nil {
			return err
		}
	}
	return nil
}

type engine struct {
	p    *link.Program
	h    *hierarchy.Hierarchy
	pool *summary.Pool
	recv Receivers

	sym   *Symbols
	init  *Initializer
	enums *Universes // enums.go

	reached map[int32]bool
	order   []*hierarchy.Method
	queue   []*hierarchy.Method

	inst     map[int32]bool
	instList []*hierarchy.Class
	late     []*hierarchy.Class // instantiated classes that no Subtypes list contains (arrays, late phantoms)

	// Keys by resolved method and by static class id (dense: a CHA link
	// restores 80 k keys, and maps made that a fifth of restoring).
	byResolved [][]*key
	byStatic   [][]*key
	keyList    []*key
	chaRecv    map[int32][]*hierarchy.Class // by static type (chaReceivers)
	sites      []siteRec

	keepSites  func(*hierarchy.Method) bool // Options.Sites
	log        *Log                         // Options.Log
	logTargets map[[2]int32][]logTarget     // what logged calls call, by method and site (reflog.go)
	// The method handles made, in order, and their names (handles.go).
	handles     []Handle
	handleNames map[string]bool
	serial      []SerialHook     // serialization's callbacks made (serial.go)
	services    []string         // services requested, sorted (services.go)
	classClass  *hierarchy.Class // java/lang/Class, the class of class literals
	forwards    *Forwards        // ServiceLoader's wrappers (services.go)
	// How many of order and instList a warm start restored, in the
	// graph's order (restore).
	sorted [2]int
}

// keeps reports whether the graph lists caller's sites (Options.Sites).
func (e *engine) keeps(caller *hierarchy.Method) bool {
	return e.keepSites == nil || e.keepSites(caller)
}

// key is one (static receiver type, resolved method) pair; all virtual
// call sites with the same pair share receivers and targets.
type key struct {
	static   *hierarchy.Class
	resolved *hierarchy.Method
	recv     []*hierarchy.Class
	targets  []*hierarchy.Method
	tset     map[int32]bool
	// How many of recv and targets are known to be sorted (restored).
	sortedRecv, sortedTargets int32
}

type siteRec struct {
	site *callgraph.Site
	key  *key
}

func (e *engine) reach(m *hierarchy.Method) {
	if m == nil || e.reached[m.ID] {
		return
	}
	e.reached[m.ID] = true
	e.order = append(e.order, m)
	e.queue = append(e.queue, m)
	if k := SerialHookOf(m); k != NoSerialHook {
		e.addSerialHook(k)
	}
	if m.IsNative() {
		e.implicit(m)
		e.nativeReturn(m)
	}
}

// nativeReturn instantiates what native method m returns when its declared
// return type is a final class, or an array of one (reflection's Method,
// Field and Constructor arrays, String): the JVM made an object of that
// class, of no other. It is RTA's side of the points-to analyses' model of
// such results (pointsto's nativeReturn); without it no Method object
// existed, the JDK making them only by copying those of the JVM.
func (e *engine) nativeReturn(m *hierarchy.Method) {
	if e.recv != Instantiated {
		return
	}
	_, ret, err := classfile.ParseMethodDescriptor(m.Desc)
	if err != nil {
		return
	}
	elem, ok := FinalResult(e.h, ret)
	if !ok {
		return
	}
	if elem != nil {
		e.init.Init(elem)
		e.instantiate(elem)
	}
	for d := ret; len(d) > 1 && d[0] == '['; d = d[1:] {
		e.instantiate(e.h.LookupOrPhantom(d))
	}
}

// FinalResult reports whether a native method's result of descriptor desc
// can only be of one class the JVM makes: a final instantiable class, or an
// array (of arrays) of one or of a primitive type. elem is that class, nil
// for primitive elements.
func FinalResult(h *hierarchy.Hierarchy, desc string) (elem *hierarchy.Class, ok bool) {
	e := strings.TrimLeft(desc, "[")
	switch {
	case len(e) > 2 && e[0] == 'L' && e[len(e)-1] == ';':
		c := h.Lookup(e[1 : len(e)-1])
		return c, c != nil && c.IsFinal() && c.IsInstantiable()
	case len(e) == 1 && len(desc) > 1: // an array of a primitive type
		return nil, true
	}
	return nil, false
}

// instantiate records an allocation of c (RTA) and adds c to the matching
// virtual call keys.
func (e *engine) instantiate(c *hierarchy.Class) {
	if c == nil || e.recv != Instantiated || e.inst[c.ID] {
		return
	}
	e.inst[c.ID] = true
	e.instList = append(e.instList, c)
	if c.IsLate() {
		e.late = append(e.late, c)
	}
	for _, k := range e.serial {
		e.serialCallbacks(k, c)
	}
	if Finalizable(e.p, c) { // collector.go
		if reg := FinalizerRegister(e.h); reg != nil {
			e.init.Init(reg.Class)
			e.reach(reg)
		}
	}
	for _, k := range at(e.byStatic, c.ID) {
		e.addReceiver(k, c)
	}
	for _, s := range e.h.Supertypes(c) {
		for _, k := range at(e.byStatic, s.ID) {
			e.addReceiver(k, c)
		}
	}
}

func (e *engine) addReceiver(k *key, c *hierarchy.Class) {
	k.recv = append(k.recv, c)
	if t, o := e.h.SelectOnce(c, k.resolved); o.OK() && t != nil {
		e.addTarget(k, t)
	}
}

func (e *engine) addTarget(k *key, t *hierarchy.Method) {
	if k.tset == nil { // made on the first addition (restored keys have targets)
		k.tset = make(map[int32]bool, len(k.targets)+1)
		for _, x := range k.targets {
			k.tset[x.ID] = true
		}
	}
	if k.tset[t.ID] {
		return
	}
	k.tset[t.ID] = true
	k.targets = append(k.targets, t)
	e.reach(t)
}

// chaReceivers returns the receiver classes of CHA keys with static type
// static, sorted by name: every instantiable subtype (static itself if a
// phantom). Keys of one static type share the list (Object has dozens of
// keys, each with 25 k receivers in the JDK).
func (e *engine) chaReceivers(static *hierarchy.Class) []*hierarchy.Class {
	if r, ok := e.chaRecv[static.ID]; ok {
		return r
	}
	var r []*hierarchy.Class
	for _, c := range e.h.Subtypes(static) {
		if c.IsInstantiable() || (c == static && c.Phantom) {
			r = append(r, c)
		}
	}
	r = slices.Clip(r)
	callgraph.SortClasses(r)
	e.chaRecv[static.ID] = r
	return r
}

// findKey returns the key of (static, resolved), nil if none was made.
func (e *engine) findKey(static *hierarchy.Class, resolved *hierarchy.Method) *key {
	for _, k := range at(e.byResolved, resolved.ID) {
		if k.static == static {
			return k
		}
	}
	return nil
}

// virtualKey returns the key of (static, resolved), computing its
// receivers and targets when it is first seen.
func (e *engine) virtualKey(static *hierarchy.Class, resolved *hierarchy.Method) *key {
	if k := e.findKey(static, resolved); k != nil {
		return k
	}
	k := e.newKey(static, resolved)
	if e.recv == AllSubtypes {
		k.recv = e.chaReceivers(static)
		for _, t := range e.h.DispatchTargets(static, resolved) {
			e.addTarget(k, t)
		}
		return k
	}
	// Keys of one static type have the same receivers: a sibling's list,
	// kept whole by instantiate, spares the scan of the instantiated
	// classes or of static's subtypes (Object and List have dozens of keys).
	if sib := at(e.byStatic, static.ID); sib[0] != k {
		for _, c := range sib[0].recv {
			e.addReceiver(k, c)
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
	for _, c := range e.late { // static's own subtypes list has a late static
		if c != static && e.h.IsSubclass(c, static) {
			e.addReceiver(k, c)
		}
	}
	return k
}

// newKey registers a key without receivers or targets.
func (e *engine) newKey(static *hierarchy.Class, resolved *hierarchy.Method) *key {
	k := &key{static: static, resolved: resolved}
	e.addKey(k)
	return k
}

// addKey registers k.
func (e *engine) addKey(k *key) {
	e.keyList = append(e.keyList, k)
	e.byResolved = appendAt(e.byResolved, k.resolved.ID, k)
	e.byStatic = appendAt(e.byStatic, k.static.ID, k)
}

// at returns the keys at id of a dense index.
func at(index [][]*key, id int32) []*key {
	if int(id) < len(index) {
		return index[id]
	}
	return nil
}

// appendAt appends k to the keys at id of a dense index, growing it.
func appendAt(index [][]*key, id int32, k *key) [][]*key {
	if int(id) >= len(index) {
		index = slices.Grow(index, int(id)+1-len(index))[:int(id)+1]
	}
	index[id] = append(index[id], k)
	return index
}

var objectToString = [2]string{"toString", "()Ljava/lang/String;"}

func (e *engine) visit(m *hierarchy.Method) error {
	e.reflective(m)
	if m.HasKey(EnumConstantsShared) {
		e.enums.Activate()
	}
	b, err := e.p.Body(m)
	if err != nil || b == nil {
		return err
	}
	keep := e.keeps(m)
	if keep {
		e.logCalls(m, b)
	}
	for i := range b.Stmts {
		s := &b.Stmts[i]
		switch s.Op {
		case summary.OpNew:
			c := e.sym.Class(s.Ref)
			e.init.Init(c)
			e.instantiate(c)
		case summary.OpNewArray:
			c := e.sym.Class(s.Ref)
			for d := 0; c != nil && d < max(1, int(s.Kind)); d++ {
				e.instantiate(c)
				c = c.Component
				if c != nil && !c.IsArray() {
					break
				}
			}
		case summary.OpConst:
			if s.Kind == summary.ConstHandle { // handles.go
				e.handle(s.Ref)
				continue
			}
			if s.Kind == summary.ConstClass { // Ref is the class named
				if e.classClass == nil {
					e.classClass = e.h.LookupOrPhantom("java/lang/Class")
				}
				e.instantiate(e.classClass)
				e.enums.Literal(LiteralClass(e.p, e.sym, s.Ref))
			} else {
				e.instantiate(e.sym.Class(s.Ref))
			}
		case summary.OpStaticLoad, summary.OpStaticStore:
			if f := e.sym.Field(s.Ref); f != nil {
				e.init.Init(f.Class)
			}
		case summary.OpCall:
			e.call(m, b, s, keep)
		case summary.OpConcat:
			e.instantiate(e.h.Lookup("java/lang/String"))
			e.concat(m, s, keep)
		case summary.OpDynCall:
			if !keep {
				continue
			}
			e.sites = append(e.sites, siteRec{site: &callgraph.Site{Caller: m, ID: s.Site, Line: s.Line,
				Kind: callgraph.Dynamic, Ref: e.pool.MethodName(s.Ref)}})
		}
	}
	return nil
}

// call analyses call statement s of m, and lists its site if keep.
func (e *engine) call(m *hierarchy.Method, b *summary.Body, s *summary.Stmt, keep bool) {
	var rec siteRec
	r := e.sym.Method(s.Ref)
	var target *hierarchy.Method // of a static or special call
	if r.M != nil {
		switch s.Kind {
		case summary.CallStatic:
			e.init.Init(r.M.Class)
			target = r.M
			e.reach(r.M)
			if IsProxyCreation(r.M) {
				if c, im := ProxyInvoke(e.h); im != nil {
					e.virtualKey(c, im)
				}
			}
			e.serviceCall(m, b, s, r.M)
		case summary.CallSpecial:
			if t, o := e.h.SelectSpecial(m.Class, r.Class, r.M); o.OK() && t != nil {
				target = t
				e.reach(t)
				e.serviceCall(m, b, s, t)
			}
		default:
			static := r.Class
			if static == nil || static.IsArray() {
				static = e.h.Object()
				if r.Class != nil && r.Class.IsArray() {
					static = r.Class
				}
			}
			rec.key = e.virtualKey(static, r.M)
		}
	}
	if !keep {
		return
	}
	rec.site = &callgraph.Site{Caller: m, ID: s.Site, Line: s.Line, Kind: callgraph.SiteKind(s.Kind), Ref: e.pool.MethodName(s.Ref),
		Callee: r.M, Error: r.Err}
	if target != nil {
		rec.site.Targets = []*hierarchy.Method{target}
	}
	e.sites = append(e.sites, rec)
}

// implicit adds the calls the JVM makes on behalf of native method t
// (ImplicitCalls) as virtual calls without a site: their targets become
// reachable.
func (e *engine) implicit(t *hierarchy.Method) {
	for _, ic := range ImplicitCalls(t.Key()) {
		if c, m := ic.Resolve(e.h); m != nil {
			e.virtualKey(c, m)
		}
	}
}

// concat models a string concatenation's implicit toString() calls on its
// object arguments as one virtual call site on java/lang/Object.
func (e *engine) concat(m *hierarchy.Method, s *summary.Stmt, keep bool) {
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
	if keep {
		e.sites = append(e.sites, rec)
	}
}
