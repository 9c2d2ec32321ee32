package ir

// Stmt is one IR statement. The concrete types are listed below; analyses
// switch on them.
type Stmt interface {
	Pos() *Position
	dst() *Var // the variable the statement defines, or nil (see Def)
	uses(buf []*Value) []*Value
}

// Position locates a statement in the bytecode and the source.
type Position struct {
	PC   int32 // bytecode offset of the instruction it came from; -1 if synthetic
	Line int32 // source line, 0 if unknown
}

// Pos returns the position (promoted into every statement type).
func (p *Position) Pos() *Position { return p }

// IdentityKind says what an Identity statement binds.
type IdentityKind uint8

// Identity kinds.
const (
	IdentThis   IdentityKind = iota // the receiver
	IdentParam                      // parameter Index
	IdentCaught                     // the exception caught by a handler
)

// Identity binds Dst to this, a parameter, or a caught exception. Parameters
// and this are bound at method entry; caught exceptions at handler starts.
type Identity struct {
	Position
	Dst   *Var
	Kind  IdentityKind
	Index int // parameter index (0-based, excluding this)
}

// Assign copies Src (a variable or constant) into Dst. A non-null reference
// constant source (string or class literal, method handle, method type,
// dynamic constant) is an allocation-like definition.
type Assign struct {
	Position
	Dst *Var
	Src Value
}

// New allocates an instance of Class (not yet initialised). Lambda is set
// when the allocation is a lowered LambdaMetafactory call site.
type New struct {
	Position
	Dst    *Var
	Class  string
	Lambda *Lambda
	t      Type // ObjectType(Class), kept to type the destination
}

// Type returns the type of the allocated object.
func (s *New) Type() Type {
	if s.t == "" {
		return ObjectType(s.Class)
	}
	return s.t
}

// NewArray allocates an array of type T with the given dimension lengths
// (one for newarray/anewarray, several for multianewarray).
type NewArray struct {
	Position
	Dst  *Var
	T    Type
	Dims []Value
}

// BinOpKind is an arithmetic, logical or comparison operator.
type BinOpKind uint8

// Binary operators.
const (
	OpAdd BinOpKind = iota
	OpSub
	OpMul
	OpDiv
	OpRem
	OpShl
	OpShr
	OpUshr
	OpAnd
	OpOr
	OpXor
	OpCmp  // lcmp
	OpCmpl // fcmpl, dcmpl
	OpCmpg // fcmpg, dcmpg
)

var binOpNames = [...]string{"+", "-", "*", "/", "%", "<<", ">>", ">>>", "&", "|", "^", "cmp", "cmpl", "cmpg"}

func (op BinOpKind) String() string { return binOpNames[op] }

// BinOp computes Dst = X op Y.
type BinOp struct {
	Position
	Dst  *Var
	Op   BinOpKind
	X, Y Value
}

// Neg computes Dst = -X.
type Neg struct {
	Position
	Dst *Var
	X   Value
}

// Convert is a primitive conversion (i2l, d2i, i2b, ...).
type Convert struct {
	Position
	Dst *Var
	X   Value
	To  Type
}

// Cast is a checked reference cast (checkcast).
type Cast struct {
	Position
	Dst *Var
	X   Value
	To  Type
}

// InstanceOf computes Dst = X instanceof T (an int, 0 or 1).
type InstanceOf struct {
	Position
	Dst *Var
	X   Value
	T   Type
}

// FieldRef names a field as referenced by bytecode (before resolution).
type FieldRef struct {
	Class, Name string
	Desc        Type
}

// Load reads a field: Dst = Base.Field, or Dst = Class.Field when Base is nil.
type Load struct {
	Position
	Dst   *Var
	Base  Value // nil for static fields
	Field FieldRef
}

// Store writes a field: Base.Field = Src, or Class.Field = Src when Base is nil.
type Store struct {
	Position
	Base  Value // nil for static fields
	Field FieldRef
	Src   Value
}

// ArrayLoad reads Dst = Array[Index].
type ArrayLoad struct {
	Position
	Dst          *Var
	Array, Index Value
}

// ArrayStore writes Array[Index] = Src.
type ArrayStore struct {
	Position
	Array, Index, Src Value
}

// ArrayLength computes Dst = Array.length.
type ArrayLength struct {
	Position
	Dst   *Var
	Array Value
}

// InvokeKind is the bytecode's call instruction.
type InvokeKind uint8

// Invoke kinds.
const (
	InvokeVirtual InvokeKind = iota
	InvokeInterface
	InvokeSpecial
	InvokeStatic
)

var invokeNames = [...]string{"virtualinvoke", "interfaceinvoke", "specialinvoke", "staticinvoke"}

func (k InvokeKind) String() string { return invokeNames[k] }

// MethodRef names a method as referenced by bytecode (before resolution).
type MethodRef struct {
	Class, Name, Desc string
	Interface         bool // from an InterfaceMethodref
}

// Invoke calls Method. Recv is nil for static calls. Site is the call-site
// id, unique within the method and stable across builds of the same
// bytecode (the instruction's bytecode offset; synthetic methods number
// their sites from 0).
type Invoke struct {
	Position
	Dst    *Var // nil if the result is void or discarded
	Kind   InvokeKind
	Method MethodRef
	Recv   Value
	Args   []Value
	Site   int32
}

// InvokeDynamic is an invokedynamic whose bootstrap method is not modelled.
type InvokeDynamic struct {
	Position
	Dst        *Var
	Bootstrap  BootstrapRef
	Name, Desc string
	Args       []Value
	Site       int32
}

// TypeSwitch is the invokedynamic of a pattern or enum switch
// (java/lang/runtime/SwitchBootstraps.typeSwitch or enumSwitch, Java 21+):
// Dst is the index of the first of Labels, from the restart index on, that
// the target matches (Args: the target and the restart index). Its tests
// call no method of the program (Class.isInstance, String and Integer
// equality, Enum.name and describeConstable), so analyses see no effect;
// not modelled: resolving an enum constant label may initialise its enum
// class, where nothing else in the program has (the switch's target is
// then not one of its constants).
type TypeSwitch struct {
	Position
	Dst    *Var
	Enum   bool // enumSwitch
	Desc   string
	Args   []Value
	Labels []*Const
	Site   int32
}

// BootstrapRef is a bootstrap method and its static arguments.
type BootstrapRef struct {
	Method MethodRef
	Kind   uint8 // method-handle reference kind
	Args   []*Const
}

// StringConcat is a StringConcatFactory call site: Dst is a new String made
// from Args (Recipe is the makeConcatWithConstants recipe, if any).
type StringConcat struct {
	Position
	Dst    *Var
	Args   []Value
	Recipe string
	Site   int32
}

// Return returns from the method; Value is nil for void methods.
type Return struct {
	Position
	Value Value
}

// Throw throws Value.
type Throw struct {
	Position
	Value Value
}

// MonitorEnter and MonitorExit acquire and release X's monitor.
type MonitorEnter struct {
	Position
	X Value
}

// MonitorExit releases X's monitor.
type MonitorExit struct {
	Position
	X Value
}

// CondKind is a comparison in a conditional branch.
type CondKind uint8

// Conditions.
const (
	CondEq CondKind = iota
	CondNe
	CondLt
	CondGe
	CondGt
	CondLe
)

var condNames = [...]string{"==", "!=", "<", ">=", ">", "<="}

func (c CondKind) String() string { return condNames[c] }

// If branches to Target when X cond Y holds, else falls through.
type If struct {
	Position
	Cond   CondKind
	X, Y   Value
	Target int // statement index
}

// Goto jumps to Target.
type Goto struct {
	Position
	Target int
}

// Switch jumps to Targets[i] when Key == Keys[i], else to Default.
type Switch struct {
	Position
	Key     Value
	Keys    []int32
	Targets []int
	Default int
}

// SubroutineReturn is the "ret" of a jsr subroutine (class files before
// version 50). Targets lists every statement a jsr may return to.
type SubroutineReturn struct {
	Position
	Addr    Value // a *Var holding the return address
	Targets []int
}

// dst implementations: one indirect call instead of a type switch in the
// passes that visit every definition.
func (s *Identity) dst() *Var       { return s.Dst }
func (s *Assign) dst() *Var         { return s.Dst }
func (s *New) dst() *Var            { return s.Dst }
func (s *NewArray) dst() *Var       { return s.Dst }
func (s *BinOp) dst() *Var          { return s.Dst }
func (s *Neg) dst() *Var            { return s.Dst }
func (s *Convert) dst() *Var        { return s.Dst }
func (s *Cast) dst() *Var           { return s.Dst }
func (s *InstanceOf) dst() *Var     { return s.Dst }
func (s *Load) dst() *Var           { return s.Dst }
func (*Store) dst() *Var            { return nil }
func (s *ArrayLoad) dst() *Var      { return s.Dst }
func (*ArrayStore) dst() *Var       { return nil }
func (s *ArrayLength) dst() *Var    { return s.Dst }
func (s *Invoke) dst() *Var         { return s.Dst }
func (s *InvokeDynamic) dst() *Var  { return s.Dst }
func (s *StringConcat) dst() *Var   { return s.Dst }
func (s *TypeSwitch) dst() *Var     { return s.Dst }
func (*Return) dst() *Var           { return nil }
func (*Throw) dst() *Var            { return nil }
func (*MonitorEnter) dst() *Var     { return nil }
func (*MonitorExit) dst() *Var      { return nil }
func (*If) dst() *Var               { return nil }
func (*Goto) dst() *Var             { return nil }
func (*Switch) dst() *Var           { return nil }
func (*SubroutineReturn) dst() *Var { return nil }

// uses implementations: operand addresses appended to a buffer, so that
// hot passes loop without a callback per operand (see Uses).
func (*Identity) uses(buf []*Value) []*Value { return buf }
func (s *Assign) uses(buf []*Value) []*Value {
	buf = append(buf, &s.Src)
	return buf
}
func (*New) uses(buf []*Value) []*Value { return buf }
func (s *NewArray) uses(buf []*Value) []*Value {
	for i := range s.Dims {
		buf = append(buf, &s.Dims[i])
	}
	return buf
}
func (s *BinOp) uses(buf []*Value) []*Value {
	buf = append(buf, &s.X)
	buf = append(buf, &s.Y)
	return buf
}
func (s *Neg) uses(buf []*Value) []*Value {
	buf = append(buf, &s.X)
	return buf
}
func (s *Convert) uses(buf []*Value) []*Value {
	buf = append(buf, &s.X)
	return buf
}
func (s *Cast) uses(buf []*Value) []*Value {
	buf = append(buf, &s.X)
	return buf
}
func (s *InstanceOf) uses(buf []*Value) []*Value {
	buf = append(buf, &s.X)
	return buf
}
func (s *Load) uses(buf []*Value) []*Value {
	if s.Base != nil {
		buf = append(buf, &s.Base)
	}
	return buf
}
func (s *Store) uses(buf []*Value) []*Value {
	if s.Base != nil {
		buf = append(buf, &s.Base)
	}
	buf = append(buf, &s.Src)
	return buf
}
func (s *ArrayLoad) uses(buf []*Value) []*Value {
	buf = append(buf, &s.Array)
	buf = append(buf, &s.Index)
	return buf
}
func (s *ArrayStore) uses(buf []*Value) []*Value {
	buf = append(buf, &s.Array)
	buf = append(buf, &s.Index)
	buf = append(buf, &s.Src)
	return buf
}
func (s *ArrayLength) uses(buf []*Value) []*Value {
	buf = append(buf, &s.Array)
	return buf
}
func (s *Invoke) uses(buf []*Value) []*Value {
	if s.Recv != nil {
		buf = append(buf, &s.Recv)
	}
	for i := range s.Args {
		buf = append(buf, &s.Args[i])
	}
	return buf
}
func (s *InvokeDynamic) uses(buf []*Value) []*Value {
	for i := range s.Args {
		buf = append(buf, &s.Args[i])
	}
	return buf
}
func (s *TypeSwitch) uses(buf []*Value) []*Value {
	for i := range s.Args {
		buf = append(buf, &s.Args[i])
	}
	return buf
}
func (s *StringConcat) uses(buf []*Value) []*Value {
	for i := range s.Args {
		buf = append(buf, &s.Args[i])
	}
	return buf
}
func (s *Return) uses(buf []*Value) []*Value {
	if s.Value != nil {
		buf = append(buf, &s.Value)
	}
	return buf
}
func (s *Throw) uses(buf []*Value) []*Value {
	buf = append(buf, &s.Value)
	return buf
}
func (s *MonitorEnter) uses(buf []*Value) []*Value {
	buf = append(buf, &s.X)
	return buf
}
func (s *MonitorExit) uses(buf []*Value) []*Value {
	buf = append(buf, &s.X)
	return buf
}
func (s *If) uses(buf []*Value) []*Value {
	buf = append(buf, &s.X)
	buf = append(buf, &s.Y)
	return buf
}
func (*Goto) uses(buf []*Value) []*Value { return buf }
func (s *Switch) uses(buf []*Value) []*Value {
	buf = append(buf, &s.Key)
	return buf
}
func (s *SubroutineReturn) uses(buf []*Value) []*Value {
	buf = append(buf, &s.Addr)
	return buf
}
