package ir

import (
	"fmt"
	"os"
	"slices"

	"github.com/rules-fragment/rules_fragment/tools/classfile"
)

// Options configure IR construction.
type Options struct {
	// LUB returns the least upper bound of two reference types, used to
	// type variables that merge values of different classes. Nil means
	// java/lang/Object for any two different class types.
	LUB func(a, b Type) Type
	// NoSplit keeps one variable per local slot and kind instead of
	// splitting slots into def-use webs (for debugging).
	NoSplit bool
}

// Error reports bytecode the builder cannot translate.
type Error struct {
	Class, Method string // class name; method name + descriptor
	PC            int    // -1 if not tied to an instruction
	Err           string
}

func (e *Error) Error() string {
	if e.PC >= 0 {
		return fmt.Sprintf("ir: %s.%s at pc %d: %s", e.Class, e.Method, e.PC, e.Err)
	}
	return fmt.Sprintf("ir: %s.%s: %s", e.Class, e.Method, e.Err)
}

// BuildClass builds the IR of every method of cf that has a Code attribute.
func BuildClass(cf *classfile.ClassFile, opts *Options) (*Class, error) {
	c := &Class{File: cf}
	for i := range cf.Methods {
		m := &cf.Methods[i]
		if m.Code == nil {
			continue
		}
		im, synth, err := BuildMethod(cf, i, opts)
		if err != nil {
			return nil, err
		}
		c.Methods = append(c.Methods, im)
		c.Synthetic = append(c.Synthetic, synth...)
	}
	return c, nil
}

// BuildMethod builds the IR of cf.Methods[index], which must have code. It
// also returns the synthetic lambda classes its call sites create.
func BuildMethod(cf *classfile.ClassFile, index int, opts *Options) (m *Method, synth []*SyntheticClass, err error) {
	if opts == nil {
		opts = &Options{}
	}
	cm := &cf.Methods[index]
	scr := scratchPool.Get().(*scratch)
	b := &scr.builder // the builder lives in the pooled scratch: no allocation
	*b = builder{cf: cf, cp: &cf.Pool, cm: cm, index: index, opts: opts, scr: scr}
	defer b.releaseScratch()
	defer func() {
		// Translation code indexes the operand stack and tables that were
		// validated up front; a panic here is a builder bug, reported as an
		// error naming the method rather than crashing the whole run.
		if r := recover(); r != nil {
			if os.Getenv("IR_PANIC") != "" {
				panic(r) // debugging aid: keep the stack of the builder bug
			}
			m, synth = nil, nil
			err = &Error{Class: cf.Name, Method: cm.Name + cm.Desc, PC: b.curPC, Err: fmt.Sprintf("internal error: %v", r)}
		}
	}()
	if err := b.build(); err != nil {
		return nil, nil, err
	}
	return b.out, b.synth, nil
}

type builder struct {
	cf      *classfile.ClassFile
	cp      *classfile.ConstantPool
	cm      *classfile.Method
	index   int
	opts    *Options
	scr     *scratch
	code    []byte
	out     *Method
	retType Type
	mparams []string // the method's parameter descriptors
	synth   []*SyntheticClass

	insts    []inst
	instAt   []bool                 // pc → an instruction starts here
	lineTab  []classfile.LineNumber // sorted LineNumberTable
	lastLine int                    // line-table index of the last block translated
	blocks   []block
	blockAt  []int32 // pc → block index, for block starts only

	localVars []*Var   // slot*numKinds+kind
	stackVars []*Var   // depth*numKinds+kind
	retAddrs  []*Const // jsr return addresses to remap to statement indices
	jsrRets   []int    // blocks a subroutine may return to
	subRets   []*SubroutineReturn
	retBlocks []int  // blocks ending in a subroutine return
	edges     []edge // control-flow edges between blocks

	// translation state of the current block
	cur    *block
	curIdx int
	all    []Stmt  // statements in emission order
	owner  []int32 // block of each statement in all
	stack  []Value
	curPC  int
	pos    Position
}

type inst struct {
	pc  int32
	len int32
}

type block struct {
	first, end int // instruction indices [first, end)
	entry      []Kind
	reached    bool
	handler    bool // entered by exception transfer only
	mixed      bool // a handler also entered by normal control flow
	caught     bool // mixed: some trap leads here (set by layout)
	binding    Stmt // mixed: its @caughtexception statement
	normalIn   bool // entered by normal control flow
	count      int  // statements emitted for this block
	start      int  // index of its first statement in the method
}

const numKinds = 7

func (b *builder) fail(format string, args ...any) error {
	return &Error{Class: b.cf.Name, Method: b.cm.Name + b.cm.Desc, PC: b.curPC, Err: fmt.Sprintf(format, args...)}
}

func (b *builder) build() error {
	code := b.cm.Code
	b.code = code.Bytecode
	b.curPC = -1
	b.out = &Method{Class: b.cf.Name, Name: b.cm.Name, Desc: b.cm.Desc, Access: b.cm.Access}
	b.insts, b.blocks, b.stack = b.scr.insts, b.scr.blocks, b.scr.stack
	b.all, b.owner, b.edges = b.scr.all, b.scr.owner, b.scr.edges
	b.localVars = resize(b.scr.localVars, int(code.MaxLocals)*numKinds)
	if err := b.decode(); err != nil {
		return err
	}
	b.computeLines()
	// Presize: about one variable per two instructions, plus the locals.
	b.out.Vars = make([]*Var, 0, len(b.insts)/2+int(code.MaxLocals)+4)
	if err := b.entry(); err != nil {
		return err
	}
	if err := b.translateAll(); err != nil {
		return err
	}
	b.curPC = -1
	if err := b.layout(); err != nil {
		return err
	}
	if err := b.checkUndefined(); err != nil {
		return err
	}
	if !b.opts.NoSplit {
		if v, pc := splitWebs(b.out, b.blockGraph, &b.scr.split); v != nil {
			b.curPC = pc
			return b.fail("reads %s (local slot %d) where no assignment reaches", v, v.Slot)
		}
	}
	b.inferTypes()
	if err := b.checkArrays(); err != nil {
		return err
	}
	b.compact()
	return nil
}

// checkArrays rejects element accesses whose opcode disagrees with the
// array's inferred type (a long[] read with faload), which the verifier
// would reject too.
func (b *builder) checkArrays() error {
	for _, s := range b.scr.arrays {
		var arr Value
		var elem Kind
		switch s := s.(type) {
		case *ArrayLoad:
			arr, elem = s.Array, s.Dst.T.Kind()
		case *ArrayStore:
			arr, elem = s.Array, s.Src.Type().Kind()
		default:
			continue
		}
		if at := arr.Type(); at.IsArray() && at.Elem().Kind() != elem {
			b.curPC = int(s.Pos().PC)
			return b.fail("array of type %s accessed as %v", at, elem)
		}
	}
	return nil
}

func (b *builder) computeLines() {
	// LineNumberTable entries need not be sorted, and a method may have
	// several tables: sort a copy by pc (stably, so that of entries with
	// one pc the last listed wins, as a linear scan would choose).
	ls := b.cm.Code.Lines
	if !slices.IsSortedFunc(ls, cmpLine) {
		ls = append(b.scr.lineTab[:0], ls...)
		slices.SortStableFunc(ls, cmpLine)
		b.scr.lineTab = ls
	}
	b.lineTab = ls
}

func cmpLine(a, b classfile.LineNumber) int { return int(a.PC) - int(b.PC) }

// lineIndex returns the index of the line-table entry in force at pc, or -1.
// Blocks are mostly translated in bytecode order, so it first tries a few
// steps forward from the previous block's entry.
func (b *builder) lineIndex(pc int) int {
	if li := b.lastLine; li >= 0 && li < len(b.lineTab) && int(b.lineTab[li].PC) <= pc {
		for k := 0; k < 8; k++ {
			if li+1 >= len(b.lineTab) || int(b.lineTab[li+1].PC) > pc {
				b.lastLine = li
				return li
			}
			li++
		}
	}
	li := b.lineSearch(pc)
	b.lastLine = li
	return li
}

func (b *builder) lineSearch(pc int) int {
	// The last entry with PC <= pc.
	i, _ := slices.BinarySearchFunc(b.lineTab, pc+1, func(l classfile.LineNumber, t int) int { return int(l.PC) - t })
	return i - 1
}

// lineAt advances the line-table index li to pc and returns the line.
func (b *builder) lineAt(li *int, pc int) int32 {
	for *li+1 < len(b.lineTab) && int(b.lineTab[*li+1].PC) <= pc {
		*li++
	}
	if *li < 0 {
		return 0
	}
	return int32(b.lineTab[*li].Line)
}

// entry binds this and the parameters.
func (b *builder) entry() error {
	params, ret, err := classfile.AppendMethodDescriptor(b.scr.mparams[:0], b.cm.Desc)
	b.scr.mparams = params
	if err != nil {
		return b.fail("%v", err)
	}
	b.mparams = params
	b.out.Params = make([]*Var, 0, len(params)+1)
	b.retType = Type(ret)
	slot := 0
	emit := func(v *Var, kind IdentityKind, i int) {
		b.emitIn(0, b.scr.identitys.put(Identity{Position: Position{PC: -1, Line: b.firstLine()}, Dst: v, Kind: kind, Index: i}))
		b.out.Params = append(b.out.Params, v)
	}
	if b.cm.Access&classfile.AccStatic == 0 {
		if b.cm.Code.MaxLocals == 0 {
			return b.fail("instance method with max_locals=0")
		}
		v := b.localVar(0, KindRef)
		v.hint = b.cache().this
		emit(v, IdentThis, 0)
		slot = 1
	}
	for i, p := range params {
		t := Type(p)
		if slot+t.Kind().slots() > int(b.cm.Code.MaxLocals) {
			return b.fail("parameters need more than max_locals=%d slots", b.cm.Code.MaxLocals)
		}
		v := b.localVar(slot, t.Kind())
		v.hint = t
		emit(v, IdentParam, i)
		slot += t.Kind().slots()
	}
	return nil
}

func (k Kind) slots() int {
	if k.Wide() {
		return 2
	}
	return 1
}

var kindLetters = [...]byte{'v', 'i', 'l', 'f', 'd', 'r', 'a'}

func (b *builder) localVar(slot int, k Kind) *Var {
	i := slot*numKinds + int(k)
	if b.localVars[i] == nil {
		b.localVars[i] = b.newVar(RoleLocal, slot, kindType(k))
	}
	return b.localVars[i]
}

func (b *builder) stackVar(depth int, k Kind) *Var {
	i := depth*numKinds + int(k)
	for len(b.stackVars) <= i {
		b.stackVars = append(b.stackVars, nil)
	}
	if b.stackVars[i] == nil {
		b.stackVars[i] = b.newVar(RoleStack, depth, kindType(k))
	}
	return b.stackVars[i]
}

func (b *builder) temp(t Type) *Var {
	return b.newVar(RoleTemp, -1, t)
}

func (b *builder) newVar(role VarRole, slot int, t Type) *Var {
	v := b.scr.vars.put(Var{ID: int32(len(b.out.Vars)), Role: role, Slot: int32(slot), T: t})
	b.out.Vars = append(b.out.Vars, v)
	v.hint = t
	return v
}

// kindType is the widest type of a kind, the starting point of inference.
func kindType(k Kind) Type {
	switch k {
	case KindInt:
		return TypeInt
	case KindLong:
		return TypeLong
	case KindFloat:
		return TypeFloat
	case KindDouble:
		return TypeDouble
	case KindRef:
		return TypeObject
	case KindRetAddr:
		return TypeRetAddr
	}
	return TypeVoid
}

func (b *builder) firstLine() int32 {
	li := b.lineIndex(0)
	return b.lineAt(&li, 0)
}
