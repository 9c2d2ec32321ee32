package classfile

import "fmt"

// Verification type tags (JVMS §4.7.4).
const (
	VTTop               = 0
	VTInteger           = 1
	VTFloat             = 2
	VTDouble            = 3
	VTLong              = 4
	VTNull              = 5
	VTUninitializedThis = 6
	VTObject            = 7
	VTUninitialized     = 8
)

// VerificationType is one verification_type_info.
type VerificationType struct {
	Tag    uint8
	Class  string // VTObject: internal name or array descriptor
	Offset uint16 // VTUninitialized: offset of the new instruction
}

// Frame is a decoded stack map frame with absolute offset and full state.
// Locals list one entry per value: long and double take one entry here, as
// in the attribute, not two slots.
type Frame struct {
	PC     int
	Locals []VerificationType
	Stack  []VerificationType
}

// ParseStackMapTable decodes a Code attribute's StackMapTable into full
// frames. initial gives the implicit first frame's locals (from the method
// descriptor); see InitialFrameLocals.
func ParseStackMapTable(cp *ConstantPool, data []byte, initial []VerificationType) ([]Frame, error) {
	r := &reader{data: data}
	n := int(r.u2("number_of_entries"))
	frames := make([]Frame, 0, n)
	locals := append([]VerificationType(nil), initial...)
	pc := -1
	vt := func() VerificationType {
		t := VerificationType{Tag: r.u1("verification type")}
		switch t.Tag {
		case VTObject:
			t.Class = r.classRef(cp, r.u2("cpool_index"), false)
		case VTUninitialized:
			t.Offset = r.u2("offset")
		default:
			if t.Tag > VTUninitialized {
				r.fail("unknown verification type tag %d", t.Tag)
			}
		}
		return t
	}
	for i := 0; i < n && r.err == nil; i++ {
		ft := r.u1("frame_type")
		var delta int
		var stack []VerificationType
		switch {
		case ft < 64: // same_frame
			delta = int(ft)
		case ft < 128: // same_locals_1_stack_item_frame
			delta = int(ft) - 64
			stack = []VerificationType{vt()}
		case ft < 247:
			r.fail("reserved stack map frame type %d", ft)
		case ft == 247: // same_locals_1_stack_item_frame_extended
			delta = int(r.u2("offset_delta"))
			stack = []VerificationType{vt()}
		case ft < 251: // chop_frame
			delta = int(r.u2("offset_delta"))
			k := 251 - int(ft)
			if k > len(locals) {
				r.fail("chop_frame removes %d of %d locals", k, len(locals))
				break
			}
			locals = locals[:len(locals)-k]
		case ft == 251: // same_frame_extended
			delta = int(r.u2("offset_delta"))
		case ft < 255: // append_frame
			delta = int(r.u2("offset_delta"))
			for k := 0; k < int(ft)-251; k++ {
				locals = append(locals, vt())
			}
		default: // full_frame
			delta = int(r.u2("offset_delta"))
			nl := int(r.u2("number_of_locals"))
			locals = locals[:0:0]
			for k := 0; k < nl && r.err == nil; k++ {
				locals = append(locals, vt())
			}
			ns := int(r.u2("number_of_stack_items"))
			for k := 0; k < ns && r.err == nil; k++ {
				stack = append(stack, vt())
			}
		}
		if r.err != nil {
			break
		}
		pc += delta + 1
		frames = append(frames, Frame{PC: pc, Locals: append([]VerificationType(nil), locals...), Stack: stack})
	}
	r.done("StackMapTable")
	if r.err != nil {
		return nil, fmt.Errorf("StackMapTable: %w", r.err)
	}
	return frames, nil
}

// InitialFrameLocals returns the implicit initial frame of a method (JVMS
// §4.10.1.6): this (uninitializedThis in constructors) and the parameters.
func InitialFrameLocals(class string, m *Method) []VerificationType {
	var out []VerificationType
	if m.Access&AccStatic == 0 {
		if m.Name == "<init>" && class != "java/lang/Object" {
			out = append(out, VerificationType{Tag: VTUninitializedThis})
		} else {
			out = append(out, VerificationType{Tag: VTObject, Class: class})
		}
	}
	params, _, _ := ParseMethodDescriptor(m.Desc)
	for _, p := range params {
		switch p[0] {
		case 'Z', 'B', 'C', 'S', 'I':
			out = append(out, VerificationType{Tag: VTInteger})
		case 'F':
			out = append(out, VerificationType{Tag: VTFloat})
		case 'J':
			out = append(out, VerificationType{Tag: VTLong})
		case 'D':
			out = append(out, VerificationType{Tag: VTDouble})
		case 'L':
			out = append(out, VerificationType{Tag: VTObject, Class: p[1 : len(p)-1]})
		default:
			out = append(out, VerificationType{Tag: VTObject, Class: p})
		}
	}
	return out
}
