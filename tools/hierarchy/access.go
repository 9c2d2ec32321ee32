package hierarchy

import "github.com/rules-fragment/rules_fragment/tools/classfile"

// Access control (JVMS §5.4.4) is separate from resolution so that
// analyses can choose whether to model IllegalAccessError. Run-time
// packages are package names (one class loader); module readability is
// approximated by exports, with reads edges assumed.

// CanAccessClass reports whether class d may access class c: c is public
// and exported to d's module (or in the same module), or c is in d's
// package. Arrays are accessible if their element class is.
func (h *Hierarchy) CanAccessClass(d, c *Class) bool {
	for c != nil && c.IsArray() {
		if c.Component == nil {
			return true
		}
		c = c.Component
	}
	if d == nil || c == nil {
		return false
	}
	if c.pkg == d.pkg || c.Phantom {
		return true
	}
	if !c.IsPublic() {
		return false
	}
	if c.Module == nil || c.Module == d.Module {
		return true
	}
	mod := ""
	if d.Module != nil {
		mod = d.Module.Name
	}
	return c.Module.ExportedTo(c.pkg, mod)
}

// CanAccessMethod reports whether class d may access method m through a
// symbolic reference naming class ref (nil: m's class), per §5.4.4; private
// members are accessible within a nest (Java 11). clone on an array class
// is public (JLS §10.7).
func (h *Hierarchy) CanAccessMethod(d, ref *Class, m *Method) bool {
	if m == nil {
		return false
	}
	if ref != nil && ref.IsArray() && m.Name == "clone" && m.Class == h.object {
		return true
	}
	return h.canAccessMember(d, ref, m.Class, m.Access)
}

// CanAccessField is CanAccessMethod for fields.
func (h *Hierarchy) CanAccessField(d, ref *Class, f *Field) bool {
	if f == nil {
		return false
	}
	return h.canAccessMember(d, ref, f.Class, f.Access)
}

func (h *Hierarchy) canAccessMember(d, ref, c *Class, access uint16) bool {
	if d == nil || c == nil {
		return false
	}
	if ref == nil {
		ref = c
	}
	switch {
	case access&classfile.AccPublic != 0:
		return true
	case access&classfile.AccPrivate != 0:
		return d == c || h.AreNestmates(d, c)
	case d.pkg == c.pkg:
		return true // protected or package access within the package
	case access&classfile.AccProtected != 0:
		if !h.IsSubclass(d, c) {
			return false
		}
		if access&classfile.AccStatic != 0 {
			return true
		}
		return h.IsSubclass(ref, d) || h.IsSubclass(d, ref)
	}
	return false
}
