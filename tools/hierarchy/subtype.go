package hierarchy

// IsSubclass reports whether a is a subtype of b: a == b, or b is a
// superclass or superinterface of a, transitively; every class, interface
// and array is a subtype of java/lang/Object; arrays are subtypes of
// java/lang/Cloneable and java/io/Serializable, and A[] is a subtype of
// B[] when A is a reference type that is a subtype of B. It runs in
// constant time for a class b and logarithmic time for an interface b.
func (h *Hierarchy) IsSubclass(a, b *Class) bool {
	if a == b {
		return a != nil
	}
	if a == nil || b == nil {
		return false
	}
	if b == h.object {
		return true
	}
	if a.IsArray() {
		if b.IsArray() {
			return a.Component != nil && b.Component != nil && h.IsSubclass(a.Component, b.Component)
		}
		return b.Name == cloneableName || b.Name == serializableName
	}
	if b.IsInterface() || b.Phantom {
		// A phantom inferred to be a class may still be listed among a's
		// interfaces by malformed or inconsistent input.
		if hasInterface(a.ifaces, b) {
			return true
		}
		if b.IsInterface() {
			return false
		}
	}
	if a.late || b.late {
		return false // late classes have no subclasses but themselves
	}
	return b.pre <= a.pre && a.pre < b.post
}

// hasInterface binary-searches a sorted-by-id interface list.
func hasInterface(ifaces []*Class, b *Class) bool {
	lo, hi := 0, len(ifaces)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if ifaces[m].ID < b.ID {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo < len(ifaces) && ifaces[lo] == b
}

// Supertypes returns the proper supertypes of c: its superclasses from the
// nearest up to java/lang/Object, then all superinterfaces in id order. For
// an array class T[] it returns S[] for every proper supertype S of T (in
// that order), then java/lang/Object, java/lang/Cloneable and
// java/io/Serializable. The slice is freshly allocated.
func (h *Hierarchy) Supertypes(c *Class) []*Class {
	if c == nil {
		return nil
	}
	if c.IsArray() {
		var out []*Class
		if c.Component != nil {
			for _, s := range h.Supertypes(c.Component) {
				out = append(out, h.ArrayOf(s))
			}
		}
		return append(out, h.object, c.Interfaces[0], c.Interfaces[1])
	}
	out := make([]*Class, 0, int(c.depth)+len(c.ifaces))
	for s := c.Super; s != nil; s = s.Super {
		out = append(out, s)
	}
	return append(out, c.ifaces...)
}

// Superinterfaces returns all superinterfaces of c, transitively and
// including those of its superclasses, sorted by id. The slice is shared
// and must not be modified.
func (h *Hierarchy) Superinterfaces(c *Class) []*Class {
	if c == nil {
		return nil
	}
	return c.ifaces
}

// Subtypes returns every subtype of c known at Build, including c itself:
// for a class, its subclasses; for an interface, its subinterfaces and the
// classes implementing it or a subinterface, and their subclasses; for
// java/lang/Object, every class known at Build. The slice is sorted by id,
// shared, and must not be modified. Classes created after Build (array
// classes and later phantoms) have no subtypes but themselves and appear
// in no other class's Subtypes; this does not affect DispatchTargets, as
// they dispatch exactly as java/lang/Object does.
func (h *Hierarchy) Subtypes(c *Class) []*Class {
	if c == nil {
		return nil
	}
	return c.subs
}

// DirectSubtypes returns the classes and interfaces whose superclass is c
// or that list c among their direct superinterfaces, sorted by id. Shared;
// do not modify.
func (h *Hierarchy) DirectSubtypes(c *Class) []*Class {
	if c == nil {
		return nil
	}
	return c.direct
}

// LUB returns the least upper bound used to type IR variables that merge
// values of types a and b: the nearer of the two if one is a subtype of the
// other; else, for two classes, their first common superclass; for
// reference arrays, the array of the LUB of the components; otherwise
// (interfaces, mixed arrays) java/lang/Object. nil stands for the null
// type: LUB(nil, b) is b.
func (h *Hierarchy) LUB(a, b *Class) *Class {
	if a == nil {
		return b
	}
	if b == nil {
		return a
	}
	if h.IsSubclass(a, b) {
		return b
	}
	if h.IsSubclass(b, a) {
		return a
	}
	if a.IsArray() || b.IsArray() {
		if a.IsArray() && b.IsArray() && a.Component != nil && b.Component != nil {
			return h.ArrayOf(h.LUB(a.Component, b.Component))
		}
		return h.object
	}
	if a.IsInterface() || b.IsInterface() {
		return h.object
	}
	for a.depth > b.depth {
		a = a.Super
	}
	for b.depth > a.depth {
		b = b.Super
	}
	for a != b && a != nil && b != nil {
		a, b = a.Super, b.Super
	}
	if a == nil || b == nil {
		return h.object
	}
	return a
}

// IsAssignable reports whether a value of class a may be stored where
// class b is expected (JVMS §4.10.1.2 isJavaAssignable for reference
// types): like IsSubclass, except that every class and interface type is
// assignable to an interface, as the verifier treats interfaces like
// Object.
func (h *Hierarchy) IsAssignable(a, b *Class) bool {
	if a != nil && b != nil && b.IsInterface() && !a.IsArray() {
		return true
	}
	return h.IsSubclass(a, b)
}
