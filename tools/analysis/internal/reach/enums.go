package reach

import (
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/link"
)

// Enum universes. EnumSet and EnumMap keep their elements and keys as
// bits or indexes and hand them out of a universe: the array of the enum's
// constants that Class.getEnumConstantsShared gets by calling the enum's
// values() through Method.invoke (Class.getEnumConstants and Enum.valueOf
// read it too). Reflection the analyses do not follow: without a model,
// iterating any EnumSet or EnumMap's keys gave nothing, and an enum
// named only by EnumSet.allOf(E.class) was never initialised.
//
// The model: once getEnumConstantsShared is reached, it calls values() of
// every enum whose Class object may exist, which the Class object alone
// does not tell (one object stands for every class): every initialised
// enum (its constants exist, their getDeclaringClass() is its Class), and
// every enum a reached class literal names (the call initialises it).
// An enum's Class object from Class.forName is reflection left to the
// reflection model and logs.

// EnumConstantsShared is the method the model hooks.
const EnumConstantsShared = "java/lang/Class.getEnumConstantsShared()[Ljava/lang/Object;"

// EnumConstantsSharedOf returns h's getEnumConstantsShared, nil if none.
func EnumConstantsSharedOf(h *hierarchy.Hierarchy) *hierarchy.Method {
	if c := h.Lookup("java/lang/Class"); c != nil {
		return c.DeclaredMethod("getEnumConstantsShared", "()[Ljava/lang/Object;")
	}
	return nil
}

// IsEnumType reports whether c is an enum type as Class.isEnum tells:
// ACC_ENUM and a direct subclass of Enum (a constant's class body has the
// flag too, but getEnumConstantsShared of it is null).
func IsEnumType(c *hierarchy.Class) bool {
	return c != nil && c.IsEnum() && c.Super != nil && c.Super.Name == "java/lang/Enum"
}

// EnumValues returns enum c's static values() method, nil if it has none.
func EnumValues(c *hierarchy.Class) *hierarchy.Method {
	m := c.DeclaredMethod("values", "()[L"+c.Name+";")
	if m == nil || !m.IsStatic() {
		return nil
	}
	return m
}

// LiteralClass returns the class that a class literal names (string ref of
// sym's pool) for Universes.Literal; nil for a class the link left out
// that is not an enum, which the model has no use for and whose lookup
// would make the linker link the program again in full.
func LiteralClass(p *link.Program, sym *Symbols, ref int32) *hierarchy.Class {
	if left, enum := p.LeftOut(sym.Pool.StringAt(ref)); left && !enum {
		return nil
	}
	return sym.Class(ref)
}

// Universes is the model's state, shared by the engines: each hands it
// the class literals of the bodies it visits and tells it when
// getEnumConstantsShared is reached; handle makes one enum's values() a
// callee of getEnumConstantsShared.
type Universes struct {
	init   *Initializer
	handle func(*hierarchy.Class)
	active bool
	// Enums named by class literals before getEnumConstantsShared was
	// reached, in the order met.
	pending []*hierarchy.Class
	seen    map[int32]bool
}

// NewUniverses returns the model over init, which then tells it of every
// class initialised.
func NewUniverses(init *Initializer, handle func(*hierarchy.Class)) *Universes {
	u := &Universes{init: init, handle: handle, seen: map[int32]bool{}}
	init.onInit = u.inited
	return u
}

func (u *Universes) inited(c *hierarchy.Class) {
	if u.active && IsEnumType(c) {
		u.handle(c)
	}
}

// Literal records a reached class literal naming c.
func (u *Universes) Literal(c *hierarchy.Class) {
	switch {
	case !IsEnumType(c):
	case u.active:
		u.init.Init(c)
	case !u.seen[c.ID]:
		u.seen[c.ID] = true
		u.pending = append(u.pending, c)
	}
}

// Activate applies the model from now on: getEnumConstantsShared is
// reached.
func (u *Universes) Activate() {
	if u.active {
		return
	}
	u.active = true
	for _, c := range u.init.Inited() {
		if IsEnumType(c) {
			u.handle(c)
		}
	}
	for _, c := range u.pending {
		u.init.Init(c)
	}
	u.pending, u.seen = nil, nil
}

// Pending returns the enums named by class literals that wait for
// getEnumConstantsShared (a warm start stores them).
func (u *Universes) Pending() []*hierarchy.Class { return u.pending }

// Restore puts the model in a warm start's state: active if
// getEnumConstantsShared was reached (every initialised enum was handled
// then), else with the enums pending.
func (u *Universes) Restore(active bool, pending []*hierarchy.Class) {
	u.active = active
	if active {
		u.pending, u.seen = nil, nil
		return
	}
	for _, c := range pending {
		u.Literal(c)
	}
}
