package pointsto

import (
	"slices"

	"github.com/rules-fragment/rules_fragment/tools/analysis/internal/reach"
	"github.com/rules-fragment/rules_fragment/tools/callgraph"
	"github.com/rules-fragment/rules_fragment/tools/classfile"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/summary"
)

// Method handles (summary/handles.go, reach/handles.go). A lookup's find
// call with a class literal and a constant name returns, beside what the
// JDK's code returns, a handle object: one per kind, class and name
// (also under 0-CFA_f), of class DirectMethodHandle. A call of
// invokeExact, invoke or invokeWithArguments whose receiver objects
// include a handle calls the handle's methods with the call's arguments,
// at hidden sites of the call (one per call, handle and method):
//
//   - a static handle's methods with the arguments (invokeExact and invoke:
//     the methods with as many parameters as the call passes);
//   - a virtual handle's, dispatched on the first argument's objects that
//     pass the handle's class, with the others;
//   - a special handle's method itself on those objects;
//   - a constructor handle's: a new object of the class (one per call and
//     class), the constructor run on it, the object the call's result.
//
// invokeWithArguments(Object...) passes the argument array's elements to
// every reference parameter (the List form passes none). The JDK's asType,
// asFixedArity and withVarargs return their receiver where the type
// fits, so their results keep the handle; bindTo, the combinators of
// MethodHandles and the handles of unreflect and findGetter are left
// unmodelled, and so is a handle whose class or name is not a constant
// (the call of invokeExact is then a native method returning a reference
// in the list of unmodelled methods). As for Method.invoke, a primitive
// result is not boxed.
//
// The call graph lists the handles' methods among the targets of the
// invokeExact call.

// handleLevel marks a handle object (objKey: method, the first of its
// methods; site, its kind; class, the class the lookup names),
// handleNewLevel an object a constructor handle makes (site: the call's).
const (
	handleLevel    = -8
	handleNewLevel = -9
)

// handleObject returns the handle object of handle name (a pool string),
// -1 if it names no method.
func (s *solver) handleObject(name int32) int32 {
	t, ok := reach.ResolveHandle(s.h, s.sym.Pool.StringAt(name))
	c := s.handleClass()
	if !ok || c == nil {
		return -1
	}
	o := s.objectFor(objKey{method: t.Methods[0].ID, site: int32(t.Kind), level: handleLevel, class: t.Class.ID}, c)
	if s.handles[o] == nil {
		s.addHandle(o, t)
		s.handleFields(o, c)
	}
	return o
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

// handleClass is the class of handle objects.
func (s *solver) handleClass() *hierarchy.Class {
	if s.mhClass == nil {
		s.mhClass = s.h.Lookup("java/lang/invoke/MethodHandle")
	}
	if c := s.h.Lookup("java/lang/invoke/DirectMethodHandle"); c != nil {
		return c
	}
	return s.mhClass
}

// addHandle records handle object o, once.
func (s *solver) addHandle(o int32, t reach.Handle) {
	if s.handles == nil {
		s.handles = map[int32]*reach.Handle{}
	}
	if s.handles[o] != nil {
		return
	}
	s.handles[o] = &t
	if i, found := slices.BinarySearch(s.handleIDs, o); !found {
		s.handleIDs = slices.Insert(s.handleIDs, i, o)
	}
}

// handleInvoke reports whether site st invokes method handles.
func (s *solver) handleInvoke(st *site) bool {
	return st.resolved != nil && s.mhClass != nil && st.resolved.Class == s.mhClass && reach.IsHandleInvoke(st.resolved)
}

// handlesIn returns the handles among objs (ascending), in a slice of its
// own.
func (s *solver) handlesIn(objs []int32) []int32 {
	var hs []int32
	for _, o := range s.handleIDs {
		if _, ok := slices.BinarySearch(objs, o); ok {
			hs = append(hs, o)
		}
	}
	return hs
}

// handleCalls calls the methods of handle o at invoke site st, once.
func (s *solver) handleCalls(st *site, o int32) {
	k := [2]int32{st.at, o}
	if s.handleDone[k] {
		return
	}
	if s.handleDone == nil {
		s.handleDone = map[[2]int32]bool{}
	}
	s.handleDone[k] = true
	t := s.handles[o]
	spread := st.resolved.Name == "invokeWithArguments"
	elems := int32(-1)
	if spread && len(st.args) > 0 && st.args[0] >= 0 && st.resolved.Desc == "([Ljava/lang/Object;)Ljava/lang/Object;" {
		elems = s.newNode()
		s.addLoad(st.args[0], arrayElem, elems)
	}
	arg := func(i int) int32 {
		switch {
		case spread:
			return elems
		case i < len(st.args):
			return st.args[i]
		}
		return -1
	}
	recv := t.Kind == summary.HandleVirtual || t.Kind == summary.HandleSpecial
	for _, m := range t.Methods {
		params, ret, _ := classfile.ParseMethodDescriptor(m.Desc)
		off := 0
		if recv {
			off = 1
		}
		if !spread && len(params)+off != len(st.args) {
			continue
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
		if isReference(ret) && t.Kind != summary.HandleConstructor {
			x.dst = st.dst
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
	hs := s.handleSites[x.at]
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
		k := s.objKeys[o]
		if k.level != handleLevel || k.method < 0 || k.class < 0 {
			continue
		}
		c, m := s.h.Class(k.class), s.h.Method(k.method)
		if t, ok := reach.ResolveHandle(s.h, summary.HandleName(byte(k.site), c.Name, m.Name)); ok {
			s.handleClass()
			s.addHandle(int32(o), t)
		}
	}
	for i := 0; i+2 < len(w.Handles); i += 3 {
		at, o, y := w.Handles[i], w.Handles[i+1], w.Handles[i+2]
		if o >= 0 {
			if s.handleDone == nil {
				s.handleDone = map[[2]int32]bool{}
			}
			s.handleDone[[2]int32{at, o}] = true
		}
		if y >= 0 {
			s.noteHandleSite(at, y)
		}
	}
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
