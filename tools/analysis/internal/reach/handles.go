package reach

import (
	"slices"

	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/summary"
)

// Method handles (summary/handles.go): a lookup's find call with a class
// literal makes a handle of the methods of the name it passes (of every
// name, if that is not a constant).
// CHA and RTA reach them where the handle is made, as calls would: a
// static or special handle's methods, a virtual handle's dispatched on
// the class's instantiated subtypes, a constructor handle's class
// instantiated. Their call graphs do not list the methods at the calls of
// invokeExact (the points-to analyses do). A field handle (findGetter,
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
// the kind says.
func resolveFieldHandle(h *hierarchy.Hierarchy, t Handle) (Handle, bool) {
	static := summary.IsStaticFieldHandle(t.Kind)
	var descs []string
	for _, k := range append([]*hierarchy.Class{t.Class}, h.Supertypes(t.Class)...) {
		if k.Phantom {
			continue
		}
		for _, f := range k.Fields {
			if f.Name != t.Name && t.Name != summary.AnyName || f.IsStatic() != static || slices.Contains(descs, f.Name+" "+f.Desc) {
				continue
			}
			descs = append(descs, f.Name+" "+f.Desc)
			t.Fields = append(t.Fields, f)
		}
	}
	return t, len(t.Fields) > 0
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

// handleOf reaches the methods of handle t.
func (e *engine) handleOf(t Handle) {
	switch t.Kind {
	case summary.HandleGetter, summary.HandleSetter, summary.HandleUpdater, summary.HandleVar:
	case summary.HandleStaticGet, summary.HandleStaticSet, summary.HandleStaticVar:
		for _, f := range t.Fields {
			e.init.Init(f.Class)
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
