package ir

import (
	"fmt"

	cf "github.com/rules-fragment/rules_fragment/tools/classfile"
)

// invokeDynamic lowers LambdaMetafactory, StringConcatFactory, ObjectMethods
// (records, objectmethods.go) and SwitchBootstraps (TypeSwitch) call sites
// and keeps every other invokedynamic as an unresolved InvokeDynamic.
func (b *builder) invokeDynamic(index uint16) error {
	d, err := b.cp.Dynamic(index, cf.TagInvokeDynamic)
	if err != nil {
		return b.fail("invokedynamic: %v", err)
	}
	bm, err := b.bootstrap(d.Bootstrap)
	if err != nil {
		return err
	}
	params, ret, err := cf.ParseMethodDescriptor(d.Desc)
	if err != nil {
		return b.fail("invokedynamic: %v", err)
	}
	args, err := b.popArgs(params)
	if err != nil {
		return err
	}
	site := int32(b.curPC)
	h := bm.Method
	static := h.Kind == cf.RefInvokeStatic
	switch {
	case isLambdaFactory(h, ret):
		lam, err := b.lambdaClass(d, bm, params, ret, site)
		if err == nil {
			t := b.temp(ObjectType(lam.Class.Name))
			b.add(b.scr.news.put(New{Position: b.pos, Dst: t, Class: lam.Class.Name, Lambda: lam}))
			for i, a := range args {
				b.add(b.scr.stores.put(Store{Position: b.pos, Base: t, Field: lam.Class.Fields[i], Src: a}))
			}
			b.push(t)
			return nil
		}
		// A metafactory call this model cannot express stays unresolved,
		// which analyses report.
	case static && h.Ref.Class == "java/lang/invoke/StringConcatFactory" && ret == "Ljava/lang/String;":
		s := &StringConcat{Args: args, Site: site}
		if h.Ref.Name == "makeConcatWithConstants" && len(bm.Args) > 0 {
			if c, err := b.cp.Loadable(bm.Args[0]); err == nil && c.Tag == cf.TagString {
				s.Recipe = c.Str
			}
		}
		s.Dst = b.result(TypeString)
		b.emit(s)
		return nil
	case static && h.Ref.Class == "java/lang/runtime/SwitchBootstraps" && (h.Ref.Name == "typeSwitch" || h.Ref.Name == "enumSwitch") &&
		len(params) == 2 && params[1] == "I" && ret == "I" && Type(params[0]).IsRef():
		s := &TypeSwitch{Enum: h.Ref.Name == "enumSwitch", Desc: d.Desc, Args: args, Site: site}
		for _, a := range bm.Args {
			c, err := b.bootstrapConst(a)
			if err != nil {
				return err
			}
			s.Labels = append(s.Labels, c)
		}
		s.Dst = b.result(TypeInt)
		b.emit(s)
		return nil
	case static && h.Ref.Class == "java/lang/runtime/ObjectMethods" && h.Ref.Name == "bootstrap":
		if b.objectMethods(d.Name, bm, params, ret, args, site) {
			return nil
		}
	}
	s := &InvokeDynamic{Name: d.Name, Desc: d.Desc, Args: args, Site: site}
	s.Bootstrap.Method = MethodRef{Class: h.Ref.Class, Name: h.Ref.Name, Desc: h.Ref.Desc, Interface: h.Ref.Tag == cf.TagInterfaceMethodref}
	s.Bootstrap.Kind = h.Kind
	for _, a := range bm.Args {
		c, err := b.bootstrapConst(a)
		if err != nil {
			return err
		}
		s.Bootstrap.Args = append(s.Bootstrap.Args, c)
	}
	if ret != "V" {
		s.Dst = b.result(Type(ret))
	}
	b.emit(s)
	return nil
}

func (b *builder) bootstrapConst(i uint16) (*Const, error) {
	c, err := b.cp.Loadable(i)
	if err != nil {
		return nil, b.fail("bootstrap argument: %v", err)
	}
	switch c.Tag {
	case cf.TagInteger:
		return IntConst(c.Int), nil
	case cf.TagLong:
		return LongConst(c.Int), nil
	case cf.TagFloat:
		return FloatConst(c.Float), nil
	case cf.TagDouble:
		return DoubleConst(c.Float), nil
	case cf.TagString:
		return &Const{Kind: ConstString, Str: c.Str, T: TypeString}, nil
	case cf.TagClass:
		return &Const{Kind: ConstClass, Str: c.Str, T: TypeClass}, nil
	case cf.TagMethodType:
		return &Const{Kind: ConstMethodType, Str: c.Str, T: "Ljava/lang/invoke/MethodType;"}, nil
	case cf.TagMethodHandle:
		h := c.Handle
		return &Const{Kind: ConstMethodHandle, Handle: &h, T: "Ljava/lang/invoke/MethodHandle;"}, nil
	case cf.TagDynamic:
		dm := &DynamicConst{Name: c.Dynamic.Name, Desc: c.Dynamic.Desc}
		if int(c.Dynamic.Bootstrap) < len(b.cf.BootstrapMethods) {
			dm.Bootstrap = b.cf.BootstrapMethods[c.Dynamic.Bootstrap].Method
		}
		return &Const{Kind: ConstDynamic, Dynamic: dm, T: Type(c.Dynamic.Desc)}, nil
	}
	return nil, b.fail("bootstrap argument of tag %d", c.Tag)
}

// LambdaMetafactory.altMetafactory flags.
const (
	lmfSerializable = 1
	lmfMarkers      = 2
	lmfBridges      = 4
)

// lambdaClass makes the synthetic class of a LambdaMetafactory call site:
// one field per captured value and the functional method (plus bridges),
// whose body calls the implementation method.
func (b *builder) lambdaClass(d cf.DynamicRef, bm *cf.BootstrapMethod, captured []string, iface string, site int32) (*Lambda, error) {
	if len(bm.Args) < 3 {
		return nil, fmt.Errorf("metafactory with %d arguments", len(bm.Args))
	}
	get := func(i int, tag uint8) (cf.Const, error) {
		c, err := b.cp.Loadable(bm.Args[i])
		if err == nil && c.Tag != tag {
			err = fmt.Errorf("bootstrap argument %d has tag %d", i, c.Tag)
		}
		return c, err
	}
	sam, err := get(0, cf.TagMethodType)
	if err != nil {
		return nil, err
	}
	impl, err := get(1, cf.TagMethodHandle)
	if err != nil {
		return nil, err
	}
	inst, err := get(2, cf.TagMethodType)
	if err != nil {
		return nil, err
	}
	sc := &SyntheticClass{
		Name:       fmt.Sprintf("%s$$Lambda$%d$%d", b.cf.Name, b.index, site),
		Interfaces: []string{Type(iface).ClassName()},
	}
	descs := []string{sam.Str}
	if bm.Method.Ref.Name == "altMetafactory" && len(bm.Args) > 3 {
		flags, err := get(3, cf.TagInteger)
		if err != nil {
			return nil, err
		}
		next := 4
		count := func() (int, error) {
			c, err := get(next, cf.TagInteger)
			next++
			return int(c.Int), err
		}
		if flags.Int&lmfSerializable != 0 {
			sc.Interfaces = append(sc.Interfaces, "java/io/Serializable")
		}
		if flags.Int&lmfMarkers != 0 {
			n, err := count()
			if err != nil {
				return nil, err
			}
			for i := 0; i < n; i++ {
				c, err := get(next, cf.TagClass)
				if err != nil {
					return nil, err
				}
				next++
				sc.Interfaces = append(sc.Interfaces, c.Str)
			}
		}
		if flags.Int&lmfBridges != 0 {
			n, err := count()
			if err != nil {
				return nil, err
			}
			for i := 0; i < n; i++ {
				c, err := get(next, cf.TagMethodType)
				if err != nil {
					return nil, err
				}
				next++
				if c.Str != sam.Str {
					descs = append(descs, c.Str)
				}
			}
		}
	}
	for i, c := range captured {
		sc.Fields = append(sc.Fields, FieldRef{Class: sc.Name, Name: fmt.Sprintf("cap$%d", i), Desc: Type(c)})
	}
	for _, desc := range descs {
		m, err := lambdaMethod(sc, d.Name, desc, inst.Str, impl.Handle)
		if err != nil {
			return nil, err
		}
		sc.Methods = append(sc.Methods, m)
	}
	b.synth = append(b.synth, sc)
	return &Lambda{Class: sc, Impl: impl.Handle, Site: site, Interface: sc.Interfaces[0]}, nil
}
