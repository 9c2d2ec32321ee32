package ir

import (
	"errors"
	"fmt"

	cf "github.com/rules-fragment/rules_fragment/tools/classfile"
)

// cpCache memoises, per class, what translation derives from constant-pool
// entries: resolved member references with parsed descriptors, and class
// operands as types. The methods of a class share one constant pool, and
// BuildClass builds them one after another on one scratch.
type cpCache struct {
	cf   *cf.ClassFile
	this Type // the class's own object type
	// constant-pool index → 1 + index into members / classes; separate,
	// since malformed bytecode may use one index both ways.
	memberSlot, classSlot []int32
	members               []memberEntry
	classes               []classEntry
}

type memberEntry struct {
	err    error
	ref    cf.MemberRef
	params []string // parameter descriptors (methods)
	ret    string   // return descriptor (methods)
}

type classEntry struct {
	err  error
	name string
	typ  Type // ObjectType(name)
}

// cache returns the scratch's cache, reset if it belongs to another class.
func (b *builder) cache() *cpCache {
	c := &b.scr.cp
	if c.cf != b.cf {
		c.cf = b.cf
		c.this = ObjectType(b.cf.Name)
		c.memberSlot = resize(c.memberSlot, b.cp.Len())
		c.classSlot = resize(c.classSlot, b.cp.Len())
		clear(c.members)
		c.members = c.members[:0]
		clear(c.classes)
		c.classes = c.classes[:0]
	}
	return c
}

// member resolves a Fieldref/Methodref/InterfaceMethodref and parses its
// descriptor once per class.
func (b *builder) member(index uint16) *memberEntry {
	c := b.cache()
	if int(index) >= len(c.memberSlot) {
		return &memberEntry{err: fmt.Errorf("constant-pool index %d out of range", index)}
	}
	if s := c.memberSlot[index]; s > 0 {
		return &c.members[s-1]
	}
	c.members = append(c.members, memberEntry{})
	c.memberSlot[index] = int32(len(c.members))
	e := &c.members[len(c.members)-1]
	e.ref, e.err = b.cp.Member(index)
	if e.err != nil {
		return e
	}
	if e.ref.Tag == cf.TagFieldref {
		if !cf.ValidFieldDescriptor(e.ref.Desc) {
			e.err = fmt.Errorf("invalid field descriptor %q", e.ref.Desc)
		}
		return e
	}
	e.params, e.ret, e.err = cf.ParseMethodDescriptor(e.ref.Desc)
	return e
}

var (
	errNotField      = errors.New("not a field reference")
	errFieldAsMethod = errors.New("field reference used as a method")
)

// classRef resolves the CONSTANT_Class operand of new, anewarray,
// multianewarray, checkcast and instanceof, rejecting names that are not a
// class name or array descriptor (the verifier would reject them too).
func (b *builder) classRef(index uint16) (string, error) {
	name, _, err := b.classType(index)
	return name, err
}

// classType is classRef also returning the class's object type, made once
// per class.
func (b *builder) classType(index uint16) (string, Type, error) {
	c := b.cache()
	if int(index) >= len(c.classSlot) {
		return "", "", fmt.Errorf("constant-pool index %d out of range", index)
	}
	if s := c.classSlot[index]; s > 0 {
		e := &c.classes[s-1]
		return e.name, e.typ, e.err
	}
	e := classEntry{}
	e.name, e.err = b.cp.ClassName(index)
	if e.err == nil {
		e.typ = ObjectType(e.name)
		if !cf.ValidFieldDescriptor(string(e.typ)) {
			e.err = fmt.Errorf("invalid class name %q", e.name)
		}
	}
	c.classes = append(c.classes, e)
	c.classSlot[index] = int32(len(c.classes))
	return e.name, e.typ, e.err
}
