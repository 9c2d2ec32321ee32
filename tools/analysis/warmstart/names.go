package warmstart

import (
	"cmp"
	"fmt"
	"slices"
	"sync/atomic"

	"github.com/vmihailenco/msgpack/v5"

	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/link"
)

// Names are what a state is valid for (the summaries it was made from,
// the names they left undefined) and the classes, methods and fields it
// refers to, by name: ids of classes and members made after a hierarchy's
// Build follow the order of concurrent loading, and another program has
// other ids anyway.
type Names struct {
	Summaries [][]byte // body SHA-256 of the summaries linked
	Phantoms  []string // classes referenced but not defined
	Strings   []string
	// Classes (string index, phantom flag); methods and fields (class,
	// name, descriptor as indices: triples; phantom flag).
	ClassName     []int32
	ClassPhantom  []bool
	Methods       []int32
	MethodPhantom []bool
	Fields        []int32
	FieldPhantom  []bool

	// hints, made when n is decoded, hold where each method was found in
	// its class's list the last time n was resolved: a worker resolves one
	// state's names link after link, in hierarchies built alike.
	hints []atomic.Int32
}

// NameWriter assigns indices to names in order of first reference.
type NameWriter struct {
	N    *Names
	h    *hierarchy.Hierarchy
	strs map[string]int32
	cls  map[*hierarchy.Class]int32
	mth  map[*hierarchy.Method]int32
	fld  map[int32]int32
}

// NewNameWriter starts the names of a state of program p.
func NewNameWriter(p *link.Program) *NameWriter {
	n := &Names{Phantoms: p.Hierarchy.PhantomNames()}
	for _, s := range p.Summaries {
		n.Summaries = append(n.Summaries, s.Header.BodySHA)
	}
	return &NameWriter{N: n, h: p.Hierarchy, strs: map[string]int32{}, cls: map[*hierarchy.Class]int32{},
		mth: map[*hierarchy.Method]int32{}, fld: map[int32]int32{}}
}

// Str returns the index of string x.
func (w *NameWriter) Str(x string) int32 {
	if i, ok := w.strs[x]; ok {
		return i
	}
	i := int32(len(w.N.Strings))
	w.N.Strings = append(w.N.Strings, x)
	w.strs[x] = i
	return i
}

// Class returns the index of c (-1 for nil).
func (w *NameWriter) Class(c *hierarchy.Class) int32 {
	if c == nil {
		return -1
	}
	if i, ok := w.cls[c]; ok {
		return i
	}
	i := int32(len(w.N.ClassName))
	w.N.ClassName = append(w.N.ClassName, w.Str(c.Name))
	w.N.ClassPhantom = append(w.N.ClassPhantom, c.Phantom)
	w.cls[c] = i
	return i
}

// Method returns the index of m (-1 for nil).
func (w *NameWriter) Method(m *hierarchy.Method) int32 {
	if m == nil {
		return -1
	}
	if i, ok := w.mth[m]; ok {
		return i
	}
	c := w.Class(m.Class)
	i := int32(len(w.N.MethodPhantom))
	w.N.Methods = append(w.N.Methods, c, w.Str(m.Name), w.Str(m.Desc))
	w.N.MethodPhantom = append(w.N.MethodPhantom, m.Phantom)
	w.mth[m] = i
	return i
}

// MethodID returns the index of the method with hierarchy id id.
func (w *NameWriter) MethodID(id int32) int32 { return w.Method(w.h.Method(id)) }

// Field returns the index of the field with hierarchy id id; negative ids
// (an analysis's pseudo-fields) stay as they are.
func (w *NameWriter) Field(id int32) int32 {
	if id < 0 {
		return id
	}
	if i, ok := w.fld[id]; ok {
		return i
	}
	f := w.h.Field(id)
	c := w.Class(f.Class)
	i := int32(len(w.N.FieldPhantom))
	w.N.Fields = append(w.N.Fields, c, w.Str(f.Name), w.Str(f.Desc))
	w.N.FieldPhantom = append(w.N.FieldPhantom, f.Phantom)
	w.fld[id] = i
	return i
}

// ByKey returns the methods with hierarchy ids ids, sorted by key, for
// writing sets of methods in an order independent of ids.
func (w *NameWriter) ByKey(ids []int32) []*hierarchy.Method {
	out := make([]*hierarchy.Method, len(ids))
	for i, id := range ids {
		out[i] = w.h.Method(id)
	}
	slices.SortFunc(out, func(a, b *hierarchy.Method) int { return cmp.Compare(a.Key(), b.Key()) })
	return out
}

// Ints walks the integer tables.
func (n *Names) Ints(c Ints) {
	c.Slice(&n.ClassName)
	c.Bools(&n.ClassPhantom)
	c.Slice(&n.Methods)
	c.Bools(&n.MethodPhantom)
	c.Slice(&n.Fields)
	c.Bools(&n.FieldPhantom)
}

// Encode writes a state: n's names as msgpack values and then the
// integers of n and of ints (the state's own walk) as one binary value.
func Encode(enc *msgpack.Encoder, n *Names, ints func(Ints)) error {
	if err := enc.EncodeArrayLen(4); err != nil {
		return err
	}
	for _, v := range []any{n.Summaries, n.Phantoms, n.Strings} {
		if err := enc.Encode(v); err != nil {
			return err
		}
	}
	var w Writer
	n.Ints(&w)
	ints(&w)
	return enc.EncodeBytes(w.B)
}

// Decode reads what Encode wrote.
func Decode(dec *msgpack.Decoder, n *Names, ints func(Ints)) error {
	k, err := dec.DecodeArrayLen()
	if err != nil {
		return err
	}
	if k != 4 {
		return fmt.Errorf("warm start of %d parts, not 4", k)
	}
	for _, v := range []any{&n.Summaries, &n.Phantoms, &n.Strings} {
		if err := dec.Decode(v); err != nil {
			return err
		}
	}
	b, err := dec.DecodeBytes()
	if err != nil {
		return err
	}
	r := NewReader(b)
	n.Ints(r)
	ints(r)
	if r.Err() == nil {
		n.hints = make([]atomic.Int32, len(n.MethodPhantom))
	}
	return r.Err()
}

// Entities are Names found in a program's hierarchy.
type Entities struct {
	Classes []*hierarchy.Class
	Methods []*hierarchy.Method
	Fields  []*hierarchy.Field
}

// Resolve checks that n applies to program p (CheckInputs) and finds its
// names in p's hierarchy; errors wrap ErrMismatch.
func (n *Names) Resolve(p *link.Program) (*Entities, error) {
	if err := CheckInputs(p, n.Summaries, n.Phantoms); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrMismatch, err)
	}
	e, err := n.entities(p.Hierarchy)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrMismatch, err)
	}
	return e, nil
}

func (n *Names) entities(h *hierarchy.Hierarchy) (*Entities, error) {
	str := func(i int32) (string, error) {
		if i < 0 || int(i) >= len(n.Strings) {
			return "", fmt.Errorf("string %d out of range", i)
		}
		return n.Strings[i], nil
	}
	if len(n.ClassPhantom) != len(n.ClassName) || 3*len(n.MethodPhantom) != len(n.Methods) || 3*len(n.FieldPhantom) != len(n.Fields) {
		return nil, fmt.Errorf("malformed entity tables")
	}
	e := &Entities{Classes: make([]*hierarchy.Class, len(n.ClassName))}
	for i, si := range n.ClassName {
		name, err := str(si)
		if err != nil {
			return nil, err
		}
		if name == "" {
			return nil, fmt.Errorf("class without a name")
		}
		var c *hierarchy.Class
		if n.ClassPhantom[i] || name[0] == '[' {
			c = h.LookupOrPhantom(name)
		} else {
			c = h.Lookup(name)
		}
		if c == nil || c.Phantom != n.ClassPhantom[i] {
			return nil, fmt.Errorf("class %s is not as it was", name)
		}
		e.Classes[i] = c
	}
	member := func(t []int32, i int) (*hierarchy.Class, string, string, error) {
		ci, ni, di := t[3*i], t[3*i+1], t[3*i+2]
		if ci < 0 || int(ci) >= len(e.Classes) {
			return nil, "", "", fmt.Errorf("class %d out of range", ci)
		}
		name, err := str(ni)
		if err != nil {
			return nil, "", "", err
		}
		desc, err := str(di)
		return e.Classes[ci], name, desc, err
	}
	e.Methods = make([]*hierarchy.Method, len(n.MethodPhantom))
	for i := range e.Methods {
		c, name, desc, err := member(n.Methods, i)
		if err != nil {
			return nil, err
		}
		m := n.declaredMethod(i, c, name, desc)
		if n.MethodPhantom[i] {
			m = h.PhantomMethod(c, name, desc)
		}
		if m == nil {
			return nil, fmt.Errorf("method %s.%s%s not found", c.Name, name, desc)
		}
		e.Methods[i] = m
	}
	e.Fields = make([]*hierarchy.Field, len(n.FieldPhantom))
	for i := range e.Fields {
		c, name, desc, err := member(n.Fields, i)
		if err != nil {
			return nil, err
		}
		f := c.DeclaredField(name, desc)
		if n.FieldPhantom[i] {
			f = h.PhantomField(c, name, desc)
		}
		if f == nil {
			return nil, fmt.Errorf("field %s.%s:%s not found", c.Name, name, desc)
		}
		e.Fields[i] = f
	}
	return e, nil
}

// declaredMethod is c.DeclaredMethod(name, desc) for method i of n,
// looked for first where it was found last time.
func (n *Names) declaredMethod(i int, c *hierarchy.Class, name, desc string) *hierarchy.Method {
	if i >= len(n.hints) {
		return c.DeclaredMethod(name, desc)
	}
	h := &n.hints[i]
	if j := int(h.Load()); j < len(c.Methods) {
		if m := c.Methods[j]; m.Name == name && m.Desc == desc {
			return m
		}
	}
	for j, m := range c.Methods {
		if m.Name == name && m.Desc == desc {
			h.Store(int32(j))
			return m
		}
	}
	return nil
}

// CheckInputs checks that the summaries (by body SHA-256) are linked in
// p, that no other input defines one of their classes, and that no name
// in phantoms, undefined when the state was made, is defined now.
func CheckInputs(p *link.Program, summaries [][]byte, phantoms []string) error {
	if len(summaries) == 0 {
		return fmt.Errorf("made from no summary")
	}
	h := p.Hierarchy
	for _, sha := range summaries {
		sum := p.SummaryBySHA(sha)
		if sum == nil {
			return fmt.Errorf("made from a summary (body sha256 %x) that is not linked", sha)
		}
		if len(sum.Shadowed) > 0 {
			return fmt.Errorf("class %s of %s is defined by another input", sum.Shadowed[0], sum.File)
		}
	}
	for _, name := range phantoms {
		if c := h.Lookup(name); c != nil && !c.Phantom {
			return fmt.Errorf("class %s, undefined when the warm start was made, is defined", name)
		}
	}
	return nil
}

// CheckSource checks that p can be a source of warm starts: made of
// summaries only, which a later link recognises by checksum.
func CheckSource(p *link.Program) error {
	if p.Classes > 0 || len(p.Summaries) == 0 {
		return fmt.Errorf("a warm start is made from summaries only")
	}
	return nil
}
