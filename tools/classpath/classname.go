package classpath

import (
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/rules-fragment/rules_fragment/tools/classpath/internal/mutf8"
)

// This file holds a minimal class file reader (JVMS §4): just enough of the
// constant pool to find this_class, and of the attributes to find a module
// descriptor's name. Full parsing is the job of tools/classfile; Open only
// needs the name of a lone .class file and of a jmod's module.

// Constant pool tags (JVMS §4.4).
const (
	tagUtf8               = 1
	tagInteger            = 3
	tagFloat              = 4
	tagLong               = 5
	tagDouble             = 6
	tagClass              = 7
	tagString             = 8
	tagFieldref           = 9
	tagMethodref          = 10
	tagInterfaceMethodref = 11
	tagNameAndType        = 12
	tagMethodHandle       = 15
	tagMethodType         = 16
	tagDynamic            = 17
	tagInvokeDynamic      = 18
	tagModule             = 19
	tagPackage            = 20
)

var errTruncated = errors.New("truncated class file")

// constantPool records where each constant starts in the class file.
type constantPool struct {
	data []byte
	pos  []uint32 // pos[i] is the offset of constant i's tag byte; 0 for unusable slots
}

// parseConstantPool checks the magic and walks the constant pool. It
// returns the pool and the offset of the first byte after it (access_flags).
func parseConstantPool(data []byte) (*constantPool, int, error) {
	if err := checkClass(data); err != nil {
		return nil, 0, err
	}
	if len(data) < 10 {
		return nil, 0, errTruncated
	}
	count := int(binary.BigEndian.Uint16(data[8:]))
	cp := &constantPool{data: data, pos: make([]uint32, count)}
	p := 10
	for i := 1; i < count; i++ {
		if p >= len(data) {
			return nil, 0, errTruncated
		}
		tag := data[p]
		cp.pos[i] = uint32(p)
		var size int
		switch tag {
		case tagUtf8:
			if p+3 > len(data) {
				return nil, 0, errTruncated
			}
			size = 3 + int(binary.BigEndian.Uint16(data[p+1:]))
		case tagClass, tagString, tagMethodType, tagModule, tagPackage:
			size = 3
		case tagMethodHandle:
			size = 4
		case tagInteger, tagFloat, tagFieldref, tagMethodref, tagInterfaceMethodref,
			tagNameAndType, tagDynamic, tagInvokeDynamic:
			size = 5
		case tagLong, tagDouble:
			size = 9
			i++ // takes two slots
		default:
			return nil, 0, fmt.Errorf("constant pool entry %d has unknown tag %d", i, tag)
		}
		if size > len(data)-p {
			return nil, 0, errTruncated
		}
		p += size
	}
	return cp, p, nil
}

// ref returns the u2 operand of the constant at index i, which must have tag.
func (cp *constantPool) ref(i int, tag byte) (int, error) {
	if i <= 0 || i >= len(cp.pos) || cp.pos[i] == 0 {
		return 0, fmt.Errorf("constant pool index %d out of range", i)
	}
	p := int(cp.pos[i])
	if cp.data[p] != tag {
		return 0, fmt.Errorf("constant pool entry %d has tag %d, want %d", i, cp.data[p], tag)
	}
	return int(binary.BigEndian.Uint16(cp.data[p+1:])), nil
}

// utf8 returns the string of the CONSTANT_Utf8 at index i.
func (cp *constantPool) utf8(i int) (string, error) {
	n, err := cp.ref(i, tagUtf8)
	if err != nil {
		return "", err
	}
	p := int(cp.pos[i]) + 3
	s, err := mutf8.Decode(cp.data[p : p+n])
	if err != nil {
		return "", fmt.Errorf("constant pool entry %d: %w", i, err)
	}
	return s, nil
}

// className resolves a CONSTANT_Class (or, with tag, CONSTANT_Module) index.
func (cp *constantPool) named(i int, tag byte) (string, error) {
	ni, err := cp.ref(i, tag)
	if err != nil {
		return "", err
	}
	return cp.utf8(ni)
}

// ClassName returns the internal name of the class defined by the class file
// data (its this_class), e.g. "java/lang/Object" or "module-info". It reads
// only the constant pool and never panics on malformed input.
func ClassName(data []byte) (string, error) {
	cp, p, err := parseConstantPool(data)
	if err != nil {
		return "", err
	}
	if p+4 > len(data) {
		return "", errTruncated
	}
	name, err := cp.named(int(binary.BigEndian.Uint16(data[p+2:])), tagClass)
	if err != nil {
		return "", fmt.Errorf("this_class: %w", err)
	}
	if !ValidClassName(name) {
		return "", fmt.Errorf("this_class %q is not a valid class name", name)
	}
	return name, nil
}

// moduleName returns the module name declared by a module-info class file
// (its Module attribute, JVMS §4.7.25).
func moduleName(data []byte) (string, error) {
	cp, p, err := parseConstantPool(data)
	if err != nil {
		return "", err
	}
	r := reader{data: data, p: p}
	r.skip(6) // access_flags, this_class, super_class
	r.skip(2 * int(r.u2()))
	for range 2 { // fields, methods
		n := int(r.u2())
		for j := 0; j < n && r.err == nil; j++ {
			r.skip(6)
			r.skipAttributes()
		}
	}
	n := int(r.u2())
	for j := 0; j < n && r.err == nil; j++ {
		nameIndex := int(r.u2())
		length := int(r.u4())
		if r.err != nil {
			break
		}
		if attr, err := cp.utf8(nameIndex); err == nil && attr == "Module" && length >= 2 {
			start := r.p
			mi := int(r.u2())
			if r.err != nil {
				break
			}
			r.p = start
			return cp.named(mi, tagModule)
		}
		r.skip(length)
	}
	if r.err != nil {
		return "", r.err
	}
	return "", errors.New("no Module attribute")
}

// reader reads big-endian values with a sticky truncation error.
type reader struct {
	data []byte
	p    int
	err  error
}

func (r *reader) skip(n int) {
	if r.err != nil {
		return
	}
	if n < 0 || n > len(r.data)-r.p {
		r.err = errTruncated
		return
	}
	r.p += n
}

func (r *reader) u2() uint16 {
	if r.err != nil || len(r.data)-r.p < 2 {
		r.err = errTruncated
		return 0
	}
	v := binary.BigEndian.Uint16(r.data[r.p:])
	r.p += 2
	return v
}

func (r *reader) u4() uint32 {
	if r.err != nil || len(r.data)-r.p < 4 {
		r.err = errTruncated
		return 0
	}
	v := binary.BigEndian.Uint32(r.data[r.p:])
	r.p += 4
	return v
}

func (r *reader) skipAttributes() {
	n := int(r.u2())
	for i := 0; i < n && r.err == nil; i++ {
		r.skip(2)
		r.skip(int(r.u4()))
	}
}
