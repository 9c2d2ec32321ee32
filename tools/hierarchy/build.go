package hierarchy

import (
	"maps"
	"slices"
	"strings"

	"github.com/rules-fragment/rules_fragment/tools/classfile"
)

// MethodSpec describes a method of a synthetic class.
type MethodSpec struct {
	Name, Desc string
	Access     uint16
}

// FieldSpec describes a field of a synthetic class.
type FieldSpec struct {
	Name, Desc string
	Access     uint16
}

// pendingMethod is a method with its interned selector.
type pendingMethod struct {
	name, desc string
	access     uint16
	sel        int32
}

// pending is a class definition waiting for Build. Strings are interned
// copies, so the Builder does not keep class-file bytes alive.
type pending struct {
	name, super    string
	ifaces         []string
	access         uint16
	origin, module string
	methods        []pendingMethod
	fields         []FieldSpec
	nestHost       string
	sourceFile     string
	nestMembers    []string
	permitted      []string
	synthetic      bool
}

// Builder collects class definitions. It is not safe for concurrent use.
// The zero value is not usable; call NewBuilder.
type Builder struct {
	entries []*pending
	index   map[string]int
	dups    int
	modules map[string]*Module
	// services are the class path's provider configurations (services.go).
	services map[string][]string
	strs     map[string]string
	// sels interns method selectors while adding: one map probe per
	// method both canonicalises its name and descriptor and gives the
	// dense selector id. Selector ids are internal and never ordered by,
	// so their dependence on Add order does not leak.
	sels     map[selKey]int32
	selNames []selKey // by selector id
	// renumber maps the selector numberings of shared classes to selector
	// ids (AddSharedClass).
	renumber map[*Selectors][]int32
	omitted  func(name string) bool
	built    *Hierarchy
}

// SetOmitted tells the hierarchy which names its inputs define but were
// left out of it on purpose (classes a program cannot reach, see
// link.Options.OnlyReferenced). Looking one of them up finds nothing, as
// for any unknown name, and is recorded (OmittedLookups), so that a caller
// can tell whether leaving them out could have changed an answer.
func (b *Builder) SetOmitted(omitted func(name string) bool) { b.omitted = omitted }

// NewBuilder returns an empty Builder.
func NewBuilder() *Builder {
	return &Builder{
		index:   make(map[string]int),
		modules: make(map[string]*Module),
		strs:    make(map[string]string),
		sels:    make(map[selKey]int32),
	}
}

// Grow prepares b for about classes more classes with methods methods in
// all, so that adding them does not grow its maps step by step (a link
// adds 5 k of the JDK's classes with 55 k methods at once: 10% faster).
// A map is made again only for at least as many entries as it has: a
// smaller addition to a large map (a library's after the JDK's) would
// copy more than it saves.
func (b *Builder) Grow(classes, methods int) {
	if classes >= len(b.index) {
		g := make(map[string]int, len(b.index)+classes)
		maps.Copy(g, b.index)
		b.index = g
	}
	b.entries = slices.Grow(b.entries, classes)
	// About two methods per selector, and a name or descriptor per selector.
	if methods/2 >= len(b.sels) {
		sels := make(map[selKey]int32, len(b.sels)+methods/2)
		maps.Copy(sels, b.sels)
		b.sels = sels
	}
	b.selNames = slices.Grow(b.selNames, methods/2)
	if methods/2 >= len(b.strs) {
		strs := make(map[string]string, len(b.strs)+methods/2)
		maps.Copy(strs, b.strs)
		b.strs = strs
	}
}

// intern returns a canonical copy of s. Interning decouples the hierarchy
// from class-file bytes (classfile strings alias them) and makes equal
// descriptors share memory.
func (b *Builder) intern(s string) string {
	if s == "" {
		return ""
	}
	if t, ok := b.strs[s]; ok {
		return t
	}
	s = strings.Clone(s)
	b.strs[s] = s
	return s
}

// method returns the pending form of a method, interning its selector:
// its strings too, unless shared (AddSharedClass).
func (b *Builder) method(name, desc string, access uint16, shared bool) pendingMethod {
	k := selKey{name, desc}
	sel, ok := b.sels[k]
	if !ok {
		if !shared {
			k = selKey{b.intern(name), b.intern(desc)}
		}
		sel = int32(len(b.selNames))
		b.sels[k] = sel
		b.selNames = append(b.selNames, k)
	}
	k = b.selNames[sel]
	return pendingMethod{name: k.name, desc: k.desc, access: access, sel: sel}
}

// field returns the field spec with interned strings.
func (b *Builder) field(name, desc string, access uint16) FieldSpec {
	return FieldSpec{Name: b.intern(name), Desc: b.intern(desc), Access: access}
}

func (b *Builder) internAll(ss []string) []string {
	if len(ss) == 0 {
		return nil
	}
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = b.intern(s)
	}
	return out
}

// Add adds a parsed class in the unnamed module; see AddWithModule.
func (b *Builder) Add(cf *classfile.ClassFile, origin string) (added bool) {
	return b.AddWithModule(cf, origin, "")
}

// AddWithModule adds a parsed class belonging to the named module ("" for
// the unnamed module). The first definition of a name wins; later ones are
// ignored, counted, and reported as added == false. A module-info class
// (ACC_MODULE) records its module instead of defining a class; the first
// module-info of a module name wins. Add module-infos only for modules on
// the module path: on the class path the JVM ignores them. The ClassFile
// is not retained.
func (b *Builder) AddWithModule(cf *classfile.ClassFile, origin, module string) (added bool) {
	if cf == nil || b.built != nil {
		return false
	}
	if isModuleInfo(cf) {
		return b.addModule(cf, origin)
	}
	if cf.Name == "" || cf.Name[0] == '[' {
		return false
	}
	if _, dup := b.index[cf.Name]; dup {
		b.dups++
		return false
	}
	p := &pending{
		name:        b.intern(cf.Name),
		super:       b.intern(cf.Super),
		ifaces:      b.internAll(cf.Interfaces),
		access:      cf.Access,
		origin:      b.intern(origin),
		module:      b.intern(module),
		nestHost:    b.intern(cf.NestHost),
		sourceFile:  b.intern(cf.SourceFile),
		nestMembers: b.internAll(cf.NestMembers),
		permitted:   b.internAll(cf.PermittedSubclasses),
	}
	if len(cf.Methods) > 0 {
		p.methods = make([]pendingMethod, len(cf.Methods))
		for i := range cf.Methods {
			m := &cf.Methods[i]
			p.methods[i] = b.method(m.Name, m.Desc, m.Access, false)
		}
	}
	if len(cf.Fields) > 0 {
		p.fields = make([]FieldSpec, len(cf.Fields))
		for i := range cf.Fields {
			f := &cf.Fields[i]
			p.fields[i] = b.field(f.Name, f.Desc, f.Access)
		}
	}
	b.index[p.name] = len(b.entries)
	b.entries = append(b.entries, p)
	return true
}

// AddSynthetic adds a class that has no class file, such as a lambda proxy
// class the IR builder synthesises. super "" means java/lang/Object (for
// java/lang/Object itself, no superclass). Duplicate names are ignored and
// counted as in Add.
func (b *Builder) AddSynthetic(name, super string, interfaces []string, access uint16, methods []MethodSpec, fields []FieldSpec) (added bool) {
	return b.AddClass(&ClassSpec{Name: name, Super: super, Interfaces: interfaces, Access: access, Methods: methods, Fields: fields, Synthetic: true})
}

// Build links the classes and returns the hierarchy. The Builder must not
// be used afterwards; calling Build again returns the same Hierarchy.
func (b *Builder) Build() *Hierarchy {
	if b.built != nil {
		return b.built
	}
	h := newLinker(b).link()
	h.omitted = b.omitted
	h.cpServices = b.services
	b.built = h
	b.entries, b.index, b.strs, b.sels, b.selNames, b.renumber = nil, nil, nil, nil, nil, nil
	return h
}
