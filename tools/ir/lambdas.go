package ir

import (
	cf "github.com/rules-fragment/rules_fragment/tools/classfile"
)

// LambdaClasses returns the synthetic classes that BuildClass would make
// for cf's LambdaMetafactory call sites, without building any IR: the
// bytecode is only decoded to find the invokedynamic instructions. Class
// hierarchies need these classes before they are linked (so that CHA sees
// lambdas as implementations of their functional interfaces); the names
// and members are identical to those of BuildClass.
func LambdaClasses(c *cf.ClassFile) ([]*SyntheticClass, error) {
	var out []*SyntheticClass
	for i := range c.Methods {
		code := c.Methods[i].Code
		if code == nil {
			continue
		}
		b := &builder{cf: c, cp: &c.Pool, cm: &c.Methods[i], index: i}
		bc := code.Bytecode
		for pc := 0; pc < len(bc); {
			n, bad := cf.InstructionLength(bc, pc)
			if bad != "" {
				return nil, &Error{Class: c.Name, Method: b.cm.Name + b.cm.Desc, PC: pc, Err: bad}
			}
			if bc[pc] == cf.Invokedynamic {
				b.curPC = pc
				if err := b.scanIndy(uint16(bc[pc+1])<<8 | uint16(bc[pc+2])); err != nil {
					return nil, err
				}
			}
			pc += n
		}
		out = append(out, b.synth...)
	}
	return out, nil
}

// scanIndy adds the lambda class of a LambdaMetafactory call site, as
// invokeDynamic would; other call sites are ignored.
func (b *builder) scanIndy(index uint16) error {
	d, err := b.cp.Dynamic(index, cf.TagInvokeDynamic)
	if err != nil {
		return b.fail("invokedynamic: %v", err)
	}
	if int(d.Bootstrap) >= len(b.cf.BootstrapMethods) {
		return b.fail("bootstrap method %d does not exist", d.Bootstrap)
	}
	bm := &b.cf.BootstrapMethods[d.Bootstrap]
	params, ret, err := cf.ParseMethodDescriptor(d.Desc)
	if err != nil {
		return b.fail("invokedynamic: %v", err)
	}
	if isLambdaFactory(bm.Method, ret) {
		b.lambdaClass(d, bm, params, ret, int32(b.curPC)) // unmodellable sites stay unresolved, as in BuildClass
	}
	return nil
}

// isLambdaFactory reports whether an invokedynamic with this bootstrap
// method and return descriptor is lowered to a lambda class.
func isLambdaFactory(h cf.MethodHandle, ret string) bool {
	return h.Kind == cf.RefInvokeStatic && h.Ref.Class == "java/lang/invoke/LambdaMetafactory" &&
		(h.Ref.Name == "metafactory" || h.Ref.Name == "altMetafactory") &&
		Type(ret).Kind() == KindRef && !Type(ret).IsArray()
}
