package reach

import (
	"cmp"
	"slices"

	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/link"
	"github.com/rules-fragment/rules_fragment/tools/summary"
)

// Symbols resolves a program's pool references against its hierarchy
// (JVMS §5.4.3), caching every answer; shared by the call-graph engines.
// The caches are indexed by pool id, not maps: a JFlex RTA link resolves
// 77 k method references, and a map spent more on hashing and growing
// than resolution did.
type Symbols struct {
	H    *hierarchy.Hierarchy
	Pool *summary.Pool

	classes cache[*hierarchy.Class] // pool string id → class
	methods cache[Resolution]       // pool method ref id → resolution
	fields  cache[*hierarchy.Field] // pool field ref id → resolved field
}

// cache holds answers by pool id: at[id] is 1 + the answer's index.
type cache[T any] struct {
	at      []int32
	answers []T
}

// get returns the answer for id, if any.
func (c *cache[T]) get(id int32) (T, bool) {
	if id >= 0 && int(id) < len(c.at) {
		if i := c.at[id]; i > 0 {
			return c.answers[i-1], true
		}
	}
	var zero T
	return zero, false
}

// put records the answer for id; n is the number of ids in the pool.
func (c *cache[T]) put(id int32, v T, n int) {
	if id < 0 {
		return
	}
	if m := max(n, int(id)+1); m > len(c.at) {
		c.at = append(c.at, make([]int32, m-len(c.at))...)
	}
	c.answers = append(c.answers, v)
	c.at[id] = int32(len(c.answers))
}

// Resolution is a resolved method reference: the referenced class, the
// resolved method, or the JVM error that resolution would raise.
type Resolution struct {
	Class *hierarchy.Class
	M     *hierarchy.Method
	Err   string
}

// NewSymbols returns the resolver of p.
func NewSymbols(p *link.Program) *Symbols {
	return &Symbols{H: p.Hierarchy, Pool: p.Pool}
}

// Class returns the class named by pool string ref (a phantom if absent).
func (s *Symbols) Class(ref int32) *hierarchy.Class {
	if c, ok := s.classes.get(ref); ok {
		return c
	}
	c := s.H.LookupOrPhantom(s.Pool.StringAt(ref))
	s.classes.put(ref, c, s.Pool.NumStrings())
	return c
}

// Method resolves method reference ref (JVMS §5.4.3.3/4).
func (s *Symbols) Method(ref int32) Resolution {
	if r, ok := s.methods.get(ref); ok {
		return r
	}
	mr := s.Pool.MethodAt(ref)
	c := s.Class(mr.Class)
	r := Resolution{Class: c}
	var err error
	if mr.Interface {
		r.M, err = s.H.ResolveInterfaceMethod(c, s.Pool.StringAt(mr.Name), s.Pool.StringAt(mr.Desc))
	} else {
		r.M, err = s.H.ResolveMethod(c, s.Pool.StringAt(mr.Name), s.Pool.StringAt(mr.Desc))
	}
	if err != nil {
		r.Err = err.Error()
	}
	s.methods.put(ref, r, s.Pool.NumMethods())
	return r
}

// Field resolves field reference ref (JVMS §5.4.3.2); nil if it does not
// resolve.
func (s *Symbols) Field(ref int32) *hierarchy.Field {
	if f, ok := s.fields.get(ref); ok {
		return f
	}
	fr := s.Pool.FieldAt(ref)
	f, err := s.H.ResolveField(s.Class(fr.Class), s.Pool.StringAt(fr.Name), s.Pool.StringAt(fr.Desc))
	if err != nil {
		f = nil
	}
	s.fields.put(ref, f, s.Pool.NumFields())
	return f
}

// Initializer runs class initialisers when their classes are initialised
// (JVMS §5.5): a class's superclasses first, and the superinterfaces that
// declare default methods.
type Initializer struct {
	h      *hierarchy.Hierarchy
	inited map[int32]bool
	reach  func(*hierarchy.Method)
	onInit func(*hierarchy.Class) // the enum universes' (enums.go), if any
}

// NewInitializer calls reach with the <clinit> of every class initialised.
func NewInitializer(h *hierarchy.Hierarchy, reach func(*hierarchy.Method)) *Initializer {
	return &Initializer{h: h, inited: map[int32]bool{}, reach: reach}
}

// Init initialises c.
func (in *Initializer) Init(c *hierarchy.Class) {
	if c == nil || c.IsArray() || in.inited[c.ID] {
		return
	}
	in.inited[c.ID] = true
	if !c.IsInterface() {
		in.Init(c.Super)
		for _, i := range in.h.Superinterfaces(c) {
			if declaresDefault(i) {
				in.Init(i)
			}
		}
	}
	if m := c.DeclaredMethod("<clinit>", "()V"); m != nil {
		in.reach(m)
	}
	if in.onInit != nil {
		in.onInit(c)
	}
}

func declaresDefault(c *hierarchy.Class) bool {
	for _, m := range c.Methods {
		if !m.IsAbstract() && !m.IsStatic() && !m.IsPrivate() {
			return true
		}
	}
	return false
}

// Inited returns the classes initialised so far, by name (ids of classes
// made after Build follow the order of concurrent loading).
func (in *Initializer) Inited() []*hierarchy.Class {
	out := make([]*hierarchy.Class, 0, len(in.inited))
	for id := range in.inited {
		out = append(out, in.h.Class(id))
	}
	slices.SortFunc(out, func(a, b *hierarchy.Class) int { return cmp.Compare(a.Name, b.Name) })
	return out
}

// MarkInited records c as initialised without running anything (a warm
// start restores what an earlier run initialised).
func (in *Initializer) MarkInited(c *hierarchy.Class) { in.inited[c.ID] = true }
