package hierarchy

import (
	"fmt"
	"slices"
	"strings"

	"github.com/rules-fragment/rules_fragment/tools/classfile"
)

// ResolveError explains why a symbolic reference did not resolve. Kind
// names the error the JVM would throw.
type ResolveError struct {
	Kind   string // "NoSuchMethodError", "NoSuchFieldError", "IncompatibleClassChangeError"
	Class  string // the referenced class, "" if nil
	Name   string
	Desc   string
	Reason string
}

func (e *ResolveError) Error() string {
	return fmt.Sprintf("%s: %s.%s%s: %s", e.Kind, e.Class, e.Name, e.Desc, e.Reason)
}

func resolveErr(kind string, c *Class, name, desc, reason string) *ResolveError {
	e := &ResolveError{Kind: kind, Name: name, Desc: desc, Reason: reason}
	if c != nil {
		e.Class = c.Name
	}
	return e
}

// Resolution never checks access (§5.4.4): analyses want the target even
// of calls the JVM would reject, and the caller knows the accessing class.
//
// Resolution prefers real declarations: when the search passes through a
// phantom class (whose members and supertypes are unknown) it continues,
// and only if nothing is found does it return a phantom member of the
// first phantom met. Selection (Dispatch) treats phantoms as possibly
// overriding instead, so together they stay conservative.

// ResolveMethod resolves a method reference whose class is c (JVMS
// §5.4.3.3, for invokevirtual, invokespecial and invokestatic of class
// methods): c and its superclasses, including signature-polymorphic
// methods (§2.9.3) of MethodHandle and VarHandle; then the single
// non-abstract maximally-specific superinterface method; then any
// maximally-specific superinterface method (the one with the lowest class
// id, where the JVMS allows an arbitrary choice). It is an error if c is an
// interface.
func (h *Hierarchy) ResolveMethod(c *Class, name, desc string) (*Method, error) {
	if c == nil {
		return nil, resolveErr("NoClassDefFoundError", nil, name, desc, "no class")
	}
	if c.IsInterface() && !c.Phantom {
		return nil, resolveErr("IncompatibleClassChangeError", c, name, desc, "method reference to an interface")
	}
	sel, ok := h.sels[selKey{name, desc}]
	var phantom *Class
	for k := c; k != nil; k = k.Super {
		if k.Phantom {
			if phantom == nil {
				phantom = k
			}
			continue
		}
		if k.hasSigPoly {
			if m := sigPolyByName(k, name); m != nil {
				return m, nil
			}
		}
		if ok {
			if m := k.declared(sel); m != nil {
				return m, nil
			}
		}
	}
	if ok {
		if m := h.superinterfaceMethod(c, sel); m != nil {
			return m, nil
		}
	}
	if phantom == nil {
		phantom = firstPhantom(c.ifaces)
	}
	if phantom != nil {
		return h.phantomMethod(phantom, name, desc), nil
	}
	return nil, resolveErr("NoSuchMethodError", c, name, desc, "not declared in the class, its superclasses or superinterfaces")
}

// sigPolyByName implements the first step of §5.4.3.3 method lookup: if c
// declares exactly one method with the name and it is signature
// polymorphic, it matches any descriptor.
func sigPolyByName(c *Class, name string) *Method {
	var found *Method
	for _, m := range c.Methods {
		if m.Name == name {
			if found != nil {
				return nil
			}
			found = m
		}
	}
	if found != nil && found.sigPoly {
		return found
	}
	return nil
}

// ResolveInterfaceMethod resolves an interface method reference whose
// class is c (JVMS §5.4.3.4, for invokeinterface and invokestatic or
// invokespecial of interface methods): c itself; then a public instance
// method of java/lang/Object; then the single non-abstract
// maximally-specific superinterface method; then any maximally-specific
// one (lowest class id). It is an error if c is a class.
func (h *Hierarchy) ResolveInterfaceMethod(c *Class, name, desc string) (*Method, error) {
	if c == nil {
		return nil, resolveErr("NoClassDefFoundError", nil, name, desc, "no class")
	}
	if !c.IsInterface() && !c.Phantom {
		return nil, resolveErr("IncompatibleClassChangeError", c, name, desc, "interface method reference to a class")
	}
	if sel, ok := h.sels[selKey{name, desc}]; ok {
		if m := c.declared(sel); m != nil {
			return m, nil
		}
		if m := h.object.declared(sel); m != nil && m.IsPublic() && !m.IsStatic() {
			return m, nil
		}
		if m := h.superinterfaceMethod(c, sel); m != nil {
			return m, nil
		}
	}
	phantom := c
	if !c.Phantom {
		phantom = firstPhantom(c.ifaces)
	}
	if phantom == nil && h.object.Phantom {
		phantom = h.object
	}
	if phantom != nil {
		return h.phantomMethod(phantom, name, desc), nil
	}
	return nil, resolveErr("NoSuchMethodError", c, name, desc, "not declared in the interface, java/lang/Object or superinterfaces")
}

// ResolveAny resolves with ResolveInterfaceMethod if c is an interface and
// with ResolveMethod otherwise, for callers that do not track which kind
// of constant (Methodref or InterfaceMethodref) they hold.
func (h *Hierarchy) ResolveAny(c *Class, name, desc string) (*Method, error) {
	if c != nil && c.IsInterface() {
		return h.ResolveInterfaceMethod(c, name, desc)
	}
	return h.ResolveMethod(c, name, desc)
}

func firstPhantom(cs []*Class) *Class {
	for _, c := range cs {
		if c.Phantom {
			return c
		}
	}
	return nil
}

// superinterfaceMethod is the superinterface part of method lookup
// (§5.4.3.3 steps 2c and 2d; §5.4.3.4 steps 5 and 6).
func (h *Hierarchy) superinterfaceMethod(c *Class, sel int32) *Method {
	var buf [8]*Method
	ms := h.maximallySpecific(c, sel, buf[:0])
	if m, n := concreteOf(ms); n == 1 {
		return m
	}
	if len(ms) > 0 {
		return ms[0]
	}
	return nil
}

// concreteOf returns the last non-abstract method and how many there are.
func concreteOf(ms []*Method) (*Method, int) {
	var c *Method
	n := 0
	for _, m := range ms {
		if !m.IsAbstract() {
			c = m
			n++
		}
	}
	return c, n
}

// maximallySpecific appends to out the maximally-specific superinterface
// methods of c for a selector (§5.4.3.3): methods declared in a
// superinterface of c (direct or indirect, also through superclasses),
// neither private nor static, such that no other such method is declared
// in a subinterface of the declaring interface. They come in interface-id
// order.
func (h *Hierarchy) maximallySpecific(c *Class, sel int32, out []*Method) []*Method {
	var buf [8]*Method
	cands := buf[:0]
	for _, i := range c.ifaces {
		if m := i.declared(sel); m != nil && m.Access&(classfile.AccPrivate|classfile.AccStatic) == 0 {
			cands = append(cands, m)
		}
	}
	if len(cands) <= 1 {
		return append(out, cands...)
	}
	for i, m := range cands {
		dominated := false
		for j, o := range cands {
			if i != j && hasInterface(o.Class.ifaces, m.Class) {
				dominated = true
				break
			}
		}
		if !dominated {
			out = append(out, m)
		}
	}
	return out
}

// MaximallySpecific returns the maximally-specific superinterface methods
// of c with the name and descriptor (§5.4.3.3), in interface-id order; for
// diagnosing Ambiguous selections.
func (h *Hierarchy) MaximallySpecific(c *Class, name, desc string) []*Method {
	sel, ok := h.sels[selKey{name, desc}]
	if c == nil || !ok {
		return nil
	}
	return h.maximallySpecific(c, sel, nil)
}

// ResolveField resolves a field reference whose class is c (JVMS
// §5.4.3.2): c, then its direct superinterfaces recursively in declaration
// order, then its superclass recursively.
func (h *Hierarchy) ResolveField(c *Class, name, desc string) (*Field, error) {
	if c == nil {
		return nil, resolveErr("NoClassDefFoundError", nil, name, desc, "no class")
	}
	fl := fieldLookup{name: name, desc: desc}
	if f := fl.inClass(c); f != nil {
		return f, nil
	}
	if fl.phantom != nil {
		return h.phantomField(fl.phantom, name, desc), nil
	}
	return nil, resolveErr("NoSuchFieldError", c, name, desc, "not declared in the class or its supertypes")
}

type fieldLookup struct {
	name, desc string
	visited    []*Class // interfaces already searched (diamonds)
	phantom    *Class   // first phantom met
}

func (fl *fieldLookup) inClass(c *Class) *Field {
	for k := c; k != nil; k = k.Super {
		if f := fl.declaredOrNote(k); f != nil {
			return f
		}
		for _, i := range k.Interfaces {
			if f := fl.inInterface(i); f != nil {
				return f
			}
		}
	}
	return nil
}

func (fl *fieldLookup) inInterface(c *Class) *Field {
	for _, v := range fl.visited {
		if v == c {
			return nil
		}
	}
	fl.visited = append(fl.visited, c)
	if f := fl.declaredOrNote(c); f != nil {
		return f
	}
	for _, i := range c.Interfaces {
		if f := fl.inInterface(i); f != nil {
			return f
		}
	}
	return nil
}

func (fl *fieldLookup) declaredOrNote(c *Class) *Field {
	if c.Phantom {
		if fl.phantom == nil {
			fl.phantom = c
		}
		return nil
	}
	return c.DeclaredField(fl.name, fl.desc)
}

// phantomMethod returns the phantom method record of c, creating it. Its
// access is public so that defined subclasses may override it.
func (h *Hierarchy) phantomMethod(c *Class, name, desc string) *Method {
	h.mu.Lock()
	defer h.mu.Unlock()
	k := memberKey{c.ID, name, desc}
	if m, ok := h.phantomMethods[k]; ok {
		return m
	}
	k.name, k.desc = strings.Clone(name), strings.Clone(desc)
	sk := selKey{k.name, k.desc}
	sel, ok := h.sels[sk]
	if !ok {
		if sel, ok = h.lateSels[sk]; !ok {
			sel = int32(len(h.sels) + len(h.lateSels))
			h.lateSels[sk] = sel
		}
	}
	m := &Method{
		ID:      int32(len(h.methods) + len(h.lateMethods)),
		Class:   c,
		Name:    k.name,
		Desc:    k.desc,
		Access:  classfile.AccPublic,
		Index:   -1,
		Phantom: true,
		sel:     sel,
	}
	h.lateMethods = append(h.lateMethods, m)
	h.phantomMethods[k] = m
	return m
}

// phantomField returns the phantom field record of c, creating it.
func (h *Hierarchy) phantomField(c *Class, name, desc string) *Field {
	h.mu.Lock()
	defer h.mu.Unlock()
	k := memberKey{c.ID, name, desc}
	if f, ok := h.phantomFields[k]; ok {
		return f
	}
	k.name, k.desc = strings.Clone(name), strings.Clone(desc)
	f := &Field{
		ID:      int32(len(h.fields) + len(h.lateFields)),
		Class:   c,
		Name:    k.name,
		Desc:    k.desc,
		Access:  classfile.AccPublic,
		Index:   -1,
		Phantom: true,
	}
	h.lateFields = append(h.lateFields, f)
	h.phantomFields[k] = f
	return f
}

// PhantomMethod returns the phantom method record name+desc of class c,
// creating it (as resolution and selection do for references into
// phantom classes).
func (h *Hierarchy) PhantomMethod(c *Class, name, desc string) *Method {
	return h.phantomMethod(c, name, desc)
}

// PhantomField returns the phantom field record name+desc of class c,
// creating it.
func (h *Hierarchy) PhantomField(c *Class, name, desc string) *Field {
	return h.phantomField(c, name, desc)
}

// PhantomNames returns the names of the phantom classes, those referenced
// but not defined (made at Build or later), sorted.
func (h *Hierarchy) PhantomNames() []string {
	var out []string
	for _, c := range h.classes {
		if c.Phantom {
			out = append(out, c.Name)
		}
	}
	h.mu.Lock()
	for _, c := range h.lateClasses {
		if c.Phantom && !c.IsArray() {
			out = append(out, c.Name)
		}
	}
	h.mu.Unlock()
	slices.Sort(out)
	return out
}
