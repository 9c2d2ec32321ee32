package pointsto

import (
	"slices"

	"github.com/rules-fragment/rules_fragment/tools/analysis/internal/reach"
	"github.com/rules-fragment/rules_fragment/tools/callgraph"
	"github.com/rules-fragment/rules_fragment/tools/classfile"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/summary"
)

// Dynamic proxies (java.lang.reflect.Proxy), after Fourtounis, Kastrinis
// and Smaragdakis, "Static analysis of Java dynamic proxies" (ISSTA 2018).
// Proxy.newProxyInstance(loader, interfaces, h) returns an object of a
// class the JVM generates, which implements the interfaces and sends
// every call to h.invoke(proxy, method, args). The interfaces are Class
// objects, which the analysis does not tell apart, so:
//
//   - each call of newProxyInstance returns one proxy object (also under
//     0-CFA_f: the JVM generates a class per interface list, which a
//     creation site stands for), of class java/lang/reflect/Proxy, whose
//     field h holds the handler argument's objects, as Proxy's own h does;
//   - a proxy passes the type filters (casts, parameter types) of the
//     interfaces its creator casts the result to, and their
//     superinterfaces — the cast tells the interfaces, as for reflective
//     construction (reflect.go) — or of every interface if the creator
//     casts it to none; and the filters its class passes;
//   - a call whose receiver objects include proxies also calls
//     InvocationHandler.invoke on the objects of their h fields, with the
//     proxies, a java/lang/reflect/Method object of the JVM and an Object[]
//     (one per call site, also under 0-CFA_f, where one per class would
//     mix every proxied call's arguments with every other Object[]'s
//     elements) whose elements are the call's arguments (the
//     primitive ones boxed); invoke's result flows to the call's, if it is
//     a reference. The call graph lists the handlers' invoke methods among
//     the call's targets.
//
// CHA and RTA reach invoke where newProxyInstance is called (reach/proxy.go);
// they have no proxy objects, so their call graphs do not list invoke at
// the calls on proxies.

// proxyLevel marks a proxy object (objKey's level; its site is the
// newProxyInstance call's), proxyArgsLevel the argument array of the
// calls of a site on proxies.
const (
	proxyLevel     = -4
	proxyArgsLevel = -5
)

// proxyCall is what a call site on proxies adds: hidden site site (-1
// for none) calling invoke on the handlers in node handlers, with the
// proxies in node proxies as its first argument.
type proxyCall struct {
	handlers, proxies, site int32
	seen                    map[int32]bool // the proxies the site has dispatched on
}

// proxyNew models call st of Proxy.newProxyInstance in mi: the proxy
// object, its h field taking the handler argument.
func (s *solver) proxyNew(mi *method, st *summary.Stmt, v func(int32) int32) {
	pc, h := s.proxyClass()
	if pc == nil || h == nil {
		return
	}
	o := s.objectFor(objKey{method: mi.m.ID, site: st.Site, level: proxyLevel, class: pc.ID}, pc)
	if s.proxies[o] == nil {
		s.addProxy(o, mi.m, st.Site)
		for _, f := range s.filters {
			if s.proxyPasses(o, f.class) {
				f.objs.add(s.pool, uint32(o))
			}
		}
	}
	s.seed(v(st.Dst), o)
	if len(st.Args) > 2 && st.Args[2] >= 0 {
		s.addEdge(v(st.Args[2]), s.fieldNode(o, h.ID), nil)
	}
}

// proxyTypes are the interfaces of a proxy: those its creator casts it
// to, all for nil.
type proxyTypes struct{ casts []*hierarchy.Class }

// addProxy records proxy o, made at site of m, with the interfaces of the
// casts of the call's result in m's body.
func (s *solver) addProxy(o int32, m *hierarchy.Method, site int32) {
	if s.proxies == nil {
		s.proxies = map[int32]*proxyTypes{}
	}
	t := &proxyTypes{}
	s.proxies[o] = t
	if i, found := slices.BinarySearch(s.proxyIDs, o); !found {
		s.proxyIDs = slices.Insert(s.proxyIDs, i, o)
	}
	if m == nil {
		return
	}
	b, err := s.p.Body(m)
	if err != nil || b == nil {
		return
	}
	dst := int32(-1)
	for i := range b.Stmts {
		if st := &b.Stmts[i]; st.Op == summary.OpCall && st.Site == site {
			dst = st.Dst
		}
	}
	for i := range b.Stmts {
		if st := &b.Stmts[i]; dst >= 0 && st.Op == summary.OpCast && st.Src == dst {
			if c := s.sym.Class(st.Ref); c != nil && c.IsInterface() && !slices.Contains(t.casts, c) {
				t.casts = append(t.casts, c)
			}
		}
	}
}

// proxyPasses reports whether proxy o passes the filter of class f beyond
// those of its class.
func (s *solver) proxyPasses(o int32, f *hierarchy.Class) bool {
	if !f.IsInterface() {
		return false
	}
	t := s.proxies[o]
	if len(t.casts) == 0 {
		return true
	}
	for _, c := range t.casts {
		if s.h.IsSubclass(c, f) {
			return true
		}
	}
	return false
}

// proxyClass returns java/lang/reflect/Proxy and its field h.
func (s *solver) proxyClass() (*hierarchy.Class, *hierarchy.Field) {
	pc := s.h.Lookup(reach.ProxyClass)
	if pc == nil {
		return nil, nil
	}
	return pc, pc.DeclaredField("h", "L"+reach.InvocationHandler+";")
}

// proxiesIn returns the proxies among objs (ascending), in a slice of its
// own (objs may be scratch that dispatching overwrites). Proxies are few:
// each is looked for in objs, rather than objs' every object in a map.
func (s *solver) proxiesIn(objs []int32) []int32 {
	var ps []int32
	for _, o := range s.proxyIDs {
		if _, ok := slices.BinarySearch(objs, o); ok {
			ps = append(ps, o)
		}
	}
	return ps
}

// dispatchProxies makes the calls of invoke for proxies ps, receiver
// objects of site st.
func (s *solver) dispatchProxies(st *site, ps []int32) {
	_, h := s.proxyClass()
	pc := s.proxyCalls[st.at]
	if pc == nil {
		pc = s.newProxyCall(st)
		if s.proxyCalls == nil {
			s.proxyCalls = map[int32]*proxyCall{}
		}
		s.proxyCalls[st.at] = pc
	}
	for _, o := range ps {
		if !pc.seen[o] {
			pc.seen[o] = true
			s.seed(pc.proxies, o)
			s.addEdge(s.fieldNode(o, h.ID), pc.handlers, nil)
		}
	}
}

// newProxyCall adds the hidden site of site st calling invoke on proxies'
// handlers (graph lists its targets as st's).
func (s *solver) newProxyCall(st *site) *proxyCall {
	pc := &proxyCall{handlers: s.newNode(), proxies: s.newNode(), site: -1, seen: map[int32]bool{}}
	ih := s.h.Lookup(reach.InvocationHandler)
	if ih == nil {
		return pc
	}
	invoke, err := s.h.ResolveInterfaceMethod(ih, "invoke", reach.InvokeDesc)
	if err != nil || invoke == nil {
		return pc
	}
	method := s.newNode()
	if mc := s.h.Lookup("java/lang/reflect/Method"); mc != nil {
		s.seed(method, s.jvmObject(mc))
	}
	args := s.newNode()
	if oa := s.h.Lookup("[Ljava/lang/Object;"); oa != nil && st.resolved != nil {
		a := s.objectFor(objKey{method: st.caller.m.ID, site: st.cs.ID, level: proxyArgsLevel, class: oa.ID}, oa)
		s.seed(args, a)
		elems := s.fieldNode(a, arrayElem)
		params, _, _ := classfile.ParseMethodDescriptor(st.resolved.Desc)
		for i, p := range params {
			switch {
			case isReference(p):
				if i < len(st.args) {
					s.addEdge(st.args[i], elems, nil)
				}
			case reach.BoxClass(p) != "":
				if c := s.h.Lookup(reach.BoxClass(p)); c != nil {
					s.seed(elems, s.jvmObject(c))
				}
			}
		}
	}
	// invoke's result, cast to the call's result type as the proxy does.
	dst := int32(-1)
	if st.resolved != nil && st.dst >= 0 && returnsReference(st.resolved.Desc) {
		_, ret, _ := classfile.ParseMethodDescriptor(st.resolved.Desc)
		dst = s.newNode()
		s.addEdge(dst, st.dst, s.typeFilter(ret))
	}
	cs := &callgraph.Site{Caller: st.cs.Caller, ID: st.cs.ID, Line: st.cs.Line, Kind: callgraph.Interface,
		Ref: invoke.Key(), Callee: invoke}
	y := &site{cs: cs, caller: st.caller, resolved: invoke, base: pc.handlers, dst: dst, hidden: true,
		args: []int32{pc.proxies, method, args}, targets: map[int32]bool{}}
	s.addSite(y)
	pc.site = y.at
	s.addVirtual(pc.handlers, y)
	return pc
}

// proxyTargets adds to listed site x's targets those of its calls on
// proxies.
func (s *solver) proxyTargets(x *site) {
	pc := s.proxyCalls[x.at]
	if pc == nil || pc.site < 0 {
		return
	}
	x.cs.Targets = append(x.cs.Targets, s.siteAt(pc.site).cs.Targets...)
	callgraph.SortMethods(x.cs.Targets)
	x.cs.Targets = slices.Compact(x.cs.Targets)
}

// restoreProxies finds the proxies among the objects and the calls on
// them of a warm start w.
func (s *solver) restoreProxies(w *Warm) {
	for o := range s.objKeys {
		if k := s.objKeys[o]; k.level == proxyLevel && k.method >= 0 {
			s.addProxy(int32(o), s.h.Method(k.method), k.site)
		}
	}
	for i := 0; i+3 < len(w.ProxyCalls); i += 4 {
		pc := &proxyCall{site: w.ProxyCalls[i+1], handlers: w.ProxyCalls[i+2], proxies: w.ProxyCalls[i+3], seen: map[int32]bool{}}
		if b := s.nodes[s.find(pc.proxies)].pts; b != nil {
			for _, o := range b.appendTo(nil) {
				pc.seen[int32(o)] = true
			}
		}
		if s.proxyCalls == nil {
			s.proxyCalls = map[int32]*proxyCall{}
		}
		s.proxyCalls[w.ProxyCalls[i]] = pc
	}
}

// checkpointProxies stores the calls on proxies in w, by w's index of
// their site (idx).
func (s *solver) checkpointProxies(w *Warm, idx map[*site]int32) {
	var out [][4]int32
	for at, pc := range s.proxyCalls {
		y := int32(-1)
		if pc.site >= 0 {
			y = idx[s.sites[pc.site]]
		}
		out = append(out, [4]int32{idx[s.sites[at]], y, pc.handlers, pc.proxies})
	}
	slices.SortFunc(out, func(a, b [4]int32) int { return int(a[0] - b[0]) })
	for _, q := range out {
		w.ProxyCalls = append(w.ProxyCalls, q[:]...)
	}
}
