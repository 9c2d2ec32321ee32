package pointsto

import (
	"slices"
	"strings"

	"github.com/rules-fragment/rules_fragment/tools/analysis/internal/reach"
	"github.com/rules-fragment/rules_fragment/tools/callgraph"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/summary"
)

// visit adds the constraints of a reached method's statements.
func (s *solver) visit(mi *method) error {
	m := mi.m
	b, err := s.p.Body(m)
	if err != nil || b == nil {
		return err
	}
	v := func(x int32) int32 {
		if x < 0 {
			return -1
		}
		return mi.base + x
	}
	if isSerialClass(m.Class.Name) {
		s.serialModel(mi, b)
	} else if isProviderGet(m) {
		s.serviceGetter(mi)
	} else if m.HasKey(reach.EnumConstantsShared) {
		s.ecs = mi
		s.enums.Activate()
	}
	refl := s.reflectiveResults(b)
	logged := s.logged(mi, b)
	for i := range b.Stmts {
		st := &b.Stmts[i]
		switch st.Op {
		case summary.OpNew:
			c := s.sym.Class(st.Ref)
			s.init.Init(c)
			s.seed(v(st.Dst), s.object(m, st.Site, 0, c))
		case summary.OpNewArray:
			// Every dimension a multianewarray creates is an object; each
			// level's elements hold the next level's array.
			c := s.sym.Class(st.Ref)
			o := s.object(m, st.Site, 0, c)
			s.seed(v(st.Dst), o)
			for level := int32(1); level < int32(max(1, int(st.Kind))) && c.Component != nil && c.Component.IsArray(); level++ {
				c = c.Component
				inner := s.object(m, st.Site, level, c)
				s.seed(s.fieldNode(o, arrayElem), inner)
				o = inner
			}
		case summary.OpConst:
			if st.Kind == summary.ConstHandle { // handles.go
				if o := s.handleObject(st.Ref); o >= 0 {
					s.seed(v(st.Dst), o)
				}
				continue
			}
			if st.Kind == summary.ConstClass { // Ref is the class named
				if s.classClass == nil {
					s.classClass = s.h.LookupOrPhantom("java/lang/Class")
				}
				s.seed(v(st.Dst), s.constObject(s.classClass))
				s.enums.Literal(reach.LiteralClass(s.p, s.sym, st.Ref))
			} else {
				s.seed(v(st.Dst), s.constObject(s.sym.Class(st.Ref)))
			}
		case summary.OpCopy:
			s.addEdge(v(st.Src), v(st.Dst), nil)
		case summary.OpCast:
			t := filterFor(s.sym.Class(st.Ref))
			s.addEdge(v(st.Src), v(st.Dst), t)
			if refl != nil {
				for _, r := range refl.byVar[st.Src] {
					s.reflectiveNew(mi, r, t, v)
				}
			}
		case summary.OpLoad:
			if f := s.sym.Field(st.Ref); f != nil && st.Dst >= 0 && st.Base >= 0 {
				s.addLoad(v(st.Base), f.ID, v(st.Dst))
			}
		case summary.OpStore:
			if f := s.sym.Field(st.Ref); f != nil && st.Src >= 0 && st.Base >= 0 {
				s.addStore(v(st.Base), f.ID, v(st.Src))
			}
		case summary.OpStaticLoad:
			if f := s.sym.Field(st.Ref); f != nil {
				s.init.Init(f.Class)
				s.addEdge(s.staticNode(f), v(st.Dst), nil)
			}
		case summary.OpStaticStore:
			if f := s.sym.Field(st.Ref); f != nil {
				s.init.Init(f.Class)
				s.addEdge(v(st.Src), s.staticNode(f), s.typeFilter(f.Desc))
			}
		case summary.OpArrayLoad:
			if st.Dst >= 0 && st.Base >= 0 {
				s.addLoad(v(st.Base), arrayElem, v(st.Dst))
			}
		case summary.OpArrayStore:
			if st.Src >= 0 && st.Base >= 0 {
				s.addStore(v(st.Base), arrayElem, v(st.Src))
			}
		case summary.OpCall:
			s.call(mi, b, st, v)
		case summary.OpDynCall:
			s.addSite(&site{cs: &callgraph.Site{Caller: m, ID: st.Site, Line: st.Line,
				Kind: callgraph.Dynamic, Ref: s.sym.Pool.MethodName(st.Ref)}, base: -1, dst: -1})
		case summary.OpConcat:
			s.concat(mi, st, v)
		case summary.OpReturn:
			s.addEdge(v(st.Src), mi.ret, nil)
		case summary.OpThrow:
			s.addEdge(v(st.Src), mi.exc, nil)
		case summary.OpCatch:
			// Flow-insensitively, a handler may catch whatever the method
			// throws or its callees propagate, if its type matches.
			var t *hierarchy.Class
			if st.Ref >= 0 {
				t = filterFor(s.sym.Class(st.Ref))
			}
			s.addEdge(mi.exc, v(st.Dst), t)
			s.implicitExceptions(v(st.Dst), t) // jvm.go
		}
	}
	if refl == nil {
		return nil
	}
	for _, r := range refl.list {
		// A reflection log's call is modelled, and so are ServiceLoader's
		// (services.go; what it cannot tell is reported where requested).
		if !r.cast && !slices.Contains(logged, r.stmt) && !strings.HasPrefix(m.Class.Name, providerImpl) {
			why := "reflective construction (model off)"
			if s.opts.ReflectiveTypes > 0 {
				why = "reflective construction without a cast narrower than Object"
			}
			s.unmodelled = append(s.unmodelled, callgraph.Unmodelled{Method: m, Site: r.stmt.Site, Reason: why})
		}
	}
	return nil
}

func (s *solver) newSite(mi *method, st *summary.Stmt, kind callgraph.SiteKind, ref string, v func(int32) int32) *site {
	x := &site{cs: &callgraph.Site{Caller: mi.m, ID: st.Site, Line: st.Line, Kind: kind, Ref: ref},
		caller: mi, base: v(st.Base), dst: v(st.Dst), targets: map[int32]bool{}}
	if len(st.Args) > 0 {
		x.args = make([]int32, len(st.Args))
		for i, a := range st.Args {
			x.args[i] = v(a)
		}
	}
	s.addSite(x)
	return x
}

func (s *solver) call(mi *method, b *summary.Body, st *summary.Stmt, v func(int32) int32) {
	x := s.newSite(mi, st, callgraph.SiteKind(st.Kind), s.sym.Pool.MethodName(st.Ref), v)
	r := s.sym.Method(st.Ref)
	x.cs.Callee, x.cs.Error, x.resolved = r.M, r.Err, r.M
	if r.M == nil {
		return
	}
	if len(x.args) > 1 && x.args[1] >= 0 { // an offset is kept only for Unsafe's accesses
		s.unsafeAccess(x, r.M) // offsets.go
	}
	switch st.Kind {
	case summary.CallStatic:
		s.init.Init(r.M.Class)
		s.bind(x, r.M)
		if reach.IsProxyCreation(r.M) {
			s.proxyNew(mi, st, v)
		}
		s.serviceCall(mi, b, st, r.M)
	case summary.CallSpecial:
		if t, o := s.h.SelectSpecial(mi.m.Class, r.Class, r.M); o.OK() && t != nil {
			if tm := s.bind(x, t); tm != nil && len(tm.params) > 0 {
				s.addEdge(v(st.Base), tm.params[0], nil)
			}
			s.serviceCall(mi, b, st, t)
		}
	default:
		if st.Base >= 0 {
			s.addVirtual(v(st.Base), x)
		}
	}
}

// concat models a string concatenation: a new String, and toString() on
// each object argument (one site, as the class analyses report it).
func (s *solver) concat(mi *method, st *summary.Stmt, v func(int32) int32) {
	str := s.h.Lookup("java/lang/String")
	if str != nil {
		s.seed(v(st.Dst), s.object(mi.m, st.Site, 0, str))
	}
	obj := s.h.Object()
	ts := obj.DeclaredMethod("toString", "()Ljava/lang/String;")
	hasObject := false
	for _, a := range st.Args {
		hasObject = hasObject || a >= 0
	}
	if ts == nil || !hasObject {
		return
	}
	x := s.newSite(mi, &summary.Stmt{Site: st.Site, Line: st.Line, Dst: -1, Base: -1}, callgraph.Concat, "java/lang/Object.toString()Ljava/lang/String;", v)
	x.cs.Callee, x.resolved = ts, ts
	for _, a := range st.Args {
		if a >= 0 {
			s.addVirtual(v(a), x)
		}
	}
}

// graph returns the call graph: the reached methods, and per site the
// receiver classes of its receiver objects and the targets they select.
func (s *solver) graph(roots []*hierarchy.Method) *callgraph.Graph {
	g := &callgraph.Graph{Analysis: s.opts.Name(), Roots: roots, Reachable: s.order, Unmodelled: callgraph.SortUnmodelled(s.unmodelled)}
	seen := map[int32]bool{}
	for _, c := range s.objClass {
		if !seen[c.ID] {
			seen[c.ID] = true
			g.Instantiated = append(g.Instantiated, c)
		}
	}
	ranks := callgraph.NewRanks(s.order, g.Instantiated)
	for i := range s.sites {
		x := s.listed(i)
		if x == nil {
			continue
		}
		if x.cs.Kind.IsDispatched() {
			x.cs.Receivers = x.recvList
			ranks.SortClasses(x.cs.Receivers)
		}
		ranks.SortMethods(x.cs.Targets)
		s.proxyTargets(x, ranks)
		s.handleTargets(x, ranks)
		s.logTargets(x, ranks)
		s.serialTargets(x, ranks)
		s.enumTargets(x, ranks)
		g.Sites = append(g.Sites, x.cs)
	}
	g.SortAfter(s.sortedOrder, 0)
	s.lazy = nil
	return g
}
