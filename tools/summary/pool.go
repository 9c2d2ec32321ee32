package summary

import "cmp"

// Pool interns the symbols that statements refer to: strings (class names,
// array descriptors, member names and descriptors), field references and
// method references, each by a dense id. A summary has one Pool; the linker
// has a program-wide Pool into which each summary's ids are mapped.
type Pool struct {
	Strings []string
	Fields  []FieldRef
	Methods []MethodRef

	// The lookup maps of String, FieldID and MethodID. A decoded pool
	// leaves them nil until something interns into it (a linker only reads
	// a summary's pool), which spares every link building three maps over
	// the runtime's ~700 k symbols.
	strs    map[string]int32
	fields  map[FieldRef]int32
	methods map[MethodRef]int32
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
	return &Pool{strs: map[string]int32{}, fields: map[FieldRef]int32{}, methods: map[MethodRef]int32{}}
}

// index builds the lookup maps of a decoded pool on first interning.
func (p *Pool) index() {
	if p.strs != nil {
		return
	}
	p.strs = make(map[string]int32, len(p.Strings))
	for i, s := range p.Strings {
		p.strs[s] = int32(i)
	}
	p.fields = make(map[FieldRef]int32, len(p.Fields))
	for i, f := range p.Fields {
		p.fields[f] = int32(i)
	}
	p.methods = make(map[MethodRef]int32, len(p.Methods))
	for i, m := range p.Methods {
		p.methods[m] = int32(i)
	}
}

// String interns s.
func (p *Pool) String(s string) int32 {
	p.index()
	if id, ok := p.strs[s]; ok {
		return id
	}
	id := int32(len(p.Strings))
	p.Strings = append(p.Strings, s)
	p.strs[s] = id
	return id
}

// Field interns a field reference.
func (p *Pool) Field(class, name, desc string) int32 {
	return p.FieldID(FieldRef{p.String(class), p.String(name), p.String(desc)})
}

// FieldID interns a field reference made of this pool's string ids.
func (p *Pool) FieldID(f FieldRef) int32 {
	p.index()
	if id, ok := p.fields[f]; ok {
		return id
	}
	id := int32(len(p.Fields))
	p.Fields = append(p.Fields, f)
	p.fields[f] = id
	return id
}

// Method interns a method reference.
func (p *Pool) Method(class, name, desc string, iface bool) int32 {
	return p.MethodID(MethodRef{p.String(class), p.String(name), p.String(desc), iface})
}

// MethodID interns a method reference made of this pool's string ids.
func (p *Pool) MethodID(m MethodRef) int32 {
	p.index()
	if id, ok := p.methods[m]; ok {
		return id
	}
	id := int32(len(p.Methods))
	p.Methods = append(p.Methods, m)
	p.methods[m] = id
	return id
}

// FieldName returns "class.name:desc" for messages.
func (p *Pool) FieldName(id int32) string {
	f := p.Fields[id]
	return p.Strings[f.Class] + "." + p.Strings[f.Name] + ":" + p.Strings[f.Desc]
}

// MethodName returns "class.name(desc)" for messages and reports.
func (p *Pool) MethodName(id int32) string {
	m := p.Methods[id]
	return p.Strings[m.Class] + "." + p.Strings[m.Name] + p.Strings[m.Desc]
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
		strs: make([]int32, len(from.Strings)), fields: make([]int32, len(from.Fields)), methods: make([]int32, len(from.Methods))}
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
	m.strs = grow(m.strs, len(m.from.Strings))
	if v := m.strs[id]; v != 0 {
		return v - 1
	}
	v := m.to.String(m.from.Strings[id])
	m.strs[id] = v + 1
	return v
}

func (m *Mapper) field(id int32) int32 {
	m.fields = grow(m.fields, len(m.from.Fields))
	if v := m.fields[id]; v != 0 {
		return v - 1
	}
	f := m.from.Fields[id]
	v := m.to.FieldID(FieldRef{m.str(f.Class), m.str(f.Name), m.str(f.Desc)})
	m.fields[id] = v + 1
	return v
}

func (m *Mapper) method(id int32) int32 {
	m.methods = grow(m.methods, len(m.from.Methods))
	if v := m.methods[id]; v != 0 {
		return v - 1
	}
	r := m.from.Methods[id]
	v := m.to.MethodID(MethodRef{m.str(r.Class), m.str(r.Name), m.str(r.Desc), r.Interface})
	m.methods[id] = v + 1
	return v
}

// repeated returns the index of the first element of xs equal to an
// earlier one, or -1. Tables the summarizer writes are strictly increasing
// under cmp, which proves them free of repeats without a map; others are
// checked with one.
func repeated[T comparable](xs []T, cmp func(a, b T) int) int {
	increasing := true
	for i := 1; i < len(xs) && increasing; i++ {
		increasing = cmp(xs[i-1], xs[i]) < 0
	}
	if increasing {
		return -1
	}
	seen := make(map[T]struct{}, len(xs))
	for i, x := range xs {
		if _, ok := seen[x]; ok {
			return i
		}
		seen[x] = struct{}{}
	}
	return -1
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
