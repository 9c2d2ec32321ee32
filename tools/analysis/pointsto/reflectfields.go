package pointsto

import (
	"github.com/rules-fragment/rules_fragment/tools/analysis/internal/reach"
	"github.com/rules-fragment/rules_fragment/tools/summary"
)

// Reflective field handles (summary/handles.go): Class.getDeclaredField
// and getField of a class literal give a handle object of class Field (one
// per class and name, every field of the class for a name that is no
// constant; the JDK's own result is left out), on which the
// JDK's methods still run. Its get(Object) returns what the field holds
// (of the argument's objects of the field's class, or the static field,
// whose class it initialises), its set(Object, Object) stores the value
// there, as a reflection log's Field.get and Field.set do (reflog.go);
// a primitive field's get returns the JVM's box. This is the idiom that
// gets sun.misc.Unsafe's theUnsafe for the field offsets of offsets.go:
// without it, no call on that Unsafe had a receiver.

// reflectField is the class of reflective field handles.
const reflectField = "java/lang/reflect/Field"

// reflectFieldCall applies reflective field handle o at call st of Field's
// get or set, once.
func (s *solver) reflectFieldCall(st *site, o int32) {
	if !s.firstUse(st, o) {
		return
	}
	h := s.handles[o]
	if h.Kind != summary.HandleReflectField {
		return
	}
	var set bool
	switch st.resolved.Name + st.resolved.Desc {
	case "get(Ljava/lang/Object;)Ljava/lang/Object;":
	case "set(Ljava/lang/Object;Ljava/lang/Object;)V":
		set = true
	default:
		return
	}
	arg := func(i int) int32 {
		if i < len(st.args) {
			return st.args[i]
		}
		return -1
	}
	for _, f := range h.Fields {
		if !isReference(f.Desc) {
			if !set {
				s.seedBox(st.dst, f.Desc, "Ljava/lang/Object;")
			}
			continue
		}
		s.logField(set, reach.Target{Class: f.Class, Field: f}, arg, st.dst)
	}
}
