package ir

import (
	"fmt"
	"math"
	"strconv"

	"github.com/rules-fragment/rules_fragment/tools/classfile"
)

// Value is an operand: a *Var or a *Const.
type Value interface {
	Type() Type
	String() string
}

// VarRole says where a variable comes from.
type VarRole uint8

// Variable roles.
const (
	RoleLocal VarRole = iota // a local-variable slot (after splitting)
	RoleStack                // an operand-stack slot live across blocks
	RoleTemp                 // an expression temporary
)

// Var is a method-local variable. Its ID is its index in Method.Vars.
type Var struct {
	T    Type
	hint Type  // the type known when the variable was made, for inference
	ID   int32 // index in Method.Vars
	Slot int32 // local slot or stack depth; -1 for temporaries
	Web  int32 // which def-use web of its slot (0 for the first); see Name
	Role VarRole
}

// Type returns the declared type of v.
func (v *Var) Type() Type     { return v.T }
func (v *Var) String() string { return v.Name() }

// Name is derived from the role: "r1" for local slot 1 holding a reference
// ("r1_2" for its third web), "$s0i" for an int stack slot at depth 0 and
// "$r7" for temporary 7. Names are made on demand so building allocates none.
func (v *Var) Name() string {
	k := kindLetters[v.T.Kind()]
	var b []byte
	switch v.Role {
	case RoleLocal:
		b = strconv.AppendInt(append(b, k), int64(v.Slot), 10)
	case RoleStack:
		b = append(strconv.AppendInt(append(b, '$', 's'), int64(v.Slot), 10), k)
	default:
		return string(strconv.AppendInt([]byte{'$', k}, int64(v.ID), 10))
	}
	if v.Web > 0 {
		b = strconv.AppendInt(append(b, '_'), int64(v.Web), 10)
	}
	return string(b)
}

// ConstKind classifies constants.
type ConstKind uint8

// Constant kinds.
const (
	ConstInt ConstKind = iota
	ConstLong
	ConstFloat
	ConstDouble
	ConstNull
	ConstString       // a string literal: an allocation-like value
	ConstClass        // a class literal: an allocation-like value
	ConstMethodType   // ldc of a CONSTANT_MethodType
	ConstMethodHandle // ldc of a CONSTANT_MethodHandle
	ConstDynamic      // ldc of a CONSTANT_Dynamic (unresolved)
	ConstRetAddr      // jsr return address: Int is the statement index
)

// Const is a constant operand. Reference constants other than null appear
// only as the source of an Assign, so that analyses see them as
// allocation-like definitions of a variable.
type Const struct {
	Kind    ConstKind
	Int     int64
	Float   float64
	Str     string // string value, class name (internal or array descriptor), method type descriptor
	Handle  *classfile.MethodHandle
	Dynamic *DynamicConst
	T       Type
}

// DynamicConst is an unresolved CONSTANT_Dynamic.
type DynamicConst struct {
	Bootstrap classfile.MethodHandle
	Name      string
	Desc      string
}

func (c *Const) Type() Type { return c.T }

// IsRefConst reports whether c is a non-null reference constant.
func (c *Const) IsRefConst() bool {
	return c.T.IsRef() && c.Kind != ConstNull
}

func (c *Const) String() string {
	switch c.Kind {
	case ConstInt:
		return strconv.FormatInt(c.Int, 10)
	case ConstLong:
		return strconv.FormatInt(c.Int, 10) + "L"
	case ConstFloat:
		return formatFloat(c.Float, 32) + "F"
	case ConstDouble:
		return formatFloat(c.Float, 64)
	case ConstNull:
		return "null"
	case ConstString:
		return strconv.Quote(c.Str)
	case ConstClass:
		return "class " + ObjectType(c.Str).String()
	case ConstMethodType:
		return "methodtype " + c.Str
	case ConstMethodHandle:
		return "methodhandle " + c.Handle.String()
	case ConstDynamic:
		return fmt.Sprintf("dynamic %s:%s [%s]", c.Dynamic.Name, c.Dynamic.Desc, c.Dynamic.Bootstrap)
	case ConstRetAddr:
		return fmt.Sprintf("retaddr @%d", c.Int)
	}
	return "?"
}

func formatFloat(f float64, bits int) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "+Inf"
	case math.IsInf(f, -1):
		return "-Inf"
	}
	return strconv.FormatFloat(f, 'g', -1, bits)
}

// Constructors for common constants.
func IntConst(v int64) *Const     { return &Const{Kind: ConstInt, Int: v, T: TypeInt} }
func LongConst(v int64) *Const    { return &Const{Kind: ConstLong, Int: v, T: TypeLong} }
func FloatConst(v float64) *Const { return &Const{Kind: ConstFloat, Float: v, T: TypeFloat} }
func DoubleConst(v float64) *Const {
	return &Const{Kind: ConstDouble, Float: v, T: TypeDouble}
}

// NullConst is the null reference.
var NullConst = &Const{Kind: ConstNull, T: TypeNull}

// small int constants are shared to avoid allocations.
var smallInts = func() [262]*Const {
	var a [262]*Const
	for i := range a {
		a[i] = IntConst(int64(i - 5))
	}
	return a
}()

func intConst(v int64) *Const {
	if v >= -5 && v < 257 {
		return smallInts[v+5]
	}
	return IntConst(v)
}
