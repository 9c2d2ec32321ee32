package classfile

import "encoding/binary"

// LocalVars decodes the method's LocalVariableTable attributes.
func (c *Code) LocalVars(cp *ConstantPool) ([]LocalVar, error) {
	var out []LocalVar
	for _, body := range c.LocalVariableTable {
		for p := 0; p+10 <= len(body); p += 10 {
			v := LocalVar{
				Start:  binary.BigEndian.Uint16(body[p:]),
				Length: binary.BigEndian.Uint16(body[p+2:]),
				Index:  binary.BigEndian.Uint16(body[p+8:]),
			}
			var err error
			if v.Name, err = cp.UTF8(binary.BigEndian.Uint16(body[p+4:])); err != nil {
				return nil, err
			}
			if v.Desc, err = cp.UTF8(binary.BigEndian.Uint16(body[p+6:])); err != nil {
				return nil, err
			}
			out = append(out, v)
		}
	}
	return out, nil
}
