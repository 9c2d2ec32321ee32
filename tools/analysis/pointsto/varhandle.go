package pointsto

import (
	"strings"

	"github.com/rules-fragment/rules_fragment/tools/analysis/internal/reach"
	"github.com/rules-fragment/rules_fragment/tools/classfile"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/link"
	"github.com/rules-fragment/rules_fragment/tools/summary"
)

// VarHandle access modes (JDK 9+) read and write a field or an array
// element through signature-polymorphic native methods: the call site's
// descriptor gives the holder's static type and the value's, not the
// field. java.util.concurrent writes most of its references this way
// (CompletableFuture.result, AtomicReference.value, the queues' nodes):
// without a model, the value a CompletableFuture completes with never
// reached the functions applied to it (testing/corpus/tracer/features).
//
// A VarHandle that findVarHandle or findStaticVarHandle makes of a class
// literal and a constant name (summary/handles.go) is a handle object
// (handles.go) of the JDK's class for its field's type; an access mode
// called on it reads and writes the fields of the name: of the objects of
// its holder argument (argument 0) that have them, or the static fields,
// whose classes it initialises. A result the call's type casts is
// filtered by that type; a primitive field's value the call returns as a
// reference, and a primitive it stores in a reference field, is the JVM's
// box. Other receiver objects (a VarHandle the
// JDK's code makes: of a name that is no constant, withInvokeExactBehavior)
// make the call, for an instance holder of static class C, access every
// field of C and its superclasses whose type can hold the value (by the
// site's descriptor: for a reference, one type is a subtype of the other
// or an interface; a primitive, the same type). An array holder ([T, int
// index, ...) reads and writes the elements. Such a handle of a static
// field stays unmodelled. Points-to uses the reference accesses, MOD/USE
// all.

// VarHandleAccess is what a VarHandle access mode does at a call site.
type VarHandleAccess struct {
	// Fields are the fields of the holder (argument 0) it may access;
	// nil for an array holder, whose elements it accesses, or a static
	// field's handle.
	Fields []*hierarchy.Field
	Array  bool
	// Store is the index of the argument it writes (-1: none); Load
	// reports whether it returns the old value, Reads whether it reads the
	// location at all (a compare-and-set does). Reference tells whether
	// the value is a reference (MOD/USE counts primitive accesses too).
	Store                  int
	Load, Reads, Reference bool
	// Value and Result are the descriptors of the value the call passes
	// or returns (by the site's type) and of the call's result.
	Value, Result string
}

// VarHandleAccessAt returns the access of VarHandle method t called with
// method reference ref (class.name(descriptor), the call site's) on an
// instance field's or an array's handle, or false when t is no access
// mode or ref does not take a holder.
func VarHandleAccessAt(h *hierarchy.Hierarchy, t *hierarchy.Method, ref string) (VarHandleAccess, bool) {
	acc, ok := varHandleAccessAt(t, ref, false)
	if ok && !acc.Array {
		acc.Fields = holderFields(h, acc.holder, acc.Value)
	}
	return acc.VarHandleAccess, ok
}

// StaticVarHandleAccessAt is VarHandleAccessAt for a static field's
// handle: the call passes no holder.
func StaticVarHandleAccessAt(t *hierarchy.Method, ref string) (VarHandleAccess, bool) {
	acc, ok := varHandleAccessAt(t, ref, true)
	return acc.VarHandleAccess, ok
}

// varHandle is the class whose access modes varhandle.go models.
const varHandle = "java/lang/invoke/VarHandle"

// varAccess is a VarHandleAccess with the holder's descriptor.
type varAccess struct {
	VarHandleAccess
	holder string
	loads  bool // the mode returns the location's value, of any type
}

// varHandleAccessAt parses the access of t at ref, whose call passes a
// holder (and an index, for an array) unless static.
func varHandleAccessAt(t *hierarchy.Method, ref string, static bool) (varAccess, bool) {
	var acc varAccess
	if t.Class.Name != varHandle {
		return acc, false
	}
	store, load, reads, ok := varHandleMode(t.Name)
	i := strings.IndexByte(ref, '(')
	if !ok || i < 0 {
		return acc, false
	}
	params, ret, err := classfile.ParseMethodDescriptor(ref[i:])
	if err != nil {
		return acc, false
	}
	first := 0
	if !static {
		if len(params) == 0 || !isReference(params[0]) {
			return acc, false
		}
		first, acc.holder = 1, params[0]
		if strings.HasPrefix(params[0], "[") {
			if len(params) < 2 || params[1] != "I" {
				return acc, false
			}
			first, acc.Array = 2, true
		}
	}
	value := ret
	acc.Store = -1
	if store >= 0 {
		if first+store >= len(params) {
			return acc, false
		}
		acc.Store, value = first+store, params[first+store]
	}
	acc.Value, acc.Result = value, ret
	acc.Reference = isReference(value)
	acc.Load, acc.Reads, acc.loads = load && acc.Reference, reads, load
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

// varHandleAccess models a bound VarHandle access mode t at site st on
// an array holder; varHandleObjects the other accesses.
func (s *solver) varHandleAccess(st *site, t *hierarchy.Method) {
	acc, ok := varHandleAccessAt(t, st.cs.Ref, false)
	if !ok || !acc.Array || !acc.Reference || len(st.args) == 0 || st.args[0] < 0 {
		return
	}
	if acc.Store >= 0 && acc.Store < len(st.args) && st.args[acc.Store] >= 0 {
		s.addStore(st.args[0], arrayElem, st.args[acc.Store])
	}
	if acc.Load && st.dst >= 0 {
		s.addLoad(st.args[0], arrayElem, st.dst)
	}
}

// typedVarAccess marks, in solver.handleDone, a VarHandle access site
// whose receivers include an object that is no VarHandle of a constant
// name (its holder's fields then taken by type, once).
const typedVarAccess = -2

// varHandleObjects models VarHandle access site st on receiver objects
// objs (ascending): each handle of a constant name among them accesses
// its fields, any other object makes the call access, once, the fields
// of the holder's class that the value's type can be stored in. It
// returns what dispatching them, which binds the native, returns.
func (s *solver) varHandleObjects(st *site, objs []int32, src recvSource) bool {
	var hs []int32
	for _, o := range among(s.handleIDs, objs) {
		if summary.IsVarHandle(s.handles[o].Kind) {
			hs = append(hs, o)
		}
	}
	typed := len(hs) < len(objs) && !s.handleDone[[2]int32{st.at, typedVarAccess}]
	shares := s.dispatchRest(st, objs, src)
	if typed {
		s.markHandleDone(st.at, typedVarAccess)
		if acc, ok := varHandleAccessAt(st.resolved, st.cs.Ref, false); ok && !acc.Array {
			s.varFields(st, acc, holderFields(s.h, acc.holder, acc.Value), false)
		}
	}
	for _, o := range hs {
		if s.handleDone[[2]int32{st.at, o}] {
			continue
		}
		s.markHandleDone(st.at, o)
		h := s.handles[o]
		static := h.Kind == summary.HandleStaticVar
		if acc, ok := varHandleAccessAt(st.resolved, st.cs.Ref, static); ok && !acc.Array {
			s.varFields(st, acc, h.Fields, static)
		}
	}
	return shares
}

// varFields makes access acc at site st read and write fields: static
// ones, or those of the objects of the holder argument.
func (s *solver) varFields(st *site, acc varAccess, fields []*hierarchy.Field, static bool) {
	holder := int32(-1)
	if !static {
		if len(st.args) == 0 || st.args[0] < 0 {
			return
		}
		holder = st.args[0]
	}
	for _, f := range fields {
		if !isReference(f.Desc) {
			if acc.loads && isReference(acc.Result) { // returned as a reference: boxed
				s.seedBox(st.dst, f.Desc, acc.Result)
			}
			continue
		}
		loc := int32(-1) // the static field's node, or the holder's, filtered
		if static {
			s.init.Init(f.Class)
			loc = s.staticNode(f)
		} else {
			loc = s.newNode()
			s.addEdge(holder, loc, filterFor(f.Class))
		}
		if acc.Store >= 0 && acc.Store < len(st.args) {
			val := st.args[acc.Store]
			if val < 0 && !isReference(acc.Value) { // a primitive stored in a reference field: boxed
				if c := s.h.Lookup(reach.BoxClass(acc.Value)); c != nil {
					val = s.newNode()
					s.seed(val, s.jvmObject(c))
				}
			}
			switch {
			case val < 0:
			case static:
				s.addEdge(val, loc, s.typeFilter(f.Desc))
			default:
				s.addStore(loc, f.ID, val) // filtered by the field's type
			}
		}
		if acc.loads && st.dst >= 0 && isReference(acc.Result) {
			dst := s.newNode() // the call's type casts the result
			s.addEdge(dst, st.dst, s.typeFilter(acc.Result))
			if static {
				s.addEdge(loc, dst, nil)
			} else {
				s.addLoad(loc, f.ID, dst)
			}
		}
	}
}

// varHandleClass is the class of VarHandle t's object: what the JDK's
// findVarHandle or findStaticVarHandle returns for a writable field of
// its first field's type, else VarHandle.
func varHandleClass(h *hierarchy.Hierarchy, t reach.Handle) *hierarchy.Class {
	if c := h.Lookup(link.VarHandleClass(t.Fields[0].Desc, t.Kind == summary.HandleStaticVar)); c != nil && !c.Phantom {
		return c
	}
	return h.Lookup(varHandle)
}

// firstUse reports whether site st applies handle object o for the first
// time, and records that it does.
func (s *solver) firstUse(st *site, o int32) bool {
	if s.handleDone[[2]int32{st.at, o}] {
		return false
	}
	s.markHandleDone(st.at, o)
	return true
}

// markHandleDone records that site at applied handle object o (or
// typedVarAccess).
func (s *solver) markHandleDone(at, o int32) {
	if s.handleDone == nil {
		s.handleDone = map[[2]int32]bool{}
	}
	s.handleDone[[2]int32{at, o}] = true
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
