package summary

import (
	"cmp"
	"slices"
	"strings"
)

// Pool interns the symbols that statements refer to: strings (class names,
// array descriptors, member names and descriptors), field references and
// method references, each by a dense id. A summary has one Pool; the linker
// has a program-wide Pool into which each summary's ids are mapped.
//
// A linker's pool can be made over the pool of its largest summary (the
// runtime's; NewPoolOver): that summary's ids are then the program's, so
// its bodies need no translation and a persistent worker decodes each of
// them once for all its links (Unit.SharedBody).
type Pool struct {
	// The pool's own entries. Over a base, their ids come after the
	// base's: read a pool through StringAt, FieldAt and MethodAt.
	strTab    []string
	fieldTab  []FieldRef
	methodTab []MethodRef

	// The lookup maps of String, FieldID and MethodID. A decoded pool
	// leaves them nil until something interns into it (a linker only reads
	// a summary's pool), which spares every link building three maps over
	// the runtime's ~700 k symbols. Over a base, they also remember the
	// base's ids found by binary search.
	strIDs    map[string]int32
	fieldIDs  map[FieldRef]int32
	methodIDs map[MethodRef]int32

	base       *Pool // read only; nil if none
	nS, nF, nM int32 // the base's number of strings, fields and methods
	sorted     bool  // a decoded pool's tables are strictly increasing
}

// FieldRef is a symbolic field reference: ids of class, name and descriptor.
type FieldRef struct{ Class, Name, Desc int32 }

// MethodRef is a symbolic method reference; Interface is set for an
// InterfaceMethodref.
type MethodRef struct {
	Class, Name, Desc int32
	Interface         bool
}

// NewPool returns an empty pool.
func NewPool() *Pool {
	return &Pool{strIDs: map[string]int32{}, fieldIDs: map[FieldRef]int32{}, methodIDs: map[MethodRef]int32{}}
}

// NewPoolOver returns a pool that starts with base's entries under base's
// ids, and false (and an empty pool) if base cannot be one. A base is a
// decoded summary's pool whose tables are sorted, as the summarizer writes
// them, so that it is searched without lookup maps; it is never written.
func NewPoolOver(base *Pool) (*Pool, bool) {
	p := NewPool()
	if base == nil || !base.sorted || base.base != nil {
		return p, false
	}
	p.base = base
	p.nS, p.nF, p.nM = int32(len(base.strTab)), int32(len(base.fieldTab)), int32(len(base.methodTab))
	return p, true
}

// Base returns the pool p was made over (NewPoolOver), or nil.
func (p *Pool) Base() *Pool { return p.base }

// index builds the lookup maps of a decoded pool on first interning.
func (p *Pool) index() {
	if p.strIDs != nil {
		return
	}
	p.strIDs = make(map[string]int32, len(p.strTab))
	for i, s := range p.strTab {
		p.strIDs[s] = int32(i)
	}
	p.fieldIDs = make(map[FieldRef]int32, len(p.fieldTab))
	for i, f := range p.fieldTab {
		p.fieldIDs[f] = int32(i)
	}
	p.methodIDs = make(map[MethodRef]int32, len(p.methodTab))
	for i, m := range p.methodTab {
		p.methodIDs[m] = int32(i)
	}
}

// NumStrings, NumFields and NumMethods return the number of ids of each
// kind (the base's included).
func (p *Pool) NumStrings() int { return int(p.nS) + len(p.strTab) }

// NumFields returns the number of field ids (see NumStrings).
func (p *Pool) NumFields() int { return int(p.nF) + len(p.fieldTab) }

// NumMethods returns the number of method ids (see NumStrings).
func (p *Pool) NumMethods() int { return int(p.nM) + len(p.methodTab) }

// StringAt returns string id.
func (p *Pool) StringAt(id int32) string {
	if id < p.nS {
		return p.base.strTab[id]
	}
	return p.strTab[id-p.nS]
}

// FieldAt returns field reference id.
func (p *Pool) FieldAt(id int32) FieldRef {
	if id < p.nF {
		return p.base.fieldTab[id]
	}
	return p.fieldTab[id-p.nF]
}

// MethodAt returns method reference id.
func (p *Pool) MethodAt(id int32) MethodRef {
	if id < p.nM {
		return p.base.methodTab[id]
	}
	return p.methodTab[id-p.nM]
}

// String interns s.
func (p *Pool) String(s string) int32 {
	p.index()
	var base []string
	if p.base != nil {
		base = p.base.strTab
	}
	return intern(p.strIDs, &p.strTab, base, p.nS, s, strings.Compare)
}

// intern returns the id of x: from ids, else its index in base (sorted
// under cmp; nil if x cannot be there), else a new id after the n entries
// of the base, with x appended to tab.
func intern[T comparable](ids map[T]int32, tab *[]T, base []T, n int32, x T, cmp func(a, b T) int) int32 {
	if id, ok := ids[x]; ok {
		return id
	}
	if i, ok := slices.BinarySearchFunc(base, x, cmp); ok {
		ids[x] = int32(i)
		return int32(i)
	}
	id := n + int32(len(*tab))
	*tab = append(*tab, x)
	ids[x] = id
	return id
}

// inBase reports whether a reference made of these string ids can be in
// the base's tables.
func (p *Pool) inBase(class, name, desc int32) bool {
	return p.base != nil && class < p.nS && name < p.nS && desc < p.nS
}

// Field interns a field reference.
func (p *Pool) Field(class, name, desc string) int32 {
	return p.FieldID(FieldRef{p.String(class), p.String(name), p.String(desc)})
}

// FieldID interns a field reference made of this pool's string ids.
func (p *Pool) FieldID(f FieldRef) int32 {
	p.index()
	var base []FieldRef
	if p.inBase(f.Class, f.Name, f.Desc) {
		base = p.base.fieldTab
	}
	return intern(p.fieldIDs, &p.fieldTab, base, p.nF, f, compareFields)
}

// Method interns a method reference.
func (p *Pool) Method(class, name, desc string, iface bool) int32 {
	return p.MethodID(MethodRef{p.String(class), p.String(name), p.String(desc), iface})
}

// MethodID interns a method reference made of this pool's string ids.
func (p *Pool) MethodID(m MethodRef) int32 {
	p.index()
	var base []MethodRef
	if p.inBase(m.Class, m.Name, m.Desc) {
		base = p.base.methodTab
	}
	return intern(p.methodIDs, &p.methodTab, base, p.nM, m, compareMethods)
}

// FieldName returns "class.name:desc" for messages.
func (p *Pool) FieldName(id int32) string {
	f := p.FieldAt(id)
	return p.StringAt(f.Class) + "." + p.StringAt(f.Name) + ":" + p.StringAt(f.Desc)
}

// MethodName returns "class.name(desc)" for messages and reports.
func (p *Pool) MethodName(id int32) string {
	m := p.MethodAt(id)
	return p.StringAt(m.Class) + "." + p.StringAt(m.Name) + p.StringAt(m.Desc)
}

// Mapper translates the ids of one pool (a summary's) into another (the
// linker's), lazily and once per id.
type Mapper struct {
	from, to              *Pool
	strs, fields, methods []int32 // to-id + 1; 0 = not yet mapped
}

// NewMapper maps ids of from into to.
func NewMapper(from, to *Pool) *Mapper {
	return &Mapper{from: from, to: to,
		strs: make([]int32, from.NumStrings()), fields: make([]int32, from.NumFields()), methods: make([]int32, from.NumMethods())}
}

// grow extends a lazily filled table when the source pool has grown since
// the Mapper was made.
func grow(t []int32, n int) []int32 {
	if len(t) < n {
		t = append(t, make([]int32, n-len(t))...)
	}
	return t
}

func (m *Mapper) str(id int32) int32 {
	m.strs = grow(m.strs, m.from.NumStrings())
	if v := m.strs[id]; v != 0 {
		return v - 1
	}
	v := m.to.String(m.from.StringAt(id))
	m.strs[id] = v + 1
	return v
}

func (m *Mapper) field(id int32) int32 {
	m.fields = grow(m.fields, m.from.NumFields())
	if v := m.fields[id]; v != 0 {
		return v - 1
	}
	f := m.from.FieldAt(id)
	v := m.to.FieldID(FieldRef{m.str(f.Class), m.str(f.Name), m.str(f.Desc)})
	m.fields[id] = v + 1
	return v
}

func (m *Mapper) method(id int32) int32 {
	m.methods = grow(m.methods, m.from.NumMethods())
	if v := m.methods[id]; v != 0 {
		return v - 1
	}
	r := m.from.MethodAt(id)
	v := m.to.MethodID(MethodRef{m.str(r.Class), m.str(r.Name), m.str(r.Desc), r.Interface})
	m.methods[id] = v + 1
	return v
}

// repeated returns the index of the first element of xs equal to an
// earlier one, or -1, and whether xs is strictly increasing under cmp.
// Tables the summarizer writes are, which proves them free of repeats
// without a map; others are checked with one.
func repeated[T comparable](xs []T, cmp func(a, b T) int) (int, bool) {
	increasing := true
	for i := 1; i < len(xs) && increasing; i++ {
		increasing = cmp(xs[i-1], xs[i]) < 0
	}
	if increasing {
		return -1, true
	}
	seen := make(map[T]struct{}, len(xs))
	for i, x := range xs {
		if _, ok := seen[x]; ok {
			return i, false
		}
		seen[x] = struct{}{}
	}
	return -1, false
}

func compareFields(a, b FieldRef) int {
	return cmp.Or(cmp.Compare(a.Class, b.Class), cmp.Compare(a.Name, b.Name), cmp.Compare(a.Desc, b.Desc))
}

func compareMethods(a, b MethodRef) int {
	return cmp.Or(cmp.Compare(a.Class, b.Class), cmp.Compare(a.Name, b.Name), cmp.Compare(a.Desc, b.Desc), cmp.Compare(boolInt(a.Interface), boolInt(b.Interface)))
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
