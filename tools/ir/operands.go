package ir

// Def returns the variable a statement defines, or nil.
func Def(s Stmt) *Var { return defOf(s) }

func defOf(s Stmt) *Var { return s.dst() }

// retarget replaces the defined variable of s, reporting success.
func retarget(s Stmt, v *Var) bool {
	switch s := s.(type) {
	case *Assign:
		s.Dst = v
	case *New:
		s.Dst = v
	case *NewArray:
		s.Dst = v
	case *BinOp:
		s.Dst = v
	case *Neg:
		s.Dst = v
	case *Convert:
		s.Dst = v
	case *Cast:
		s.Dst = v
	case *InstanceOf:
		s.Dst = v
	case *Load:
		s.Dst = v
	case *ArrayLoad:
		s.Dst = v
	case *ArrayLength:
		s.Dst = v
	case *Invoke:
		if s.Dst == nil {
			return false
		}
		s.Dst = v
	case *InvokeDynamic:
		if s.Dst == nil {
			return false
		}
		s.Dst = v
	case *StringConcat:
		s.Dst = v
	default:
		return false
	}
	return true
}

// Uses calls fn for each operand a statement reads, in a fixed order; fn
// may replace the operand.
func Uses(s Stmt, fn func(*Value)) {
	opt := func(v *Value) {
		if *v != nil {
			fn(v)
		}
	}
	switch s := s.(type) {
	case *Assign:
		fn(&s.Src)
	case *NewArray:
		for i := range s.Dims {
			fn(&s.Dims[i])
		}
	case *BinOp:
		fn(&s.X)
		fn(&s.Y)
	case *Neg:
		fn(&s.X)
	case *Convert:
		fn(&s.X)
	case *Cast:
		fn(&s.X)
	case *InstanceOf:
		fn(&s.X)
	case *Load:
		opt(&s.Base)
	case *Store:
		opt(&s.Base)
		fn(&s.Src)
	case *ArrayLoad:
		fn(&s.Array)
		fn(&s.Index)
	case *ArrayStore:
		fn(&s.Array)
		fn(&s.Index)
		fn(&s.Src)
	case *ArrayLength:
		fn(&s.Array)
	case *Invoke:
		opt(&s.Recv)
		for i := range s.Args {
			fn(&s.Args[i])
		}
	case *InvokeDynamic:
		for i := range s.Args {
			fn(&s.Args[i])
		}
	case *StringConcat:
		for i := range s.Args {
			fn(&s.Args[i])
		}
	case *Return:
		opt(&s.Value)
	case *Throw:
		fn(&s.Value)
	case *MonitorEnter:
		fn(&s.X)
	case *MonitorExit:
		fn(&s.X)
	case *If:
		fn(&s.X)
		fn(&s.Y)
	case *Switch:
		fn(&s.Key)
	case *SubroutineReturn:
		v := Value(s.Addr)
		fn(&v)
		if nv, ok := v.(*Var); ok {
			s.Addr = nv
		}
	}
}

// setDef replaces the variable s defines (used by web splitting).
func setDef(s Stmt, v *Var) {
	if id, ok := s.(*Identity); ok {
		id.Dst = v
		return
	}
	retarget(s, v)
}

// Successors returns the statement indices control may pass to from
// Stmts[i] by normal flow (exceptional flow is described by Traps).
func (m *Method) Successors(i int) []int {
	switch s := m.Stmts[i].(type) {
	case *Goto:
		return []int{s.Target}
	case *If:
		return []int{i + 1, s.Target}
	case *Switch:
		out := append([]int(nil), s.Targets...)
		return append(out, s.Default)
	case *SubroutineReturn:
		return s.Targets
	case *Return, *Throw:
		return nil
	}
	return []int{i + 1}
}
