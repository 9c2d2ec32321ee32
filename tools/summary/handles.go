package summary

import (
	"strings"

	"github.com/rules-fragment/rules_fragment/tools/ir"
)

// Method handles. MethodHandles.Lookup's findVirtual, findStatic,
// findSpecial and findConstructor return a handle of the method their
// class and name arguments name; a call of the handle's invokeExact,
// invoke or invokeWithArguments then calls that method. Where the
// arguments are a class literal and a string constant (the common case:
// a handle made once and kept in a static final field), the projection
// replaces the call's result by a statement OpConst of Kind ConstHandle
// whose Ref names the handle: the analyses give the result an object
// standing for the handle (points-to) or reach its methods (CHA, RTA).
// The method type argument is not read: a handle stands for every method
// of the name, and where the class is a literal but the name is not a
// constant, for every method of the class (AnyName). findGetter,
// findSetter, findStaticGetter and findStaticSetter make field handles the
// same way: a handle of the fields of the name (their type argument is
// not read either), whose invocation reads or writes the field; and so
// does AtomicReferenceFieldUpdater.newUpdater, whose updater's methods
// read and write the field of their first argument. findVarHandle and
// findStaticVarHandle make a VarHandle of the fields of the name, whose
// access modes (get, set, compareAndSet, ...) read and write them.
// Reflection's Class.getDeclaredField and getField of a class literal
// make a reflective field handle the same way (the class is their
// receiver), a Field object whose get and set read and write the field,
// static or not (the idiom that gets sun.misc.Unsafe's theUnsafe).

// ConstHandle is the Kind of a method handle's OpConst (not an
// ir.ConstKind); Ref is the string HandleName makes.
const ConstHandle = uint8(0xC0)

// Handle kinds: the first byte of a handle's name.
const (
	HandleVirtual     = 'V' // findVirtual: dispatched on the first argument
	HandleStatic      = 'S' // findStatic
	HandleSpecial     = 'P' // findSpecial: the method itself, on the first argument
	HandleConstructor = 'C' // findConstructor: a new object, the constructor run on it
	HandleGetter      = 'G' // findGetter: reads the field of the first argument
	HandleSetter      = 'T' // findSetter: writes the second argument to the first's field
	HandleStaticGet   = 'g' // findStaticGetter: reads the static field
	HandleStaticSet   = 't' // findStaticSetter: writes the first argument to it
	HandleUpdater     = 'U' // AtomicReferenceFieldUpdater.newUpdater: its methods access the field
	HandleVar         = 'H' // findVarHandle: its access modes access the field of their first argument
	HandleStaticVar   = 'h' // findStaticVarHandle: its access modes access the static field
	// Class.getDeclaredField and getField: the Field object, whose get and
	// set read and write the field (static or not).
	HandleReflectField = 'F'
)

// IsFieldHandle reports whether handle kind k accesses a field.
func IsFieldHandle(k byte) bool {
	switch k {
	case HandleGetter, HandleSetter, HandleStaticGet, HandleStaticSet, HandleUpdater, HandleVar, HandleStaticVar, HandleOffset, HandleReflectField:
		return true
	}
	return false
}

// IsStaticFieldHandle reports whether handle kind k accesses a static
// field.
func IsStaticFieldHandle(k byte) bool {
	return k == HandleStaticGet || k == HandleStaticSet || k == HandleStaticVar
}

// IsVarHandle reports whether handle kind k is a VarHandle's.
func IsVarHandle(k byte) bool { return k == HandleVar || k == HandleStaticVar }

// LookupClass is the class whose find methods make handles.
const LookupClass = "java/lang/invoke/MethodHandles$Lookup"

// UpdaterClass is the class whose newUpdater makes an updater handle.
const UpdaterClass = "java/util/concurrent/atomic/AtomicReferenceFieldUpdater"

// ClassClass is the class whose getDeclaredField and getField make a
// reflective field handle.
const ClassClass = "java/lang/Class"

// IsFieldLookup reports whether method class.name is one of ClassClass's
// that make a reflective field handle.
func IsFieldLookup(class, name string) bool {
	return class == ClassClass && (name == "getDeclaredField" || name == "getField")
}

// fieldLookup is their descriptor.
const fieldLookup = "(Ljava/lang/String;)Ljava/lang/reflect/Field;"

// newUpdater is UpdaterClass's factory method, by name and descriptor.
const newUpdater = "newUpdater(Ljava/lang/Class;Ljava/lang/Class;Ljava/lang/String;)Ljava/util/concurrent/atomic/AtomicReferenceFieldUpdater;"

// lookupKinds are the find methods by name and descriptor.
var lookupKinds = map[string]byte{
	"findVirtual(Ljava/lang/Class;Ljava/lang/String;Ljava/lang/invoke/MethodType;)Ljava/lang/invoke/MethodHandle;":                  HandleVirtual,
	"findStatic(Ljava/lang/Class;Ljava/lang/String;Ljava/lang/invoke/MethodType;)Ljava/lang/invoke/MethodHandle;":                   HandleStatic,
	"findSpecial(Ljava/lang/Class;Ljava/lang/String;Ljava/lang/invoke/MethodType;Ljava/lang/Class;)Ljava/lang/invoke/MethodHandle;": HandleSpecial,
	"findConstructor(Ljava/lang/Class;Ljava/lang/invoke/MethodType;)Ljava/lang/invoke/MethodHandle;":                                HandleConstructor,
	"findGetter(Ljava/lang/Class;Ljava/lang/String;Ljava/lang/Class;)Ljava/lang/invoke/MethodHandle;":                               HandleGetter,
	"findSetter(Ljava/lang/Class;Ljava/lang/String;Ljava/lang/Class;)Ljava/lang/invoke/MethodHandle;":                               HandleSetter,
	"findStaticGetter(Ljava/lang/Class;Ljava/lang/String;Ljava/lang/Class;)Ljava/lang/invoke/MethodHandle;":                         HandleStaticGet,
	"findStaticSetter(Ljava/lang/Class;Ljava/lang/String;Ljava/lang/Class;)Ljava/lang/invoke/MethodHandle;":                         HandleStaticSet,
	"findVarHandle(Ljava/lang/Class;Ljava/lang/String;Ljava/lang/Class;)Ljava/lang/invoke/VarHandle;":                               HandleVar,
	"findStaticVarHandle(Ljava/lang/Class;Ljava/lang/String;Ljava/lang/Class;)Ljava/lang/invoke/VarHandle;":                         HandleStaticVar,
}

// AnyName is the name of a handle whose name is not a constant (no
// method or field name has '<' but <init> and <clinit>): it stands for
// every method (field) of its kind in the class.
const AnyName = "<any>"

// HandleName is the Ref string of a handle of kind k to method name of
// class class (an internal name or array descriptor: neither has a '.').
func HandleName(k byte, class, name string) string {
	return string(k) + class + "." + name
}

// ParseHandleName splits a HandleName; ok is false for a malformed one.
func ParseHandleName(s string) (k byte, class, name string, ok bool) {
	i := strings.LastIndexByte(s, '.')
	if len(s) < 2 || i < 2 || i == len(s)-1 {
		return 0, "", "", false
	}
	switch s[0] {
	case HandleVirtual, HandleStatic, HandleSpecial, HandleConstructor,
		HandleGetter, HandleSetter, HandleStaticGet, HandleStaticSet, HandleUpdater, HandleVar, HandleStaticVar, HandleOffset, HandleReflectField:
		return s[0], s[1:i], s[i+1:], true
	}
	return 0, "", "", false
}

// handleConsts finds the string and class constants of m's variables: a
// variable all of whose definitions assign one constant, directly or
// through copies.
type handleConsts struct {
	m      *ir.Method
	consts map[int32]*ir.Const // nil value: defined otherwise
	copies map[int32][]int32
	defs   map[int32]int32      // the number of definitions
	calls  map[int32]*ir.Invoke // the call defining a variable (offsets.go)
}

func newHandleConsts(m *ir.Method) *handleConsts {
	h := &handleConsts{m: m, consts: map[int32]*ir.Const{}, copies: map[int32][]int32{},
		defs: map[int32]int32{}, calls: map[int32]*ir.Invoke{}}
	for _, s := range m.Stmts {
		d := ir.Def(s)
		if d == nil {
			continue
		}
		h.defs[d.ID]++
		a, ok := s.(*ir.Assign)
		if !ok {
			h.consts[d.ID] = nil
			if c, ok := s.(*ir.Invoke); ok {
				h.calls[d.ID] = c
			}
			continue
		}
		switch x := a.Src.(type) {
		case *ir.Const:
			old, seen := h.consts[d.ID]
			switch {
			case x.Kind != ir.ConstString && x.Kind != ir.ConstClass:
				h.consts[d.ID] = nil
			case !seen:
				h.consts[d.ID] = x
			case old != nil && (old.Kind != x.Kind || old.Str != x.Str):
				h.consts[d.ID] = nil
			}
		case *ir.Var:
			h.copies[d.ID] = append(h.copies[d.ID], x.ID)
		default:
			h.consts[d.ID] = nil
		}
	}
	return h
}

// of returns the one constant of kind k that value x holds, or "".
func (h *handleConsts) of(x ir.Value, k ir.ConstKind) string {
	v, ok := x.(*ir.Var)
	if !ok {
		return ""
	}
	out, seen := "", map[int32]bool{}
	var walk func(id int32) bool
	walk = func(id int32) bool {
		if seen[id] {
			return true
		}
		seen[id] = true
		c, defined := h.consts[id]
		if defined {
			if c == nil || c.Kind != k || (out != "" && out != c.Str) {
				return false
			}
			out = c.Str
		}
		srcs := h.copies[id]
		if !defined && len(srcs) == 0 {
			return false // a parameter, or never defined
		}
		for _, src := range srcs {
			if !walk(src) {
				return false
			}
		}
		return true
	}
	if !walk(v.ID) {
		return ""
	}
	return out
}

// handleOf returns the name of the handle call s makes, or "".
func (h *handleConsts) handleOf(s *ir.Invoke) string {
	if s.Dst == nil {
		return ""
	}
	k, ok, nameArg := byte(0), false, 1
	var classArg ir.Value
	switch s.Method.Class {
	case LookupClass:
		k, ok = lookupKinds[s.Method.Name+s.Method.Desc]
	case UpdaterClass:
		k, ok, nameArg = HandleUpdater, s.Method.Name+s.Method.Desc == newUpdater, 2
	case ClassClass: // the receiver is the class
		k, ok, nameArg, classArg = HandleReflectField, IsFieldLookup(s.Method.Class, s.Method.Name) && s.Method.Desc == fieldLookup, 0, s.Recv
	}
	if !ok || len(s.Args) <= nameArg {
		return ""
	}
	if classArg == nil {
		classArg = s.Args[0]
	}
	class := h.of(classArg, ir.ConstClass)
	name := "<init>"
	if k != HandleConstructor {
		name = h.of(s.Args[nameArg], ir.ConstString)
	}
	if name == "" || strings.ContainsAny(name, ".;[/<>") && name != "<init>" {
		name = AnyName
	}
	if class == "" {
		return ""
	}
	return HandleName(k, class, name)
}

// LookupMethod returns the name and descriptor of MethodHandles.Lookup's
// find method name ("findVirtual") and the kind of handle it makes; ok is
// false for another name.
func LookupMethod(name string) (nameDesc string, k byte, ok bool) {
	for nd, k := range lookupKinds { // one method a name
		if strings.HasPrefix(nd, name+"(") {
			return nd, k, true
		}
	}
	return "", 0, false
}
