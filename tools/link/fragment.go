package link

import (
	"cmp"
	"slices"
	"strings"

	"github.com/rules-fragment/rules_fragment/tools/classfile"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/summary"
)

// Placeholders configures library-fragment mode: the client containers
// are a library analysed without its clients, and synthetic placeholder
// code stands for every client that uses the library only through its API
// (research/seed-000-003.md §7.2, [T] Fig. 4.5, and §2.2 for C's
// ph_proc). The placeholder "main" is an ordinary static method whose body
// holds the placeholder statements, so every analysis runs on it unchanged.
//
// What a client can do, and how it is modelled: all objects a client holds
// are one placeholder variable, the static field PlaceholderField, read
// and written by every placeholder method and narrowed by casts (the
// seed's ph_X per class X with up- and down-casts along subclass edges is
// the same set once cast filtering applies).
//
//   - create instances of the API classes through their accessible
//     constructors, strings, and arrays of the types the API names;
//   - call every API method and constructor, and every accessible method
//     of a dependency supertype of a library class on library objects
//     (e.g. Iterator.next on a package-private iterator it was given);
//   - read and write API fields and array elements; catch what is thrown;
//   - subclass (client callbacks, which the seeds leave as future work,
//     research/seed-000-003.md §11.4): for every extensible type that is
//     an API class, a type the API accepts, or the static receiver type of
//     a virtual call in library code, a placeholder client class in
//     package PlaceholderPackage extends or implements it, implementing
//     only its abstract methods (a client class keeping inherited code),
//     and a subclass of that in OverridingPackage overrides every other
//     method a client class could override; both are instantiated through
//     each constructor a subclass can call. Their methods hand their
//     arguments to the placeholder variable and return and throw from it.
//
// A client can use its dependencies too (the library's dependencies are on
// its class path): unless ClosedWorld, placeholder main also calls every
// accessible constructor, method and field of every exported dependency
// class, and every extensible exported dependency subtype of a type above
// gets a placeholder client class that keeps the inherited code (a client
// extending java.util.AbstractList and passing it as a java.util.List).
// ClosedWorld is the closedness assumption of research/seed-000-003.md
// §7.1: dependency objects reach the library only through library code.
type Placeholders struct {
	// SplitPackages lets clients declare classes in the library's packages
	// (possible on the class path, never in a named module): package-private
	// classes and members of the unnamed module are API, and placeholder
	// subclasses there can override package-private methods.
	SplitPackages bool
	// ClosedWorld restricts clients to the library's own API (the seeds'
	// closedness assumption): more precise, safe only for clients that
	// hand the library no dependency objects but strings and their own.
	ClosedWorld bool
}

// Names of the synthetic placeholder code.
const (
	PlaceholderPackage = "fragment$client/"   // client classes that keep inherited code
	OverridingPackage  = "fragment$override/" // their subclasses that override it
	PlaceholderMain    = "fragment$main/Main"
	PlaceholderField   = "ph"
	objectDesc         = "Ljava/lang/Object;"
)

// placeholderSuffix names the placeholder classes put in the library's
// own packages (Placeholders.SplitPackages).
var placeholderSuffix = map[string]string{PlaceholderPackage: "$$FragmentClient", OverridingPackage: "$$FragmentOverride"}

// FragmentStats counts the placeholder code of a library fragment.
type FragmentStats struct {
	Subclasses   int `json:"subclasses"`   // placeholder client classes
	Overrides    int `json:"overrides"`    // methods they override
	Calls        int `json:"calls"`        // API calls in the placeholder main
	Allocations  int `json:"allocations"`  // allocations in the placeholder main
	FieldAccess  int `json:"field_access"` // field reads and writes in the placeholder main
	Dependencies int `json:"dependencies"` // dependency supertypes whose methods clients call on library objects
}

// addPlaceholders adds the placeholder classes to the program (the
// hierarchy is rebuilt with them) and returns the placeholder main.
func (p *Program) addPlaceholders(opts Placeholders) (*hierarchy.Method, error) {
	f := &fragment{p: p, h: p.Hierarchy, opts: opts, seen: map[string]bool{}, subOf: map[int32]bool{}}
	if err := f.plan(); err != nil {
		return nil, err
	}
	b := hierarchy.NewBuilder()
	for _, m := range f.h.Modules() {
		b.AddModule(m)
	}
	for _, c := range f.h.Classes() {
		if s := hierarchy.SpecOf(c); s != nil {
			b.AddClass(s)
		}
	}
	for _, s := range f.specs {
		b.AddClass(s.spec)
		p.byName[s.spec.Name] = &source{synth: s.bodies}
	}
	// The library's bodies were made while planning (receiverTypes); keep
	// them for the rebuilt hierarchy, whose method ids differ, instead of
	// building the IR again.
	old, kept := p.Hierarchy, p.bodies
	p.setHierarchy(b.Build())
	for id, body := range kept {
		m := old.Method(id)
		if m == nil {
			continue
		}
		if c := p.Hierarchy.Lookup(m.Class.Name); c != nil {
			if nm := c.DeclaredMethod(m.Name, m.Desc); nm != nil {
				p.bodies[nm.ID] = body
			}
		}
	}
	p.Fragment = &f.stats
	main := p.Hierarchy.Lookup(PlaceholderMain)
	return main.DeclaredMethod("main", "()V"), nil
}

// synthClass is a placeholder class and its method bodies by name+desc.
type synthClass struct {
	spec   *hierarchy.ClassSpec
	bodies map[string]*summary.Body
}

type fragment struct {
	p     *Program
	h     *hierarchy.Hierarchy
	opts  Placeholders
	main  *bodyBuilder
	specs []synthClass
	stats FragmentStats
	seen  map[string]bool // allocations and calls already in main, by key
	subOf map[int32]bool  // classes given a placeholder subclass
}

func (f *fragment) plan() error {
	h := f.h
	f.main = newBodyBuilder(f.p.Pool, "", true)
	var api, lib []*hierarchy.Class
	for _, c := range h.Classes() {
		if f.p.IsClient(c) {
			lib = append(lib, c)
			if f.visible(c) && !c.Synthetic { // clients cannot name lambda classes
				api = append(api, c)
			}
		}
	}
	// Clients' own objects: strings, and arrays they read and write.
	f.alloc(summary.Stmt{Op: summary.OpConst, Kind: constString, Ref: f.p.Pool.String("java/lang/String")})
	ph := f.main.ph()
	t := f.main.newVar()
	f.main.add(summary.Stmt{Op: summary.OpArrayLoad, Dst: t, Src: -1, Base: ph, Ref: -1})
	f.main.escape(t)
	f.main.add(summary.Stmt{Op: summary.OpArrayStore, Dst: -1, Src: ph, Base: ph, Ref: -1})
	c := f.main.newVar()
	f.main.add(summary.Stmt{Op: summary.OpCatch, Dst: c, Src: -1, Base: -1, Ref: -1})
	f.main.escape(c)

	var candidates []*hierarchy.Class // types a client may subclass
	for _, c := range api {
		candidates = append(candidates, c)
		f.apiClass(c, &candidates)
	}
	for _, c := range f.dependencySupertypes(lib) {
		f.stats.Dependencies++
		for _, m := range c.Methods {
			if !m.IsStatic() && !m.IsConstructor() && !m.IsClassInit() && (m.IsPublic() || m.IsProtected()) {
				f.call(c, m)
			}
		}
	}
	recv, err := f.receiverTypes(lib)
	if err != nil {
		return err
	}
	candidates = append(candidates, recv...)
	sortByID(candidates)
	for _, c := range candidates {
		f.subclass(c)
	}
	if !f.opts.ClosedWorld {
		f.openWorld(candidates)
	}
	f.specs = append(f.specs, synthClass{
		spec: &hierarchy.ClassSpec{Name: PlaceholderMain, Access: classfile.AccPublic | classfile.AccFinal | classfile.AccSynthetic, Synthetic: true,
			Methods: []hierarchy.MethodSpec{{Name: "main", Desc: "()V", Access: classfile.AccPublic | classfile.AccStatic}},
			Fields:  []hierarchy.FieldSpec{{Name: PlaceholderField, Desc: objectDesc, Access: classfile.AccPublic | classfile.AccStatic}}},
		bodies: map[string]*summary.Body{"main()V": f.main.body()},
	})
	return nil
}

// visible reports whether a client can name class c.
func (f *fragment) visible(c *hierarchy.Class) bool {
	if c == nil || c.Phantom || c.IsArray() {
		return false
	}
	return f.h.IsExported(c) || (f.opts.SplitPackages && unnamed(c))
}

func unnamed(c *hierarchy.Class) bool { return c.Module == nil || !c.Module.Defined }

// memberVisible reports whether a client can use a member of c with the
// given access flags (protected ones through a subclass of c).
func (f *fragment) memberVisible(c *hierarchy.Class, access uint16) bool {
	switch {
	case access&classfile.AccPublic != 0:
		return true
	case access&classfile.AccPrivate != 0:
		return false
	case f.opts.SplitPackages && unnamed(c):
		return true
	case access&classfile.AccProtected != 0:
		return !c.IsFinal()
	}
	return false
}

// apiClass adds the placeholder statements for the members of API class
// c, and the types its signatures accept to candidates (unless nil).
func (f *fragment) apiClass(c *hierarchy.Class, candidates *[]*hierarchy.Class) {
	for _, m := range c.Methods {
		if m.IsClassInit() || !f.memberVisible(c, m.Access) {
			continue
		}
		f.acceptedTypes(m.Desc, candidates)
		if m.IsConstructor() {
			// Protected constructors are called by client subclasses only.
			if c.IsInstantiable() && (m.IsPublic() || (f.opts.SplitPackages && unnamed(c) && !m.IsPrivate())) {
				f.construct(c, m)
			}
			continue
		}
		f.call(c, m)
	}
	for _, fd := range c.Fields {
		if !f.memberVisible(c, fd.Access) {
			continue
		}
		f.acceptedTypes("("+fd.Desc+")V", candidates)
		f.fieldAccess(c, fd)
	}
}

// acceptedTypes adds the extensible class types of a method descriptor's
// parameters (what a client may pass, including its own subclasses).
func (f *fragment) acceptedTypes(desc string, candidates *[]*hierarchy.Class) {
	if candidates == nil {
		return
	}
	params, _, err := classfile.ParseMethodDescriptor(desc)
	if err != nil {
		return
	}
	for _, t := range params {
		if name := descClass(t); name != "" && name[0] != '[' {
			if c := f.h.Lookup(name); c != nil {
				*candidates = append(*candidates, c)
			}
		}
	}
}

// dependencySupertypes returns the client-visible supertypes of library
// classes that are not library classes, sorted by id.
func (f *fragment) dependencySupertypes(lib []*hierarchy.Class) []*hierarchy.Class {
	mark := map[int32]bool{}
	var out []*hierarchy.Class
	for _, c := range lib {
		for _, s := range f.h.Supertypes(c) {
			if !mark[s.ID] && !f.p.IsClient(s) && f.visible(s) {
				mark[s.ID] = true
				out = append(out, s)
			}
		}
	}
	sortByID(out)
	return out
}

// receiverTypes returns the static receiver classes of the virtual and
// interface calls in library code: where a client override can be called.
func (f *fragment) receiverTypes(lib []*hierarchy.Class) ([]*hierarchy.Class, error) {
	mark := map[int32]bool{}
	var out []*hierarchy.Class
	for _, c := range lib {
		for _, m := range c.Methods {
			b, err := f.p.Body(m)
			if err != nil {
				return nil, err
			}
			if b == nil {
				continue
			}
			for i := range b.Stmts {
				s := &b.Stmts[i]
				if s.Op != summary.OpCall || (s.Kind != summary.CallVirtual && s.Kind != summary.CallInterface) {
					continue
				}
				r := f.h.Lookup(f.p.Pool.StringAt(f.p.Pool.MethodAt(s.Ref).Class))
				if r != nil && !mark[r.ID] {
					mark[r.ID] = true
					out = append(out, r)
				}
			}
		}
	}
	return out, nil
}

// descClass returns the class name of a reference field descriptor ("" for
// a primitive).
func descClass(d string) string {
	switch {
	case len(d) > 2 && d[0] == 'L':
		return d[1 : len(d)-1]
	case len(d) > 1 && d[0] == '[':
		return d
	}
	return ""
}

func sortByID(cs []*hierarchy.Class) {
	slices.SortFunc(cs, func(a, b *hierarchy.Class) int { return cmp.Compare(a.ID, b.ID) })
}

// PlaceholderOf returns the type a placeholder client class named name
// stands in for, and whether it is the overriding variant; ok is false
// for other classes. Coverage tools use it to match a real client class
// (a test's subclass of a library type) to the placeholder it instantiates.
func PlaceholderOf(name string) (super string, overriding, ok bool) {
	switch {
	case strings.HasPrefix(name, PlaceholderPackage):
		return name[len(PlaceholderPackage):], false, true
	case strings.HasPrefix(name, OverridingPackage):
		return name[len(OverridingPackage):], true, true
	}
	for pkg, suffix := range placeholderSuffix {
		if s, found := strings.CutSuffix(name, suffix); found && s != "" {
			return s, pkg == OverridingPackage, true
		}
	}
	return "", false, false
}
