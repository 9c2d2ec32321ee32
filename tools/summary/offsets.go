package summary

import (
	"strings"

	"github.com/rules-fragment/rules_fragment/tools/ir"
)

// Field offsets. sun.misc.Unsafe and jdk.internal.misc.Unsafe read and
// write a field of an object at the offset objectFieldOffset gives, a
// long the program typically keeps in a static final field (Guava's
// AbstractFuture, JCTools' queues, the JDK's LockSupport and
// Class.reflectionData). Where the field is named by constants
// (objectFieldOffset(C.class, "f"), or of C.class.getDeclaredField("f"),
// or a static helper's of the same arguments: offsetCall), the projection
// replaces the call's result by an OpConst of Kind ConstHandle whose Ref
// is a handle of kind HandleOffset, and keeps the long variables that carry it (to a static
// field's store) and that the reference accesses of Unsafe take as their
// offset (from a static field's load), with the copies between them:
// points-to follows the offset from the store to the accesses, which then
// read and write the field. A long variable has no other use in a body;
// its statements are those of a reference (a parameter that carries an
// offset is one too). Offsets computed otherwise (arithmetic,
// staticFieldOffset, a helper's offset of a field its caller names by a
// Field object or a name that is no constant) are not followed.

// HandleOffset is the handle kind of a field offset: an Unsafe access at
// it reads or writes the field of its object argument.
const HandleOffset = 'O'

// unsafeClass reports whether class is one of the two Unsafe classes.
func unsafeClass(class string) bool {
	return class == "sun/misc/Unsafe" || class == "jdk/internal/misc/Unsafe"
}

// UnsafeAccess tells what Unsafe's method class.name(desc) does with a
// reference at (Object o, long offset, ...): the argument it stores
// (counting o as 0; -1: none) and whether it returns the value there; ok
// is false for a method that accesses no reference so.
func UnsafeAccess(class, name, desc string) (store int, load, ok bool) {
	const obj, prefix = "Ljava/lang/Object;", "(Ljava/lang/Object;J"
	if !unsafeClass(class) || !strings.HasPrefix(desc, prefix) || !strings.Contains(name, "Object") && !strings.Contains(name, "Reference") {
		return -1, false, false
	}
	rest := desc[len(prefix):]
	i := strings.IndexByte(rest, ')')
	if i < 0 {
		return -1, false, false
	}
	n := i / len(obj) // put: the value; compare-and-set: the expected one and the value
	if n > 2 || rest[:i] != strings.Repeat(obj, n) {
		return -1, false, false
	}
	store, load = -1, rest[i+1:] == obj
	if n > 0 {
		store = 1 + n
	}
	return store, load, n > 0 || load
}

// The descriptors of objectFieldOffset, and of the static helpers that
// call it for their caller.
const (
	offsetOfName  = "(Ljava/lang/Class;Ljava/lang/String;)J"
	offsetOfField = "(Ljava/lang/reflect/Field;)J"
)

// offsetCall reports whether call s may give a field offset: Unsafe's
// objectFieldOffset, or a static method of its descriptors, taken for a
// helper that returns the offset of the field its arguments name
// (JCTools' UnsafeAccess.fieldOffset(Class, String), Netty's
// PlatformDependent0.objectFieldOffset(Field)). Its body is not read (it
// may be in another jar): a guess that is wrong only makes Unsafe's
// accesses at what the call returns, a long, touch a field in vain.
func offsetCall(s *ir.Invoke) bool {
	if unsafeClass(s.Method.Class) {
		return s.Method.Name == "objectFieldOffset"
	}
	return s.Kind == ir.InvokeStatic && (s.Method.Desc == offsetOfName || s.Method.Desc == offsetOfField)
}

// unsafeAccessCall reports whether call s is a reference access of Unsafe
// with an offset argument.
func unsafeAccessCall(s *ir.Invoke) bool {
	_, _, ok := UnsafeAccess(s.Method.Class, s.Method.Name, s.Method.Desc)
	return ok && len(s.Args) > 1
}

// offsetOf returns the name of the field offset call s gives (offsetCall),
// or "".
func (h *handleConsts) offsetOf(s *ir.Invoke) string {
	if !offsetCall(s) {
		return ""
	}
	var class, name string
	switch s.Method.Desc {
	case offsetOfName:
		if len(s.Args) == 2 {
			class, name = h.of(s.Args[0], ir.ConstClass), h.of(s.Args[1], ir.ConstString)
		}
	case offsetOfField:
		if len(s.Args) == 1 {
			class, name = h.fieldOf(s.Args[0])
		}
	}
	if class == "" || name == "" || strings.ContainsAny(name, ".;[/<>") {
		return ""
	}
	return HandleName(HandleOffset, class, name)
}

// fieldOf returns the class and name constants of the Class.getDeclaredField
// or getField call whose result x alone holds, or "".
func (h *handleConsts) fieldOf(x ir.Value) (class, name string) {
	for range 8 { // a chain of copies
		v, ok := x.(*ir.Var)
		if !ok || h.defs[v.ID] != 1 {
			return "", ""
		}
		if srcs := h.copies[v.ID]; len(srcs) == 1 {
			x = h.m.Vars[srcs[0]]
			continue
		}
		s := h.calls[v.ID]
		if s == nil || s.Method.Class != "java/lang/Class" || s.Method.Desc != "(Ljava/lang/String;)Ljava/lang/reflect/Field;" ||
			s.Method.Name != "getDeclaredField" && s.Method.Name != "getField" || len(s.Args) != 1 {
			return "", ""
		}
		return h.of(s.Recv, ir.ConstClass), h.of(s.Args[0], ir.ConstString)
	}
	return "", ""
}

// offsetVars returns the IR variables of m (by id) that carry field
// offsets, nil if none: the results of objectFieldOffset calls that give
// one and the variables they are copied to, and the offset arguments of
// Unsafe's reference accesses and the variables copied to them.
func offsetVars(m *ir.Method, h *handleConsts) map[int32]bool {
	var fwd, back []int32
	for _, s := range m.Stmts {
		c, ok := s.(*ir.Invoke)
		if !ok {
			continue
		}
		if c.Dst != nil && h.offsetOf(c) != "" {
			fwd = append(fwd, c.Dst.ID)
		}
		if unsafeAccessCall(c) {
			if v, ok := c.Args[1].(*ir.Var); ok {
				back = append(back, v.ID)
			}
		}
	}
	if len(fwd)+len(back) == 0 {
		return nil
	}
	keep := map[int32]bool{}
	copiedTo := map[int32][]int32{}
	for dst, srcs := range h.copies {
		for _, src := range srcs {
			copiedTo[src] = append(copiedTo[src], dst)
		}
	}
	walk := func(work []int32, next map[int32][]int32) {
		seen := map[int32]bool{}
		for len(work) > 0 {
			id := work[len(work)-1]
			work = work[:len(work)-1]
			if !seen[id] {
				seen[id], keep[id] = true, true
				work = append(work, next[id]...)
			}
		}
	}
	walk(fwd, copiedTo)
	walk(back, h.copies)
	return keep
}
