package ir

import (
	cf "github.com/rules-fragment/rules_fragment/tools/classfile"
)

var loadKinds = [...]Kind{KindInt, KindLong, KindFloat, KindDouble, KindRef}

// arrayElem gives the element type guess of the x{a}load/x{a}store opcodes.
var arrayElem = [...]Type{TypeInt, TypeLong, TypeFloat, TypeDouble, TypeObject, TypeByte, TypeChar, TypeShort}

var newarrayTypes = map[byte]Type{4: TypeBoolean, 5: TypeChar, 6: TypeFloat, 7: TypeDouble, 8: TypeByte, 9: TypeShort, 10: TypeInt, 11: TypeLong}

// translate emits the IR for one instruction. It reports whether the
// instruction ended the block (having handled its successors itself).
func (b *builder) translate(pc, length int, work *[]int) (bool, error) {
	op := b.code[pc]
	switch {
	case op == cf.Nop:
	case op == cf.AconstNull:
		b.push(NullConst)
	case op >= cf.IconstM1 && op <= cf.Iconst5:
		b.push(intConst(int64(op) - cf.Iconst0))
	case op == cf.Lconst0 || op == cf.Lconst1:
		b.push(LongConst(int64(op - cf.Lconst0)))
	case op >= cf.Fconst0 && op <= cf.Fconst2:
		b.push(FloatConst(float64(op - cf.Fconst0)))
	case op == cf.Dconst0 || op == cf.Dconst1:
		b.push(DoubleConst(float64(op - cf.Dconst0)))
	case op == cf.Bipush:
		b.push(intConst(int64(int8(b.code[pc+1]))))
	case op == cf.Sipush:
		b.push(intConst(int64(b.s2(pc + 1))))
	case op == cf.Ldc:
		return false, b.ldc(uint16(b.code[pc+1]))
	case op == cf.LdcW || op == cf.Ldc2W:
		return false, b.ldc(b.u2(pc + 1))
	case op >= cf.Iload && op <= cf.Aload:
		return false, b.loadLocal(int(b.code[pc+1]), loadKinds[op-cf.Iload])
	case op >= cf.Iload0 && op <= cf.Aload3:
		i := int(op - cf.Iload0)
		return false, b.loadLocal(i%4, loadKinds[i/4])
	case op >= cf.Iaload && op <= cf.Saload:
		return false, b.arrayLoad(arrayElem[op-cf.Iaload])
	case op >= cf.Istore && op <= cf.Astore:
		return false, b.store(int(b.code[pc+1]), op-cf.Istore)
	case op >= cf.Istore0 && op <= cf.Astore3:
		i := int(op - cf.Istore0)
		return false, b.store(i%4, byte(i/4))
	case op >= cf.Iastore && op <= cf.Sastore:
		return false, b.arrayStore(arrayElem[op-cf.Iastore])
	case op >= cf.Pop && op <= cf.Swap:
		return false, b.stackOp(op)
	case op >= cf.Iadd && op <= cf.Lxor:
		return false, b.arith(op)
	case op == cf.Iinc:
		return false, b.iinc(int(b.code[pc+1]), int64(int8(b.code[pc+2])))
	case op >= cf.I2l && op <= cf.I2s:
		return false, b.convert(op)
	case op >= cf.Lcmp && op <= cf.Dcmpg:
		return false, b.compare(op)
	case op >= cf.Ifeq && op <= cf.IfAcmpne, op == cf.Ifnull, op == cf.Ifnonnull:
		return true, b.cond(op, pc+b.s2(pc+1), pc+length, work)
	case op == cf.Goto || op == cf.GotoW:
		t := pc + b.s2(pc+1)
		if op == cf.GotoW {
			t = pc + b.s4(pc+1)
		}
		b.spillForSuccessors(nil, nil)
		b.jump(b.scr.gotos.put(Goto{Position: b.pos, Target: t}))
		return true, b.flowTo(t, work)
	case op == cf.Jsr || op == cf.JsrW:
		t := pc + b.s2(pc+1)
		if op == cf.JsrW {
			t = pc + b.s4(pc+1)
		}
		return true, b.jsr(t, pc+length, work)
	case op == cf.Ret:
		return true, b.ret(int(b.code[pc+1]))
	case op == cf.Tableswitch || op == cf.Lookupswitch:
		return true, b.tableSwitch(op, pc, work)
	case op >= cf.Ireturn && op <= cf.Areturn:
		v, err := b.popKind(loadKinds[op-cf.Ireturn])
		if err != nil {
			return true, err
		}
		if want := b.retType.Kind(); want != v.Type().Kind() {
			return true, b.fail("%s in a method returning %s", cf.OpcodeName(op), b.retType)
		}
		b.add(b.scr.returns.put(Return{Position: b.pos, Value: v}))
		return true, nil
	case op == cf.Return:
		if b.retType != TypeVoid {
			return true, b.fail("return in a method returning %s", b.retType)
		}
		b.add(b.scr.returns.put(Return{Position: b.pos}))
		return true, nil
	case op >= cf.Getstatic && op <= cf.Putfield:
		return false, b.field(op, b.u2(pc+1))
	case op >= cf.Invokevirtual && op <= cf.Invokeinterface:
		return false, b.invoke(op, b.u2(pc+1))
	case op == cf.Invokedynamic:
		return false, b.invokeDynamic(b.u2(pc + 1))
	case op == cf.New:
		name, typ, err := b.classType(b.u2(pc + 1))
		if err != nil {
			return false, b.fail("new: %v", err)
		}
		t := b.result(typ)
		b.add(b.scr.news.put(New{Position: b.pos, Dst: t, Class: name, t: typ}))
	case op == cf.Newarray:
		et, ok := newarrayTypes[b.code[pc+1]]
		if !ok {
			return false, b.fail("newarray: bad element type code %d", b.code[pc+1])
		}
		return false, b.newArray(ArrayOf(et), 1)
	case op == cf.Anewarray:
		_, typ, err := b.classType(b.u2(pc + 1))
		if err != nil {
			return false, b.fail("anewarray: %v", err)
		}
		return false, b.newArray(ArrayOf(typ), 1)
	case op == cf.Multianewarray:
		name, err := b.classRef(b.u2(pc + 1))
		if err != nil {
			return false, b.fail("multianewarray: %v", err)
		}
		dims := int(b.code[pc+3])
		t := Type(name)
		if dims == 0 || len(t) < dims || t[:dims] != Type(repeatBracket(dims)) || !cf.ValidFieldDescriptor(name) {
			return false, b.fail("multianewarray: bad type %s with %d dimensions", name, dims)
		}
		return false, b.newArray(t, dims)
	case op == cf.Arraylength:
		a, err := b.popKind(KindRef)
		if err != nil {
			return false, err
		}
		b.add(&ArrayLength{Position: b.pos, Dst: b.result(TypeInt), Array: a})
	case op == cf.Athrow:
		v, err := b.popKind(KindRef)
		if err != nil {
			return true, err
		}
		b.add(&Throw{Position: b.pos, Value: v})
		return true, nil
	case op == cf.Checkcast || op == cf.Instanceof:
		_, t, err := b.classType(b.u2(pc + 1))
		if err != nil {
			return false, b.fail("%s: %v", cf.OpcodeName(op), err)
		}
		x, err := b.popKind(KindRef)
		if err != nil {
			return false, err
		}
		if op == cf.Checkcast {
			b.add(b.scr.casts.put(Cast{Position: b.pos, Dst: b.result(t), X: x, To: t}))
		} else {
			b.add(&InstanceOf{Position: b.pos, Dst: b.result(TypeInt), X: x, T: t})
		}
	case op == cf.Monitorenter || op == cf.Monitorexit:
		x, err := b.popKind(KindRef)
		if err != nil {
			return false, err
		}
		if op == cf.Monitorenter {
			b.add(&MonitorEnter{Position: b.pos, X: x})
		} else {
			b.add(&MonitorExit{Position: b.pos, X: x})
		}
	case op == cf.Wide:
		return b.wide(pc)
	default:
		return false, b.fail("unsupported opcode %s", cf.OpcodeName(op))
	}
	return false, nil
}

func repeatBracket(n int) string {
	s := make([]byte, n)
	for i := range s {
		s[i] = '['
	}
	return string(s)
}

func (b *builder) wide(pc int) (bool, error) {
	op := b.code[pc+1]
	slot := int(b.u2(pc + 2))
	switch {
	case op >= cf.Iload && op <= cf.Aload:
		return false, b.loadLocal(slot, loadKinds[op-cf.Iload])
	case op >= cf.Istore && op <= cf.Astore:
		return false, b.store(slot, op-cf.Istore)
	case op == cf.Iinc:
		return false, b.iinc(slot, int64(b.s2(pc+4)))
	case op == cf.Ret:
		return true, b.ret(slot)
	}
	return false, b.fail("wide %s is not a valid instruction", cf.OpcodeName(op))
}

// store handles xstore: astore also stores jsr return addresses.
func (b *builder) store(slot int, kindIdx byte) error {
	if err := b.need(1); err != nil {
		return err
	}
	v := b.pop()
	want := loadKinds[kindIdx]
	got := v.Type().Kind()
	if got != want && !(want == KindRef && got == KindRetAddr) {
		return b.fail("store to local %d expects %v, found %v", slot, want, got)
	}
	return b.storeLocal(slot, v)
}

func (b *builder) iinc(slot int, delta int64) error {
	if slot >= len(b.localVars)/numKinds {
		return b.fail("iinc: local slot %d out of range", slot)
	}
	lv := b.localVar(slot, KindInt)
	b.saveLocalRefs(lv)
	b.add(b.scr.binOps.put(BinOp{Position: b.pos, Dst: lv, Op: OpAdd, X: lv, Y: intConst(delta)}))
	return nil
}

func (b *builder) ldc(index uint16) error {
	c, err := b.cp.Loadable(index)
	if err != nil {
		return b.fail("ldc: %v", err)
	}
	var k *Const
	switch c.Tag {
	case cf.TagInteger:
		b.push(intConst(c.Int))
		return nil
	case cf.TagFloat:
		b.push(FloatConst(c.Float))
		return nil
	case cf.TagLong:
		b.push(LongConst(c.Int))
		return nil
	case cf.TagDouble:
		b.push(DoubleConst(c.Float))
		return nil
	case cf.TagString:
		k = &Const{Kind: ConstString, Str: c.Str, T: TypeString}
	case cf.TagClass:
		k = &Const{Kind: ConstClass, Str: c.Str, T: TypeClass}
	case cf.TagMethodType:
		k = &Const{Kind: ConstMethodType, Str: c.Str, T: "Ljava/lang/invoke/MethodType;"}
	case cf.TagMethodHandle:
		h := c.Handle
		k = &Const{Kind: ConstMethodHandle, Handle: &h, T: "Ljava/lang/invoke/MethodHandle;"}
	case cf.TagDynamic:
		if !cf.ValidFieldDescriptor(c.Dynamic.Desc) {
			return b.fail("ldc: dynamic constant with bad type %q", c.Dynamic.Desc)
		}
		bm, err := b.bootstrap(c.Dynamic.Bootstrap)
		if err != nil {
			return err
		}
		k = &Const{Kind: ConstDynamic, Dynamic: &DynamicConst{Bootstrap: bm.Method, Name: c.Dynamic.Name, Desc: c.Dynamic.Desc}, T: Type(c.Dynamic.Desc)}
	default:
		return b.fail("ldc: unsupported constant tag %d", c.Tag)
	}
	t := b.result(k.T)
	b.add(b.scr.assigns.put(Assign{Position: b.pos, Dst: t, Src: k}))
	return nil
}

func (b *builder) bootstrap(i uint16) (*cf.BootstrapMethod, error) {
	if int(i) >= len(b.cf.BootstrapMethods) {
		return nil, b.fail("bootstrap method %d does not exist (class has %d)", i, len(b.cf.BootstrapMethods))
	}
	return &b.cf.BootstrapMethods[i], nil
}

func (b *builder) arrayLoad(elem Type) error {
	if err := b.need(2); err != nil {
		return err
	}
	idx := b.pop()
	arr := b.pop()
	if idx.Type().Kind() != KindInt || arr.Type().Kind() != KindRef {
		return b.fail("array load operands are %v[%v]", arr.Type().Kind(), idx.Type().Kind())
	}
	if at := arr.Type(); at.IsArray() && at.Elem().Kind() == elem.Kind() {
		elem = at.Elem()
	}
	b.array(b.scr.arrayLoads.put(ArrayLoad{Position: b.pos, Dst: b.result(elem), Array: arr, Index: idx}))
	return nil
}

func (b *builder) arrayStore(elem Type) error {
	if err := b.need(3); err != nil {
		return err
	}
	v := b.pop()
	idx := b.pop()
	arr := b.pop()
	if v.Type().Kind() != elem.Kind() || idx.Type().Kind() != KindInt || arr.Type().Kind() != KindRef {
		return b.fail("array store operands are %v[%v] = %v", arr.Type().Kind(), idx.Type().Kind(), v.Type().Kind())
	}
	b.array(b.scr.arrayStores.put(ArrayStore{Position: b.pos, Array: arr, Index: idx, Src: v}))
	return nil
}

func (b *builder) newArray(t Type, dims int) error {
	if err := b.need(dims); err != nil {
		return err
	}
	ds := make([]Value, dims)
	for i := dims - 1; i >= 0; i-- {
		ds[i] = b.pop()
		if ds[i].Type().Kind() != KindInt {
			return b.fail("array dimension %d is %v", i, ds[i].Type().Kind())
		}
	}
	b.add(b.scr.newArrays.put(NewArray{Position: b.pos, Dst: b.result(t), T: t, Dims: ds}))
	return nil
}

// stackOp implements pop, dup and swap in their category-dependent forms
// (JVMS §6.5 dup2 etc.).
func (b *builder) stackOp(op byte) error {
	cat := func(i int) int { // category of the i-th value from the top (0 = top)
		if b.stack[len(b.stack)-1-i].Type().Kind().Wide() {
			return 2
		}
		return 1
	}
	n := len(b.stack)
	top := func(i int) Value { return b.stack[n-1-i] }
	bad := func() error {
		return b.fail("%s on an operand stack of the wrong shape", cf.OpcodeName(op))
	}
	// form applies a permutation: take k values off the top and push the
	// given indices (0 = top) in push order.
	form := func(k int, order ...int) error {
		if n < k {
			return bad()
		}
		vals := make([]Value, k)
		for i := 0; i < k; i++ {
			vals[i] = top(i)
		}
		b.stack = b.stack[:n-k]
		for _, i := range order {
			b.stack = append(b.stack, vals[i])
		}
		return nil
	}
	if n == 0 {
		return bad()
	}
	switch op {
	case cf.Pop:
		if cat(0) != 1 {
			return bad()
		}
		return form(1)
	case cf.Pop2:
		if cat(0) == 2 {
			return form(1)
		}
		if n < 2 || cat(1) != 1 {
			return bad()
		}
		return form(2)
	case cf.Dup:
		if cat(0) != 1 {
			return bad()
		}
		return form(1, 0, 0)
	case cf.DupX1:
		if n < 2 || cat(0) != 1 || cat(1) != 1 {
			return bad()
		}
		return form(2, 0, 1, 0)
	case cf.DupX2:
		if cat(0) != 1 || n < 2 {
			return bad()
		}
		if cat(1) == 2 {
			return form(2, 0, 1, 0)
		}
		if n < 3 || cat(2) != 1 {
			return bad()
		}
		return form(3, 0, 2, 1, 0)
	case cf.Dup2:
		if cat(0) == 2 {
			return form(1, 0, 0)
		}
		if n < 2 || cat(1) != 1 {
			return bad()
		}
		return form(2, 1, 0, 1, 0)
	case cf.Dup2X1:
		if cat(0) == 2 {
			if n < 2 || cat(1) != 1 {
				return bad()
			}
			return form(2, 0, 1, 0)
		}
		if n < 3 || cat(1) != 1 || cat(2) != 1 {
			return bad()
		}
		return form(3, 1, 0, 2, 1, 0)
	case cf.Dup2X2:
		if cat(0) == 2 {
			if n < 2 {
				return bad()
			}
			if cat(1) == 2 { // form 4
				return form(2, 0, 1, 0)
			}
			if n < 3 || cat(2) != 1 { // form 2
				return bad()
			}
			return form(3, 0, 2, 1, 0)
		}
		if n < 2 || cat(1) != 1 {
			return bad()
		}
		if n >= 3 && cat(2) == 2 { // form 3
			return form(3, 1, 0, 2, 1, 0)
		}
		if n < 4 || cat(2) != 1 || cat(3) != 1 { // form 1
			return bad()
		}
		return form(4, 1, 0, 3, 2, 1, 0)
	case cf.Swap:
		if n < 2 || cat(0) != 1 || cat(1) != 1 {
			return bad()
		}
		return form(2, 0, 1)
	}
	return bad()
}

// arith handles the binary arithmetic and logic opcodes iadd..lxor and the
// negations.
func (b *builder) arith(op byte) error {
	if op >= cf.Ineg && op <= cf.Dneg {
		k := loadKinds[op-cf.Ineg]
		x, err := b.popKind(k)
		if err != nil {
			return err
		}
		b.add(&Neg{Position: b.pos, Dst: b.result(kindType(k)), X: x})
		return nil
	}
	var bop BinOpKind
	var k Kind
	shift := false
	switch {
	case op <= cf.Drem:
		bop = BinOpKind((op - cf.Iadd) / 4)
		k = loadKinds[(op-cf.Iadd)%4]
	case op <= cf.Lushr:
		bop = OpShl + BinOpKind((op-cf.Ishl)/2)
		k = loadKinds[(op-cf.Ishl)%2]
		shift = true
	default:
		bop = OpAnd + BinOpKind((op-cf.Iand)/2)
		k = loadKinds[(op-cf.Iand)%2]
	}
	yk := k
	if shift {
		yk = KindInt
	}
	y, err := b.popKind(yk)
	if err != nil {
		return err
	}
	x, err := b.popKind(k)
	if err != nil {
		return err
	}
	b.add(b.scr.binOps.put(BinOp{Position: b.pos, Dst: b.result(kindType(k)), Op: bop, X: x, Y: y}))
	return nil
}

var convTable = [...]struct{ from, to Type }{
	{TypeInt, TypeLong}, {TypeInt, TypeFloat}, {TypeInt, TypeDouble},
	{TypeLong, TypeInt}, {TypeLong, TypeFloat}, {TypeLong, TypeDouble},
	{TypeFloat, TypeInt}, {TypeFloat, TypeLong}, {TypeFloat, TypeDouble},
	{TypeDouble, TypeInt}, {TypeDouble, TypeLong}, {TypeDouble, TypeFloat},
	{TypeInt, TypeByte}, {TypeInt, TypeChar}, {TypeInt, TypeShort},
}

func (b *builder) convert(op byte) error {
	c := convTable[op-cf.I2l]
	x, err := b.popKind(c.from.Kind())
	if err != nil {
		return err
	}
	b.add(&Convert{Position: b.pos, Dst: b.result(c.to), X: x, To: c.to})
	return nil
}

func (b *builder) compare(op byte) error {
	var k Kind
	var bop BinOpKind
	switch op {
	case cf.Lcmp:
		k, bop = KindLong, OpCmp
	case cf.Fcmpl:
		k, bop = KindFloat, OpCmpl
	case cf.Fcmpg:
		k, bop = KindFloat, OpCmpg
	case cf.Dcmpl:
		k, bop = KindDouble, OpCmpl
	default:
		k, bop = KindDouble, OpCmpg
	}
	y, err := b.popKind(k)
	if err != nil {
		return err
	}
	x, err := b.popKind(k)
	if err != nil {
		return err
	}
	b.add(b.scr.binOps.put(BinOp{Position: b.pos, Dst: b.result(TypeInt), Op: bop, X: x, Y: y}))
	return nil
}

func (b *builder) cond(op byte, target, next int, work *[]int) error {
	var c CondKind
	var x, y Value
	var err error
	switch {
	case op >= cf.Ifeq && op <= cf.Ifle:
		c = CondKind(op - cf.Ifeq)
		x, err = b.popKind(KindInt)
		y = intConst(0)
	case op >= cf.IfIcmpeq && op <= cf.IfIcmple:
		c = CondKind(op - cf.IfIcmpeq)
		if y, err = b.popKind(KindInt); err == nil {
			x, err = b.popKind(KindInt)
		}
	case op == cf.IfAcmpeq || op == cf.IfAcmpne:
		c = CondKind(op - cf.IfAcmpeq)
		if y, err = b.popKind(KindRef); err == nil {
			x, err = b.popKind(KindRef)
		}
	default: // ifnull, ifnonnull
		c = CondEq
		if op == cf.Ifnonnull {
			c = CondNe
		}
		x, err = b.popKind(KindRef)
		y = NullConst
	}
	if err != nil {
		return err
	}
	if next >= len(b.code) {
		return b.fail("conditional branch falls off the end of the code")
	}
	x, y = b.spillForSuccessors(x, y)
	b.jump(b.scr.ifs.put(If{Position: b.pos, Cond: c, X: x, Y: y, Target: target}))
	b.gotoIfMixed(next)
	if err := b.flowTo(target, work); err != nil {
		return err
	}
	return b.flowTo(next, work)
}

func (b *builder) tableSwitch(op byte, pc int, work *[]int) error {
	key, err := b.popKind(KindInt)
	if err != nil {
		return err
	}
	p := (pc + 4) &^ 3
	s := &Switch{Default: pc + b.s4(p)}
	if op == cf.Tableswitch {
		lo, hi := b.s4(p+4), b.s4(p+8)
		for i := 0; i <= hi-lo; i++ {
			s.Keys = append(s.Keys, int32(lo+i))
			s.Targets = append(s.Targets, pc+b.s4(p+12+4*i))
		}
	} else {
		n := b.s4(p + 4)
		for i := 0; i < n; i++ {
			s.Keys = append(s.Keys, int32(b.s4(p+8+8*i)))
			s.Targets = append(s.Targets, pc+b.s4(p+12+8*i))
		}
	}
	key, _ = b.spillForSuccessors(key, nil)
	s.Key = key
	b.emit(s)
	b.scr.jumps = append(b.scr.jumps, s)
	for _, t := range s.Targets {
		if err := b.flowTo(t, work); err != nil {
			return err
		}
	}
	return b.flowTo(s.Default, work)
}

// jsr pushes a return address and jumps to the subroutine. The stack must
// hold nothing else (as javac's finally blocks ensure), so that the return
// point starts with an empty stack.
func (b *builder) jsr(target, next int, work *[]int) error {
	if len(b.stack) != 0 {
		return b.fail("jsr with a non-empty operand stack is not supported")
	}
	if next >= len(b.code) {
		return b.fail("jsr is the last instruction")
	}
	ra := &Const{Kind: ConstRetAddr, Int: int64(next), T: TypeRetAddr}
	b.retAddrs = append(b.retAddrs, ra)
	b.jsrRets = append(b.jsrRets, next)
	b.push(ra)
	b.spillForSuccessors(nil, nil)
	b.jump(b.scr.gotos.put(Goto{Position: b.pos, Target: target}))
	if err := b.flowTo(target, work); err != nil {
		return err
	}
	b.stack = b.stack[:0]
	return b.flowTo(next, work)
}

// ret returns from a subroutine to any jsr return point (resolved in layout).
func (b *builder) ret(slot int) error {
	if slot >= len(b.localVars)/numKinds {
		return b.fail("ret: local slot %d out of range", slot)
	}
	s := &SubroutineReturn{Addr: b.localVar(slot, KindRetAddr)}
	b.subRets = append(b.subRets, s)
	b.retBlocks = append(b.retBlocks, b.curIdx)
	b.emit(s)
	return nil
}

func (b *builder) field(op byte, index uint16) error {
	e := b.member(index)
	err := e.err
	if err == nil && e.ref.Tag != cf.TagFieldref {
		err = errNotField
	}
	if err != nil {
		return b.fail("%s: %v", cf.OpcodeName(op), err)
	}
	f := FieldRef{Class: e.ref.Class, Name: e.ref.Name, Desc: Type(e.ref.Desc)}
	k := f.Desc.Kind()
	switch op {
	case cf.Getstatic:
		b.add(b.scr.loads.put(Load{Position: b.pos, Dst: b.result(f.Desc), Field: f}))
	case cf.Putstatic:
		v, err := b.popKind(k)
		if err != nil {
			return err
		}
		b.add(b.scr.stores.put(Store{Position: b.pos, Field: f, Src: v}))
	case cf.Getfield:
		base, err := b.popKind(KindRef)
		if err != nil {
			return err
		}
		b.add(b.scr.loads.put(Load{Position: b.pos, Dst: b.result(f.Desc), Base: base, Field: f}))
	case cf.Putfield:
		v, err := b.popKind(k)
		if err != nil {
			return err
		}
		base, err := b.popKind(KindRef)
		if err != nil {
			return err
		}
		b.add(b.scr.stores.put(Store{Position: b.pos, Base: base, Field: f, Src: v}))
	}
	return nil
}

func (b *builder) invoke(op byte, index uint16) error {
	e := b.member(index)
	err := e.err
	if err == nil && e.ref.Tag == cf.TagFieldref {
		err = errFieldAsMethod
	}
	if err != nil {
		return b.fail("%s: %v", cf.OpcodeName(op), err)
	}
	ref, params, ret := e.ref, e.params, e.ret
	kind := [...]InvokeKind{InvokeVirtual, InvokeSpecial, InvokeStatic, InvokeInterface}[op-cf.Invokevirtual]
	args, err := b.popArgs(params)
	if err != nil {
		return err
	}
	s := b.scr.invokes.put(Invoke{Kind: kind, Method: MethodRef{Class: ref.Class, Name: ref.Name, Desc: ref.Desc, Interface: ref.Tag == cf.TagInterfaceMethodref}, Args: args, Site: int32(b.curPC)})
	if kind != InvokeStatic {
		if s.Recv, err = b.popKind(KindRef); err != nil {
			return err
		}
	}
	if ret != "V" {
		s.Dst = b.result(Type(ret))
	}
	b.emit(s)
	return nil
}
