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
//   - each proxy calls InvocationHandler.invoke on the objects of its h
//     field, once (a hidden site), with the proxy, a java/lang/reflect/Method
//     object of the JVM and an Object[] of its own (also under 0-CFA_f,
//     where one per class would mix its elements with every other
//     Object[]'s);
//   - a call whose receiver objects include a proxy adds its arguments to
//     the elements of the proxy's Object[] (the primitive ones boxed) and
//     takes invoke's result, cast to its result type, if that is a
//     reference. The call graph lists the handlers' invoke methods among
//     the call's targets.
//
// invoke has one node per parameter and one for its result, so an array
// and a hidden site per call, rather than per proxy, would tell nothing
// more; they made a library fragment whose placeholders hand one proxy to
// every call of the JDK (Commons Lang's EventListenerSupport) run out of
// memory.
//
// CHA and RTA reach invoke where newProxyInstance is called (reach/proxy.go);
// they have no proxy objects, so their call graphs do not list invoke at
// the calls on proxies.

// proxyLevel marks a proxy object (objKey's level; its site is the
// newProxyInstance call's), proxyArgsLevel the proxy's argument array.
const (
	proxyLevel     = -4
	proxyArgsLevel = -5
)

// proxyInfo is a proxy's: the interfaces its creator casts it to (all
// for none), its hidden site calling invoke (-1: none), the node of
// invoke's result, and its argument array (-1: none).
type proxyInfo struct {
	casts        []*hierarchy.Class
	site, result int32
	args         int32
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
		s.proxyInvoke(o, mi, st.Site, h)
	}
	s.seed(v(st.Dst), o)
	if len(st.Args) > 2 && st.Args[2] >= 0 {
		s.addEdge(v(st.Args[2]), s.fieldNode(o, h.ID), nil)
	}
}

// addProxy records proxy o, made at site of m, with the interfaces of the
// casts of the call's result in m's body.
func (s *solver) addProxy(o int32, m *hierarchy.Method, site int32) *proxyInfo {
	if s.proxies == nil {
		s.proxies = map[int32]*proxyInfo{}
	}
	t := &proxyInfo{site: -1, result: -1, args: -1}
	s.proxies[o] = t
	if i, found := slices.BinarySearch(s.proxyIDs, o); !found {
		s.proxyIDs = slices.Insert(s.proxyIDs, i, o)
	}
	for _, c := range s.resultCasts(m, site) {
		if c.IsInterface() {
			t.casts = append(t.casts, c)
		}
	}
	return t
}

// resultCasts returns the classes, each once, that m's body casts the
// result of its call at site to (what a reflective result is taken for).
func (s *solver) resultCasts(m *hierarchy.Method, site int32) []*hierarchy.Class {
	if m == nil {
		return nil
	}
	b, err := s.p.Body(m)
	if err != nil || b == nil {
		return nil
	}
	dst := int32(-1)
	for i := range b.Stmts {
		if st := &b.Stmts[i]; st.Op == summary.OpCall && st.Site == site {
			dst = st.Dst
		}
	}
	var out []*hierarchy.Class
	for i := range b.Stmts {
		if st := &b.Stmts[i]; dst >= 0 && st.Op == summary.OpCast && st.Src == dst {
			if c := s.sym.Class(st.Ref); c != nil && !slices.Contains(out, c) {
				out = append(out, c)
			}
		}
	}
	return out
}

// proxyInvoke adds proxy o's call of invoke on its handlers (field h), a
// hidden site of the newProxyInstance call at site at of mi.
func (s *solver) proxyInvoke(o int32, mi *method, at int32, h *hierarchy.Field) {
	ih := s.h.Lookup(reach.InvocationHandler)
	oa := s.h.Lookup("[Ljava/lang/Object;")
	if ih == nil || oa == nil {
		return
	}
	invoke, err := s.h.ResolveInterfaceMethod(ih, "invoke", reach.InvokeDesc)
	if err != nil || invoke == nil {
		return
	}
	t := s.proxies[o]
	proxy, method, args := s.newNode(), s.newNode(), s.newNode()
	s.seed(proxy, o)
	if mc := s.h.Lookup("java/lang/reflect/Method"); mc != nil {
		s.seed(method, s.jvmObject(mc))
	}
	t.args = s.objectFor(objKey{method: mi.m.ID, site: at, level: proxyArgsLevel, class: oa.ID}, oa)
	s.seed(args, t.args)
	t.result = s.newNode()
	handlers := s.fieldNode(o, h.ID)
	y := &site{cs: &callgraph.Site{Caller: mi.m, ID: at, Kind: callgraph.Interface, Ref: invoke.Key(), Callee: invoke},
		caller: mi, resolved: invoke, base: handlers, dst: t.result, hidden: true,
		args: []int32{proxy, method, args}, targets: map[int32]bool{}}
	s.addSite(y)
	t.site = y.at
	s.addVirtual(handlers, y)
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

// among returns the ids (ascending) that objs (ascending) holds, in a
// slice of its own (objs may be scratch that dispatching overwrites). The
// ids (proxies, method handles) are few: each is looked for in objs,
// rather than objs' every object in a map.
func among(ids, objs []int32) []int32 {
	var out []int32
	for _, o := range ids {
		if _, ok := slices.BinarySearch(objs, o); ok {
			out = append(out, o)
		}
	}
	return out
}

// dispatchProxies passes the arguments of site st to the calls of invoke
// of proxies ps, receiver objects of st, and their results back.
func (s *solver) dispatchProxies(st *site, ps []int32) {
	if st.resolved == nil {
		return
	}
	params, ret, _ := classfile.ParseMethodDescriptor(st.resolved.Desc)
	for _, o := range ps {
		t := s.proxies[o]
		if t.site < 0 {
			continue
		}
		elems := s.fieldNode(t.args, arrayElem)
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
		if st.dst >= 0 && isReference(ret) {
			s.addEdge(t.result, st.dst, s.typeFilter(ret))
		}
	}
}

// proxyTargets adds to listed site x's targets the invoke methods of the
// proxies among its receivers.
func (s *solver) proxyTargets(x *site, ranks *callgraph.Ranks) {
	if len(s.proxyIDs) == 0 || x.recv1 == 0 {
		return
	}
	var ps []int32
	for _, n := range append([]int32{x.recv1 - 1}, x.recvMore...) {
		if b := s.nodes[s.find(n)].pts; b != nil {
			for _, o := range s.proxyIDs {
				if b.Contains(uint32(o)) && !slices.Contains(ps, o) {
					ps = append(ps, o)
				}
			}
		}
	}
	n := len(x.cs.Targets)
	for _, o := range ps {
		if t := s.proxies[o]; t.site >= 0 {
			x.cs.Targets = append(x.cs.Targets, s.siteAt(t.site).cs.Targets...)
		}
	}
	if len(x.cs.Targets) > n {
		ranks.SortMethods(x.cs.Targets)
		x.cs.Targets = slices.Compact(x.cs.Targets)
	}
}

// restoreProxies finds the proxies among the objects of a warm start w,
// with their calls of invoke.
func (s *solver) restoreProxies(w *Warm) {
	for o := range s.objKeys {
		if k := s.objKeys[o]; k.level == proxyLevel && k.method >= 0 {
			s.addProxy(int32(o), s.h.Method(k.method), k.site)
		}
	}
	for i := 0; i+3 < len(w.Proxies); i += 4 {
		if t := s.proxies[w.Proxies[i]]; t != nil {
			t.site, t.result, t.args = w.Proxies[i+1], w.Proxies[i+2], w.Proxies[i+3]
		}
	}
}

// checkpointProxies stores the proxies' calls of invoke in w, with w's
// index of their sites (idx).
func (s *solver) checkpointProxies(w *Warm, idx map[*site]int32) {
	for _, o := range s.proxyIDs {
		t := s.proxies[o]
		y := int32(-1)
		if t.site >= 0 {
			y = idx[s.sites[t.site]]
		}
		w.Proxies = append(w.Proxies, o, y, t.result, t.args)
	}
}
