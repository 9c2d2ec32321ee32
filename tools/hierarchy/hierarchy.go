package hierarchy

import (
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/rules-fragment/rules_fragment/tools/classfile"
)

// Well-known class names.
const (
	objectName       = "java/lang/Object"
	cloneableName    = "java/lang/Cloneable"
	serializableName = "java/io/Serializable"
)

// Class is a class, interface, array class or phantom. All fields are
// read-only after the Hierarchy is built.
type Class struct {
	ID     int32  // dense id, see the package documentation
	Name   string // internal name: "java/lang/String", "[I", "[Ljava/lang/String;"
	Access uint16 // class-file access_flags; phantoms: 0, or ACC_INTERFACE|ACC_ABSTRACT if inferred

	// Super is the direct superclass: nil only for java/lang/Object.
	// Interfaces have java/lang/Object, as in their class files; phantoms
	// and arrays have java/lang/Object.
	Super *Class
	// Interfaces are the direct superinterfaces in declaration order (for
	// arrays: java/lang/Cloneable, java/io/Serializable).
	Interfaces []*Class
	Methods    []*Method // declared methods in declaration order; never phantoms
	Fields     []*Field  // declared fields in declaration order; never phantoms

	Phantom   bool   // referenced but not defined: no members, super unknown
	Synthetic bool   // added with AddSynthetic
	Origin    string // caller-provided, e.g. the container path
	Module    *Module
	// SourceFile is the class file's SourceFile attribute ("Main.java",
	// "Util.kt"), "" if it has none (and for summary classes).
	SourceFile string

	// Nest and sealing attributes as names (JVMS §4.7.28, §4.7.29, §4.7.31);
	// see NestHostOf.
	NestHost            string
	NestMembers         []string
	PermittedSubclasses []string

	// Component is the component type of a reference array class ("[I" has
	// none: see Elem). Elem is the component descriptor ("I",
	// "Ljava/lang/String;", "[I"); both are zero for non-arrays.
	Component *Class
	Elem      string

	// Errors records malformed input found while linking this class, e.g.
	// a supertype cycle (which Build broke by dropping an edge).
	Errors []string

	pkg        string   // package name, interned
	depth      int32    // length of the superclass chain to java/lang/Object
	pre, post  int32    // preorder interval in the superclass tree; late classes: -1
	late       bool     // created after Build
	ifaces     []*Class // all superinterfaces, transitively, sorted by id (self excluded)
	subs       []*Class // all subtypes including self, sorted by id (built classes only)
	direct     []*Class // direct subtypes, sorted by id
	msel       []int32  // selector of Methods[i]
	hasSigPoly bool     // declares a signature-polymorphic method

	// Per-receiver caches keyed by resolved method id.
	dispatch idCache[selection] // Select
	targets  idCache[[]*Method] // DispatchTargets with this class as static type
}

// IsInterface reports whether c is an interface.
func (c *Class) IsInterface() bool { return c.Access&classfile.AccInterface != 0 }

// IsAbstract reports whether c is abstract (interfaces are abstract).
func (c *Class) IsAbstract() bool { return c.Access&classfile.AccAbstract != 0 }

// IsFinal reports whether c is final.
func (c *Class) IsFinal() bool { return c.Access&classfile.AccFinal != 0 }

// IsPublic reports whether c is public.
func (c *Class) IsPublic() bool { return c.Access&classfile.AccPublic != 0 }

// IsEnum reports whether c is an enum class.
func (c *Class) IsEnum() bool { return c.Access&classfile.AccEnum != 0 }

// IsArray reports whether c is an array class.
func (c *Class) IsArray() bool { return len(c.Name) > 0 && c.Name[0] == '[' }

// IsLate reports whether c was created after Build (an array class or a
// later phantom): it appears in no other class's Subtypes.
func (c *Class) IsLate() bool { return c.late }

// IsInstantiable reports whether objects of exactly this class can exist:
// a defined, non-abstract class that is not an interface. Array classes are
// instantiable too.
func (c *Class) IsInstantiable() bool {
	if c.IsArray() {
		return true
	}
	return !c.Phantom && c.Access&(classfile.AccInterface|classfile.AccAbstract|classfile.AccModule) == 0
}

// Package returns the package of c in internal form ("java/lang"), "" for
// the unnamed package. An array's package is its element class's.
func (c *Class) Package() string { return c.pkg }

// DeclaredMethod returns the method c declares with the name and descriptor,
// or nil.
func (c *Class) DeclaredMethod(name, desc string) *Method {
	for _, m := range c.Methods {
		if m.Name == name && m.Desc == desc {
			return m
		}
	}
	return nil
}

// DeclaredField returns the field c declares with the name and descriptor,
// or nil.
func (c *Class) DeclaredField(name, desc string) *Field {
	for _, f := range c.Fields {
		if f.Name == name && f.Desc == desc {
			return f
		}
	}
	return nil
}

func (c *Class) String() string {
	if c == nil {
		return "<nil>"
	}
	return c.Name
}

// declared returns the method c declares with selector sel, or nil. It is
// the hot path of resolution and selection: a scan over int32s.
func (c *Class) declared(sel int32) *Method {
	for i, s := range c.msel {
		if s == sel {
			return c.Methods[i]
		}
	}
	return nil
}

// Method is a declared method, or a phantom method record.
type Method struct {
	ID     int32 // dense across the hierarchy
	Class  *Class
	Name   string
	Desc   string
	Access uint16
	// Index is the position in the class file's methods (or in the
	// MethodSpec list), so callers holding the ClassFile can find the Code;
	// -1 for phantoms.
	Index   int32
	Phantom bool // created for a reference into a phantom class

	sel     int32 // dense id of (Name, Desc)
	sigPoly bool
}

// IsStatic reports whether m is static.
func (m *Method) IsStatic() bool { return m.Access&classfile.AccStatic != 0 }

// IsPrivate reports whether m is private.
func (m *Method) IsPrivate() bool { return m.Access&classfile.AccPrivate != 0 }

// IsPublic reports whether m is public.
func (m *Method) IsPublic() bool { return m.Access&classfile.AccPublic != 0 }

// IsProtected reports whether m is protected.
func (m *Method) IsProtected() bool { return m.Access&classfile.AccProtected != 0 }

// IsPackagePrivate reports whether m is neither public, protected nor private.
func (m *Method) IsPackagePrivate() bool {
	return m.Access&(classfile.AccPublic|classfile.AccProtected|classfile.AccPrivate) == 0
}

// IsAbstract reports whether m is abstract.
func (m *Method) IsAbstract() bool { return m.Access&classfile.AccAbstract != 0 }

// IsNative reports whether m is native.
func (m *Method) IsNative() bool { return m.Access&classfile.AccNative != 0 }

// IsFinal reports whether m is final.
func (m *Method) IsFinal() bool { return m.Access&classfile.AccFinal != 0 }

// IsSynchronized reports whether m is synchronized.
func (m *Method) IsSynchronized() bool { return m.Access&classfile.AccSynchronized != 0 }

// IsBridge reports whether m is a compiler-generated bridge method.
func (m *Method) IsBridge() bool { return m.Access&classfile.AccBridge != 0 }

// IsVarargs reports whether m is declared with variable arity.
func (m *Method) IsVarargs() bool { return m.Access&classfile.AccVarargs != 0 }

// IsSynthetic reports whether m is marked synthetic.
func (m *Method) IsSynthetic() bool { return m.Access&classfile.AccSynthetic != 0 }

// IsConstructor reports whether m is an instance initialization method.
func (m *Method) IsConstructor() bool { return m.Name == "<init>" }

// IsClassInit reports whether m is a class initialization method.
func (m *Method) IsClassInit() bool { return m.Name == "<clinit>" }

// IsSignaturePolymorphic reports whether m is signature polymorphic
// (JVMS §2.9.3): declared in java/lang/invoke/MethodHandle or VarHandle,
// native and varargs, with the single parameter Object[].
func (m *Method) IsSignaturePolymorphic() bool { return m.sigPoly }

// HasKey reports whether m.Key() == k without making the key: for checks
// on hot paths (a native model tested per receiver object).
func (m *Method) HasKey(k string) bool {
	c, n, d := m.Class.Name, m.Name, m.Desc
	return len(k) == len(c)+1+len(n)+len(d) && k[len(c)] == '.' &&
		k[:len(c)] == c && k[len(c)+1:len(c)+1+len(n)] == n && k[len(c)+1+len(n):] == d
}

// Key returns "pkg/C.name(desc)ret", unique within a hierarchy.
func (m *Method) Key() string {
	var b strings.Builder
	b.Grow(len(m.Class.Name) + 1 + len(m.Name) + len(m.Desc))
	b.WriteString(m.Class.Name)
	b.WriteByte('.')
	b.WriteString(m.Name)
	b.WriteString(m.Desc)
	return b.String()
}

func (m *Method) String() string {
	if m == nil {
		return "<nil>"
	}
	return m.Key()
}

// Field is a declared field, or a phantom field record.
type Field struct {
	ID      int32 // dense across the hierarchy
	Class   *Class
	Name    string
	Desc    string
	Access  uint16
	Index   int32 // position in the class file's fields; -1 for phantoms
	Phantom bool
}

// IsStatic reports whether f is static.
func (f *Field) IsStatic() bool { return f.Access&classfile.AccStatic != 0 }

// IsPrivate reports whether f is private.
func (f *Field) IsPrivate() bool { return f.Access&classfile.AccPrivate != 0 }

// IsPublic reports whether f is public.
func (f *Field) IsPublic() bool { return f.Access&classfile.AccPublic != 0 }

// IsProtected reports whether f is protected.
func (f *Field) IsProtected() bool { return f.Access&classfile.AccProtected != 0 }

// IsFinal reports whether f is final.
func (f *Field) IsFinal() bool { return f.Access&classfile.AccFinal != 0 }

// IsVolatile reports whether f is volatile.
func (f *Field) IsVolatile() bool { return f.Access&classfile.AccVolatile != 0 }

// Key returns "pkg/C.name:desc".
func (f *Field) Key() string { return f.Class.Name + "." + f.Name + ":" + f.Desc }

func (f *Field) String() string {
	if f == nil {
		return "<nil>"
	}
	return f.Key()
}

// selKey is a method name and descriptor.
type selKey struct{ name, desc string }

// memberKey names a member of a class, for phantom members.
type memberKey struct {
	class      int32
	name, desc string
}

// Hierarchy is a linked class hierarchy. It is safe for concurrent use.
type Hierarchy struct {
	// Immutable after Build.
	classes []*Class // built classes by id
	methods []*Method
	fields  []*Field
	byName  map[string]*Class
	sels    map[selKey]int32
	object  *Class
	modules map[string]*Module
	modList []*Module // sorted by name
	stats   Stats
	// cpServices are the class path's provider configurations.
	cpServices map[string][]string

	// Classes and members created after Build, guarded by mu. lateByName
	// is a sync.Map so that repeated lookups of array names take no lock.
	mu             sync.Mutex
	lateByName     sync.Map // string → *Class
	lateClasses    []*Class
	lateMethods    []*Method
	lateFields     []*Field
	lateSels       map[selKey]int32
	pkgs           map[string]string // interned package names
	phantomMethods map[memberKey]*Method
	phantomFields  map[memberKey]*Field

	// Names left out of the hierarchy on purpose (Builder.SetOmitted) and
	// those of them looked up, guarded by omitMu.
	omitted     func(name string) bool
	omitMu      sync.Mutex
	omittedHits map[string]bool

	// cacheMu serialises writers of the per-class caches, striped by
	// class id.
	cacheMu [64]paddedMutex
}

type paddedMutex struct {
	sync.Mutex
	_ [56]byte // one cache line each
}

func (h *Hierarchy) cacheLock(c *Class) *sync.Mutex {
	return &h.cacheMu[uint32(c.ID)%uint32(len(h.cacheMu))].Mutex
}

// Lookup returns the class with the internal name, or nil. Array names
// ("[I", "[Ljava/lang/String;") yield array classes, created on first use,
// when their element type is a primitive or a known class.
func (h *Hierarchy) Lookup(name string) *Class {
	if c := h.byName[name]; c != nil {
		return c
	}
	if v, ok := h.lateByName.Load(name); ok {
		return v.(*Class)
	}
	if len(name) > 1 && name[0] == '[' {
		return h.arrayClass(name, false)
	}
	h.noteMiss(name)
	return nil
}

// noteMiss records a lookup of a class left out on purpose.
func (h *Hierarchy) noteMiss(name string) {
	if h.omitted == nil || !h.omitted(name) {
		return
	}
	h.omitMu.Lock()
	if h.omittedHits == nil {
		h.omittedHits = map[string]bool{}
	}
	h.omittedHits[strings.Clone(name)] = true
	h.omitMu.Unlock()
}

// OmittedLookups returns the names, sorted, that were looked up although
// the hierarchy's inputs define them and they were left out on purpose
// (Builder.SetOmitted): answers that depend on them may differ from those
// of the whole hierarchy.
func (h *Hierarchy) OmittedLookups() []string {
	h.omitMu.Lock()
	defer h.omitMu.Unlock()
	return slices.Sorted(maps.Keys(h.omittedHits))
}

// LookupOrPhantom is Lookup, but creates a phantom class for an unknown
// name (and for the unknown element class of an array name). It is safe for
// concurrent use; the ids of classes it creates follow creation order. It
// returns nil only for names that cannot be classes: "" or a malformed
// array descriptor.
func (h *Hierarchy) LookupOrPhantom(name string) *Class {
	if c := h.Lookup(name); c != nil {
		return c
	}
	if name == "" {
		return nil
	}
	if name[0] == '[' {
		return h.arrayClass(name, true)
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.phantomLocked(name)
}

// phantomLocked returns the late class name, creating a phantom. h.mu held.
func (h *Hierarchy) phantomLocked(name string) *Class {
	if v, ok := h.lateByName.Load(name); ok {
		return v.(*Class)
	}
	name = strings.Clone(name)
	c := &Class{Name: name, Phantom: true, Super: h.object, pkg: h.pkgLocked(packageOf(name))}
	h.addLateLocked(c)
	return c
}

// addLateLocked numbers and publishes a class created after Build.
func (h *Hierarchy) addLateLocked(c *Class) {
	c.ID = int32(len(h.classes) + len(h.lateClasses))
	c.late = true
	c.pre, c.post = -1, -1
	if c.Super != nil {
		c.depth = c.Super.depth + 1
	}
	c.subs = []*Class{c}
	h.lateClasses = append(h.lateClasses, c)
	h.lateByName.Store(c.Name, c)
}

func (h *Hierarchy) pkgLocked(p string) string {
	if q, ok := h.pkgs[p]; ok {
		return q
	}
	h.pkgs[p] = p
	return p
}

// Object returns java/lang/Object (a phantom if it was not added).
func (h *Hierarchy) Object() *Class { return h.object }

// Class returns the class with the id, or nil.
func (h *Hierarchy) Class(id int32) *Class {
	if id >= 0 && int(id) < len(h.classes) {
		return h.classes[id]
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if i := int(id) - len(h.classes); i >= 0 && i < len(h.lateClasses) {
		return h.lateClasses[i]
	}
	return nil
}

// Method returns the method with the id (including phantom methods), or nil.
func (h *Hierarchy) Method(id int32) *Method {
	if id >= 0 && int(id) < len(h.methods) {
		return h.methods[id]
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if i := int(id) - len(h.methods); i >= 0 && i < len(h.lateMethods) {
		return h.lateMethods[i]
	}
	return nil
}

// Field returns the field with the id (including phantom fields), or nil.
func (h *Hierarchy) Field(id int32) *Field {
	if id >= 0 && int(id) < len(h.fields) {
		return h.fields[id]
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if i := int(id) - len(h.fields); i >= 0 && i < len(h.lateFields) {
		return h.lateFields[i]
	}
	return nil
}

// Classes returns the classes known at Build in id order (sorted by name).
// The slice is shared and must not be modified.
func (h *Hierarchy) Classes() []*Class { return h.classes }

// NumClasses returns the number of class ids in use, including classes
// created after Build; ids are below this bound.
func (h *Hierarchy) NumClasses() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.classes) + len(h.lateClasses)
}

// NumMethods returns the number of method ids in use, including phantoms.
func (h *Hierarchy) NumMethods() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.methods) + len(h.lateMethods)
}

// NumFields returns the number of field ids in use, including phantoms.
func (h *Hierarchy) NumFields() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.fields) + len(h.lateFields)
}

// Stats counts what the hierarchy holds.
type Stats struct {
	Classes        int // defined classes and interfaces, including synthetic ones
	Interfaces     int // defined interfaces (included in Classes)
	Synthetic      int // classes added with AddSynthetic (included in Classes)
	Phantoms       int // phantom classes, including those created after Build
	Arrays         int // array classes created so far
	Methods        int // declared methods of defined classes
	Fields         int // declared fields of defined classes
	PhantomMethods int
	PhantomFields  int
	Duplicates     int // class definitions ignored because the name was taken
	Cycles         int // supertype edges dropped to break cycles
	Malformed      int // classes with Errors
	Modules        int // modules with a module-info
}

// Stats returns counts; classes and members created after Build are
// included as of the call.
func (h *Hierarchy) Stats() Stats {
	s := h.stats
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, c := range h.lateClasses {
		if c.Phantom {
			s.Phantoms++
		} else if c.IsArray() {
			s.Arrays++
		}
	}
	for _, m := range h.lateMethods {
		if m.Phantom {
			s.PhantomMethods++
		}
	}
	s.PhantomFields += len(h.lateFields)
	return s
}

// NestHostOf returns the nest host of c (JVMS §5.4.4): the class named by
// its NestHost attribute if that class is defined, in the same package, and
// lists c among its NestMembers; otherwise c itself.
func (h *Hierarchy) NestHostOf(c *Class) *Class {
	if c == nil || c.NestHost == "" || c.IsArray() {
		return c
	}
	host := h.byName[c.NestHost]
	if host == nil || host.Phantom || host.pkg != c.pkg {
		return c
	}
	for _, n := range host.NestMembers {
		if n == c.Name {
			return host
		}
	}
	return c
}

// AreNestmates reports whether a and b have the same nest host.
func (h *Hierarchy) AreNestmates(a, b *Class) bool {
	if a == nil || b == nil {
		return false
	}
	return a == b || h.NestHostOf(a) == h.NestHostOf(b)
}

// packageOf returns the package part of an internal class name.
func packageOf(name string) string {
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		return name[:i]
	}
	return ""
}
