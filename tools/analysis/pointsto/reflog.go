package pointsto

import (
	"slices"
	"strings"

	"github.com/rules-fragment/rules_fragment/tools/analysis/internal/reach"
	"github.com/rules-fragment/rules_fragment/tools/callgraph"
	"github.com/rules-fragment/rules_fragment/tools/classfile"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/reflog"
	"github.com/rules-fragment/rules_fragment/tools/summary"
)

// A reflection log's entries (Options.Log; reach/reflog.go says where
// they apply) act at the reflective call's site as the code they stand
// for would: Class.newInstance and Constructor.newInstance allocate an
// object of the class (one per site and class, 0-CFA_f one per class) and
// run the constructor on it with the argument array's elements;
// Method.invoke calls the method on the receiver argument's objects of
// its class (selected as invokevirtual would) or statically, with the
// array's elements, its result flowing to the call's (a primitive result
// boxed); Field.get* and Field.set* load and store the field;
// Array.newInstance allocates the array; and a Lookup's find and
// unreflect calls return the handle of the member (reach/loghandles.go),
// as a find call with constants does (handles.go). Without a matching
// call in the caller, what needs no values still happens: the class
// initialised, the object allocated, the method reached. The call graph
// lists the methods a logged call calls among the call's targets (as the
// invoke call's for a handle), so that checks of call edges (forbid) see
// them.

// logLevel marks the objects a logged reflective call allocates (objKey's
// level), apart from the site's own allocations.
const logLevel = -2

// logged applies the log's entries whose caller is mi, at their calls in
// mi's body b, and returns those calls (which are then modelled).
func (s *solver) logged(mi *method, b *summary.Body) (calls []*summary.Stmt) {
	for _, e := range s.log.For(mi.m) {
		t := reach.Resolve(s.h, e)
		if t.Class == nil {
			continue
		}
		var sites []*summary.Stmt
		if b != nil {
			sites = reach.LogSites(b, e, s.sym.Pool.MethodName)
		}
		if len(sites) == 0 {
			sites = []*summary.Stmt{nil}
		}
		for _, st := range sites {
			s.logEntry(mi, e, t, st)
		}
		calls = append(calls, sites...)
	}
	return calls
}

// logEntry applies entry e, whose target is t, at call st of mi (nil: no
// call, no values).
func (s *solver) logEntry(mi *method, e *reflog.Entry, t reach.Target, st *summary.Stmt) {
	arg := func(i int) int32 { // the node of argument i, -1 for none
		if st == nil || i >= len(st.Args) || st.Args[i] < 0 {
			return -1
		}
		return mi.base + st.Args[i]
	}
	dst := int32(-1)
	if st != nil && st.Dst >= 0 {
		dst = mi.base + st.Dst
	}
	if b := reach.BoxClass(reach.ValueType(e)); b != "" {
		if c := s.h.Lookup(b); c != nil {
			s.seed(dst, s.jvmObject(c))
		}
	}
	switch e.Kind {
	case reflog.ClassForName:
		s.init.Init(t.Class)
	case reflog.ClassNewInstance, reflog.ConstructorNewInstance:
		if t.Method == nil || !t.Class.IsInstantiable() {
			return
		}
		o := s.logObject(mi, st, t.Class)
		s.init.Init(t.Class)
		s.seed(dst, o)
		x := s.logSite(mi, st, t.Method, callgraph.Special, s.argElements(arg, e.Kind == reflog.ConstructorNewInstance, 0), -1)
		if tm := s.bind(x, t.Method); tm != nil && len(tm.params) > 0 {
			s.seed(tm.params[0], o)
		}
	case reflog.MethodInvoke:
		m := t.Method
		if m == nil {
			return
		}
		ret := dst
		if !returnsReference(m.Desc) {
			ret = -1
		}
		if m.IsStatic() {
			s.init.Init(m.Class)
			s.bind(s.logSite(mi, st, m, callgraph.Static, s.argElements(arg, true, 1), ret), m)
			return
		}
		recv := arg(0)
		if recv < 0 {
			s.reach(m)
			return
		}
		kind := callgraph.Virtual
		if m.Class.IsInterface() {
			kind = callgraph.Interface
		}
		x := s.logSite(mi, st, m, kind, s.argElements(arg, true, 1), ret)
		r := s.newNode()
		s.addEdge(recv, r, filterFor(t.Class))
		x.base = r
		s.addVirtual(r, x)
	case reflog.FieldGet, reflog.FieldSet:
		s.logField(e.Kind == reflog.FieldSet, t, arg, dst)
	case reflog.MethodHandle: // the handle a find call with constants makes
		if hd, ok := reach.LogHandle(s.h, e); ok && dst >= 0 {
			if o := s.handleObjectOf(hd); o >= 0 {
				s.seed(dst, o)
			}
		}
	case reflog.ArrayNewInstance:
		o := s.logObject(mi, st, t.Class)
		s.seed(dst, o)
		for c := t.Class.Component; c != nil && c.IsArray(); c = c.Component {
			inner := s.logObject(mi, st, c)
			s.seed(s.fieldNode(o, arrayElem), inner)
			o = inner
		}
	}
}

// logField loads or stores field t.Field as Field.get*(obj) and
// Field.set*(obj, value) do: the receiver's objects of the field's class.
func (s *solver) logField(set bool, t reach.Target, arg func(int) int32, dst int32) {
	f := t.Field
	if f == nil || !isReference(f.Desc) {
		return
	}
	if f.IsStatic() {
		s.init.Init(f.Class)
		if set {
			s.addEdge(arg(1), s.staticNode(f), s.typeFilter(f.Desc))
		} else {
			s.addEdge(s.staticNode(f), dst, nil)
		}
		return
	}
	if arg(0) < 0 {
		return
	}
	r := s.newNode()
	s.addEdge(arg(0), r, filterFor(f.Class))
	if set {
		if arg(1) >= 0 {
			s.addStore(r, f.ID, arg(1))
		}
	} else if dst >= 0 {
		s.addLoad(r, f.ID, dst)
	}
}

// argElements returns a node holding the elements of argument i's arrays
// (the reflective call's arguments), -1 if !want or there is none.
func (s *solver) argElements(arg func(int) int32, want bool, i int) int32 {
	if !want || arg(i) < 0 {
		return -1
	}
	n := s.newNode()
	s.addLoad(arg(i), arrayElem, n)
	return n
}

// logObject is the object a logged reflective call at st allocates.
func (s *solver) logObject(mi *method, st *summary.Stmt, c *hierarchy.Class) int32 {
	if s.opts.PerClass {
		return s.objectFor(objKey{method: -1, site: -1, class: c.ID}, c)
	}
	if st == nil { // the object of reflective construction (reflect.go)
		return s.objectFor(objKey{method: -1, site: reflectSite, class: c.ID}, c)
	}
	return s.objectFor(objKey{method: mi.m.ID, site: st.Site, level: logLevel, class: c.ID}, c)
}

// logSite is a hidden site of reflective call st (nil: none) calling k,
// its reference parameters taking the objects of node elems and its
// result flowing to dst.
func (s *solver) logSite(mi *method, st *summary.Stmt, k *hierarchy.Method, kind callgraph.SiteKind, elems, dst int32) *site {
	id, line := int32(-1), int32(0)
	if st != nil {
		id, line = st.Site, st.Line
	}
	x := &site{cs: &callgraph.Site{Caller: mi.m, ID: id, Line: line, Kind: kind, Ref: k.Key(), Callee: k},
		caller: mi, resolved: k, base: -1, dst: dst, hidden: true, targets: map[int32]bool{}}
	params, _, _ := classfile.ParseMethodDescriptor(k.Desc)
	x.args = make([]int32, len(params))
	for i, p := range params {
		x.args[i] = -1
		if isReference(p) {
			x.args[i] = elems
		}
	}
	s.addSite(x)
	if st != nil {
		if s.logSites == nil {
			s.logSites = map[[2]int32][]int32{}
		}
		k := [2]int32{mi.m.ID, st.Site}
		s.logSites[k] = append(s.logSites[k], x.at)
	}
	return x
}

// logTargets adds to listed site x's targets the methods its log entries
// called (the targets of their hidden sites), as handleTargets does for
// a handle's invocation.
func (s *solver) logTargets(x *site, ranks *callgraph.Ranks) {
	s.hiddenTargets(x, s.logSites[[2]int32{x.cs.Caller.ID, x.cs.ID}], ranks)
}

// dropUnmodelled removes from the unmodelled list the reflective
// construction at calls of m that a reflection log has since modelled (a
// warm start's list was made without the log).
func (s *solver) dropUnmodelled(m *hierarchy.Method, calls []*summary.Stmt) {
	s.unmodelled = slices.DeleteFunc(s.unmodelled, func(u callgraph.Unmodelled) bool {
		return u.Method == m && strings.HasPrefix(u.Reason, "reflective construction") &&
			slices.ContainsFunc(calls, func(st *summary.Stmt) bool { return st != nil && st.Site == u.Site })
	})
}
