package summary

import (
	"fmt"
)

// Op is the kind of a summary statement. Statements are the
// analysis-relevant part of a method's IR in flow-insensitive form
// (research/seed-000-003.md §6.2, "points-to summary", transposed to Java):
// reference data flow, allocations, every heap access (also of primitive
// values, which carry no variable: they are the method's syntactic
// side effects for MOD/USE) and every call with its call-site id. Control
// flow and primitive arithmetic are dropped.
type Op uint8

// Statement kinds. Ref names a pool entry: a string (class name or array
// descriptor) for New, NewArray, Const, Cast and Catch; a field reference for
// the field accesses; a method reference for Call and DynCall.
const (
	OpNew         Op = iota + 1 // Dst = new Ref at Site
	OpNewArray                  // Dst = new Ref (an array type) at Site; Kind = dimensions allocated (multianewarray)
	OpConst                     // Dst = reference constant of class Ref (class literals: the class named, see ConstClass); Kind = ir.ConstKind
	OpCopy                      // Dst = Src
	OpCast                      // Dst = (Ref) Src
	OpLoad                      // Dst = Base.Ref (Dst -1: primitive read)
	OpStore                     // Base.Ref = Src (Src -1: primitive or null written)
	OpStaticLoad                // Dst = Ref (static field)
	OpStaticStore               // Ref = Src (static field)
	OpArrayLoad                 // Dst = Base[*]
	OpArrayStore                // Base[*] = Src
	OpCall                      // Dst = Kind Ref(Base; Args) at Site
	OpDynCall                   // Dst = invokedynamic bootstrap Ref (Args) at Site, not modelled by the IR
	OpConcat                    // Dst = new String from Args (string concatenation) at Site
	OpReturn                    // return Src
	OpThrow                     // throw Src
	OpCatch                     // Dst = caught exception of class Ref (-1: any)
	opMax
)

var opNames = [...]string{"", "new", "newarray", "const", "copy", "cast", "load", "store", "sload", "sstore",
	"aload", "astore", "call", "dyncall", "concat", "return", "throw", "catch"}

func (o Op) String() string {
	if o < opMax {
		return opNames[o]
	}
	return fmt.Sprintf("op%d", o)
}

// Invoke kinds of OpCall (the same values as ir.InvokeKind).
const (
	CallVirtual uint8 = iota
	CallInterface
	CallSpecial
	CallStatic
)

// Stmt is one summary statement. Variables are method-local dense ids, -1
// for none; unused fields are -1 or 0.
type Stmt struct {
	Op   Op
	Kind uint8
	Dst  int32
	Src  int32
	Base int32 // receiver of a call, object of a field or array access
	Ref  int32
	Site int32 // call or allocation site id: the instruction's bytecode offset
	Line int32 // source line of a call, 0 if unknown
	Args []int32
}

// Body is the statement part of one method. Params maps the parameter
// positions (this first for instance methods) to variables, -1 for
// primitive or unused parameters.
type Body struct {
	NumVars int32
	Params  []int32
	Stmts   []Stmt
}

type refKind uint8

const (
	refNone refKind = iota
	refString
	refField
	refMethod
)

func (o Op) refKind() refKind {
	switch o {
	case OpNew, OpNewArray, OpConst, OpCast, OpCatch:
		return refString
	case OpLoad, OpStore, OpStaticLoad, OpStaticStore:
		return refField
	case OpCall, OpDynCall:
		return refMethod
	}
	return refNone
}

// AppendBody encodes b as a uvarint stream.
func AppendBody(buf []byte, b *Body) []byte {
	buf = putUint(buf, uint64(b.NumVars))
	buf = putUint(buf, uint64(len(b.Params)))
	for _, p := range b.Params {
		buf = putOpt(buf, p)
	}
	buf = putUint(buf, uint64(len(b.Stmts)))
	var site, line int32 // sites and lines are stored as differences to the previous ones
	vc := varCodec{newest: -1}
	for _, p := range b.Params {
		vc.note(p)
	}
	for i := range b.Stmts {
		s := &b.Stmts[i]
		buf = append(buf, byte(s.Op))
		switch s.Op {
		case OpNew:
			buf = vc.put(buf, s.Dst)
			buf = putOpt(buf, s.Ref)
			buf, site = putDelta(buf, s.Site, site)
		case OpNewArray:
			buf = putUint(buf, uint64(s.Kind))
			buf = vc.put(buf, s.Dst)
			buf = putOpt(buf, s.Ref)
			buf, site = putDelta(buf, s.Site, site)
		case OpCatch:
			buf = vc.put(buf, s.Dst)
			buf = putOpt(buf, s.Ref)
		case OpConst:
			buf = putUint(buf, uint64(s.Kind))
			buf = vc.put(buf, s.Dst)
			buf = putOpt(buf, s.Ref)
		case OpCopy:
			buf = vc.put(buf, s.Dst)
			buf = vc.put(buf, s.Src)
		case OpCast:
			buf = vc.put(buf, s.Dst)
			buf = vc.put(buf, s.Src)
			buf = putOpt(buf, s.Ref)
		case OpLoad:
			buf = vc.put(buf, s.Dst)
			buf = vc.put(buf, s.Base)
			buf = putOpt(buf, s.Ref)
		case OpStore:
			buf = vc.put(buf, s.Base)
			buf = vc.put(buf, s.Src)
			buf = putOpt(buf, s.Ref)
		case OpStaticLoad:
			buf = vc.put(buf, s.Dst)
			buf = putOpt(buf, s.Ref)
		case OpStaticStore:
			buf = vc.put(buf, s.Src)
			buf = putOpt(buf, s.Ref)
		case OpArrayLoad:
			buf = vc.put(buf, s.Dst)
			buf = vc.put(buf, s.Base)
		case OpArrayStore:
			buf = vc.put(buf, s.Base)
			buf = vc.put(buf, s.Src)
		case OpCall, OpDynCall, OpConcat:
			buf = putUint(buf, uint64(s.Kind))
			buf = vc.put(buf, s.Dst)
			buf = vc.put(buf, s.Base)
			buf = putOpt(buf, s.Ref)
			buf, site = putDelta(buf, s.Site, site)
			buf, line = putDelta(buf, s.Line, line)
			buf = putUint(buf, uint64(len(s.Args)))
			for _, a := range s.Args {
				buf = vc.put(buf, a)
			}
		case OpReturn, OpThrow:
			buf = vc.put(buf, s.Src)
		}
	}
	return buf
}

// DecodeBody decodes a body written by AppendBody. Ids of pool entries are
// checked against from and, when m is not nil, translated by m (whose
// source pool must be from). Malformed data is an error, never a panic.
func DecodeBody(data []byte, from *Pool, m *Mapper) (*Body, error) {
	r := &varReader{b: data}
	b := &Body{NumVars: r.int32()}
	if n := r.count(); n > 0 {
		b.Params = make([]int32, n)
		for i := range b.Params {
			b.Params[i] = r.opt()
		}
	}
	n := r.count()
	if r.err != nil {
		return nil, r.err
	}
	b.Stmts = make([]Stmt, n)
	var site, line int32
	vc := varCodec{newest: -1}
	for _, p := range b.Params {
		vc.note(p)
	}
	for i := range b.Stmts {
		if r.off >= len(r.b) {
			return nil, errTruncated
		}
		s := &b.Stmts[i]
		s.Op = Op(r.b[r.off])
		r.off++
		s.Dst, s.Src, s.Base, s.Ref = -1, -1, -1, -1
		switch s.Op {
		case OpNew:
			s.Dst = vc.get(r)
			s.Ref = r.opt()
			site = r.delta(site)
			s.Site = site
		case OpNewArray:
			s.Kind = uint8(r.uint())
			s.Dst = vc.get(r)
			s.Ref = r.opt()
			site = r.delta(site)
			s.Site = site
		case OpCatch:
			s.Dst = vc.get(r)
			s.Ref = r.opt()
		case OpConst:
			s.Kind = uint8(r.uint())
			s.Dst = vc.get(r)
			s.Ref = r.opt()
		case OpCopy:
			s.Dst = vc.get(r)
			s.Src = vc.get(r)
		case OpCast:
			s.Dst = vc.get(r)
			s.Src = vc.get(r)
			s.Ref = r.opt()
		case OpLoad:
			s.Dst = vc.get(r)
			s.Base = vc.get(r)
			s.Ref = r.opt()
		case OpStore:
			s.Base = vc.get(r)
			s.Src = vc.get(r)
			s.Ref = r.opt()
		case OpStaticLoad:
			s.Dst = vc.get(r)
			s.Ref = r.opt()
		case OpStaticStore:
			s.Src = vc.get(r)
			s.Ref = r.opt()
		case OpArrayLoad:
			s.Dst = vc.get(r)
			s.Base = vc.get(r)
		case OpArrayStore:
			s.Base = vc.get(r)
			s.Src = vc.get(r)
		case OpCall, OpDynCall, OpConcat:
			s.Kind = uint8(r.uint())
			s.Dst = vc.get(r)
			s.Base = vc.get(r)
			s.Ref = r.opt()
			site, line = r.delta(site), r.delta(line)
			s.Site, s.Line = site, line
			if k := r.count(); k > 0 {
				s.Args = make([]int32, k)
				for j := range s.Args {
					s.Args[j] = vc.get(r)
				}
			}
		case OpReturn, OpThrow:
			s.Src = vc.get(r)
		default:
			return nil, fmt.Errorf("statement %d: unknown op %d", i, s.Op)
		}
		if r.err != nil {
			return nil, fmt.Errorf("statement %d: %w", i, r.err)
		}
		if err := b.check(s, from); err != nil {
			return nil, fmt.Errorf("statement %d (%s): %w", i, s.Op, err)
		}
		if m != nil && s.Ref >= 0 {
			switch s.Op.refKind() {
			case refString:
				s.Ref = m.str(s.Ref)
			case refField:
				s.Ref = m.field(s.Ref)
			case refMethod:
				s.Ref = m.method(s.Ref)
			}
		}
	}
	if r.err != nil {
		return nil, r.err
	}
	if r.off != len(r.b) {
		return nil, fmt.Errorf("%d bytes after the last statement", len(r.b)-r.off)
	}
	for _, p := range b.Params {
		if p < -1 || p >= b.NumVars {
			return nil, fmt.Errorf("parameter variable %d out of range", p)
		}
	}
	return b, nil
}

// check validates the variables and pool ids of one decoded statement.
func (b *Body) check(s *Stmt, p *Pool) error {
	for _, v := range [...]int32{s.Dst, s.Src, s.Base} {
		if v < -1 || v >= b.NumVars {
			return fmt.Errorf("variable %d out of range", v)
		}
	}
	for _, v := range s.Args {
		if v < -1 || v >= b.NumVars {
			return fmt.Errorf("argument variable %d out of range", v)
		}
	}
	var n int
	switch s.Op.refKind() {
	case refString:
		n = p.NumStrings()
	case refField:
		n = p.NumFields()
	case refMethod:
		n = p.NumMethods()
	}
	if s.Ref < -1 || int(s.Ref) >= n {
		return fmt.Errorf("reference %d out of range", s.Ref)
	}
	needRef := s.Op != OpCatch && s.Op != OpConcat && s.Op.refKind() != refNone
	if needRef && s.Ref < 0 {
		return fmt.Errorf("missing reference")
	}
	return nil
}

// varCodec writes variable ids so that repetitive code gives repetitive
// bytes: a variable among the 16 newest (by id; ids follow first
// appearance) is written relative to the newest, others absolutely. Table
// initialisers, where each row is a fresh array filled the same way, then
// compress to almost nothing.
type varCodec struct{ newest int32 }

const recentVars = 16

func (c *varCodec) note(v int32) {
	if v > c.newest {
		c.newest = v
	}
}

// put writes v: 0 for none, 2d+1 for d = newest+1-v in [0, recentVars),
// else 2(v+1).
func (c *varCodec) put(b []byte, v int32) []byte {
	if v < 0 {
		return append(b, 0)
	}
	d := c.newest + 1 - v
	c.note(v)
	if d >= 0 && d < recentVars {
		return putUint(b, uint64(2*d+1))
	}
	return putUint(b, 2*uint64(v+1))
}

func (c *varCodec) get(r *varReader) int32 {
	x := r.uint()
	var v int64
	switch {
	case x == 0:
		return -1
	case x&1 == 1:
		v = int64(c.newest) + 1 - int64(x>>1)
	default:
		v = int64(x>>1) - 1
	}
	if v < 0 || v > 1<<31-1 {
		if r.err == nil {
			r.err = fmt.Errorf("variable out of range")
		}
		return -1
	}
	c.note(int32(v))
	return int32(v)
}
