package summary

import (
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
)

// A decoded unit's classes get their members (fields, methods and the
// places of their bodies) on first use: a link of a small program adds
// about 5 k of the JDK summary's 33 k classes to its hierarchy, and the
// members are most of the class table. Reading the table checks every
// member (string ids, body sizes and places), so decoding them later
// cannot fail.

// lazyMembers is where a class's members are in its unit's class table.
type lazyMembers struct {
	pending atomic.Bool
	off     int    // of the field count in the class table
	chunk   int32  // the chunk and offset of the class's first body
	at      uint64 // in it
}

// memberDecoder decodes members on demand; it keeps the class table.
type memberDecoder struct {
	mu      sync.Mutex
	table   []byte
	fields  []hierarchy.FieldSpec // slabs, as in decodeClasses
	methods []hierarchy.MethodSpec
	locs    []bodyLoc
	sels    []int32
	// The unit's numbering of its methods' selectors, by string ids of
	// name and descriptor (hierarchy.Builder.AddSharedClass).
	numbering *hierarchy.Selectors
	selNums   map[[2]int32]int32
}

// Complete decodes c's members if they are still pending, and returns c.
// Unit methods that use members (AddTo, Body, BodyBytes, WriteUnit) do
// this themselves; a reader of Fields or Methods of a decoded unit's
// class calls it first. Safe for concurrent use.
func (u *Unit) Complete(c *Class) *Class {
	if c.lazy == nil || !c.lazy.pending.Load() {
		return c
	}
	d := u.members
	d.mu.Lock()
	defer d.mu.Unlock()
	if c.lazy.pending.Load() {
		u.decodeMembers(c)
		c.lazy.pending.Store(false)
	}
	return c
}

// decodeMembers decodes what skipMembers checked.
func (u *Unit) decodeMembers(c *Class) {
	d := u.members
	r := &varReader{b: d.table, off: c.lazy.off}
	ss := u.Pool.strTab
	if k := r.count(); k > 0 {
		c.Fields, d.fields = slab(d.fields, k)
		for j := range c.Fields {
			c.Fields[j] = hierarchy.FieldSpec{Name: ss[r.int32()], Desc: ss[r.int32()], Access: uint16(r.uint())}
		}
	}
	k := r.count()
	if k == 0 {
		return
	}
	c.Methods, d.methods = slab(d.methods, k)
	c.sels, d.sels = slab(d.sels, k)
	for j := range c.Methods {
		name, desc := r.int32(), r.int32()
		c.Methods[j] = hierarchy.MethodSpec{Name: ss[name], Desc: ss[desc], Access: uint16(r.uint())}
		n, ok := d.selNums[[2]int32{name, desc}]
		if !ok { // by string ids first: hashing them is cheaper
			n = d.numbering.Number(ss[name], ss[desc])
			d.selNums[[2]int32{name, desc}] = n
		}
		c.sels[j] = n
	}
	c.locs, d.locs = slab(d.locs, k)
	ck, off := c.lazy.chunk, c.lazy.at
	for j := range c.locs {
		size := r.uint()
		if size == 0 {
			continue
		}
		for off == u.chunks[ck].raw {
			ck, off = ck+1, 0
		}
		c.locs[j] = bodyLoc{chunk: ck, off: uint32(off), n: uint32(size)}
		off += size
	}
}

// skipMembers checks the members of class c at r's offset and moves the
// chunk position (ck, off) past its bodies, leaving their decoding to
// Complete, with l as c's lazy state. It reports the method whose body
// does not fit as an error.
func (u *Unit) skipMembers(r *varReader, c *Class, l *lazyMembers, ck *int32, off *uint64) {
	l.off, l.chunk, l.at = r.off, *ck, *off
	l.pending.Store(true)
	c.lazy = l
	ns := int32(len(u.Pool.strTab))
	str := func() {
		if v := r.int32(); (v < 0 || v >= ns) && r.err == nil {
			r.err = errStringID(v)
		}
	}
	for range r.count() {
		str()
		str()
		r.uint()
	}
	k := r.count()
	for range k {
		str()
		str()
		r.uint()
	}
	for j := range k {
		size := r.uint()
		if r.err != nil || size == 0 {
			continue
		}
		for int(*ck) < len(u.chunks) && *off == u.chunks[*ck].raw {
			*ck, *off = *ck+1, 0
		}
		if int(*ck) == len(u.chunks) || size > u.chunks[*ck].raw-*off {
			r.err = errBeyondChunk(c, j, u, r.b)
			return
		}
		*off += size
	}
}

func errStringID(v int32) error { return fmt.Errorf("string id %d out of range", v) }

// errBeyondChunk names method j of c, whose string ids skipMembers
// checked, in the error of a body that does not fit its chunk.
func errBeyondChunk(c *Class, j int, u *Unit, table []byte) error {
	r := &varReader{b: table, off: c.lazy.off}
	for range r.count() {
		r.int32()
		r.int32()
		r.uint()
	}
	r.count()
	for range j {
		r.int32()
		r.int32()
		r.uint()
	}
	ss := u.Pool.strTab
	return fmt.Errorf("class %s: body of %s%s beyond its chunk", c.Name, ss[r.int32()], ss[r.int32()])
}
