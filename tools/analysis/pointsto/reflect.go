package pointsto

import (
	"fmt"
	"github.com/rules-fragment/rules_fragment/tools/callgraph"
	"github.com/rules-fragment/rules_fragment/tools/classfile"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/summary"
)

// Reflective construction: Class.newInstance and Constructor.newInstance
// return an object of a class the analysis does not know (class constants
// are one object per class, so the Class object does not say which). As in
// Livshits, Whaley and Lam (APLAS 2005), a cast of the result tells: the
// call may return an object of every instantiable subtype of the cast
// type, made by its constructors (the no-argument one for
// Class.newInstance, every one for Constructor.newInstance, whose
// parameters get the elements of the argument array). The model is
// opt-in (Options.ReflectiveTypes); without it, and for a cast to a type
// with more instantiable subtypes than the limit or a result never cast
// to a type narrower than Object, reflective construction is left
// unmodelled and reported (Unmodelled). In the JDK, casts to ResourceBundle (2,195
// subtypes), Throwable (787) or Charset (192) would make every locale
// bundle, exception and charset reachable from any program that touches
// them (JLex: 14,431 reachable methods became 37,268).

const (
	classNewInstance = "java/lang/Class.newInstance()Ljava/lang/Object;"
	ctorNewInstance  = "java/lang/reflect/Constructor.newInstance([Ljava/lang/Object;)Ljava/lang/Object;"
)

// reflectiveSite is a reflective construction call whose result is a
// variable of the method.
type reflectiveSite struct {
	stmt *summary.Stmt
	ctor bool // Constructor.newInstance
	cast bool // some cast of the result applies the model
}

// reflectiveCalls are a body's reflective construction calls in statement
// order, and the calls by result variable (several calls may write one).
type reflectiveCalls struct {
	list  []*reflectiveSite
	byVar map[int32][]*reflectiveSite
}

// reflectiveResults finds b's reflective construction calls; nil if there
// are none.
func (s *solver) reflectiveResults(b *summary.Body) *reflectiveCalls {
	var out *reflectiveCalls
	for i := range b.Stmts {
		st := &b.Stmts[i]
		if st.Op != summary.OpCall || st.Dst < 0 {
			continue
		}
		m := s.sym.Method(st.Ref).M
		if m == nil {
			continue
		}
		if ctor := m.HasKey(ctorNewInstance); ctor || m.HasKey(classNewInstance) {
			if out == nil {
				out = &reflectiveCalls{byVar: map[int32][]*reflectiveSite{}}
			}
			r := &reflectiveSite{stmt: st, ctor: ctor}
			out.list = append(out.list, r)
			out.byVar[st.Dst] = append(out.byVar[st.Dst], r)
		}
	}
	return out
}

// reflectiveNew applies the model to a cast of a reflective result to t:
// objects of t's instantiable subtypes flow to the call's result.
func (s *solver) reflectiveNew(mi *method, r *reflectiveSite, t *hierarchy.Class, v func(int32) int32) {
	if t == nil || t.IsArray() || s.opts.ReflectiveTypes <= 0 {
		return
	}
	r.cast = true
	n := 0
	for _, c := range s.h.Subtypes(t) {
		if c.IsInstantiable() && !c.IsArray() {
			n++
		}
	}
	if limit := s.opts.ReflectiveTypes; n > limit {
		s.unmodelled = append(s.unmodelled, callgraph.Unmodelled{Method: mi.m, Site: r.stmt.Site,
			Reason: fmt.Sprintf("reflective construction cast to %s (%d classes, limit %d)", t.Name, n, limit)})
		return
	}
	var elems int32 = -1
	if r.ctor && len(r.stmt.Args) > 0 && r.stmt.Args[0] >= 0 {
		elems = s.newNode()
		s.addLoad(v(r.stmt.Args[0]), arrayElem, elems)
	}
	for _, c := range s.h.Subtypes(t) {
		if !c.IsInstantiable() || c.IsArray() {
			continue
		}
		o := s.objectFor(objKey{method: -1, site: reflectSite, class: c.ID}, c)
		if s.opts.PerClass {
			o = s.objectFor(objKey{method: -1, site: -1, class: c.ID}, c)
		}
		s.init.Init(c)
		s.seed(v(r.stmt.Dst), o)
		for _, k := range c.Methods {
			if k.Name != "<init>" || (!r.ctor && k.Desc != "()V") {
				continue
			}
			s.reflectiveConstructor(mi, r, k, o, elems)
		}
	}
}

// reflectSite is the site of the objects of reflective construction.
const reflectSite = -2

// reflectiveConstructor binds constructor k of object o at a hidden site
// of the reflective call, its parameters taking the argument array's
// elements.
func (s *solver) reflectiveConstructor(mi *method, r *reflectiveSite, k *hierarchy.Method, o, elems int32) {
	params, _, _ := classfile.ParseMethodDescriptor(k.Desc)
	x := &site{cs: &callgraph.Site{Caller: mi.m, ID: r.stmt.Site, Line: r.stmt.Line, Kind: callgraph.Special, Ref: k.Key(), Callee: k},
		caller: mi, resolved: k, base: -1, dst: -1, hidden: true, targets: map[int32]bool{}}
	x.args = make([]int32, len(params))
	for i, p := range params {
		x.args[i] = -1
		if p[0] == 'L' || p[0] == '[' {
			x.args[i] = elems
		}
	}
	s.addSite(x)
	if tm := s.bind(x, k); tm != nil && len(tm.params) > 0 {
		s.seed(tm.params[0], o)
	}
}
