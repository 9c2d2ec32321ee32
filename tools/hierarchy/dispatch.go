package hierarchy

import "github.com/rules-fragment/rules_fragment/tools/classfile"

// Outcome classifies the result of method selection.
type Outcome uint8

const (
	// Found: a non-abstract method was selected.
	Found Outcome = iota
	// FoundAbstract: the selected method is abstract; the JVM would throw
	// AbstractMethodError. The method is returned for diagnostics.
	FoundAbstract
	// FoundPhantom: the search reached a phantom class, which may declare
	// the method; the result is that class's phantom method record.
	FoundPhantom
	// NotFound: no method; the JVM would throw AbstractMethodError.
	NotFound
	// Ambiguous: several non-abstract maximally-specific superinterface
	// methods; the JVM would throw IncompatibleClassChangeError.
	// MaximallySpecific lists them.
	Ambiguous
)

var outcomeNames = [...]string{"Found", "FoundAbstract", "FoundPhantom", "NotFound", "Ambiguous"}

func (o Outcome) String() string {
	if int(o) < len(outcomeNames) {
		return outcomeNames[o]
	}
	return "Outcome(?)"
}

// OK reports whether the outcome denotes a callable target (Found or
// FoundPhantom).
func (o Outcome) OK() bool { return o == Found || o == FoundPhantom }

func outcomeOf(m *Method) Outcome {
	switch {
	case m.Phantom:
		return FoundPhantom
	case m.IsAbstract():
		return FoundAbstract
	}
	return Found
}

type selection struct {
	m *Method
	o Outcome
}

// Dispatch returns the method an invokevirtual or invokeinterface of the
// resolved method selects for a receiver of class recv (JVMS §5.4.6), or
// nil if the JVM would throw (no method, an abstract method, or conflicting
// default methods; see Select for which). A private resolved method is
// selected directly (private interface methods, and nestmate private
// methods called with invokevirtual since Java 11), and so are static
// methods and constructors, which are never dispatched. A phantom method is
// returned when the receiver's superclass chain reaches a phantom class
// before an overriding declaration. Results are cached per (receiver,
// resolved method).
func (h *Hierarchy) Dispatch(recv *Class, resolved *Method) *Method {
	m, o := h.Select(recv, resolved)
	if o.OK() {
		return m
	}
	return nil
}

// Select is Dispatch with the outcome. For FoundAbstract it returns the
// abstract method (the class's own, or the first maximally-specific one);
// for NotFound and Ambiguous, nil.
func (h *Hierarchy) Select(recv *Class, resolved *Method) (*Method, Outcome) {
	if m, o, ok := h.known(recv, resolved); ok {
		return m, o
	}
	m, o := h.selectVirtual(recv, resolved)
	s := recv.dispatch.put(h.cacheLock(recv), resolved.ID, selection{m, o})
	return s.m, s.o
}

// SelectOnce is Select for callers that ask for each pair about once (RTA
// asks once per receiver class of a call key): it reads the cache but
// does not fill it, since filling costs more than a selection that
// will not be asked again.
func (h *Hierarchy) SelectOnce(recv *Class, resolved *Method) (*Method, Outcome) {
	if m, o, ok := h.known(recv, resolved); ok {
		return m, o
	}
	return h.selectVirtual(recv, resolved)
}

// known is a selection that needs no search: of nothing, of a method
// never dispatched, or in recv's cache.
func (h *Hierarchy) known(recv *Class, resolved *Method) (*Method, Outcome, bool) {
	if recv == nil || resolved == nil {
		return nil, NotFound, true
	}
	if resolved.Access&(classfile.AccPrivate|classfile.AccStatic) != 0 || resolved.Name == "<init>" {
		return resolved, outcomeOf(resolved), true
	}
	if s, ok := recv.dispatch.get(resolved.ID); ok {
		return s.m, s.o, true
	}
	return nil, NotFound, false
}

// selectVirtual is §5.4.6 step 2 without the cache: the superclass chain
// for an instance method that can override mR (§5.4.5), then the
// maximally-specific superinterface methods. As in HotSpot, the
// superinterface step selects the one non-abstract method among them even
// if abstract ones are present.
func (h *Hierarchy) selectVirtual(recv *Class, mR *Method) (*Method, Outcome) {
	sel := mR.sel
	for k := recv; k != nil; k = k.Super {
		if k.Phantom {
			return h.phantomMethod(k, mR.Name, mR.Desc), FoundPhantom
		}
		if m := k.declared(sel); m != nil && m.Access&(classfile.AccPrivate|classfile.AccStatic) == 0 && h.canOverride(m, mR) {
			return m, outcomeOf(m)
		}
	}
	return h.selectDefault(recv, sel, mR)
}

// canOverride reports whether instance method mC can override mA (JVMS
// §5.4.5), given equal names and descriptors and mC not private. For a
// package-private mA in another package, rule (b) asks for a chain of
// overrides through intermediate classes; walking the superclass chain
// from A down to C and collecting the methods that override mA
// transitively decides it in O(depth²) instead of the definition's
// exponential recursion.
func (h *Hierarchy) canOverride(mC, mA *Method) bool {
	if mC == mA || mA.Access&(classfile.AccPublic|classfile.AccProtected) != 0 {
		return true
	}
	if mA.IsPrivate() {
		return false
	}
	if mC.Class.pkg == mA.Class.pkg {
		return true
	}
	a, c := mA.Class, mC.Class
	var cbuf [32]*Class
	between := cbuf[:0] // classes strictly between C and A, bottom-up
	k := c.Super
	for ; k != nil && k != a; k = k.Super {
		between = append(between, k)
	}
	if k != a {
		return false // A is not a superclass of C
	}
	var obuf [8]*Method
	overriders := append(obuf[:0], mA)
	for i := len(between) - 1; i >= 0; i-- {
		mB := between[i].declared(mA.sel)
		if mB != nil && mB.Access&(classfile.AccPrivate|classfile.AccStatic) == 0 && overridesOneOf(mB, overriders) {
			overriders = append(overriders, mB)
		}
	}
	return overridesOneOf(mC, overriders)
}

// overridesOneOf applies the non-transitive part of §5.4.5 to each of xs.
func overridesOneOf(m *Method, xs []*Method) bool {
	for _, x := range xs {
		if x.Access&(classfile.AccPublic|classfile.AccProtected) != 0 || x.Class.pkg == m.Class.pkg {
			return true
		}
	}
	return false
}

// SelectSpecial returns the method an invokespecial selects (JVMS §6.5
// invokespecial) in class current, for a symbolic reference naming class
// ref (nil: the resolved method's class) and resolving to resolved. For a
// super call — resolved is not <init>, ref is a class and a proper
// superclass of current — the search starts at current's direct
// superclass; otherwise at ref, so constructors and private methods are
// selected directly. ACC_SUPER is taken as set, as the JVM has done for
// every class file since Java SE 8 (§4.1). The search looks at the class
// and its superclasses for an instance method with the same name and
// descriptor (no overriding check), then, for an interface, at Object's
// public methods, then at the maximally-specific superinterface methods.
func (h *Hierarchy) SelectSpecial(current, ref *Class, resolved *Method) (*Method, Outcome) {
	if resolved == nil {
		return nil, NotFound
	}
	if ref == nil {
		ref = resolved.Class
	}
	if resolved.IsStatic() {
		return resolved, outcomeOf(resolved)
	}
	c := ref
	if resolved.Name != "<init>" && !ref.IsInterface() && current != nil && current != ref &&
		current.Super != nil && h.IsSubclass(current, ref) {
		c = current.Super
	}
	sel := resolved.sel
	for k := c; k != nil; k = k.Super {
		if k.Phantom {
			return h.phantomMethod(k, resolved.Name, resolved.Desc), FoundPhantom
		}
		if m := k.declared(sel); m != nil && !m.IsStatic() {
			return m, outcomeOf(m)
		}
		if c.IsInterface() {
			if m := h.object.declared(sel); m != nil && m.IsPublic() && !m.IsStatic() {
				return m, outcomeOf(m)
			}
			break
		}
	}
	return h.selectDefault(c, sel, resolved)
}

// selectDefault finishes selection in c's superinterfaces (JVMS §5.4.6
// step 3): the one non-abstract maximally-specific method, else an
// abstract one, else a phantom superinterface's method record.
func (h *Hierarchy) selectDefault(c *Class, sel int32, resolved *Method) (*Method, Outcome) {
	var buf [8]*Method
	ms := h.maximallySpecific(c, sel, buf[:0])
	switch m, n := concreteOf(ms); {
	case n == 1:
		return m, Found
	case n > 1:
		return nil, Ambiguous
	case len(ms) > 0:
		return ms[0], FoundAbstract
	}
	if p := firstPhantom(c.ifaces); p != nil {
		return h.phantomMethod(p, resolved.Name, resolved.Desc), FoundPhantom
	}
	return nil, NotFound
}
