package reach

import (
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/link"
)

// What the garbage collector starts (the JVM's side of java.lang.ref, JDK 9
// and later):
//
//   - Finalization. As it allocates an object of a class with a
//     non-trivial finalize() (the one it selects is not Object's and has
//     code: HotSpot registers nothing for an empty one, such as Enum's),
//     the JVM calls Finalizer.register(obj); the Finalizer then goes
//     through the reference queue to FinalizerThread, which calls
//     finalize(). With no call of register in any bytecode, no Finalizer
//     existed and no finalize() was reachable, under RTA either. Every
//     analysis calls register where such a class is instantiated; the
//     points-to analyses pass it every such object. A library fragment's
//     placeholder client classes are left out: their finalize() hands
//     `this` to the placeholder variable, which holds every client object
//     already, and registering them put them in Finalizer's referent,
//     which Reference.get() returns to every reference's caller in a
//     context-insensitive analysis; the JDK's objects those callers pass
//     on then reached the placeholder variable (the geometry example's
//     closed-world List parameter got 8 of the JDK's List classes).
//   - Pending references. The collector links the references whose
//     referents became unreachable into the list that the native
//     Reference.getAndClearReferencePendingList hands to the
//     ReferenceHandler thread, which cleans jdk.internal.ref.Cleaners and
//     enqueues the others, for their queues' poll() and remove() to
//     return them (java.lang.ref.Cleaner's thread running the actions,
//     FinalizerThread, WeakHashMap). The points-to analyses return every
//     Reference object from it (the class analyses need no objects).
//
// JDK 8 hands the pending list over in a static field the JVM writes
// (Reference.pending): not modelled.

// PendingList is the native that hands over the collector's references.
const PendingList = "java/lang/ref/Reference.getAndClearReferencePendingList()Ljava/lang/ref/Reference;"

// FinalizerRegister returns h's Finalizer.register(Object), nil if none.
func FinalizerRegister(h *hierarchy.Hierarchy) *hierarchy.Method {
	if c := h.Lookup("java/lang/ref/Finalizer"); c != nil {
		if m := c.DeclaredMethod("register", "(Ljava/lang/Object;)V"); m != nil && m.IsStatic() {
			return m
		}
	}
	return nil
}

// Finalizable reports whether the JVM registers the objects of class c of
// program p for finalization: the finalize() it selects for c is not
// Object's and has statements, and c is not a placeholder client class.
func Finalizable(p *link.Program, c *hierarchy.Class) bool {
	h := p.Hierarchy
	obj := h.Object()
	if c == nil || obj == nil || c == obj || c.IsArray() || c.IsInterface() || p.IsPlaceholder(c) {
		return false
	}
	fin := obj.DeclaredMethod("finalize", "()V")
	if fin == nil {
		return false
	}
	m, o := h.Select(c, fin)
	if !o.OK() || m == nil || m == fin || m.IsAbstract() {
		return false
	}
	b, err := p.Body(m)
	return err == nil && b != nil && len(b.Stmts) > 0
}
