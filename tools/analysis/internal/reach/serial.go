package reach

import (
	"slices"

	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/link"
)

// Serialization's callbacks. ObjectOutputStream and ObjectInputStream
// call a serializable class's private writeObject, readObject and
// readObjectNoData, and its inheritable writeReplace and readResolve,
// through Method.invoke inside java.io.ObjectStreamClass (its invoke*
// methods, the same in JDK 8 to 25). Like Santos et al.'s Salsa
// ("Static analysis of Java serialization", FTfJP 2020), the analyses make
// those calls where ObjectStreamClass's methods are reached: on the
// objects passed to them (points-to), or on every instantiated (RTA) or
// instantiable (CHA) serializable class.

// SerialHook is the kind of callback an ObjectStreamClass method makes.
type SerialHook uint8

const (
	NoSerialHook       SerialHook = iota
	SerialWriteObject             // invokeWriteObject(Object, ObjectOutputStream)
	SerialReadObject              // invokeReadObject(Object, ObjectInputStream)
	SerialReadNoData              // invokeReadObjectNoData(Object)
	SerialWriteReplace            // invokeWriteReplace(Object): Object
	SerialReadResolve             // invokeReadResolve(Object): Object
)

const (
	ObjectStreamClass = "java/io/ObjectStreamClass"
	serializable      = "java/io/Serializable"
	externalizable    = "java/io/Externalizable"
)

// serialHooks by the name and descriptor of the ObjectStreamClass method.
var serialHooks = map[[2]string]SerialHook{
	{"invokeWriteObject", "(Ljava/lang/Object;Ljava/io/ObjectOutputStream;)V"}: SerialWriteObject,
	{"invokeReadObject", "(Ljava/lang/Object;Ljava/io/ObjectInputStream;)V"}:   SerialReadObject,
	{"invokeReadObjectNoData", "(Ljava/lang/Object;)V"}:                        SerialReadNoData,
	{"invokeWriteReplace", "(Ljava/lang/Object;)Ljava/lang/Object;"}:           SerialWriteReplace,
	{"invokeReadResolve", "(Ljava/lang/Object;)Ljava/lang/Object;"}:            SerialReadResolve,
}

// SerialHookOf returns the callback m makes (NoSerialHook for most methods).
func SerialHookOf(m *hierarchy.Method) SerialHook {
	if m == nil || m.IsStatic() || m.Class.Name != ObjectStreamClass {
		return NoSerialHook
	}
	return serialHooks[[2]string{m.Name, m.Desc}]
}

// SerialCallbacks returns the methods hook k calls on an object of class
// c, as ObjectStreamClass finds them: writeObject, readObject and
// readObjectNoData declared private and not static by each serializable
// class of c's superclass chain (not for Externalizable classes, whose
// own methods are called directly); writeReplace and readResolve the
// first declared in the chain, not static nor abstract, private ones only
// in c itself and package-private ones only in c's package.
func SerialCallbacks(h *hierarchy.Hierarchy, k SerialHook, c *hierarchy.Class) []*hierarchy.Method {
	ser := h.Lookup(serializable)
	if k == NoSerialHook || c == nil || ser == nil || c.IsArray() || c.IsInterface() || !h.IsSubclass(c, ser) {
		return nil
	}
	switch k {
	case SerialWriteReplace, SerialReadResolve:
		name := "writeReplace"
		if k == SerialReadResolve {
			name = "readResolve"
		}
		for d := c; d != nil; d = d.Super {
			m := d.DeclaredMethod(name, "()Ljava/lang/Object;")
			switch {
			case m == nil:
				continue
			case m.IsStatic() || m.IsAbstract() || (m.IsPrivate() && d != c) || (m.IsPackagePrivate() && d.Package() != c.Package()):
				return nil
			}
			return []*hierarchy.Method{m}
		}
		return nil
	}
	if ext := h.Lookup(externalizable); ext != nil && h.IsSubclass(c, ext) {
		return nil
	}
	name, desc := "writeObject", "(Ljava/io/ObjectOutputStream;)V"
	switch k {
	case SerialReadObject:
		name, desc = "readObject", "(Ljava/io/ObjectInputStream;)V"
	case SerialReadNoData:
		name, desc = "readObjectNoData", "()V"
	}
	var out []*hierarchy.Method
	for d := c; d != nil && h.IsSubclass(d, ser); d = d.Super {
		if m := d.DeclaredMethod(name, desc); m != nil && m.IsPrivate() && !m.IsStatic() {
			out = append(out, m)
		}
	}
	slices.Reverse(out) // superclasses' first, as the JVM runs them
	return out
}

// addSerialHook makes hook k's callbacks reachable on the classes that
// may be serialized: those instantiated (RTA; later ones as they are) or
// every instantiable serializable class (CHA).
func (e *engine) addSerialHook(k SerialHook) {
	if slices.Contains(e.serial, k) {
		return
	}
	e.serial = append(e.serial, k)
	if e.recv == Instantiated {
		for _, c := range e.instList {
			e.serialCallbacks(k, c)
		}
		return
	}
	if ser := e.h.Lookup(serializable); ser != nil {
		for _, c := range e.h.Subtypes(ser) {
			if c.IsInstantiable() {
				e.serialCallbacks(k, c)
			}
		}
	}
}

// serialCallbacks makes hook k's callbacks on class c reachable.
func (e *engine) serialCallbacks(k SerialHook, c *hierarchy.Class) {
	for _, m := range SerialCallbacks(e.h, k, c) {
		e.reach(m)
	}
}

// restoreSerialHooks adds the hooks of the ObjectStreamClass methods warm
// start w reached. It made their callbacks on its own classes; RTA makes
// them on the classes instantiated from now on (instantiate), CHA here on
// the instantiable serializable classes of the other inputs.
func (e *engine) restoreSerialHooks(w *Warm) {
	osc := e.h.Lookup(ObjectStreamClass)
	if osc == nil {
		return
	}
	var ks []SerialHook
	for _, m := range osc.Methods {
		if k := SerialHookOf(m); k != NoSerialHook && e.reached[m.ID] && !slices.Contains(e.serial, k) {
			ks = append(ks, k)
		}
	}
	e.serial = append(e.serial, ks...)
	ser := e.h.Lookup(serializable)
	if len(ks) == 0 || e.recv == Instantiated || ser == nil {
		return
	}
	fromWarm := map[*link.Summary]bool{}
	for _, sha := range w.Names.Summaries {
		if s := e.p.SummaryBySHA(sha); s != nil {
			fromWarm[s] = true
		}
	}
	for _, c := range e.h.Subtypes(ser) {
		if c.IsInstantiable() && !fromWarm[e.p.SummaryOf(c)] {
			for _, k := range ks {
				e.serialCallbacks(k, c)
			}
		}
	}
}
