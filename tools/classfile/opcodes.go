package classfile

// JVM opcodes (JVMS §6.5), in numeric order.
const (
	Nop = iota
	AconstNull
	IconstM1
	Iconst0
	Iconst1
	Iconst2
	Iconst3
	Iconst4
	Iconst5
	Lconst0
	Lconst1
	Fconst0
	Fconst1
	Fconst2
	Dconst0
	Dconst1
	Bipush
	Sipush
	Ldc
	LdcW
	Ldc2W
	Iload
	Lload
	Fload
	Dload
	Aload
	Iload0
	Iload1
	Iload2
	Iload3
	Lload0
	Lload1
	Lload2
	Lload3
	Fload0
	Fload1
	Fload2
	Fload3
	Dload0
	Dload1
	Dload2
	Dload3
	Aload0
	Aload1
	Aload2
	Aload3
	Iaload
	Laload
	Faload
	Daload
	Aaload
	Baload
	Caload
	Saload
	Istore
	Lstore
	Fstore
	Dstore
	Astore
	Istore0
	Istore1
	Istore2
	Istore3
	Lstore0
	Lstore1
	Lstore2
	Lstore3
	Fstore0
	Fstore1
	Fstore2
	Fstore3
	Dstore0
	Dstore1
	Dstore2
	Dstore3
	Astore0
	Astore1
	Astore2
	Astore3
	Iastore
	Lastore
	Fastore
	Dastore
	Aastore
	Bastore
	Castore
	Sastore
	Pop
	Pop2
	Dup
	DupX1
	DupX2
	Dup2
	Dup2X1
	Dup2X2
	Swap
	Iadd
	Ladd
	Fadd
	Dadd
	Isub
	Lsub
	Fsub
	Dsub
	Imul
	Lmul
	Fmul
	Dmul
	Idiv
	Ldiv
	Fdiv
	Ddiv
	Irem
	Lrem
	Frem
	Drem
	Ineg
	Lneg
	Fneg
	Dneg
	Ishl
	Lshl
	Ishr
	Lshr
	Iushr
	Lushr
	Iand
	Land
	Ior
	Lor
	Ixor
	Lxor
	Iinc
	I2l
	I2f
	I2d
	L2i
	L2f
	L2d
	F2i
	F2l
	F2d
	D2i
	D2l
	D2f
	I2b
	I2c
	I2s
	Lcmp
	Fcmpl
	Fcmpg
	Dcmpl
	Dcmpg
	Ifeq
	Ifne
	Iflt
	Ifge
	Ifgt
	Ifle
	IfIcmpeq
	IfIcmpne
	IfIcmplt
	IfIcmpge
	IfIcmpgt
	IfIcmple
	IfAcmpeq
	IfAcmpne
	Goto
	Jsr
	Ret
	Tableswitch
	Lookupswitch
	Ireturn
	Lreturn
	Freturn
	Dreturn
	Areturn
	Return
	Getstatic
	Putstatic
	Getfield
	Putfield
	Invokevirtual
	Invokespecial
	Invokestatic
	Invokeinterface
	Invokedynamic
	New
	Newarray
	Anewarray
	Arraylength
	Athrow
	Checkcast
	Instanceof
	Monitorenter
	Monitorexit
	Wide
	Multianewarray
	Ifnull
	Ifnonnull
	GotoW
	JsrW
)

// operandBytes gives the fixed operand length of each opcode; -1 marks the
// variable-length ones (tableswitch, lookupswitch, wide) and -2 undefined.
var operandBytes = func() [256]int8 {
	var t [256]int8
	for i := range t {
		t[i] = -2
	}
	for op := Nop; op <= JsrW; op++ {
		t[op] = 0
	}
	for _, op := range []int{Bipush, Ldc, Iload, Lload, Fload, Dload, Aload,
		Istore, Lstore, Fstore, Dstore, Astore, Ret, Newarray} {
		t[op] = 1
	}
	for _, op := range []int{Sipush, LdcW, Ldc2W, Iinc, Goto, Jsr, Getstatic, Putstatic,
		Getfield, Putfield, Invokevirtual, Invokespecial, Invokestatic, New,
		Anewarray, Checkcast, Instanceof, Ifnull, Ifnonnull} {
		t[op] = 2
	}
	for op := Ifeq; op <= IfAcmpne; op++ {
		t[op] = 2
	}
	t[Multianewarray] = 3
	t[Invokeinterface] = 4
	t[Invokedynamic] = 4
	t[GotoW] = 4
	t[JsrW] = 4
	t[Tableswitch] = -1
	t[Lookupswitch] = -1
	t[Wide] = -1
	return t
}()

// InstructionLength returns the length in bytes of the instruction at pc,
// or an error description if it is undefined or runs past the code.
func InstructionLength(code []byte, pc int) (int, string) {
	if pc < 0 || pc >= len(code) {
		return 0, "pc out of range"
	}
	op := code[pc]
	n := int(operandBytes[op])
	switch n {
	case -2:
		return 0, "undefined opcode"
	case -1:
		switch op {
		case Wide:
			if pc+1 >= len(code) {
				return 0, "truncated wide"
			}
			l := 4
			if code[pc+1] == Iinc {
				l = 6
			}
			if pc+l > len(code) {
				return 0, "truncated wide"
			}
			return l, ""
		case Tableswitch, Lookupswitch:
			p := (pc + 4) &^ 3 // operands are 4-byte aligned from the method start
			if p+8 > len(code) || (op == Tableswitch && p+12 > len(code)) {
				return 0, "truncated switch"
			}
			var end int64
			if op == Tableswitch {
				lo := int64(int32(be32(code[p+4:])))
				hi := int64(int32(be32(code[p+8:])))
				if hi < lo {
					return 0, "tableswitch high < low"
				}
				end = int64(p) + 12 + 4*(hi-lo+1)
			} else {
				n := int64(int32(be32(code[p+4:])))
				if n < 0 {
					return 0, "lookupswitch with negative npairs"
				}
				end = int64(p) + 8 + 8*n
			}
			if end > int64(len(code)) {
				return 0, "truncated switch"
			}
			return int(end) - pc, ""
		}
	}
	if pc+1+n > len(code) {
		return 0, "truncated instruction"
	}
	return 1 + n, ""
}

func be32(b []byte) uint32 {
	return uint32(b[0])<<24 | uint32(b[1])<<16 | uint32(b[2])<<8 | uint32(b[3])
}

// OpcodeName returns the mnemonic of op.
func OpcodeName(op byte) string {
	if int(op) < len(opcodeNames) {
		return opcodeNames[op]
	}
	return "undefined"
}

var opcodeNames = [...]string{"nop", "aconst_null", "iconst_m1", "iconst_0", "iconst_1",
	"iconst_2", "iconst_3", "iconst_4", "iconst_5", "lconst_0", "lconst_1", "fconst_0",
	"fconst_1", "fconst_2", "dconst_0", "dconst_1", "bipush", "sipush", "ldc", "ldc_w",
	"ldc2_w", "iload", "lload", "fload", "dload", "aload", "iload_0", "iload_1", "iload_2",
	"iload_3", "lload_0", "lload_1", "lload_2", "lload_3", "fload_0", "fload_1", "fload_2",
	"fload_3", "dload_0", "dload_1", "dload_2", "dload_3", "aload_0", "aload_1", "aload_2",
	"aload_3", "iaload", "laload", "faload", "daload", "aaload", "baload", "caload",
	"saload", "istore", "lstore", "fstore", "dstore", "astore", "istore_0", "istore_1",
	"istore_2", "istore_3", "lstore_0", "lstore_1", "lstore_2", "lstore_3", "fstore_0",
	"fstore_1", "fstore_2", "fstore_3", "dstore_0", "dstore_1", "dstore_2", "dstore_3",
	"astore_0", "astore_1", "astore_2", "astore_3", "iastore", "lastore", "fastore",
	"dastore", "aastore", "bastore", "castore", "sastore", "pop", "pop2", "dup", "dup_x1",
	"dup_x2", "dup2", "dup2_x1", "dup2_x2", "swap", "iadd", "ladd", "fadd", "dadd", "isub",
	"lsub", "fsub", "dsub", "imul", "lmul", "fmul", "dmul", "idiv", "ldiv", "fdiv", "ddiv",
	"irem", "lrem", "frem", "drem", "ineg", "lneg", "fneg", "dneg", "ishl", "lshl", "ishr",
	"lshr", "iushr", "lushr", "iand", "land", "ior", "lor", "ixor", "lxor", "iinc", "i2l",
	"i2f", "i2d", "l2i", "l2f", "l2d", "f2i", "f2l", "f2d", "d2i", "d2l", "d2f", "i2b",
	"i2c", "i2s", "lcmp", "fcmpl", "fcmpg", "dcmpl", "dcmpg", "ifeq", "ifne", "iflt",
	"ifge", "ifgt", "ifle", "if_icmpeq", "if_icmpne", "if_icmplt", "if_icmpge",
	"if_icmpgt", "if_icmple", "if_acmpeq", "if_acmpne", "goto", "jsr", "ret",
	"tableswitch", "lookupswitch", "ireturn", "lreturn", "freturn", "dreturn", "areturn",
	"return", "getstatic", "putstatic", "getfield", "putfield", "invokevirtual",
	"invokespecial", "invokestatic", "invokeinterface", "invokedynamic", "new", "newarray",
	"anewarray", "arraylength", "athrow", "checkcast", "instanceof", "monitorenter",
	"monitorexit", "wide", "multianewarray", "ifnull", "ifnonnull", "goto_w", "jsr_w"}
