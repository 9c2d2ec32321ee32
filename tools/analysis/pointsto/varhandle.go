package pointsto

import (
	"strings"

	"github.com/rules-fragment/rules_fragment/tools/classfile"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
)

// VarHandle access modes (JDK 9+) read and write a field or an array
// element through signature-polymorphic native methods: the call site's
// descriptor gives the holder's static type and the value's, not the
// field. java.util.concurrent writes most of its references this way
// (CompletableFuture.result, AtomicReference.value, the queues' nodes):
// without a model, the value a CompletableFuture completes with never
// reached the functions applied to it (testing/corpus/tracer/features).
//
// The model takes, for an instance holder of static class C, every field
// of C and its superclasses whose type can hold the value (by the site's
// descriptor: for a reference, one type is a subtype of the other or an
// interface; a primitive, the same type): that covers the field the
// VarHandle was made for, which the analysis does not know (its name is a
// string). An array holder ([T, int index, ...) reads and writes the
// elements. A static field's handle has no holder argument and stays
// unmodelled. Points-to uses the reference accesses, MOD/USE all.

// VarHandleAccess is what a VarHandle access mode does at a call site.
type VarHandleAccess struct {
	// Fields are the fields of the holder (argument 0) it may access;
	// nil for an array holder, whose elements it accesses.
	Fields []*hierarchy.Field
	Array  bool
	// Store is the index of the argument it writes (-1: none); Load
	// reports whether it returns the old value, Reads whether it reads the
	// location at all (a compare-and-set does). Reference tells whether
	// the value is a reference (MOD/USE counts primitive accesses too).
	Store                  int
	Load, Reads, Reference bool
}

// VarHandleAccessAt returns the access of VarHandle method t called with
// method reference ref (class.name(descriptor), the call site's), or
// false when t is no access mode or the access is to a static field.
func VarHandleAccessAt(h *hierarchy.Hierarchy, t *hierarchy.Method, ref string) (VarHandleAccess, bool) {
	var acc VarHandleAccess
	if t.Class.Name != "java/lang/invoke/VarHandle" {
		return acc, false
	}
	store, load, reads, ok := varHandleMode(t.Name)
	i := strings.IndexByte(ref, '(')
	if !ok || i < 0 {
		return acc, false
	}
	params, ret, err := classfile.ParseMethodDescriptor(ref[i:])
	if err != nil || len(params) == 0 || !isReference(params[0]) {
		return acc, false
	}
	first := 1
	if strings.HasPrefix(params[0], "[") {
		if len(params) < 2 || params[1] != "I" {
			return acc, false
		}
		first, acc.Array = 2, true
	}
	value := ret
	acc.Store = -1
	if store >= 0 {
		if first+store >= len(params) {
			return acc, false
		}
		acc.Store, value = first+store, params[first+store]
	}
	acc.Reference = isReference(value)
	acc.Load, acc.Reads = load && acc.Reference, reads
	if !acc.Array {
		acc.Fields = holderFields(h, params[0], value)
	}
	return acc, true
}

// varHandleMode is how an access mode uses its arguments after the holder
// (and index): which one it stores, whether it returns the old value,
// whether it reads the location.
func varHandleMode(name string) (store int, load, reads, ok bool) {
	switch name {
	case "get", "getVolatile", "getAcquire", "getOpaque":
		return -1, true, true, true
	case "set", "setVolatile", "setRelease", "setOpaque":
		return 0, false, false, true
	case "getAndSet", "getAndSetAcquire", "getAndSetRelease":
		return 0, true, true, true
	case "compareAndSet", "weakCompareAndSet", "weakCompareAndSetPlain", "weakCompareAndSetAcquire", "weakCompareAndSetRelease":
		return 1, false, true, true
	case "compareAndExchange", "compareAndExchangeAcquire", "compareAndExchangeRelease":
		return 1, true, true, true
	}
	if strings.HasPrefix(name, "getAndAdd") || strings.HasPrefix(name, "getAndBitwise") { // numeric
		return 0, true, true, true
	}
	return 0, false, false, false
}

// varHandleAccess models a bound VarHandle access mode t at site st.
func (s *solver) varHandleAccess(st *site, t *hierarchy.Method) {
	acc, ok := VarHandleAccessAt(s.h, t, st.cs.Ref)
	if !ok || !acc.Reference || len(st.args) == 0 || st.args[0] < 0 {
		return
	}
	fields := []int32{arrayElem}
	if !acc.Array {
		fields = fields[:0]
		for _, f := range acc.Fields {
			fields = append(fields, f.ID)
		}
	}
	for _, f := range fields {
		if acc.Store >= 0 && acc.Store < len(st.args) && st.args[acc.Store] >= 0 {
			s.addStore(st.args[0], f, st.args[acc.Store])
		}
		if acc.Load && st.dst >= 0 {
			s.addLoad(st.args[0], f, st.dst)
		}
	}
}

// holderFields returns the instance fields of the class of descriptor
// holder and its superclasses that a value of descriptor value may be
// stored in: reference fields whose type and the value's are related by
// subtyping (or one is an interface), or primitive fields of its type.
func holderFields(h *hierarchy.Hierarchy, holder, value string) []*hierarchy.Field {
	if value == "" || value == "V" || len(holder) < 3 || holder[0] != 'L' {
		return nil
	}
	var v *hierarchy.Class
	if isReference(value) {
		v = h.Lookup(descClassName(value))
	}
	var out []*hierarchy.Field
	for c := h.Lookup(holder[1 : len(holder)-1]); c != nil; c = c.Super {
		for _, f := range c.Fields {
			switch {
			case f.IsStatic() || isReference(f.Desc) != isReference(value):
			case !isReference(value):
				if f.Desc == value {
					out = append(out, f)
				}
			default:
				ft := h.Lookup(descClassName(f.Desc))
				if v == nil || ft == nil || v.IsInterface() || ft.IsInterface() || h.IsSubclass(v, ft) || h.IsSubclass(ft, v) {
					out = append(out, f)
				}
			}
		}
	}
	return out
}

// isReference reports whether field descriptor d is a class or array type.
func isReference(d string) bool { return d != "" && (d[0] == 'L' || d[0] == '[') }

// descClassName is the hierarchy's name of reference descriptor d: the
// class name of Lname;, the descriptor itself for an array.
func descClassName(d string) string {
	if d[0] == 'L' {
		return d[1 : len(d)-1]
	}
	return d
}
