package classfile

import (
	"encoding/binary"
	"fmt"
	"math"
)

// Constant-pool tags (JVMS §4.4).
const (
	TagUtf8               = 1
	TagInteger            = 3
	TagFloat              = 4
	TagLong               = 5
	TagDouble             = 6
	TagClass              = 7
	TagString             = 8
	TagFieldref           = 9
	TagMethodref          = 10
	TagInterfaceMethodref = 11
	TagNameAndType        = 12
	TagMethodHandle       = 15
	TagMethodType         = 16
	TagDynamic            = 17
	TagInvokeDynamic      = 18
	TagModule             = 19
	TagPackage            = 20
)

// Method-handle reference kinds (JVMS §5.4.3.5).
const (
	RefGetField         = 1
	RefGetStatic        = 2
	RefPutField         = 3
	RefPutStatic        = 4
	RefInvokeVirtual    = 5
	RefInvokeStatic     = 6
	RefInvokeSpecial    = 7
	RefNewInvokeSpecial = 8
	RefInvokeInterface  = 9
)

// cpEntry is one constant-pool slot. A and B hold indices or the raw bits of
// numeric constants; S holds decoded Utf8 text.
type cpEntry struct {
	tag uint8
	a   uint16
	b   uint16
	v   uint64 // Integer/Float (low 32 bits), Long/Double bits
	s   string // Utf8 only
}

// ConstantPool is a parsed constant pool. Index 0 and the second slot of
// Long/Double entries are unusable, as in the JVM.
type ConstantPool struct {
	entries []cpEntry
}

// Len is the constant_pool_count (one more than the largest index).
func (cp *ConstantPool) Len() int { return len(cp.entries) }

// Tag returns the tag at i, or 0 if i is not a usable index.
func (cp *ConstantPool) Tag(i uint16) uint8 {
	if int(i) >= len(cp.entries) {
		return 0
	}
	return cp.entries[i].tag
}

func (cp *ConstantPool) entry(i uint16, tag uint8) (*cpEntry, error) {
	if int(i) >= len(cp.entries) || cp.entries[i].tag == 0 {
		return nil, fmt.Errorf("constant-pool index %d out of range or unusable (count %d)", i, len(cp.entries))
	}
	e := &cp.entries[i]
	if e.tag != tag {
		return nil, fmt.Errorf("constant-pool index %d: want %s, found %s", i, tagName(tag), tagName(e.tag))
	}
	return e, nil
}

// UTF8 returns the text of a Utf8 entry.
func (cp *ConstantPool) UTF8(i uint16) (string, error) {
	e, err := cp.entry(i, TagUtf8)
	if err != nil {
		return "", err
	}
	return e.s, nil
}

// ClassName returns the internal name of a Class entry (array classes are
// given as descriptors, e.g. "[Ljava/lang/String;", as in the class file).
func (cp *ConstantPool) ClassName(i uint16) (string, error) {
	e, err := cp.entry(i, TagClass)
	if err != nil {
		return "", err
	}
	return cp.entries[e.a].s, nil
}

// NameAndType returns the name and descriptor of a NameAndType entry.
func (cp *ConstantPool) NameAndType(i uint16) (name, desc string, err error) {
	e, err := cp.entry(i, TagNameAndType)
	if err != nil {
		return "", "", err
	}
	return cp.entries[e.a].s, cp.entries[e.b].s, nil
}

// MemberRef is a resolved Fieldref, Methodref or InterfaceMethodref.
type MemberRef struct {
	Tag   uint8 // TagFieldref, TagMethodref or TagInterfaceMethodref
	Class string
	Name  string
	Desc  string
}

// Member returns the Fieldref/Methodref/InterfaceMethodref at i.
func (cp *ConstantPool) Member(i uint16) (MemberRef, error) {
	if int(i) >= len(cp.entries) {
		return MemberRef{}, fmt.Errorf("constant-pool index %d out of range (count %d)", i, len(cp.entries))
	}
	e := &cp.entries[i]
	switch e.tag {
	case TagFieldref, TagMethodref, TagInterfaceMethodref:
	default:
		return MemberRef{}, fmt.Errorf("constant-pool index %d: want a member reference, found %s", i, tagName(e.tag))
	}
	c, _ := cp.ClassName(e.a)
	n, d, _ := cp.NameAndType(e.b)
	return MemberRef{Tag: e.tag, Class: c, Name: n, Desc: d}, nil
}

// MethodHandle is a resolved CONSTANT_MethodHandle.
type MethodHandle struct {
	Kind uint8 // Ref* constant
	Ref  MemberRef
}

func (h MethodHandle) String() string {
	return fmt.Sprintf("%s %s.%s:%s", refKindName(h.Kind), h.Ref.Class, h.Ref.Name, h.Ref.Desc)
}

// MethodHandleAt returns the MethodHandle at i.
func (cp *ConstantPool) MethodHandleAt(i uint16) (MethodHandle, error) {
	e, err := cp.entry(i, TagMethodHandle)
	if err != nil {
		return MethodHandle{}, err
	}
	ref, err := cp.Member(e.b)
	return MethodHandle{Kind: uint8(e.a), Ref: ref}, err
}

// DynamicRef is a CONSTANT_Dynamic or CONSTANT_InvokeDynamic entry.
type DynamicRef struct {
	Bootstrap uint16 // index into the BootstrapMethods attribute
	Name      string
	Desc      string
}

// Dynamic returns the Dynamic or InvokeDynamic entry at i (tag must match).
func (cp *ConstantPool) Dynamic(i uint16, tag uint8) (DynamicRef, error) {
	e, err := cp.entry(i, tag)
	if err != nil {
		return DynamicRef{}, err
	}
	n, d, _ := cp.NameAndType(e.b)
	return DynamicRef{Bootstrap: e.a, Name: n, Desc: d}, nil
}

// Const is a loadable constant (JVMS §4.4, ldc operands and bootstrap arguments).
type Const struct {
	Tag     uint8   // TagInteger ... TagDynamic
	Int     int64   // Integer, Long
	Float   float64 // Float, Double
	Str     string  // String value; Class name; MethodType descriptor
	Handle  MethodHandle
	Dynamic DynamicRef
}

// Loadable returns the loadable constant at i (for ldc, ldc_w, ldc2_w,
// ConstantValue and bootstrap arguments).
func (cp *ConstantPool) Loadable(i uint16) (Const, error) {
	if int(i) >= len(cp.entries) || cp.entries[i].tag == 0 {
		return Const{}, fmt.Errorf("constant-pool index %d out of range or unusable (count %d)", i, len(cp.entries))
	}
	e := &cp.entries[i]
	c := Const{Tag: e.tag}
	switch e.tag {
	case TagInteger:
		c.Int = int64(int32(uint32(e.v)))
	case TagFloat:
		c.Float = float64(math.Float32frombits(uint32(e.v)))
	case TagLong:
		c.Int = int64(e.v)
	case TagDouble:
		c.Float = math.Float64frombits(e.v)
	case TagString, TagClass, TagMethodType:
		c.Str = cp.entries[e.a].s
	case TagMethodHandle:
		h, err := cp.MethodHandleAt(i)
		if err != nil {
			return Const{}, err
		}
		c.Handle = h
	case TagDynamic:
		d, _ := cp.Dynamic(i, TagDynamic)
		c.Dynamic = d
	default:
		return Const{}, fmt.Errorf("constant-pool index %d: %s is not loadable", i, tagName(e.tag))
	}
	return c, nil
}

func tagName(t uint8) string {
	switch t {
	case TagUtf8:
		return "Utf8"
	case TagInteger:
		return "Integer"
	case TagFloat:
		return "Float"
	case TagLong:
		return "Long"
	case TagDouble:
		return "Double"
	case TagClass:
		return "Class"
	case TagString:
		return "String"
	case TagFieldref:
		return "Fieldref"
	case TagMethodref:
		return "Methodref"
	case TagInterfaceMethodref:
		return "InterfaceMethodref"
	case TagNameAndType:
		return "NameAndType"
	case TagMethodHandle:
		return "MethodHandle"
	case TagMethodType:
		return "MethodType"
	case TagDynamic:
		return "Dynamic"
	case TagInvokeDynamic:
		return "InvokeDynamic"
	case TagModule:
		return "Module"
	case TagPackage:
		return "Package"
	case 0:
		return "unusable slot"
	}
	return fmt.Sprintf("unknown tag %d", t)
}

func refKindName(k uint8) string {
	names := [...]string{"", "getField", "getStatic", "putField", "putStatic",
		"invokeVirtual", "invokeStatic", "invokeSpecial", "newInvokeSpecial", "invokeInterface"}
	if int(k) < len(names) && k > 0 {
		return names[k]
	}
	return fmt.Sprintf("refKind%d", k)
}

// parseConstantPool reads and validates the constant pool. Cross-references
// are checked after all entries are read, since they may point forward.
func parseConstantPool(r *reader) ConstantPool {
	n := int(r.u2("constant_pool_count"))
	if r.err != nil {
		return ConstantPool{}
	}
	if n == 0 {
		r.fail("constant_pool_count is 0")
		return ConstantPool{}
	}
	entries := make([]cpEntry, n)
	// The loop reads with local indices (the hottest loop of parsing); on
	// any shortfall it hands the position back to r, whose reads then
	// report the truncation with the usual message.
	data, p := r.data, r.pos
	for i := 1; i < n; i++ {
		e := &entries[i]
		if p >= len(data) {
			r.pos = p
			r.u1("constant-pool tag")
			return ConstantPool{}
		}
		e.tag = data[p]
		size := cpBodySize[e.tag]
		if size < 0 {
			r.pos = p + 1
			r.fail("constant-pool entry %d: unknown tag %d", i, e.tag)
			return ConstantPool{}
		}
		if size == 0 { // Utf8
			if len(data)-p < 3 {
				r.pos = p + 1
				r.u2("Utf8 length")
				return ConstantPool{}
			}
			l := int(binary.BigEndian.Uint16(data[p+1:]))
			if len(data)-p-3 < l {
				r.pos = p + 3
				r.bytes(l, "Utf8 bytes")
				return ConstantPool{}
			}
			s, ok := decodeModifiedUTF8(data[p+3 : p+3+l : p+3+l])
			if !ok {
				r.pos = p + 3
				r.fail("constant-pool entry %d: invalid modified UTF-8", i)
				return ConstantPool{}
			}
			e.s = s
			p += 3 + l
			continue
		}
		if len(data)-p-1 < size {
			r.pos = p + 1
			r.bytes(size, "constant-pool entry")
			return ConstantPool{}
		}
		body := data[p+1:]
		switch e.tag {
		case TagInteger, TagFloat:
			e.v = uint64(binary.BigEndian.Uint32(body))
		case TagLong, TagDouble:
			e.v = binary.BigEndian.Uint64(body)
			i++ // takes two slots; the second stays tag 0
			if i >= n {
				r.pos = p
				r.fail("constant-pool entry %d: 8-byte constant in the last slot", i-1)
				return ConstantPool{}
			}
		case TagMethodHandle:
			e.a = uint16(body[0])
			e.b = binary.BigEndian.Uint16(body[1:])
		default: // one or two u2 indices
			e.a = binary.BigEndian.Uint16(body)
			if size == 4 {
				e.b = binary.BigEndian.Uint16(body[2:])
			}
		}
		p += 1 + size
	}
	r.pos = p
	cp := ConstantPool{entries: entries}
	for i := 1; i < n && r.err == nil; i++ {
		if err := cp.validate(uint16(i)); err != nil {
			r.fail("constant-pool entry %d (%s): %v", i, tagName(entries[i].tag), err)
		}
	}
	return cp
}

func (cp *ConstantPool) validate(i uint16) error {
	e := &cp.entries[i]
	want := func(j uint16, tag uint8) error { _, err := cp.entry(j, tag); return err }
	switch e.tag {
	case TagClass, TagString, TagMethodType, TagModule, TagPackage:
		return want(e.a, TagUtf8)
	case TagNameAndType:
		if err := want(e.a, TagUtf8); err != nil {
			return err
		}
		return want(e.b, TagUtf8)
	case TagFieldref, TagMethodref, TagInterfaceMethodref:
		if err := want(e.a, TagClass); err != nil {
			return err
		}
		return want(e.b, TagNameAndType)
	case TagDynamic, TagInvokeDynamic:
		return want(e.b, TagNameAndType)
	case TagMethodHandle:
		if e.a < RefGetField || e.a > RefInvokeInterface {
			return fmt.Errorf("bad reference kind %d", e.a)
		}
		if int(e.b) >= len(cp.entries) {
			return fmt.Errorf("reference index %d out of range", e.b)
		}
		switch cp.entries[e.b].tag {
		case TagFieldref, TagMethodref, TagInterfaceMethodref:
			return nil
		}
		return fmt.Errorf("reference index %d is a %s", e.b, tagName(cp.entries[e.b].tag))
	}
	return nil
}

// cpBodySize is the size of each constant-pool entry after its tag byte:
// 0 for Utf8 (length-prefixed), -1 for undefined tags.
var cpBodySize = func() (t [256]int) {
	for i := range t {
		t[i] = -1
	}
	t[TagUtf8] = 0
	t[TagInteger], t[TagFloat] = 4, 4
	t[TagLong], t[TagDouble] = 8, 8
	for _, tag := range []int{TagClass, TagString, TagMethodType, TagModule, TagPackage} {
		t[tag] = 2
	}
	for _, tag := range []int{TagFieldref, TagMethodref, TagInterfaceMethodref, TagNameAndType, TagDynamic, TagInvokeDynamic} {
		t[tag] = 4
	}
	t[TagMethodHandle] = 3
	return t
}()
