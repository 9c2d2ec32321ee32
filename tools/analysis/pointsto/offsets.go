package pointsto

import (
	"github.com/rules-fragment/rules_fragment/tools/analysis/internal/reach"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/summary"
)

// Field offsets (summary/offsets.go). An objectFieldOffset call of
// constants gives a handle object of kind HandleOffset (one per field
// name and class, of class Long, only for a name with a reference field),
// which flows with the long variables and static fields that carry it. A
// reference access of Unsafe (putObject, compareAndSwapObject,
// getObjectVolatile, getReference, ...) whose offset argument holds such
// objects adds its object argument to the offset's bases, the value it
// stores to its values, and loads its result from its loaded values;
// made once per offset object, the bases' objects of the field's class
// hold the values in the field, and give what it holds to the loaded
// values. Accesses of one field through its offset are so merged (their
// objects and values); the field's own loads and stores are not. An
// access of no offset object is the native's (natives.go: array elements
// only). MOD/USE still charges Unsafe's accesses to every field.

// The pseudo-fields of an offset object: the objects Unsafe accesses at
// the offset, the values it stores and the values it loads.
const (
	offsetBases  = -4
	offsetValues = -5
	offsetLoaded = -6
)

// isOffsetField reports whether field id f is an offset object's
// pseudo-field.
func isOffsetField(f int32) bool { return f >= offsetLoaded && f <= offsetBases }

// offsetClass is the class of offset objects: an offset is a long.
const offsetClass = "java/lang/Long"

// hasReferenceField reports whether one of handle t's fields holds
// references.
func hasReferenceField(t reach.Handle) bool {
	for _, f := range t.Fields {
		if isReference(f.Desc) {
			return true
		}
	}
	return false
}

// offsetFields makes new offset object o of handle t hold, in the
// reference fields of its bases' objects, the values stored and give
// what they hold to the loaded values.
func (s *solver) offsetFields(o int32, t reach.Handle) {
	bases, vals, loaded := s.fieldNode(o, offsetBases), s.fieldNode(o, offsetValues), s.fieldNode(o, offsetLoaded)
	for _, f := range t.Fields {
		if !isReference(f.Desc) {
			continue
		}
		holders := s.newNode()
		s.addEdge(bases, holders, filterFor(f.Class))
		s.addStore(holders, f.ID, vals) // filtered by the field's type
		s.addLoad(holders, f.ID, loaded)
	}
}

// unsafeAccess applies the offsets that reach reference access t of
// Unsafe at call site x: its arguments are the object, the offset and
// the values.
func (s *solver) unsafeAccess(x *site, t *hierarchy.Method) {
	store, load, ok := summary.UnsafeAccess(t.Class.Name, t.Name, t.Desc)
	if !ok || len(x.args) < 2 || x.args[0] < 0 || x.args[1] < 0 {
		return
	}
	off := x.args[1]
	s.addStore(off, offsetBases, x.args[0])
	if store >= 0 && store < len(x.args) && x.args[store] >= 0 {
		s.addStore(off, offsetValues, x.args[store])
	}
	if load && x.dst >= 0 {
		s.addLoad(off, offsetLoaded, x.dst)
	}
}

// offsetObject reports whether object o is an offset object: only those
// have the pseudo-fields (an offset variable holds nothing else).
func (s *solver) offsetObject(o int32) bool {
	h := s.handles[o]
	return h != nil && h.Kind == summary.HandleOffset
}
