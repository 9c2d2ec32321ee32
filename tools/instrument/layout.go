package instrument

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// layout is where a class file's parts are, for appending to them.
type layout struct {
	cpCount      int // constant_pool_count
	cpEnd        int // offset after the last constant
	methodsCount int // offset of methods_count
	methodCount  int
	methodsEnd   int // offset after the last method
}

var errShort = errors.New("truncated class file")

// layoutOf walks a class file (already parsed, so well formed) to its parts.
func layoutOf(d []byte) (layout, error) {
	var l layout
	pos := 8
	u2 := func() int {
		if pos+2 > len(d) {
			pos = len(d) + 1
			return 0
		}
		v := int(binary.BigEndian.Uint16(d[pos:]))
		pos += 2
		return v
	}
	skip := func(n int) { pos += n }
	l.cpCount = u2()
	for i := 1; i < l.cpCount && pos < len(d); i++ {
		tag := d[pos]
		pos++
		switch tag {
		case 1: // Utf8
			skip(u2())
		case 3, 4, 9, 10, 11, 12, 17, 18: // Integer, Float, refs, NameAndType, (Invoke)Dynamic
			skip(4)
		case 5, 6: // Long, Double: two slots
			skip(8)
			i++
		case 7, 8, 16, 19, 20: // Class, String, MethodType, Module, Package
			skip(2)
		case 15: // MethodHandle
			skip(3)
		default:
			return l, fmt.Errorf("constant %d: unknown tag %d", i, tag)
		}
	}
	l.cpEnd = pos
	skip(6) // access_flags, this_class, super_class
	skip(2 * u2())
	members := func() {
		for n := u2(); n > 0 && pos <= len(d); n-- {
			skip(6)
			for a := u2(); a > 0 && pos+6 <= len(d); a-- {
				skip(2)
				n := int(binary.BigEndian.Uint32(d[pos:]))
				skip(4 + n)
			}
		}
	}
	members() // fields
	l.methodsCount = pos
	if pos+2 <= len(d) {
		l.methodCount = int(binary.BigEndian.Uint16(d[pos:]))
	}
	members() // methods
	l.methodsEnd = pos
	if pos > len(d) {
		return l, errShort
	}
	return l, nil
}
