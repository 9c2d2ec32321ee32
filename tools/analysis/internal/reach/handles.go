package reach

import (
	"slices"
	"strings"

	"github.com/rules-fragment/rules_fragment/tools/callgraph"
	"github.com/rules-fragment/rules_fragment/tools/classfile"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/summary"
)

// Method handles (summary/handles.go): a lookup's find call with a class
// literal makes a handle of the methods of the name it passes (of every
// name, if that is not a constant).
// CHA and RTA reach them where the handle is made, as calls would: a
// static or special handle's methods, a virtual handle's dispatched on
// the class's instantiated subtypes, a constructor handle's class
// instantiated. Their call graphs list at each call of invokeExact,
// invoke and invokeWithArguments the methods of every handle made whose
// type fits the call's (handleTargets; the points-to analyses list those
// of the handles that reach the call), so that checks of call edges see
// them. A field handle (findGetter,
// findSetter, findStaticGetter, findStaticSetter) and an
// AtomicReferenceFieldUpdater call nothing, nor does a VarHandle
// (findVarHandle, findStaticVarHandle); a static field's handle
// initialises the field's class, as its first invocation does.

// Handle is a resolved method handle: its kind (summary.Handle*), the
// class the lookup names and the methods it may stand for (one per name
// and descriptor, as resolution finds them; every method of the kind for
// summary.AnyName), or for a field handle the fields.
type Handle struct {
	Kind    byte
	Class   *hierarchy.Class
	Name    string // as the lookup names it (summary.AnyName: not a constant)
	Methods []*hierarchy.Method
	Fields  []*hierarchy.Field
}

// ResolveHandle resolves handle name (summary.HandleName); ok is false
// if it names no method.
func ResolveHandle(h *hierarchy.Hierarchy, name string) (Handle, bool) {
	k, class, mname, ok := summary.ParseHandleName(name)
	if !ok {
		return Handle{}, false
	}
	c := h.Lookup(class)
	if c == nil || c.Phantom {
		return Handle{}, false
	}
	t := Handle{Kind: k, Class: c, Name: mname}
	if summary.IsFieldHandle(k) {
		return resolveFieldHandle(h, t)
	}
	var descs []string
	add := func(m *hierarchy.Method) {
		if m.Name != mname && mname != summary.AnyName || slices.Contains(descs, m.Name+m.Desc) || m.Class.Phantom {
			return
		}
		switch {
		case k == summary.HandleConstructor:
		case m.Name == "<init>" || m.Name == "<clinit>":
			return
		case (k == summary.HandleStatic) != m.IsStatic():
			return
		}
		descs = append(descs, m.Name+m.Desc)
		t.Methods = append(t.Methods, m)
	}
	for _, m := range c.Methods {
		add(m)
	}
	if k != summary.HandleConstructor {
		for _, s := range h.Supertypes(c) {
			for _, m := range s.Methods {
				add(m)
			}
		}
	}
	return t, len(t.Methods) > 0
}

// resolveFieldHandle finds the fields field handle t may access: one per
// name and descriptor (the lookup's type argument is not read), the first
// that resolution meets in the class and its supertypes, static or not as
// the kind says (a reflective one's either).
func resolveFieldHandle(h *hierarchy.Hierarchy, t Handle) (Handle, bool) {
	static, either := summary.IsStaticFieldHandle(t.Kind), t.Kind == summary.HandleReflectField
	var descs []string
	for _, k := range append([]*hierarchy.Class{t.Class}, h.Supertypes(t.Class)...) {
		if k.Phantom {
			continue
		}
		for _, f := range k.Fields {
			if f.Name != t.Name && t.Name != summary.AnyName || f.IsStatic() != static && !either || slices.Contains(descs, f.Name+" "+f.Desc) {
				continue
			}
			descs = append(descs, f.Name+" "+f.Desc)
			t.Fields = append(t.Fields, f)
		}
	}
	return t, len(t.Fields) > 0
}

// Type returns the type of t's handle of a method of parameter and result
// types params and ret: a virtual or special handle's receiver (of t's
// class) first, a constructor's result an object of t's class.
func (t Handle) Type(params []string, ret string) ([]string, string) {
	self := "L" + t.Class.Name + ";"
	if t.Class.IsArray() {
		self = t.Class.Name
	}
	switch t.Kind {
	case summary.HandleVirtual, summary.HandleSpecial:
		params = append([]string{self}, params...)
	case summary.HandleConstructor:
		ret = self
	}
	return params, ret
}

// IsHandleBind reports whether m is MethodHandle.bindTo.
func IsHandleBind(m *hierarchy.Method) bool {
	return m != nil && m.Class.Name == "java/lang/invoke/MethodHandle" && m.Name == "bindTo"
}

// IsHandleInvoke reports whether m invokes a method handle on its
// arguments: MethodHandle's invokeExact, invoke or invokeWithArguments.
func IsHandleInvoke(m *hierarchy.Method) bool {
	if m == nil || m.Class.Name != "java/lang/invoke/MethodHandle" {
		return false
	}
	switch m.Name {
	case "invokeExact", "invoke", "invokeWithArguments":
		return true
	}
	return false
}

// handle reaches the methods of handle name made in a reached method.
func (e *engine) handle(name int32) {
	if t, ok := ResolveHandle(e.h, e.sym.Pool.StringAt(name)); ok {
		e.handleOf(t)
	}
}

// handleOf reaches the methods of handle t (a field offset reaches
// nothing: summary/offsets.go).
func (e *engine) handleOf(t Handle) {
	if t.Kind == summary.HandleOffset {
		return
	}
	e.noteHandle(t)
	switch t.Kind {
	case summary.HandleGetter, summary.HandleSetter, summary.HandleUpdater, summary.HandleVar:
	case summary.HandleStaticGet, summary.HandleStaticSet, summary.HandleStaticVar, summary.HandleReflectField:
		for _, f := range t.Fields { // a Field's get or set initialises a static field's class
			if f.IsStatic() {
				e.init.Init(f.Class)
			}
		}
	case summary.HandleConstructor:
		e.init.Init(t.Class)
		e.instantiate(t.Class)
		for _, m := range t.Methods {
			e.reach(m)
		}
	case summary.HandleStatic:
		for _, m := range t.Methods {
			e.init.Init(m.Class)
			e.reach(m)
		}
	case summary.HandleSpecial:
		for _, m := range t.Methods {
			e.reach(m)
		}
	default:
		for _, m := range t.Methods {
			e.virtualKey(t.Class, m)
		}
	}
}

// noteHandle records handle t as made, once, for the calls of invoke
// (handleTargets); a field handle calls nothing.
func (e *engine) noteHandle(t Handle) {
	if len(t.Methods) == 0 {
		return
	}
	name := summary.HandleName(t.Kind, t.Class.Name, t.Name)
	if e.handleNames[name] {
		return
	}
	if e.handleNames == nil {
		e.handleNames = map[string]bool{}
	}
	e.handleNames[name] = true
	e.handles = append(e.handles, t)
}

// handleTargets returns the targets of a call of invokeExact, invoke or
// invokeWithArguments (method key ref, with the call's descriptor) with
// the methods of the handles made that it may call: CHA and RTA know no
// values, so every handle's whose type fits the call's (handleFits), a
// virtual handle's dispatched as its key does.
func (e *engine) handleTargets(targets []*hierarchy.Method, ref string) []*hierarchy.Method {
	i := strings.IndexByte(ref, '(')
	if i < 0 {
		return targets
	}
	name := ref[strings.LastIndexByte(ref[:i], '.')+1 : i]
	sparams, sret, err := classfile.ParseMethodDescriptor(ref[i:])
	if err != nil {
		return targets
	}
	out := slices.Clone(targets) // a key's list, shared by its sites
	for _, t := range e.handles {
		for _, m := range t.Methods {
			if name != "invokeWithArguments" && !e.handleFits(t, m, name == "invoke", sparams, sret) {
				continue
			}
			if t.Kind != summary.HandleVirtual {
				out = append(out, m)
			} else if k := e.findKey(t.Class, m); k != nil {
				out = append(out, k.targets...)
			}
		}
	}
	callgraph.SortMethods(out)
	return slices.Compact(out)
}

// handleFits reports whether method m of handle t may run at a call of
// invokeExact or invoke (collects: invoke) of parameter types sparams and
// result type sret: the handle's type (a virtual or special handle's
// receiver first, a constructor's result its class) is one that the
// JDK's conversion may turn into the call's (every reference type
// castable; also for invokeExact, whose handle asType may have adapted),
// also with the first parameter bound (bindTo) or, for invoke of a
// varargs method, its trailing arguments collected.
func (e *engine) handleFits(t Handle, m *hierarchy.Method, collects bool, sparams []string, sret string) bool {
	params, ret, _ := classfile.ParseMethodDescriptor(m.Desc)
	params, ret = t.Type(params, ret)
	fits := func(ps []string) bool {
		if len(ps) != len(sparams) || !e.convertible(ret, sret) {
			return false
		}
		for i, p := range ps {
			if !e.convertible(sparams[i], p) {
				return false
			}
		}
		return true
	}
	varargs := collects && m.Access&classfile.AccVarargs != 0 && len(sparams) >= len(params)-1
	return fits(params) || len(params) > 0 && fits(params[1:]) || varargs
}

// convertible reports whether a value of type from may become one of type
// to: any primitive or void (converted, boxed, unboxed or null), and
// references of castable classes.
func (e *engine) convertible(from, to string) bool {
	switch {
	case from == to || len(from) == 1 || len(to) == 1:
		return true
	}
	return e.castable(e.descClass(from), e.descClass(to))
}

// descClass is the class of reference type descriptor d, nil if unknown.
func (e *engine) descClass(d string) *hierarchy.Class {
	if d[0] == '[' {
		return e.h.LookupOrPhantom(d)
	}
	return e.h.Lookup(d[1 : len(d)-1])
}

// castable reports whether a value of class a may be of class b: one is
// a subtype of the other, or one is an interface and the other no final
// class (nor array) outside it; an unknown or phantom class may be any.
func (e *engine) castable(a, b *hierarchy.Class) bool {
	switch {
	case a == nil || b == nil || a.Phantom || b.Phantom:
		return true
	case e.h.IsSubclass(a, b) || e.h.IsSubclass(b, a):
		return true
	case a.IsArray() || b.IsArray():
		return false
	case a.IsInterface():
		return b.IsInterface() || !b.IsFinal()
	case b.IsInterface():
		return !a.IsFinal()
	}
	return false
}
