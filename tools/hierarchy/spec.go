package hierarchy

import (
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/rules-fragment/rules_fragment/tools/classfile"
)

// ClassSpec describes a class without a class file: a class read back from
// a summary, or one synthesised for analysis (lambda proxies, placeholder
// clients). Its fields mirror Class.
type ClassSpec struct {
	Name, Super         string // Super "" means java/lang/Object (none for Object itself)
	Interfaces          []string
	Access              uint16
	Origin, Module      string
	Methods             []MethodSpec
	Fields              []FieldSpec
	NestHost            string
	NestMembers         []string
	PermittedSubclasses []string
	Synthetic           bool
}

// AddClass adds a class from its description. The first definition of a
// name wins, as in AddWithModule.
func (b *Builder) AddClass(s *ClassSpec) (added bool) { return b.addClass(s, false, nil, nil) }

// AddSharedClass is AddClass for a description whose strings are already
// shared, such as those of a summary's string table, which every class
// of the summary refers to: they are kept instead of interned, which
// saves a map probe per name when linking the JDK's 33,000 classes.
// With numbering set, sels[i] numbers the selector (name and descriptor)
// of s.Methods[i] in it: the Builder takes the numbering over (adopt)
// instead of looking up each selector (the JDK's 232 k methods have 99 k).
func (b *Builder) AddSharedClass(s *ClassSpec, numbering *Selectors, sels []int32) (added bool) {
	return b.addClass(s, true, numbering, sels)
}

// Selectors numbers method selectors (names and descriptors) for the
// shared class specs of one source, such as a summary: equal numbers stand
// for equal selectors. A persistent worker links a summary's classes again
// and again, and each link's Builder copies the numbering and its index
// at once (a map clone) instead of adding each selector. Safe for
// concurrent use.
type Selectors struct {
	mu    sync.Mutex
	index map[selKey]int32
	names []selKey
}

// NewSelectors returns an empty numbering.
func NewSelectors() *Selectors { return &Selectors{index: map[selKey]int32{}} }

// Number returns the number of the selector, numbering it if it is new.
func (s *Selectors) Number(name, desc string) int32 {
	s.mu.Lock()
	defer s.mu.Unlock()
	k := selKey{name, desc}
	n, ok := s.index[k]
	if !ok {
		n = int32(len(s.names))
		s.index[k] = n
		s.names = append(s.names, k)
	}
	return n
}

// sharedMethod is method for shared method m numbered n in numbering (if
// numbering is set).
func (b *Builder) sharedMethod(m MethodSpec, numbering *Selectors, n int) pendingMethod {
	if numbering == nil || n < 0 {
		return b.method(m.Name, m.Desc, m.Access, true)
	}
	r, ok := b.renumber[numbering]
	if !ok {
		r = b.adopt(numbering)
	}
	if n >= len(r) { // numbered since adopted
		r = slices.Grow(r, n+1-len(r))[:n+1]
		b.renumber[numbering] = r
	}
	if r[n] == 0 { // 0: not seen, else selector id + 1
		p := b.method(m.Name, m.Desc, m.Access, true)
		r[n] = p.sel + 1
		return p
	}
	k := b.selNames[r[n]-1]
	return pendingMethod{name: k.name, desc: k.desc, access: m.Access, sel: r[n] - 1}
}

// adopt returns how s's numbers map to b's selector ids. If s has more
// selectors than b, s's numbers become b's ids: b's selectors so far are
// renumbered after them (those of the client's classes, added first). A
// smaller numbering is mapped one selector at a time, as it is used.
func (b *Builder) adopt(s *Selectors) []int32 {
	if b.renumber == nil {
		b.renumber = map[*Selectors][]int32{}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.names) <= len(b.selNames) {
		r := make([]int32, len(s.names))
		b.renumber[s] = r
		return r
	}
	sels, names := maps.Clone(s.index), slices.Clone(s.names)
	ids := make([]int32, len(b.selNames)) // b's id → new id
	for i, k := range b.selNames {
		n, ok := sels[k]
		if !ok {
			n = int32(len(names))
			sels[k] = n
			names = append(names, k)
		}
		ids[i] = n
	}
	for _, p := range b.entries {
		for j := range p.methods {
			p.methods[j].sel = ids[p.methods[j].sel]
		}
	}
	for _, r := range b.renumber {
		for j, x := range r {
			if x > 0 {
				r[j] = ids[x-1] + 1
			}
		}
	}
	b.sels, b.selNames = sels, names
	r := make([]int32, len(s.names))
	for i := range r {
		r[i] = int32(i) + 1
	}
	b.renumber[s] = r
	return r
}

func (b *Builder) addClass(s *ClassSpec, shared bool, numbering *Selectors, sels []int32) (added bool) {
	if s.Name == "" || s.Name[0] == '[' || b.built != nil {
		return false
	}
	if _, dup := b.index[s.Name]; dup {
		b.dups++
		return false
	}
	super := s.Super
	if super == "" && s.Name != objectName {
		super = objectName
	}
	p := &pending{
		name:        s.Name,
		super:       super,
		ifaces:      s.Interfaces,
		access:      s.Access,
		origin:      s.Origin,
		module:      s.Module,
		nestHost:    s.NestHost,
		nestMembers: s.NestMembers,
		permitted:   s.PermittedSubclasses,
		synthetic:   s.Synthetic,
	}
	if !shared {
		p.name, p.super, p.origin, p.module, p.nestHost = b.intern(p.name), b.intern(p.super), b.intern(p.origin), b.intern(p.module), b.intern(p.nestHost)
		p.ifaces, p.nestMembers, p.permitted = b.internAll(p.ifaces), b.internAll(p.nestMembers), b.internAll(p.permitted)
	}
	if len(s.Methods) > 0 {
		p.methods = make([]pendingMethod, len(s.Methods))
		for i, m := range s.Methods {
			switch {
			case shared && i < len(sels):
				p.methods[i] = b.sharedMethod(m, numbering, int(sels[i]))
			case shared:
				p.methods[i] = b.sharedMethod(m, nil, -1)
			default:
				p.methods[i] = b.method(m.Name, m.Desc, m.Access, false)
			}
		}
	}
	if len(s.Fields) > 0 {
		p.fields = make([]FieldSpec, len(s.Fields))
		for i, f := range s.Fields {
			if shared {
				p.fields[i] = f
			} else {
				p.fields[i] = b.field(f.Name, f.Desc, f.Access)
			}
		}
	}
	b.index[p.name] = len(b.entries)
	b.entries = append(b.entries, p)
	return true
}

// SpecOf describes a defined class of a hierarchy so that another Builder
// can add it again (AddClass); phantoms and arrays have no description.
func SpecOf(c *Class) *ClassSpec {
	if c == nil || c.Phantom || c.IsArray() {
		return nil
	}
	s := &ClassSpec{
		Name:                c.Name,
		Interfaces:          make([]string, len(c.Interfaces)),
		Access:              c.Access,
		Origin:              c.Origin,
		NestHost:            c.NestHost,
		NestMembers:         c.NestMembers,
		PermittedSubclasses: c.PermittedSubclasses,
		Synthetic:           c.Synthetic,
		Methods:             make([]MethodSpec, len(c.Methods)),
		Fields:              make([]FieldSpec, len(c.Fields)),
	}
	if c.Super != nil {
		s.Super = c.Super.Name
	}
	if c.Module != nil {
		s.Module = c.Module.Name
	}
	for i, k := range c.Interfaces {
		s.Interfaces[i] = k.Name
	}
	for i, m := range c.Methods {
		s.Methods[i] = MethodSpec{Name: m.Name, Desc: m.Desc, Access: m.Access}
	}
	for i, f := range c.Fields {
		s.Fields[i] = FieldSpec{Name: f.Name, Desc: f.Desc, Access: f.Access}
	}
	return s
}

// AddModule adds a module descriptor given as a Module value (for example
// one read back from a summary); only the exported fields are used and
// Defined is taken as given. The first definition of a name wins.
func (b *Builder) AddModule(m *Module) (added bool) {
	if m == nil || m.Name == "" || b.built != nil {
		return false
	}
	if _, dup := b.modules[m.Name]; dup {
		b.dups++
		return false
	}
	c := &Module{
		Name:     b.intern(m.Name),
		Version:  b.intern(m.Version),
		Defined:  m.Defined,
		Open:     m.Open,
		Origin:   b.intern(m.Origin),
		Exports:  slices.Compact(slices.Sorted(slices.Values(b.internAll(m.Exports)))),
		Requires: b.internAll(m.Requires),
		Packages: slices.Sorted(slices.Values(b.internAll(m.Packages))),
	}
	for _, pkg := range sortedKeys(m.QualifiedExports) {
		if c.QualifiedExports == nil {
			c.QualifiedExports = make(map[string][]string)
		}
		c.QualifiedExports[b.intern(pkg)] = b.internAll(m.QualifiedExports[pkg])
	}
	for _, svc := range sortedKeys(m.Provides) {
		if c.Provides == nil {
			c.Provides = make(map[string][]string)
		}
		c.Provides[b.intern(svc)] = b.internAll(m.Provides[svc])
	}
	b.modules[c.Name] = c
	return true
}

func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	slices.SortFunc(ks, strings.Compare)
	return ks
}

// isModuleInfo reports whether cf is a module descriptor.
func isModuleInfo(cf *classfile.ClassFile) bool {
	return cf.Access&classfile.AccModule != 0 || cf.Module != nil
}
