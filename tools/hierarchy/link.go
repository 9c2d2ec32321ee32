package hierarchy

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/rules-fragment/rules_fragment/tools/classfile"
)

// Phantom reference kinds, to infer whether a phantom is an interface.
const (
	refAsSuper     = 1
	refAsInterface = 2
)

// linker turns a Builder's definitions into a Hierarchy. Every loop runs
// in id order so that the result is a function of the set of definitions.
type linker struct {
	b       *Builder
	h       *Hierarchy
	classes []*Class
	byName  map[string]*Class
	pend    []*pending // by class id; nil for phantoms
	pkgs    map[string]string
}

func newLinker(b *Builder) *linker {
	return &linker{b: b, pkgs: make(map[string]string)}
}

// validRef reports whether a supertype name can name a class. Array names
// cannot be supertypes; they are malformed input.
func validRef(name string) bool { return name != "" && name[0] != '[' }

func (l *linker) link() *Hierarchy {
	l.h = &Hierarchy{
		lateSels:       make(map[selKey]int32),
		phantomMethods: make(map[memberKey]*Method),
		phantomFields:  make(map[memberKey]*Field),
		omitted:        l.b.omitted,
	}
	l.createClasses()
	l.createMembers()
	l.linkSupertypes()
	l.breakCycles()
	l.numberTree()
	l.computeInterfaces()
	l.computeSubtypes()
	l.attachModules()
	l.countStats()
	l.h.pkgs = l.pkgs
	return l.h
}

func (l *linker) pkg(name string) string {
	p := packageOf(name)
	if q, ok := l.pkgs[p]; ok {
		return q
	}
	l.pkgs[p] = p
	return p
}

// createClasses allocates one Class per defined or referenced name, in
// sorted-name order.
func (l *linker) createClasses() {
	b := l.b
	refs := make(map[string]uint8)
	note := func(name string, kind uint8) {
		if !validRef(name) {
			return
		}
		if _, def := b.index[name]; !def {
			refs[name] |= kind
			// A supertype left out (Builder.SetOmitted) would be a
			// phantom: that is a lookup too.
			l.h.noteMiss(name)
		}
	}
	for _, p := range b.entries {
		if p.name == objectName {
			continue // its supertypes are ignored with an error
		}
		note(p.super, refAsSuper)
		for _, i := range p.ifaces {
			note(i, refAsInterface)
		}
	}
	note(objectName, refAsSuper)

	names := make([]string, 0, len(b.entries)+len(refs))
	for _, p := range b.entries {
		names = append(names, p.name)
	}
	for n := range refs {
		names = append(names, n)
	}
	sort.Strings(names) // determinism: ids never depend on map or Add order

	slab := make([]Class, len(names))
	l.classes = make([]*Class, len(names))
	l.byName = make(map[string]*Class, len(names))
	l.pend = make([]*pending, len(names))
	for i, n := range names {
		c := &slab[i]
		c.ID = int32(i)
		c.Name = n
		c.pkg = l.pkg(n)
		l.classes[i] = c
		l.byName[n] = c
		if idx, ok := b.index[n]; ok {
			p := b.entries[idx]
			l.pend[i] = p
			c.Access = p.access
			c.Origin = p.origin
			c.Synthetic = p.synthetic
			c.NestHost = p.nestHost
			c.SourceFile = p.sourceFile
			c.NestMembers = p.nestMembers
			c.PermittedSubclasses = p.permitted
		} else {
			c.Phantom = true
			if refs[n] == refAsInterface {
				c.Access = classfile.AccInterface | classfile.AccAbstract
			}
		}
	}
	l.h.classes = l.classes
	l.h.byName = l.byName
	l.h.object = l.byName[objectName]
}

// createMembers numbers methods and fields in class-id, then declaration,
// order.
func (l *linker) createMembers() {
	nm, nf := 0, 0
	for _, p := range l.pend {
		if p != nil {
			nm += len(p.methods)
			nf += len(p.fields)
		}
	}
	mslab := make([]Method, nm)
	l.h.methods = make([]*Method, nm)
	sels := make([]int32, nm)
	fslab := make([]Field, nf)
	l.h.fields = make([]*Field, nf)
	l.h.sels = l.b.sels
	mi, fi := 0, 0
	for id, p := range l.pend {
		if p == nil {
			continue
		}
		c := l.classes[id]
		polyClass := c.Name == "java/lang/invoke/MethodHandle" || c.Name == "java/lang/invoke/VarHandle"
		c.Methods = l.h.methods[mi : mi+len(p.methods) : mi+len(p.methods)]
		c.msel = sels[mi : mi+len(p.methods) : mi+len(p.methods)]
		for j, spec := range p.methods {
			m := &mslab[mi]
			*m = Method{ID: int32(mi), Class: c, Name: spec.name, Desc: spec.desc, Access: spec.access, Index: int32(j), sel: spec.sel}
			// JVMS §2.9.3: the flags and the single Object[] parameter make a
			// MethodHandle or VarHandle method signature polymorphic.
			const polyFlags = classfile.AccNative | classfile.AccVarargs
			if polyClass && spec.access&polyFlags == polyFlags && strings.HasPrefix(spec.desc, "([Ljava/lang/Object;)") {
				m.sigPoly = true
				c.hasSigPoly = true
			}
			l.h.methods[mi] = m
			c.msel[j] = spec.sel
			mi++
		}
		c.Fields = l.h.fields[fi : fi+len(p.fields) : fi+len(p.fields)]
		for j, spec := range p.fields {
			f := &fslab[fi]
			*f = Field{ID: int32(fi), Class: c, Name: spec.Name, Desc: spec.Desc, Access: spec.Access, Index: int32(j)}
			l.h.fields[fi] = f
			fi++
		}
	}
}

func (c *Class) addError(format string, args ...any) {
	c.Errors = append(c.Errors, fmt.Sprintf(format, args...))
}

// linkSupertypes sets Super and Interfaces, repairing malformed input so
// that every class except java/lang/Object reaches it through Super.
func (l *linker) linkSupertypes() {
	obj := l.h.object
	for id, c := range l.classes {
		p := l.pend[id]
		if c == obj {
			if p != nil && p.super != "" {
				c.addError("java/lang/Object declares superclass %s; ignored", p.super)
			}
			if p != nil && len(p.ifaces) > 0 {
				c.addError("java/lang/Object declares superinterfaces; ignored")
			}
			continue
		}
		c.Super = obj
		if p == nil {
			continue // phantom: superclass unknown, treated as Object
		}
		switch s := l.byName[p.super]; {
		case p.super == "":
			c.addError("no superclass; using java/lang/Object")
		case s == nil:
			c.addError("invalid superclass name %q; using java/lang/Object", p.super)
		case c.IsInterface() && s != obj:
			c.addError("interface has superclass %s, not java/lang/Object; using java/lang/Object", p.super)
		case s.IsInterface() && !s.Phantom:
			c.addError("superclass %s is an interface; using java/lang/Object", p.super)
		default:
			c.Super = s
		}
		for _, n := range p.ifaces {
			i := l.byName[n]
			switch {
			case i == nil:
				c.addError("invalid superinterface name %q; ignored", n)
			case !i.IsInterface() && !i.Phantom:
				c.addError("superinterface %s is not an interface; ignored", n)
			case slices.Contains(c.Interfaces, i):
				c.addError("superinterface %s listed twice", n)
			default:
				c.Interfaces = append(c.Interfaces, i)
			}
		}
	}
}

// breakCycles finds supertype cycles (only malformed input has them) with
// an iterative depth-first search and drops the edge that closes each one:
// a superclass edge is redirected to java/lang/Object, which has no
// outgoing edges and so cannot be on a cycle; an interface edge is removed.
func (l *linker) breakCycles() {
	const (
		white = iota
		grey
		black
	)
	color := make([]uint8, len(l.classes))
	type frame struct {
		c    *Class
		edge int // 0: Super; i > 0: Interfaces[i-1]
	}
	var stack []frame
	obj := l.h.object
	for _, root := range l.classes {
		if color[root.ID] != white {
			continue
		}
		color[root.ID] = grey
		stack = append(stack[:0], frame{c: root})
		for len(stack) > 0 {
			f := &stack[len(stack)-1]
			c := f.c
			if f.edge > len(c.Interfaces) {
				color[c.ID] = black
				stack = stack[:len(stack)-1]
				continue
			}
			var t *Class
			if f.edge == 0 {
				t = c.Super
			} else {
				t = c.Interfaces[f.edge-1]
			}
			e := f.edge
			f.edge++
			if t == nil {
				continue
			}
			switch color[t.ID] {
			case white:
				color[t.ID] = grey
				stack = append(stack, frame{c: t})
			case grey:
				l.h.stats.Cycles++
				if e == 0 {
					c.addError("supertype cycle through superclass %s; using java/lang/Object", t.Name)
					c.Super = obj
				} else {
					c.addError("supertype cycle through superinterface %s; edge dropped", t.Name)
					c.Interfaces = slices.Delete(slices.Clone(c.Interfaces), e-1, e)
					stack[len(stack)-1].edge-- // the next interface moved into slot e-1
				}
			}
		}
	}
}

// numberTree numbers the superclass tree in preorder so that IsSubclass
// for a class target is an interval test, and computes depths.
func (l *linker) numberTree() {
	children := make([][]*Class, len(l.classes))
	for _, c := range l.classes { // id order: children sorted by id
		if c.Super != nil {
			children[c.Super.ID] = append(children[c.Super.ID], c)
		}
	}
	type frame struct {
		c    *Class
		next int
	}
	n := int32(0)
	obj := l.h.object
	obj.pre = n
	n++
	stack := []frame{{c: obj}}
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		kids := children[f.c.ID]
		if f.next == len(kids) {
			f.c.post = n
			stack = stack[:len(stack)-1]
			continue
		}
		k := kids[f.next]
		f.next++
		k.depth = f.c.depth + 1
		k.pre = n
		n++
		stack = append(stack, frame{c: k})
	}
}

// computeInterfaces computes every class's transitive superinterfaces,
// sorted by id. A class that adds no interfaces shares its superclass's
// slice, which keeps this small for deep class hierarchies.
func (l *linker) computeInterfaces() {
	done := make([]bool, len(l.classes))
	var visit func(c *Class) []*Class
	visit = func(c *Class) []*Class {
		if done[c.ID] {
			return c.ifaces
		}
		done[c.ID] = true // the graph is acyclic now
		var base []*Class
		if c.Super != nil {
			base = visit(c.Super)
		}
		if len(c.Interfaces) == 0 {
			c.ifaces = base
			return base
		}
		set := slices.Clone(base)
		for _, i := range c.Interfaces {
			set = append(set, i)
			set = append(set, visit(i)...)
		}
		slices.SortFunc(set, func(a, b *Class) int { return int(a.ID - b.ID) })
		c.ifaces = slices.Clip(slices.Compact(set))
		return c.ifaces
	}
	for _, c := range l.classes {
		visit(c)
	}
}

// computeSubtypes fills subs (all subtypes) and direct (direct subtypes).
// Iterating classes in id order appends to every list in id order, so the
// lists come out sorted without sorting.
func (l *linker) computeSubtypes() {
	nSub := make([]int32, len(l.classes))
	nDirect := make([]int32, len(l.classes))
	total, totalDirect := 0, 0
	for _, c := range l.classes {
		for k := c; k != nil; k = k.Super {
			nSub[k.ID]++
			total++
		}
		for _, i := range c.ifaces {
			nSub[i.ID]++
			total++
		}
		if c.Super != nil {
			nDirect[c.Super.ID]++
			totalDirect++
		}
		for _, i := range c.Interfaces {
			nDirect[i.ID]++
			totalDirect++
		}
	}
	subSlab := make([]*Class, total)
	directSlab := make([]*Class, totalDirect)
	off, offD := 0, 0
	for _, c := range l.classes {
		n, d := int(nSub[c.ID]), int(nDirect[c.ID])
		c.subs = subSlab[off : off : off+n]
		c.direct = directSlab[offD : offD : offD+d]
		off += n
		offD += d
	}
	for _, c := range l.classes {
		for k := c; k != nil; k = k.Super {
			k.subs = append(k.subs, c)
		}
		for _, i := range c.ifaces {
			i.subs = append(i.subs, c)
		}
		if c.Super != nil {
			c.Super.direct = append(c.Super.direct, c)
		}
		for _, i := range c.Interfaces {
			i.direct = append(i.direct, c)
		}
	}
}

func (l *linker) countStats() {
	s := &l.h.stats
	s.Duplicates = l.b.dups
	for _, c := range l.classes {
		if c.Phantom {
			s.Phantoms++
		} else {
			s.Classes++
			if c.IsInterface() {
				s.Interfaces++
			}
			if c.Synthetic {
				s.Synthetic++
			}
		}
		if len(c.Errors) > 0 {
			s.Malformed++
		}
	}
	s.Methods = len(l.h.methods)
	s.Fields = len(l.h.fields)
	for _, m := range l.h.modList {
		if m.Defined {
			s.Modules++
		}
	}
}
