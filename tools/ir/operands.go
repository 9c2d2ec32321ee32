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
	case *TypeSwitch:
		s.Dst = v
	default:
		return false
	}
	return true
}

// Uses calls fn for each operand a statement reads, in a fixed order; fn
// may replace the operand.
func Uses(s Stmt, fn func(*Value)) {
	var buf [8]*Value
	for _, op := range s.uses(buf[:0]) {
		fn(op)
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
