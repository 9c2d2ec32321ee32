package ir

import (
	"errors"
	"fmt"

	"github.com/rules-fragment/rules_fragment/tools/classfile"
)

// Check verifies the structural and type invariants of a method's IR and
// returns every violation found (at most 20), or nil.
func Check(m *Method) error {
	c := &checker{m: m}
	c.run()
	return errors.Join(c.errs...)
}

type checker struct {
	m    *Method
	errs []error
	at   int
}

func (c *checker) errorf(format string, args ...any) {
	if len(c.errs) >= 20 {
		return
	}
	where := fmt.Sprintf("%s.%s%s", c.m.Class, c.m.Name, c.m.Desc)
	if c.at >= 0 && c.at < len(c.m.Stmts) {
		where += fmt.Sprintf(" stmt %d (%s)", c.at, FormatStmt(c.m.Stmts[c.at]))
	}
	c.errs = append(c.errs, fmt.Errorf("%s: %s", where, fmt.Sprintf(format, args...)))
}

func (c *checker) run() {
	m := c.m
	c.at = -1
	params, ret, err := classfile.ParseMethodDescriptor(m.Desc)
	if err != nil {
		c.errorf("%v", err)
		return
	}
	for i, v := range m.Vars {
		switch {
		case v == nil:
			c.errorf("var %d is nil", i)
			return
		case int(v.ID) != i:
			c.errorf("var %s has id %d at index %d", v, v.ID, i)
		case v.T.Kind() == KindVoid:
			c.errorf("var %s has no type (%q)", v, v.T)
		case v.T.IsRef() && v.T != TypeNull && !classfile.ValidFieldDescriptor(string(v.T)):
			c.errorf("var %s has invalid type %q", v, v.T)
		}
	}
	want := len(params)
	if !m.IsStatic() {
		want++
	}
	if len(m.Params) != want {
		c.errorf("%d parameter variables, want %d", len(m.Params), want)
	}
	if len(m.Stmts) == 0 {
		c.errorf("no statements")
		return
	}
	handlers := make(map[int]bool)
	for _, t := range m.Traps {
		if t.From < 0 || t.From >= t.To || t.To > len(m.Stmts) || t.Handler < 0 || t.Handler >= len(m.Stmts) {
			c.errorf("trap [%d,%d) -> %d out of range", t.From, t.To, t.Handler)
			continue
		}
		handlers[t.Handler] = true
		if id, ok := m.Stmts[t.Handler].(*Identity); !ok || id.Kind != IdentCaught {
			c.errorf("trap handler %d is not a caught-exception identity", t.Handler)
		}
	}
	defined := make([]bool, len(m.Vars))
	used := make([]bool, len(m.Vars))
	for i, s := range m.Stmts {
		c.at = i
		if s == nil {
			c.errorf("nil statement")
			continue
		}
		if d := defOf(s); d != nil {
			if !c.isVar(d) {
				continue
			}
			defined[d.ID] = true
		}
		Uses(s, func(op *Value) {
			switch v := (*op).(type) {
			case *Var:
				if c.isVar(v) {
					used[v.ID] = true
				}
			case *Const:
				if _, isAssign := s.(*Assign); !isAssign && (v.IsRefConst() || v.Kind == ConstRetAddr) {
					c.errorf("constant %s used outside an assignment", v)
				}
			case nil:
				c.errorf("nil operand")
			default:
				c.errorf("operand of type %T", v)
			}
		})
		c.stmt(i, s, params, ret, handlers)
	}
	c.at = -1
	if fallsThrough(m.Stmts[len(m.Stmts)-1]) {
		c.errorf("the last statement falls off the end")
	}
	for i, v := range m.Vars {
		if used[i] && !defined[i] {
			c.errorf("var %s is used but never defined", v)
		}
	}
}

func (c *checker) isVar(v *Var) bool {
	if v.ID < 0 || int(v.ID) >= len(c.m.Vars) || c.m.Vars[v.ID] != v {
		c.errorf("variable %s is not in the method's variable list", v)
		return false
	}
	return true
}

func (c *checker) kind(v Value, want Kind, what string) {
	if v == nil {
		c.errorf("%s is missing", what)
		return
	}
	if got := v.Type().Kind(); got != want {
		c.errorf("%s is %v (%s), want %v", what, got, v.Type(), want)
	}
}

func (c *checker) target(t int) {
	if t < 0 || t >= len(c.m.Stmts) {
		c.errorf("branch target %d out of range", t)
	}
}

func (c *checker) args(args []Value, params []string) {
	if len(args) != len(params) {
		c.errorf("%d arguments for %d parameters", len(args), len(params))
		return
	}
	for i, a := range args {
		c.kind(a, Type(params[i]).Kind(), fmt.Sprintf("argument %d", i))
	}
}

func (c *checker) result(dst *Var, ret string) {
	if (dst == nil) != (ret == "V") {
		c.errorf("result variable does not match return type %s", ret)
		return
	}
	if dst != nil {
		c.kind(dst, Type(ret).Kind(), "result")
	}
}

func (c *checker) stmt(i int, s Stmt, params []string, ret string, handlers map[int]bool) {
	m := c.m
	switch s := s.(type) {
	case *Identity:
		switch s.Kind {
		case IdentThis, IdentParam:
			if i >= len(m.Params) || m.Params[i] != s.Dst {
				c.errorf("parameter identity outside the method prologue")
			}
			if s.Kind == IdentThis {
				c.kind(s.Dst, KindRef, "this")
			} else if s.Index >= len(params) {
				c.errorf("parameter %d out of range", s.Index)
			} else {
				c.kind(s.Dst, Type(params[s.Index]).Kind(), "parameter")
			}
		case IdentCaught:
			if !handlers[i] {
				c.errorf("caught-exception identity is not a trap handler")
			}
			c.kind(s.Dst, KindRef, "caught exception")
		}
	case *Assign:
		c.kind(s.Src, s.Dst.T.Kind(), "source")
	case *New:
		c.kind(s.Dst, KindRef, "new")
	case *NewArray:
		if !s.T.IsArray() || len(s.Dims) == 0 {
			c.errorf("bad array allocation")
		}
		for _, d := range s.Dims {
			c.kind(d, KindInt, "dimension")
		}
		c.kind(s.Dst, KindRef, "array")
	case *BinOp:
		k := s.X.Type().Kind()
		switch {
		case s.Op >= OpCmp:
			c.kind(s.Y, k, "right operand")
			c.kind(s.Dst, KindInt, "comparison result")
		case s.Op >= OpShl && s.Op <= OpUshr:
			c.kind(s.Y, KindInt, "shift distance")
			c.kind(s.Dst, k, "result")
		default:
			c.kind(s.Y, k, "right operand")
			c.kind(s.Dst, k, "result")
		}
		if k != KindInt && k != KindLong && k != KindFloat && k != KindDouble {
			c.errorf("arithmetic on %v", k)
		}
	case *Neg:
		c.kind(s.Dst, s.X.Type().Kind(), "result")
	case *Convert:
		c.kind(s.Dst, s.To.Kind(), "result")
		if s.X.Type().IsRef() || s.To.IsRef() {
			c.errorf("primitive conversion of references")
		}
	case *Cast:
		c.kind(s.X, KindRef, "cast operand")
		c.kind(s.Dst, KindRef, "cast result")
	case *InstanceOf:
		c.kind(s.X, KindRef, "instanceof operand")
		c.kind(s.Dst, KindInt, "instanceof result")
	case *Load:
		if s.Base != nil {
			c.kind(s.Base, KindRef, "field base")
		}
		c.kind(s.Dst, s.Field.Desc.Kind(), "loaded value")
	case *Store:
		if s.Base != nil {
			c.kind(s.Base, KindRef, "field base")
		}
		c.kind(s.Src, s.Field.Desc.Kind(), "stored value")
	case *ArrayLoad:
		c.kind(s.Array, KindRef, "array")
		c.kind(s.Index, KindInt, "index")
		if at := s.Array.Type(); at.IsArray() {
			c.kind(s.Dst, at.Elem().Kind(), "element")
		}
	case *ArrayStore:
		c.kind(s.Array, KindRef, "array")
		c.kind(s.Index, KindInt, "index")
		if at := s.Array.Type(); at.IsArray() {
			c.kind(s.Src, at.Elem().Kind(), "element")
		}
	case *ArrayLength:
		c.kind(s.Array, KindRef, "array")
		c.kind(s.Dst, KindInt, "length")
	case *Invoke:
		ps, r, err := classfile.ParseMethodDescriptor(s.Method.Desc)
		if err != nil {
			c.errorf("%v", err)
			return
		}
		c.args(s.Args, ps)
		c.result(s.Dst, r)
		if (s.Kind == InvokeStatic) != (s.Recv == nil) {
			c.errorf("receiver does not match %s", s.Kind)
		}
		if s.Recv != nil {
			c.kind(s.Recv, KindRef, "receiver")
		}
	case *InvokeDynamic:
		c.typedByDescriptor(s.Desc, s.Args, s.Dst)
	case *TypeSwitch:
		c.typedByDescriptor(s.Desc, s.Args, s.Dst)
	case *StringConcat:
		c.kind(s.Dst, KindRef, "concatenation result")
	case *Return:
		if ret == "V" {
			if s.Value != nil {
				c.errorf("value returned from a void method")
			}
		} else {
			c.kind(s.Value, Type(ret).Kind(), "return value")
		}
	case *Throw:
		c.kind(s.Value, KindRef, "thrown value")
	case *MonitorEnter:
		c.kind(s.X, KindRef, "monitor")
	case *MonitorExit:
		c.kind(s.X, KindRef, "monitor")
	case *If:
		k := s.X.Type().Kind()
		c.kind(s.Y, k, "right operand")
		if k == KindRef && s.Cond != CondEq && s.Cond != CondNe {
			c.errorf("ordered comparison of references")
		} else if k != KindRef && k != KindInt {
			c.errorf("branch on %v", k)
		}
		c.target(s.Target)
		if i+1 >= len(m.Stmts) {
			c.errorf("conditional branch is the last statement")
		}
	case *Goto:
		c.target(s.Target)
	case *Switch:
		c.kind(s.Key, KindInt, "switch key")
		if len(s.Keys) != len(s.Targets) {
			c.errorf("switch has %d keys and %d targets", len(s.Keys), len(s.Targets))
		}
		for _, t := range s.Targets {
			c.target(t)
		}
		c.target(s.Default)
	case *SubroutineReturn:
		c.kind(s.Addr, KindRetAddr, "return address")
		for _, t := range s.Targets {
			c.target(t)
		}
	default:
		c.errorf("unknown statement type %T", s)
	}
}

// typedByDescriptor checks a call site's arguments and result against its
// method descriptor.
func (c *checker) typedByDescriptor(desc string, args []Value, dst *Var) {
	ps, r, err := classfile.ParseMethodDescriptor(desc)
	if err != nil {
		c.errorf("%v", err)
		return
	}
	c.args(args, ps)
	c.result(dst, r)
}
