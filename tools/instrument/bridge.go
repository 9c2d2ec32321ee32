package instrument

import (
	"encoding/binary"
	"fmt"

	"github.com/rules-fragment/rules_fragment/tools/classfile"
	"github.com/rules-fragment/rules_fragment/tools/internal/mutf8"
)

// builder appends constants to a class's pool and makes bridge methods.
type builder struct {
	pool    []byte // the new constants
	cpCount int    // constant_pool_count with them
	this    string
	iface   bool
	utf8s   map[string]uint16
	classes map[string]uint16
}

func (b *builder) add(tag byte, body ...byte) uint16 {
	i := uint16(b.cpCount)
	b.cpCount++
	b.pool = append(append(b.pool, tag), body...)
	return i
}

func u2(v uint16) []byte { return binary.BigEndian.AppendUint16(nil, v) }

func (b *builder) utf8(s string) uint16 {
	if i, ok := b.utf8s[s]; ok {
		return i
	}
	enc := mutf8.Append(nil, s)
	i := b.add(classfile.TagUtf8, append(u2(uint16(len(enc))), enc...)...)
	if b.utf8s == nil {
		b.utf8s = map[string]uint16{}
	}
	b.utf8s[s] = i
	return i
}

func (b *builder) class(name string) uint16 {
	if i, ok := b.classes[name]; ok {
		return i
	}
	i := b.add(classfile.TagClass, u2(b.utf8(name))...)
	if b.classes == nil {
		b.classes = map[string]uint16{}
	}
	b.classes[name] = i
	return i
}

func (b *builder) str(s string) uint16 { return b.add(classfile.TagString, u2(b.utf8(s))...) }

func (b *builder) methodref(tag uint8, class, name, desc string) uint16 {
	nat := b.add(classfile.TagNameAndType, append(u2(b.utf8(name)), u2(b.utf8(desc))...)...)
	return b.add(tag, append(u2(b.class(class)), u2(nat)...)...)
}

// bridge returns the method_info of a bridge: record the call, then make
// it with invoke op of constant ref.
func (b *builder) bridge(name, desc string, op byte, ref, recorder uint16, id int, site, sel string) ([]byte, error) {
	params, ret, err := slots(desc)
	if err != nil {
		return nil, err
	}
	var code []byte
	code = append(code, 0x2a) // aload_0
	code = append(append(code, opLdcW), u2(b.add(classfile.TagInteger, binary.BigEndian.AppendUint32(nil, uint32(id))...))...)
	code = append(append(code, opLdcW), u2(b.str(site))...)
	code = append(append(code, opLdcW), u2(b.str(sel))...)
	code = append(append(code, opInvokestatic), u2(recorder)...)
	slot := 0
	for _, p := range params {
		code = appendLoad(code, p, slot)
		slot += width(p)
	}
	code = append(append(code, op), u2(ref)...)
	if op == opInvokeinterface {
		code = append(code, byte(slot), 0)
	}
	code = append(code, returnOp(ret))
	maxStack := max(4, slot, width(ret))
	var m []byte
	m = append(m, u2(classfile.AccPrivate|classfile.AccStatic|classfile.AccSynthetic)...)
	m = append(m, u2(b.utf8(name))...)
	m = append(m, u2(b.utf8(desc))...)
	m = append(m, u2(1)...) // attributes: Code
	m = append(m, u2(b.utf8("Code"))...)
	m = binary.BigEndian.AppendUint32(m, uint32(2+2+4+len(code)+2+2))
	m = append(m, u2(uint16(maxStack))...)
	m = append(m, u2(uint16(slot))...)
	m = binary.BigEndian.AppendUint32(m, uint32(len(code)))
	m = append(m, code...)
	m = append(m, u2(0)...) // exception_table_length
	m = append(m, u2(0)...) // attributes_count
	return m, nil
}

// slots splits a method descriptor into its parameters' and return's first
// characters ('L' and '[' both as 'L').
func slots(desc string) (params []byte, ret byte, err error) {
	if len(desc) < 3 || desc[0] != '(' {
		return nil, 0, fmt.Errorf("bad method descriptor %q", desc)
	}
	i := 1
	for i < len(desc) && desc[i] != ')' {
		start := i
		for i < len(desc) && desc[i] == '[' {
			i++
		}
		if i >= len(desc) {
			break
		}
		if desc[i] == 'L' {
			for i < len(desc) && desc[i] != ';' {
				i++
			}
		}
		i++
		c := desc[start]
		if c == '[' {
			c = 'L'
		}
		params = append(params, c)
	}
	if i+1 >= len(desc) {
		return nil, 0, fmt.Errorf("bad method descriptor %q", desc)
	}
	ret = desc[i+1]
	if ret == '[' {
		ret = 'L'
	}
	return params, ret, nil
}

func width(c byte) int {
	switch c {
	case 'V':
		return 0
	case 'J', 'D':
		return 2
	}
	return 1
}

func appendLoad(code []byte, c byte, slot int) []byte {
	op := byte(0x15) // iload
	switch c {
	case 'J':
		op = 0x16
	case 'F':
		op = 0x17
	case 'D':
		op = 0x18
	case 'L':
		op = 0x19
	}
	if slot > 0xff {
		return append(append(code, opWide, op), u2(uint16(slot))...)
	}
	return append(code, op, byte(slot))
}

func returnOp(c byte) byte {
	switch c {
	case 'V':
		return opReturn
	case 'J':
		return 0xad
	case 'F':
		return 0xae
	case 'D':
		return 0xaf
	case 'L':
		return 0xb0
	}
	return 0xac // ireturn: int, boolean, byte, char, short
}
