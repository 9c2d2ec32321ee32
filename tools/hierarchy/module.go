package hierarchy

import (
	"slices"
	"strings"

	"github.com/rules-fragment/rules_fragment/tools/classfile"
)

// Module is a named module (JVMS §4.7.25). Classes added with a module name
// but without that module's module-info get a Module with Defined == false,
// which is treated like an automatic module: every package is exported.
type Module struct {
	Name    string
	Version string
	Defined bool   // a module-info was added
	Open    bool   // ACC_OPEN
	Origin  string // origin of the module-info
	// Exports are the packages exported to all modules, sorted.
	Exports []string
	// QualifiedExports maps a package to the modules it is exported to.
	QualifiedExports map[string][]string
	Requires         []string // module names, in declaration order
	Packages         []string // ModulePackages, sorted (may be empty)
	// Provides maps a service to the providers the module declares for it
	// (internal names, in declaration order).
	Provides map[string][]string
}

// Exported reports whether the module exports pkg (internal form) to all
// modules. An undefined module exports everything.
func (m *Module) Exported(pkg string) bool {
	if !m.Defined {
		return true
	}
	_, ok := slices.BinarySearch(m.Exports, pkg)
	return ok
}

// ExportedTo reports whether the module exports pkg to the named module,
// unqualified or qualified.
func (m *Module) ExportedTo(pkg, module string) bool {
	if m.Exported(pkg) || m.Name == module {
		return true
	}
	return slices.Contains(m.QualifiedExports[pkg], module)
}

func (b *Builder) addModule(cf *classfile.ClassFile, origin string) bool {
	mi := cf.Module
	if mi == nil || mi.Name == "" {
		return false
	}
	if _, dup := b.modules[mi.Name]; dup {
		b.dups++
		return false
	}
	m := &Module{
		Name:     b.intern(mi.Name),
		Version:  b.intern(mi.Version),
		Defined:  true,
		Open:     mi.Flags&0x0020 != 0, // ACC_OPEN
		Origin:   b.intern(origin),
		Packages: slices.Sorted(slices.Values(b.internAll(cf.ModulePackages))),
	}
	for _, r := range mi.Requires {
		m.Requires = append(m.Requires, b.intern(r.Module))
	}
	for _, e := range mi.Exports {
		if len(e.To) == 0 {
			m.Exports = append(m.Exports, b.intern(e.Package))
			continue
		}
		if m.QualifiedExports == nil {
			m.QualifiedExports = make(map[string][]string)
		}
		m.QualifiedExports[b.intern(e.Package)] = append(m.QualifiedExports[e.Package], b.internAll(e.To)...)
	}
	for _, p := range mi.Provides {
		if m.Provides == nil {
			m.Provides = make(map[string][]string)
		}
		m.Provides[b.intern(p.Service)] = append(m.Provides[p.Service], b.internAll(p.With)...)
	}
	slices.Sort(m.Exports)
	m.Exports = slices.Compact(m.Exports)
	b.modules[m.Name] = m
	return true
}

// attachModules sets Class.Module and the sorted module list.
func (l *linker) attachModules() {
	mods := l.b.modules
	for id, c := range l.classes {
		p := l.pend[id]
		if p == nil || p.module == "" {
			continue
		}
		m := mods[p.module]
		if m == nil {
			m = &Module{Name: p.module}
			mods[p.module] = m
		}
		c.Module = m
	}
	l.h.modules = mods
	for _, m := range mods {
		l.h.modList = append(l.h.modList, m)
	}
	slices.SortFunc(l.h.modList, func(a, b *Module) int { return strings.Compare(a.Name, b.Name) })
}

// Module returns the named module, or nil.
func (h *Hierarchy) Module(name string) *Module { return h.modules[name] }

// Modules returns all modules sorted by name. The slice is shared.
func (h *Hierarchy) Modules() []*Module { return h.modList }

// IsExported reports whether code in other modules can reach c as a
// library client: c is public and either in the unnamed module or in a
// package its module exports unqualified. An array class is exported if its
// element class is (primitive arrays always are). Phantoms are not: their
// access flags are unknown.
func (h *Hierarchy) IsExported(c *Class) bool {
	for c != nil && c.IsArray() {
		if c.Component == nil {
			return true
		}
		c = c.Component
	}
	if c == nil || c.Phantom || !c.IsPublic() {
		return false
	}
	return c.Module == nil || c.Module.Exported(c.pkg)
}

// IsExportedTo is IsExported for a client in the named module, counting
// qualified exports ("" names the unnamed module).
func (h *Hierarchy) IsExportedTo(c *Class, module string) bool {
	for c != nil && c.IsArray() {
		if c.Component == nil {
			return true
		}
		c = c.Component
	}
	if c == nil || c.Phantom || !c.IsPublic() {
		return false
	}
	return c.Module == nil || c.Module.ExportedTo(c.pkg, module)
}
