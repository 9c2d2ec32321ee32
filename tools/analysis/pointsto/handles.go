package pointsto

import (
	"slices"
	"strings"

	"github.com/rules-fragment/rules_fragment/tools/analysis/internal/reach"
	"github.com/rules-fragment/rules_fragment/tools/callgraph"
	"github.com/rules-fragment/rules_fragment/tools/classfile"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/summary"
)

// Method handles (summary/handles.go, reach/handles.go). A lookup's find
// call with a class literal returns a handle object (what the JDK's code
// returns is left out: summary/handles.go): one per kind, class and name
// (every method of its kind if the name is not a constant; also under
// 0-CFA_f), of the class the JDK makes (handleClass). A call of
// invokeExact, invoke or invokeWithArguments whose receiver objects
// include a handle calls the handle's methods with the call's arguments,
// at hidden sites of the call (one per call, handle and method):
//
//   - a static handle's methods with the arguments (invokeExact: those of
//     the call's type; invoke: those with as many parameters as the call
//     passes, and a varargs method with another number, whose array the
//     JVM makes from the trailing arguments: an object per call and class);
//   - a virtual handle's, dispatched on the first argument's objects that
//     pass the handle's class, with the others;
//   - a special handle's method itself on those objects;
//   - a constructor handle's: a new object of the class (one per call and
//     class), the constructor run on it, the object the call's result.
//
// invokeWithArguments(Object...) passes the argument array's elements to
// every reference parameter (the List form passes none). bindTo makes a
// bound handle (one per call and handle) whose bound value is its
// methods' first argument. asType makes an adapted handle (one per
// handle), which invokeExact calls as invoke does, whatever the call's
// type: the JDK converts the arguments and the result. The JDK's own
// asType and withVarargs also return their receiver where the type fits,
// and a varargs method's handle, an AsVarargsCollector, holds the direct
// one in its field target, which asFixedArity returns: their results
// keep the handle. Field handles read and write their fields
// (fieldhandles.go). The combinators of MethodHandles and a bound handle
// bound again are left unmodelled, and so are the handles of unreflect
// and a handle whose class is not a class literal unless a reflection
// log names them (reflog.go; else the call of invokeExact is a native
// method returning a reference in the list of unmodelled methods). A primitive result that invoke or
// invokeWithArguments returns as a reference is the JVM's box of its
// type.
//
// The call graph lists the handles' methods among the targets of the
// invoke call.

// handleLevel marks a handle object (objKey: method, the first of its
// methods; site, its kind, with handleVarargs for a varargs collector
// and handleAny for a name that is not a constant; class, the class the
// lookup names; boundBase marks bound handles),
// handleNewLevel an object a constructor handle makes (site: the call's).
const (
	handleLevel     = -8
	handleNewLevel  = -9
	handleArgsLevel = -10 // the array a varargs method gets (varargsArray)
)

// handleObject returns the handle object of handle name (a pool string),
// -1 if it names no method. A varargs method's handle is the JDK's
// AsVarargsCollector, whose field target holds the direct handle.
func (s *solver) handleObject(name int32) int32 {
	t, ok := reach.ResolveHandle(s.h, s.sym.Pool.StringAt(name))
	if !ok || t.Kind == summary.HandleOffset && !hasReferenceField(t) { // offsets.go
		return -1
	}
	return s.handleObjectOf(t)
}

// handleObjectOf returns the handle object of handle t, as handleObject.
func (s *solver) handleObjectOf(t reach.Handle) int32 {
	o := s.handleOf(t, false)
	if len(t.Methods) == 0 || t.Methods[0].Access&classfile.AccVarargs == 0 || o < 0 {
		return o
	}
	va := s.handleOf(t, true)
	if va < 0 {
		return o
	}
	if f := s.objClass[va].DeclaredField("target", "Ljava/lang/invoke/MethodHandle;"); f != nil {
		s.seed(s.fieldNode(va, f.ID), o)
	}
	return va
}

// varargsCollector is the class of a varargs method's handle.
const varargsCollector = "java/lang/invoke/MethodHandleImpl$AsVarargsCollector"

// handleVarargs marks the key of a varargs collector's handle (objKey's
// site: the kind, with this bit), handleAny that of a handle of every
// method of its kind (summary.AnyName).
const (
	handleVarargs = 0x100
	handleAny     = 0x200
)

// handleOf returns the object of handle t, the varargs collector's if
// varargs (-1 if the JDK has no such class).
func (s *solver) handleOf(t reach.Handle, varargs bool) int32 {
	c, site := s.handleClass(t), int32(t.Kind)
	if t.Name == summary.AnyName {
		site |= handleAny
	}
	if varargs {
		c, site = s.h.Lookup(varargsCollector), site|handleVarargs
	}
	if c == nil || c.Phantom {
		return -1
	}
	o := s.objectFor(objKey{method: handleMember(t), site: site, level: handleLevel, class: t.Class.ID}, c)
	if s.handles[o] == nil {
		s.addHandle(o, handleRef{Handle: t, bound: -1, adapted: -1})
		s.handleFields(o, c)
		if t.Kind == summary.HandleOffset {
			s.offsetFields(o, t)
		}
	}
	return o
}

// fieldKey reports whether object key k is a field handle's, whose
// method is a field id (handleMember).
func fieldKey(k objKey) bool {
	return k.level == handleLevel && summary.IsFieldHandle(byte(k.site&0xff))
}

// handleMember is the member id in handle t's object key: its first
// method's, or a field handle's first field's.
func handleMember(t reach.Handle) int32 {
	if len(t.Methods) > 0 {
		return t.Methods[0].ID
	}
	return t.Fields[0].ID
}

// handleFields gives handle object o of class c what the JDK's handles
// hold in their fields of final classes (its MethodType, LambdaForm and
// MemberName): objects of the JVM, as constants' fields are (jvm.go).
// The find call's own result is left out (summary/handles.go): the
// JDK's code returns there every handle that reaches its caches.
func (s *solver) handleFields(o int32, c *hierarchy.Class) {
	for k := c; k != nil; k = k.Super {
		for _, f := range k.Fields {
			if f.IsStatic() || len(f.Desc) < 3 || f.Desc[0] != 'L' {
				continue
			}
			if fc := s.h.Lookup(f.Desc[1 : len(f.Desc)-1]); fc != nil && fc.IsFinal() && fc.IsInstantiable() {
				s.seed(s.fieldNode(o, f.ID), s.jvmObject(fc))
			}
		}
	}
}

// handleClass is the class of handle t's object: the class of what the
// JDK's find methods return (DirectMethodHandle.make), a nested class of
// DirectMethodHandle for a constructor, a special handle or a virtual one
// looked up in an interface, else DirectMethodHandle itself (a varargs
// method's is wrapped: handleObject). It sets solver.mhClass.
func (s *solver) handleClass(t reach.Handle) *hierarchy.Class {
	if s.mhClass == nil {
		s.mhClass = s.h.Lookup("java/lang/invoke/MethodHandle")
	}
	const dmh = "java/lang/invoke/DirectMethodHandle"
	nested := ""
	switch {
	case t.Kind == summary.HandleOffset: // offsets.go
		return s.h.Lookup(offsetClass)
	case t.Kind == summary.HandleReflectField: // reflectfields.go
		return s.h.Lookup(reflectField)
	case t.Kind == summary.HandleUpdater:
		if c := s.h.Lookup(updaterImpl); c != nil && !c.Phantom {
			return c
		}
	case summary.IsVarHandle(t.Kind):
		return varHandleClass(s.h, t)
	case t.Kind == summary.HandleGetter || t.Kind == summary.HandleSetter:
		nested = "$Accessor"
	case t.Kind == summary.HandleStaticGet || t.Kind == summary.HandleStaticSet:
		nested = "$StaticAccessor"
	case t.Kind == summary.HandleConstructor:
		nested = "$Constructor"
	case t.Kind == summary.HandleSpecial:
		nested = "$Special"
	case t.Kind == summary.HandleVirtual && t.Class.IsInterface():
		nested = "$Interface"
	}
	for _, name := range []string{dmh + nested, dmh} {
		if c := s.h.Lookup(name); c != nil && !c.Phantom {
			return c
		}
	}
	return s.mhClass
}

// handleRef is a handle object's: its handle, and for a bound one
// (bindTo) the handle object it binds, else -1. An adapted handle
// (asType) takes any call type; adapted is the handle object it adapts,
// else -1.
type handleRef struct {
	reach.Handle
	bound, adapted int32
	loose          bool // adapted, or bound to an adapted handle
}

// addHandle records handle object o, once.
func (s *solver) addHandle(o int32, h handleRef) {
	if s.handles == nil {
		s.handles = map[int32]*handleRef{}
	}
	if s.handles[o] != nil {
		return
	}
	s.handles[o] = &h
	if i, found := slices.BinarySearch(s.handleIDs, o); !found {
		s.handleIDs = slices.Insert(s.handleIDs, i, o)
	}
}

// handleUse tells what site st does with the handles among its receiver
// objects: calls their methods (handleInvoke), binds them (handleBind),
// or nothing (0).
func (s *solver) handleUse(st *site) int {
	switch {
	case st.resolved == nil || s.mhClass == nil:
		return 0
	case st.resolved.Class.Name == summary.UpdaterClass:
		return handleUpdate
	case st.resolved.Class.Name == reflectField:
		return handleReflect
	case st.resolved.Class != s.mhClass:
		return 0
	case reach.IsHandleInvoke(st.resolved):
		return handleInvoke
	case reach.IsHandleBind(st.resolved):
		return handleBind
	case st.resolved.Name == "asType" && st.resolved.Desc == "(Ljava/lang/invoke/MethodType;)Ljava/lang/invoke/MethodHandle;":
		return handleAsType
	}
	return 0
}

const (
	handleInvoke  = 1
	handleBind    = 2
	handleAsType  = 3
	handleUpdate  = 4 // updater.go
	handleReflect = 5 // reflectfields.go
)

// adaptedBase is the objKey level of the adapted handle asType makes of
// handle object 0; of handle u, adaptedBase - u (below the bound ones).
const adaptedBase = -1 << 30

// handleAdapt models asType call st on handle object u: one adapted
// handle per handle, which an invokeExact of any type invokes as invoke
// would (the JDK's asType converts the arguments and the result; where
// the type is the handle's own it returns the handle itself, which the
// JDK's code in the analysis does).
func (s *solver) handleAdapt(st *site, u int32) {
	h := s.handles[u]
	if h.loose {
		s.seed(st.dst, u)
		return
	}
	o := s.objectFor(objKey{method: -1, site: -1, level: adaptedBase - u, class: -1}, s.objClass[u])
	if s.handles[o] == nil {
		s.addHandle(o, handleRef{Handle: h.Handle, bound: -1, adapted: u, loose: true})
	}
	s.seed(st.dst, o)
}

// boundBase is the objKey level of the handle bindTo makes of handle
// object 0; of handle u, boundBase - u (its site: the bindTo call's).
const boundBase = -1 << 20

// handleBindTo models bindTo call st on handle object u: a handle of
// the JDK's class BoundMethodHandle$Species_LL, one per call and handle,
// whose field argL0 holds u and argL1 the bound value (the first
// argument of u's methods). A bound handle is not bound again.
func (s *solver) handleBindTo(st *site, u int32) {
	h := s.handles[u]
	if h.bound >= 0 || h.adapted >= 0 && s.handles[h.adapted].bound >= 0 || len(st.args) == 0 {
		return
	}
	c := s.h.Lookup("java/lang/invoke/BoundMethodHandle$Species_LL")
	if c == nil || c.Phantom {
		return
	}
	o := s.objectFor(objKey{method: st.cs.Caller.ID, site: st.cs.ID, level: boundBase - u, class: -1}, c)
	if s.handles[o] == nil {
		s.addHandle(o, handleRef{Handle: h.Handle, bound: u, adapted: -1, loose: h.loose})
		s.handleFields(o, c)
		if f := c.DeclaredField("argL0", "Ljava/lang/Object;"); f != nil {
			s.seed(s.fieldNode(o, f.ID), u)
		}
	}
	if v := s.boundValue(o); v >= 0 && st.args[0] >= 0 {
		s.addEdge(st.args[0], v, nil)
	}
	s.seed(st.dst, o)
}

// boundValue returns the node of bound handle o's bound value, -1 if
// the JDK's class has no such field.
func (s *solver) boundValue(o int32) int32 {
	if f := s.objClass[o].DeclaredField("argL1", "Ljava/lang/Object;"); f != nil {
		return s.fieldNode(o, f.ID)
	}
	return -1
}

// handleCalls calls the methods of handle o at invoke site st, once.
func (s *solver) handleCalls(st *site, o int32) {
	if !s.firstUse(st, o) {
		return
	}
	h, loose := s.handles[o], s.handles[o].loose
	if h.adapted >= 0 { // it calls as the handle it adapts, its type any
		o = h.adapted
		h = s.handles[o]
	}
	t := h.Handle
	spread := st.resolved.Name == "invokeWithArguments"
	exact := st.resolved.Name == "invokeExact" && !loose
	elems := int32(-1)
	if spread && len(st.args) > 0 && st.args[0] >= 0 && st.resolved.Desc == "([Ljava/lang/Object;)Ljava/lang/Object;" {
		elems = s.newNode()
		s.addLoad(st.args[0], arrayElem, elems)
	}
	bound, nargs := int32(-1), len(st.args)
	if h.bound >= 0 {
		bound, nargs = s.boundValue(o), nargs+1
	}
	// arg is the node of position j of the handle's parameters (a virtual
	// or special handle's receiver first).
	arg := func(j int) int32 {
		if bound >= 0 {
			if j == 0 {
				return bound
			}
			j--
		}
		switch {
		case spread:
			return elems
		case j < len(st.args):
			return st.args[j]
		}
		return -1
	}
	sparams, sret := siteType(st)
	if summary.IsFieldHandle(t.Kind) {
		s.fieldHandleCall(st, t, h.bound >= 0, nargs, exact, spread, arg, sparams, sret)
		return
	}
	recv := t.Kind == summary.HandleVirtual || t.Kind == summary.HandleSpecial
	off := 0
	if recv {
		off = 1
	}
	for _, m := range t.Methods {
		params, ret, _ := classfile.ParseMethodDescriptor(m.Desc)
		varargs := m.Access&classfile.AccVarargs != 0 && len(params) > 0 && isReference(params[len(params)-1])
		switch {
		case spread:
		case exact && !s.exactType(t, h.bound >= 0, params, ret, sparams, sret):
			continue
		case len(params)+off != nargs && !(st.resolved.Name == "invoke" && varargs && nargs >= len(params)+off-1):
			continue // invoke collects a varargs method's trailing arguments
		}
		kind := callgraph.Special
		switch {
		case m.IsStatic():
			kind = callgraph.Static
		case t.Kind == summary.HandleVirtual && m.Class.IsInterface():
			kind = callgraph.Interface
		case t.Kind == summary.HandleVirtual:
			kind = callgraph.Virtual
		}
		x := s.handleSite(st, m, kind, params, off, arg)
		if last := len(params) - 1; varargs && !exact {
			var from []int32 // what the JVM collects into the varargs array
			for j := last + off; j < nargs || spread && j == last+off; j++ {
				from = append(from, arg(j))
			}
			x.args[last] = s.varargsArray(st, params[last], from, x.args[last])
		}
		if !exact && (spread || isReference(sret)) { // invoke boxes a primitive result
			s.seedBox(st.dst, ret, sret)
		}
		if isReference(ret) && t.Kind != summary.HandleConstructor && st.dst >= 0 {
			x.dst = st.dst
			if isReference(sret) && !spread { // the call's type casts the result
				x.dst = s.newNode()
				s.addEdge(x.dst, st.dst, s.typeFilter(sret))
			}
		}
		switch t.Kind {
		case summary.HandleStatic:
			s.init.Init(m.Class)
			s.bind(x, m)
		case summary.HandleConstructor:
			n := s.handleNew(st, t.Class)
			s.seed(st.dst, n)
			if tm := s.bind(x, m); tm != nil && len(tm.params) > 0 {
				s.seed(tm.params[0], n)
			}
		case summary.HandleSpecial:
			r := arg(0)
			if tm := s.bind(x, m); tm != nil && len(tm.params) > 0 && r >= 0 {
				s.addEdge(r, tm.params[0], filterFor(t.Class))
			}
		default:
			if r := arg(0); r >= 0 {
				x.base = s.newNode()
				s.addEdge(r, x.base, filterFor(t.Class))
				s.addVirtual(x.base, x)
			}
		}
	}
}

// seedBox seeds dst (-1: none) with the JVM's box of a value of type
// prim (a primitive; else nothing) that a signature-polymorphic call of
// result type ret (a reference) returns: not if the box is not a ret
// (the JVM's conversion throws ClassCastException; a handle call's
// result has no cast of its own).
func (s *solver) seedBox(dst int32, prim, ret string) {
	b := reach.BoxClass(prim)
	if dst < 0 || b == "" {
		return
	}
	c := s.h.Lookup(b)
	if f := s.typeFilter(ret); c == nil || f != nil && !s.h.IsSubclass(c, f) {
		return
	}
	s.seed(dst, s.jvmObject(c))
}

// siteType returns the parameter and result descriptors of invoke site
// st's call (signature polymorphic: the call's own descriptor).
func siteType(st *site) ([]string, string) {
	ref := st.cs.Ref
	i := strings.IndexByte(ref, '(')
	if i < 0 {
		return nil, ""
	}
	params, ret, err := classfile.ParseMethodDescriptor(ref[i:])
	if err != nil {
		return nil, ""
	}
	return params, ret
}

// exactType reports whether method params and ret of handle t (bound:
// its first parameter taken) have the type of an invokeExact call of
// parameters sparams and result sret.
func (s *solver) exactType(t reach.Handle, bound bool, params []string, ret string, sparams []string, sret string) bool {
	params, ret = t.Type(params, ret)
	if bound {
		if len(params) == 0 {
			return false
		}
		params = params[1:]
	}
	return ret == sret && slices.Equal(params, sparams)
}

// varargsArray returns a node holding what invoke site st passes to a
// varargs method's array parameter of descriptor desc: the array the JVM
// collects the nodes from into (one per site and class; 0-CFA_f: per
// class) and, from invokeWithArguments, the arrays passed as they are
// (node direct, -1 for none).
func (s *solver) varargsArray(st *site, desc string, from []int32, direct int32) int32 {
	c := s.h.LookupOrPhantom(desc)
	if c == nil || c.Component == nil {
		return direct
	}
	k := objKey{method: st.cs.Caller.ID, site: st.cs.ID, level: handleArgsLevel, class: c.ID}
	if s.opts.PerClass {
		k = objKey{method: -1, site: -1, class: c.ID}
	}
	o := s.objectFor(k, c)
	elem := filterFor(c.Component)
	for _, n := range from {
		if n >= 0 {
			s.addEdge(n, s.fieldNode(o, arrayElem), elem)
		}
	}
	n := s.newNode()
	s.seed(n, o)
	if direct >= 0 {
		s.addEdge(direct, n, nil)
	}
	return n
}

// handleSite is a hidden site of invoke site st calling m, its reference
// parameters taking arg(i+off).
func (s *solver) handleSite(st *site, m *hierarchy.Method, kind callgraph.SiteKind, params []string, off int, arg func(int) int32) *site {
	x := &site{cs: &callgraph.Site{Caller: st.cs.Caller, ID: st.cs.ID, Line: st.cs.Line, Kind: kind, Ref: m.Key(), Callee: m},
		caller: st.caller, resolved: m, base: -1, dst: -1, hidden: true, targets: map[int32]bool{}}
	x.args = make([]int32, len(params))
	for i, p := range params {
		x.args[i] = -1
		if isReference(p) {
			x.args[i] = arg(i + off)
		}
	}
	s.addSite(x)
	s.noteHandleSite(st.at, x.at)
	return x
}

// handleNew is the object a constructor handle of class c makes at
// invoke site st.
func (s *solver) handleNew(st *site, c *hierarchy.Class) int32 {
	s.init.Init(c)
	if s.opts.PerClass {
		return s.objectFor(objKey{method: -1, site: -1, class: c.ID}, c)
	}
	return s.objectFor(objKey{method: st.cs.Caller.ID, site: st.cs.ID, level: handleNewLevel, class: c.ID}, c)
}

// handleTargets adds to listed site x's targets the methods its handles
// called (the targets of its hidden sites).
func (s *solver) handleTargets(x *site, ranks *callgraph.Ranks) {
	s.hiddenTargets(x, s.handleSites[x.at], ranks)
}

// hiddenTargets adds to listed site x's targets those of hidden sites hs.
func (s *solver) hiddenTargets(x *site, hs []int32, ranks *callgraph.Ranks) {
	if len(hs) == 0 {
		return
	}
	for _, i := range hs {
		x.cs.Targets = append(x.cs.Targets, s.siteAt(i).cs.Targets...)
	}
	ranks.SortMethods(x.cs.Targets)
	x.cs.Targets = slices.Compact(x.cs.Targets)
}

// restoreHandles finds the handles among the objects of a warm start w,
// and the calls they made.
func (s *solver) restoreHandles(w *Warm) {
	for o := range s.objKeys {
		k := s.objKeys[o] // a bound or adapted handle comes after its handle
		switch {
		case k.level <= adaptedBase:
			if u := adaptedBase - k.level; s.handles[u] != nil {
				s.addHandle(int32(o), handleRef{Handle: s.handles[u].Handle, bound: -1, adapted: u, loose: true})
			}
		case k.level <= boundBase:
			if u := boundBase - k.level; s.handles[u] != nil {
				s.addHandle(int32(o), handleRef{Handle: s.handles[u].Handle, bound: u, adapted: -1, loose: s.handles[u].loose})
			}
		case k.level == handleLevel && k.method >= 0 && k.class >= 0:
			if t, ok := reach.ResolveHandle(s.h, handleKeyName(s.h, k)); ok {
				s.handleClass(t)
				s.addHandle(int32(o), handleRef{Handle: t, bound: -1, adapted: -1})
			}
		}
	}
	for i := 0; i+2 < len(w.Handles); i += 3 {
		at, o, y := w.Handles[i], w.Handles[i+1], w.Handles[i+2]
		if o >= 0 || o == typedVarAccess {
			s.markHandleDone(at, o)
		}
		if y >= 0 {
			s.noteHandleSite(at, y)
		}
	}
}

// handleKeyName is the name of the handle of key k (handleLevel).
func handleKeyName(h *hierarchy.Hierarchy, k objKey) string {
	kind, name := byte(k.site&0xff), summary.AnyName
	switch {
	case k.site&handleAny != 0:
	case summary.IsFieldHandle(kind):
		name = h.Field(k.method).Name
	default:
		name = h.Method(k.method).Name
	}
	return summary.HandleName(kind, h.Class(k.class).Name, name)
}

// noteHandleSite records hidden site y of invoke site at.
func (s *solver) noteHandleSite(at, y int32) {
	if s.handleSites == nil {
		s.handleSites = map[int32][]int32{}
	}
	s.handleSites[at] = append(s.handleSites[at], y)
}

// checkpointHandles stores in w the handles' calls made (invoke site,
// handle, then -1) and their hidden sites (invoke site, -1, hidden site),
// with w's index of sites (idx).
func (s *solver) checkpointHandles(w *Warm, idx map[*site]int32) {
	keys := make([][2]int32, 0, len(s.handleDone))
	for k := range s.handleDone {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b [2]int32) int {
		if a[0] != b[0] {
			return int(a[0] - b[0])
		}
		return int(a[1] - b[1])
	})
	for _, k := range keys {
		w.Handles = append(w.Handles, idx[s.sites[k[0]]], k[1], -1)
	}
	ats := make([]int32, 0, len(s.handleSites))
	for at := range s.handleSites {
		ats = append(ats, at)
	}
	slices.Sort(ats)
	for _, at := range ats {
		for _, y := range s.handleSites[at] {
			w.Handles = append(w.Handles, idx[s.sites[at]], -1, idx[s.sites[y]])
		}
	}
}
