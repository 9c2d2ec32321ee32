package hierarchy

import (
	"strings"

	"github.com/rules-fragment/rules_fragment/tools/classfile"
)

// Array classes have no class file; the JVM creates them on demand (JVMS
// §5.3.3) and so do we, on first lookup, numbering them after the built
// classes. An array class has superclass java/lang/Object, superinterfaces
// java/lang/Cloneable and java/io/Serializable (JLS §10.8), no declared
// members, and hence exactly Object's methods for resolution and
// selection. Arrays override clone with public access (JLS §10.7); since
// resolution here does not check access, resolving clone on an array
// simply yields java/lang/Object.clone, as in the JVM.

// ArrayOf returns the array class whose component type is c.
func (h *Hierarchy) ArrayOf(c *Class) *Class {
	if c == nil {
		return nil
	}
	if c.IsArray() {
		return h.arrayClass("["+c.Name, true)
	}
	return h.arrayClass("[L"+c.Name+";", true)
}

// ArrayOfPrimitive returns the array class of a primitive descriptor
// ('I', 'J', ...), or nil for an invalid one.
func (h *Hierarchy) ArrayOfPrimitive(desc byte) *Class {
	switch desc {
	case 'B', 'C', 'D', 'F', 'I', 'J', 'S', 'Z':
		return h.arrayClass("["+string(desc), false)
	}
	return nil
}

// arrayClass returns the array class named by a field descriptor such as
// "[[Ljava/lang/String;", creating it and its component arrays. Unknown
// element classes yield nil unless phantom is set, when they become
// phantoms.
func (h *Hierarchy) arrayClass(name string, phantom bool) *Class {
	if v, ok := h.lateByName.Load(name); ok {
		return v.(*Class)
	}
	if len(name) < 2 || name[0] != '[' || !classfile.ValidFieldDescriptor(name) {
		return nil
	}
	elem := name[1:]
	var comp *Class
	switch elem[0] {
	case '[':
		if comp = h.arrayClass(elem, phantom); comp == nil {
			return nil
		}
	case 'L':
		cn := elem[1 : len(elem)-1]
		if phantom {
			comp = h.LookupOrPhantom(cn)
		} else {
			comp = h.Lookup(cn)
		}
		if comp == nil {
			return nil
		}
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if v, ok := h.lateByName.Load(name); ok {
		return v.(*Class)
	}
	name = strings.Clone(name)
	c := &Class{
		Name:      name,
		Access:    classfile.AccFinal,
		Super:     h.object,
		Component: comp,
		Elem:      name[1:],
	}
	if comp == nil || comp.IsPublic() {
		c.Access |= classfile.AccPublic
	}
	if comp != nil {
		c.pkg = comp.pkg
	}
	cl := h.wellKnownInterfaceLocked(cloneableName)
	se := h.wellKnownInterfaceLocked(serializableName)
	c.Interfaces = []*Class{cl, se}
	if cl.ID < se.ID {
		c.ifaces = []*Class{cl, se}
	} else {
		c.ifaces = []*Class{se, cl}
	}
	h.addLateLocked(c)
	return c
}

// wellKnownInterfaceLocked returns an interface arrays implement, creating
// a phantom interface if the class path lacks it. h.mu is held.
func (h *Hierarchy) wellKnownInterfaceLocked(name string) *Class {
	if c := h.byName[name]; c != nil {
		return c
	}
	if v, ok := h.lateByName.Load(name); ok {
		return v.(*Class)
	}
	h.noteMiss(name)
	c := &Class{Name: name, Phantom: true, Super: h.object, Access: classfile.AccInterface | classfile.AccAbstract,
		pkg: h.pkgLocked(packageOf(name))}
	h.addLateLocked(c)
	return c
}
