package link

import (
	"strings"

	"github.com/rules-fragment/rules_fragment/tools/classfile"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/ir"
	"github.com/rules-fragment/rules_fragment/tools/summary"
)

const constString = uint8(ir.ConstString)

// alloc adds an allocation-like statement (its Dst is filled in) whose
// object the client then holds.
func (f *fragment) alloc(s summary.Stmt) int32 {
	s.Dst, s.Src, s.Base = f.main.newVar(), -1, -1
	f.main.add(s)
	f.main.escape(s.Dst)
	f.stats.Allocations++
	return s.Dst
}

// construct adds "o = new c; o.<init>(args)" to main.
func (f *fragment) construct(c *hierarchy.Class, ctor *hierarchy.Method) {
	k := "new " + c.Name + ctor.Desc
	if f.seen[k] {
		return
	}
	f.seen[k] = true
	o := f.alloc(summary.Stmt{Op: summary.OpNew, Ref: f.p.Pool.String(c.Name)})
	f.main.add(summary.Stmt{Op: summary.OpCall, Kind: summary.CallSpecial, Dst: -1, Src: -1, Base: o,
		Ref: f.p.Pool.Method(c.Name, ctor.Name, ctor.Desc, false), Args: f.main.args(ctor.Desc)})
}

// call adds a client call of m with c as the referenced class to main.
func (f *fragment) call(c *hierarchy.Class, m *hierarchy.Method) {
	k := c.Name + "." + m.Name + m.Desc
	if f.seen[k] {
		return
	}
	f.seen[k] = true
	f.stats.Calls++
	s := summary.Stmt{Op: summary.OpCall, Kind: summary.CallVirtual, Dst: -1, Src: -1, Base: -1,
		Ref: f.p.Pool.Method(c.Name, m.Name, m.Desc, c.IsInterface()), Args: f.main.args(m.Desc)}
	switch {
	case m.IsStatic():
		s.Kind = summary.CallStatic
	case c.IsInterface():
		s.Kind, s.Base = summary.CallInterface, f.main.cast(c.Name)
	default:
		s.Base = f.main.cast(c.Name)
	}
	if returnsRef(m.Desc) {
		s.Dst = f.main.newVar()
	}
	f.main.add(s)
	f.main.escape(s.Dst)
}

// fieldAccess adds a client's reads and writes of field fd of c to main.
func (f *fragment) fieldAccess(c *hierarchy.Class, fd *hierarchy.Field) {
	ref := f.p.Pool.Field(c.Name, fd.Name, fd.Desc)
	t := descClass(fd.Desc)
	load := summary.Stmt{Op: summary.OpLoad, Dst: -1, Src: -1, Base: -1, Ref: ref}
	store := summary.Stmt{Op: summary.OpStore, Dst: -1, Src: -1, Base: -1, Ref: ref}
	if fd.IsStatic() {
		load.Op, store.Op = summary.OpStaticLoad, summary.OpStaticStore
	} else {
		load.Base = f.main.cast(c.Name)
		store.Base = load.Base
	}
	if t != "" {
		load.Dst = f.main.newVar()
		store.Src = f.main.cast(t)
	}
	f.main.add(load)
	f.main.escape(load.Dst)
	f.stats.FieldAccess++
	if !fd.IsFinal() {
		f.main.add(store)
		f.stats.FieldAccess++
	}
}

// subclassCanCall reports whether a client subclass of c can call its
// constructor ctor.
func (f *fragment) subclassCanCall(c *hierarchy.Class, ctor *hierarchy.Method) bool {
	return ctor.IsPublic() || ctor.IsProtected() || (f.opts.SplitPackages && unnamed(c) && !ctor.IsPrivate())
}

// extensible reports whether a client can declare a subclass of c (or
// implement interface c).
func (f *fragment) extensible(c *hierarchy.Class) bool {
	if !f.visible(c) || c.Synthetic || c.IsFinal() || len(c.PermittedSubclasses) > 0 {
		return false
	}
	if c.IsInterface() {
		return true
	}
	for _, m := range c.Methods {
		if m.IsConstructor() && f.subclassCanCall(c, m) {
			return true
		}
	}
	return false
}

// subclass adds the placeholder client classes of c, when a client can
// extend c, and their instantiations to main: PlaceholderPackage+c
// implements c's abstract methods and keeps all inherited code, and
// OverridingPackage+c extends it and overrides every other method a
// client class can override. Dispatch to an abstract method thus has one
// client target, and dispatch to a concrete one both the inherited code
// and the client's.
func (f *fragment) subclass(c *hierarchy.Class) {
	if f.subOf[c.ID] || !f.extensible(c) {
		return
	}
	f.subOf[c.ID] = true
	base := f.placeholderName(PlaceholderPackage, c)
	abstract, concrete := f.overridable(c, packageOf(base))
	f.variant(base, c, c, abstract)
	f.variant(f.placeholderName(OverridingPackage, c), c, nil, concrete)
}

// placeholderName names a placeholder class of c in package pkg, or in c's
// own package when clients may split packages.
func (f *fragment) placeholderName(pkg string, c *hierarchy.Class) string {
	if f.opts.SplitPackages && unnamed(c) {
		return c.Name + placeholderSuffix[pkg]
	}
	return pkg + c.Name
}

// variant adds placeholder client class name that overrides methods.
// It extends or implements c when ext is c; otherwise (ext nil) it
// extends the base placeholder class of c, whose constructors mirror c's.
func (f *fragment) variant(name string, c, ext *hierarchy.Class, methods []*hierarchy.Method) {
	spec := &hierarchy.ClassSpec{Name: name, Access: classfile.AccPublic | classfile.AccSuper | classfile.AccSynthetic, Synthetic: true}
	bodies := map[string]*summary.Body{}
	add := func(ms hierarchy.MethodSpec, b *summary.Body) {
		spec.Methods = append(spec.Methods, ms)
		bodies[ms.Name+ms.Desc] = b
	}
	// Constructors: those of c a subclass can call (an interface's
	// implementation calls Object's).
	ctorOwner := c
	if c.IsInterface() {
		ctorOwner = f.h.Object()
	}
	super := c.Name
	switch {
	case ext == nil:
		super = f.placeholderName(PlaceholderPackage, c)
		spec.Super = super
	case c.IsInterface():
		spec.Interfaces = []string{c.Name}
		super = ctorOwner.Name
	default:
		spec.Super = c.Name
	}
	for _, m := range ctorOwner.Methods {
		if !m.IsConstructor() || (!c.IsInterface() && !f.subclassCanCall(c, m)) || (c.IsInterface() && m.Desc != "()V") {
			continue
		}
		b := newBodyBuilder(f.p.Pool, m.Desc, false)
		b.add(summary.Stmt{Op: summary.OpCall, Kind: summary.CallSpecial, Dst: -1, Src: -1, Base: b.b.Params[0],
			Ref: f.p.Pool.Method(super, m.Name, m.Desc, false), Args: b.b.Params[1:]})
		b.escapeParams()
		add(hierarchy.MethodSpec{Name: m.Name, Desc: m.Desc, Access: classfile.AccPublic}, b.body())
	}
	// A client method hands its arguments to the client and returns or
	// throws anything the client holds.
	for _, m := range methods {
		b := newBodyBuilder(f.p.Pool, m.Desc, false)
		b.escapeParams()
		if returnsRef(m.Desc) {
			_, ret, _ := classfile.ParseMethodDescriptor(m.Desc)
			b.add(summary.Stmt{Op: summary.OpReturn, Dst: -1, Src: b.cast(descClass(ret)), Base: -1, Ref: -1})
		}
		b.add(summary.Stmt{Op: summary.OpThrow, Dst: -1, Src: b.cast("java/lang/Throwable"), Base: -1, Ref: -1})
		add(hierarchy.MethodSpec{Name: m.Name, Desc: m.Desc, Access: m.Access & (classfile.AccPublic | classfile.AccProtected)}, b.body())
		f.stats.Overrides++
	}
	f.specs = append(f.specs, synthClass{spec: spec, bodies: bodies})
	f.stats.Subclasses++
	// Main instantiates the class through each constructor; a hierarchy
	// class for it exists only after the rebuild, so the statements name it.
	for _, ms := range spec.Methods {
		if ms.Name == "<init>" {
			o := f.alloc(summary.Stmt{Op: summary.OpNew, Ref: f.p.Pool.String(name)})
			f.main.add(summary.Stmt{Op: summary.OpCall, Kind: summary.CallSpecial, Dst: -1, Src: -1, Base: o,
				Ref: f.p.Pool.Method(name, ms.Name, ms.Desc, false), Args: f.main.args(ms.Desc)})
		}
	}
}

// overridable returns the methods that a client class in package pkg
// extending or implementing c can override, split into abstract and
// concrete ones: instance methods of c, its superclasses and its
// superinterfaces, the first declaration of each selector along the
// superclass chain and then the interfaces, unless final or
// package-private in another package.
func (f *fragment) overridable(c *hierarchy.Class, pkg string) (abstract, concrete []*hierarchy.Method) {
	seen := map[string]bool{}
	consider := func(m *hierarchy.Method) {
		if m.IsStatic() || m.IsPrivate() || m.IsConstructor() || m.IsClassInit() {
			return
		}
		if m.IsPackagePrivate() && m.Class.Package() != pkg {
			return // not overridable from another package (JVMS §5.4.5)
		}
		k := m.Name + m.Desc
		if seen[k] {
			return
		}
		seen[k] = true
		switch {
		case m.IsFinal():
		case m.IsAbstract():
			abstract = append(abstract, m)
		default:
			concrete = append(concrete, m)
		}
	}
	for s := c; s != nil; s = s.Super {
		for _, m := range s.Methods {
			consider(m)
		}
	}
	for _, i := range f.h.Superinterfaces(c) {
		for _, m := range i.Methods {
			consider(m)
		}
	}
	return abstract, concrete
}

// openWorld adds the clients' use of the exported dependency API, and
// placeholder client classes keeping inherited code for the extensible
// exported dependency subtypes of the candidate types.
func (f *fragment) openWorld(candidates []*hierarchy.Class) {
	for _, c := range f.h.Classes() {
		if !f.p.IsClient(c) && !c.Synthetic && f.visible(c) {
			f.apiClass(c, nil)
		}
	}
	// Each class is looked at once: candidates repeat (every parameter
	// type of the API, java/lang/Object thousands of times), and a
	// candidate already looked at as a subtype of an earlier one has only
	// subtypes looked at too. Walking every candidate's subtypes made
	// Groovy's open-world fragment spend 42 of its 134 s here.
	var seen []bool // by class id
	look := func(c *hierarchy.Class) bool {
		if c.ID < 0 {
			return true
		}
		if int(c.ID) >= len(seen) {
			seen = append(seen, make([]bool, int(c.ID)+1-len(seen))...)
		}
		was := seen[c.ID]
		seen[c.ID] = true
		return !was
	}
	for _, t := range candidates {
		if t.ID >= 0 && int(t.ID) < len(seen) && seen[t.ID] {
			continue
		}
		for _, s := range f.h.Subtypes(t) {
			if look(s) && !f.subOf[s.ID] && !f.p.IsClient(s) && f.extensible(s) {
				f.subOf[s.ID] = true
				name := f.placeholderName(PlaceholderPackage, s)
				abstract, _ := f.overridable(s, packageOf(name))
				f.variant(name, s, s, abstract)
			}
		}
	}
}

func returnsRef(desc string) bool {
	i := strings.LastIndexByte(desc, ')')
	return i >= 0 && i+1 < len(desc) && (desc[i+1] == 'L' || desc[i+1] == '[')
}

func packageOf(name string) string {
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		return name[:i]
	}
	return ""
}

// bodyBuilder assembles a placeholder method body. All placeholder code
// shares the client's objects through the static field PlaceholderField;
// ph is this method's copy of it and casts narrow it to a type.
type bodyBuilder struct {
	pool  *summary.Pool
	b     summary.Body
	phVar int32
	casts map[string]int32
}

// newBodyBuilder starts a body with variables for the reference
// parameters of desc (and this, unless static).
func newBodyBuilder(pool *summary.Pool, desc string, static bool) *bodyBuilder {
	bb := &bodyBuilder{pool: pool, phVar: -1, casts: map[string]int32{}}
	if desc == "" {
		return bb
	}
	if !static {
		bb.b.Params = append(bb.b.Params, bb.newVar())
	}
	params, _, _ := classfile.ParseMethodDescriptor(desc)
	for _, t := range params {
		v := int32(-1)
		if descClass(t) != "" {
			v = bb.newVar()
		}
		bb.b.Params = append(bb.b.Params, v)
	}
	return bb
}

func (bb *bodyBuilder) newVar() int32 {
	bb.b.NumVars++
	return bb.b.NumVars - 1
}

// add appends s; calls and allocations get their statement index as site.
func (bb *bodyBuilder) add(s summary.Stmt) {
	switch s.Op {
	case summary.OpNew, summary.OpNewArray, summary.OpCall, summary.OpDynCall, summary.OpConcat:
		s.Site = int32(len(bb.b.Stmts))
	}
	bb.b.Stmts = append(bb.b.Stmts, s)
}

func (bb *bodyBuilder) field() int32 {
	return bb.pool.Field(PlaceholderMain, PlaceholderField, objectDesc)
}

// ph returns the variable holding the client's objects.
func (bb *bodyBuilder) ph() int32 {
	if bb.phVar < 0 {
		bb.phVar = bb.newVar()
		bb.add(summary.Stmt{Op: summary.OpStaticLoad, Dst: bb.phVar, Src: -1, Base: -1, Ref: bb.field()})
	}
	return bb.phVar
}

// escape hands v to the client (no-op for -1).
func (bb *bodyBuilder) escape(v int32) {
	if v >= 0 {
		bb.add(summary.Stmt{Op: summary.OpStaticStore, Dst: -1, Src: v, Base: -1, Ref: bb.field()})
	}
}

func (bb *bodyBuilder) escapeParams() {
	for _, v := range bb.b.Params {
		bb.escape(v)
	}
}

// cast returns a variable holding the client's objects of type t.
func (bb *bodyBuilder) cast(t string) int32 {
	if t == "java/lang/Object" {
		return bb.ph()
	}
	if v, ok := bb.casts[t]; ok {
		return v
	}
	v := bb.newVar()
	bb.casts[t] = v
	bb.add(summary.Stmt{Op: summary.OpCast, Dst: v, Src: bb.ph(), Base: -1, Ref: bb.pool.String(t)})
	return v
}

// args returns the argument variables of a call with descriptor desc.
func (bb *bodyBuilder) args(desc string) []int32 {
	params, _, _ := classfile.ParseMethodDescriptor(desc)
	if len(params) == 0 {
		return nil
	}
	out := make([]int32, len(params))
	for i, t := range params {
		out[i] = -1
		if c := descClass(t); c != "" {
			out[i] = bb.cast(c)
		}
	}
	return out
}

func (bb *bodyBuilder) body() *summary.Body {
	b := bb.b
	return &b
}
