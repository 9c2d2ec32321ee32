package pointsto

import (
	"github.com/rules-fragment/rules_fragment/tools/analysis/internal/reach"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/summary"
)

// Field handles (findGetter, findSetter, findStaticGetter,
// findStaticSetter; summary/handles.go). Invoking one reads or writes its
// fields (each field of the name; of every name if it is not a constant):
// a getter the field of the objects of its first argument (the bound
// value, after bindTo) that have it, its result the call's; a setter
// stores its second argument there; a static getter or setter reads or
// writes the static field, and initialises its class. invokeExact takes
// the fields of the call's type (that of an adapted handle: any), invoke
// those of its number of arguments, boxing a primitive result it returns
// as a reference; invokeWithArguments passes the array's elements.
// MOD/USE charges the accesses to the invoke call (modref, FieldHandle).

// fieldHandleCall applies field handle t (bound: to its holder) at invoke
// site st, which passes nargs values (with the bound one) as arg gives
// them.
func (s *solver) fieldHandleCall(st *site, t reach.Handle, bound bool, nargs int, exact, spread bool, arg func(int) int32, sparams []string, sret string) {
	get := t.Kind == summary.HandleGetter || t.Kind == summary.HandleStaticGet
	static := summary.IsStaticFieldHandle(t.Kind)
	for _, f := range t.Fields {
		params, ret := fieldHandleType(t, f)
		switch {
		case spread:
		case exact && !s.exactType(reach.Handle{Kind: summary.HandleStatic, Class: t.Class}, bound, params, ret, sparams, sret):
			continue
		case len(params) != nargs:
			continue
		}
		var loc int32 // the field's node, or the holder's, filtered
		if static {
			s.init.Init(f.Class)
			loc = s.staticNode(f)
		} else if h := arg(0); h >= 0 {
			loc = s.newNode()
			s.addEdge(h, loc, filterFor(f.Class))
		} else {
			continue
		}
		switch {
		case get && st.dst >= 0 && isReference(f.Desc):
			dst := st.dst
			if isReference(sret) && !spread { // the call's type casts the result
				dst = s.newNode()
				s.addEdge(dst, st.dst, s.typeFilter(sret))
			}
			if static {
				s.addEdge(loc, dst, nil)
			} else {
				s.addLoad(loc, f.ID, dst)
			}
		case get && st.dst >= 0 && !exact && (spread || isReference(sret)):
			s.seedBox(st.dst, f.Desc, sret) // invoke boxes it
		case !get && isReference(f.Desc):
			v := arg(len(params) - 1)
			if v < 0 {
				continue
			}
			val := s.newNode()
			s.addEdge(v, val, s.typeFilter(f.Desc))
			if static {
				s.addEdge(val, loc, nil)
			} else {
				s.addStore(loc, f.ID, val)
			}
		}
	}
}

// fieldHandleType is the type of field handle t's access to field f, as
// a static method's parameter and result descriptors.
func fieldHandleType(t reach.Handle, f *hierarchy.Field) ([]string, string) {
	self := "L" + t.Class.Name + ";"
	if t.Class.IsArray() {
		self = t.Class.Name
	}
	switch t.Kind {
	case summary.HandleGetter:
		return []string{self}, f.Desc
	case summary.HandleSetter:
		return []string{self, f.Desc}, "V"
	case summary.HandleStaticGet:
		return nil, f.Desc
	}
	return []string{f.Desc}, "V"
}

// FieldHandle is what a field handle object does when invoked
// (fieldhandles.go).
type FieldHandle struct {
	Fields        []*hierarchy.Field
	Store, Static bool
	// Var tells a VarHandle's (varhandle.go): Store is unset, the access
	// mode called tells what it does (VarHandleAccessAt).
	Var bool
	// Bound is the handle's bound holder objects (bindTo), nil if it is
	// not bound.
	Bound []int
}

// FieldHandle returns what handle object o accesses, or false if o is
// no field handle.
func (r *Result) FieldHandle(o int) (FieldHandle, bool) {
	h := r.s.handles[int32(o)]
	if h == nil || !summary.IsFieldHandle(h.Kind) || h.Kind == summary.HandleUpdater || h.Kind == summary.HandleOffset || h.Kind == summary.HandleReflectField {
		return FieldHandle{}, false
	}
	if h.adapted >= 0 {
		o, h = int(h.adapted), r.s.handles[h.adapted]
	}
	x := FieldHandle{Fields: h.Fields, Store: h.Kind == summary.HandleSetter || h.Kind == summary.HandleStaticSet,
		Static: summary.IsStaticFieldHandle(h.Kind), Var: summary.IsVarHandle(h.Kind)}
	if h.bound >= 0 { // bound, its holder is never the call's first argument
		x.Bound = []int{}
		if v := r.s.boundValue(int32(o)); v >= 0 {
			x.Bound = append(x.Bound, r.set(v)...)
		}
	}
	return x, true
}
