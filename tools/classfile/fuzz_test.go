package classfile

import "testing"

// FuzzParse checks that no input makes the parser or the stack-map decoder
// panic, and that the descriptors of a parsed class are valid.
func FuzzParse(f *testing.F) {
	f.Add([]byte{0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 52})
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := Parse(data)
		if err != nil {
			return
		}
		for i := range c.Methods {
			m := &c.Methods[i]
			if !ValidMethodDescriptor(m.Desc) {
				t.Fatalf("parsed method with invalid descriptor %q", m.Desc)
			}
			if m.Code != nil && m.Code.StackMapTable != nil {
				ParseStackMapTable(&c.Pool, m.Code.StackMapTable, InitialFrameLocals(c.Name, m))
			}
			if m.Code != nil {
				for pc := 0; pc < len(m.Code.Bytecode); {
					n, bad := InstructionLength(m.Code.Bytecode, pc)
					if bad != "" {
						break
					}
					pc += n
				}
			}
		}
		for i := 1; i < c.Pool.Len(); i++ {
			c.Pool.Loadable(uint16(i))
			c.Pool.Member(uint16(i))
		}
	})
}
