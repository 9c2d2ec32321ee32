package ir

// inferTypes gives every variable the join of the types of its definitions,
// iterated to a fixpoint because copies and array loads depend on the types
// of other variables.
func (b *builder) inferTypes() {
	m := b.out
	// The type each handler catches: the join over its traps.
	caught := b.scr.caught[:0]
	for _, t := range m.Traps {
		ct := TypeThrow
		if t.Type != "" {
			ct = ObjectType(t.Type)
		}
		if i := caughtIndex(caught, t.Handler); i >= 0 {
			caught[i].t = b.join(caught[i].t, ct)
		} else {
			caught = append(caught, caughtType{t.Handler, ct})
		}
	}
	b.scr.caught = caught
	params := b.mparams
	// Temporaries have one definition and were made with its exact type,
	// except copies, array loads and caught exceptions; everything else is
	// recomputed from its definitions.
	for _, v := range m.Vars {
		if v.Role != RoleTemp {
			v.T = ""
		}
	}
	// One pass over every definition; then only definitions whose type
	// depends on another variable's (copies, array loads) are revisited
	// until nothing changes.
	dependent := b.scr.dependent[:0]
	for i, s := range m.Stmts {
		v := defOf(s)
		if v == nil {
			continue
		}
		dep := false
		switch s := s.(type) {
		case *Assign:
			_, dep = s.Src.(*Var)
		case *ArrayLoad:
			dep = true
		case *Identity:
			if v.Role == RoleTemp {
				v.T = ""
			}
		default:
			if v.Role == RoleTemp {
				continue
			}
		}
		if dep {
			dependent = append(dependent, int32(i))
			if v.Role == RoleTemp {
				v.T = ""
			}
		} else if v.Role == RoleTemp && v.T != "" {
			continue // a temporary assigned a constant
		}
		if t := b.defType(i, s, v, params, caught); t != "" {
			v.T = b.join(v.T, t)
		}
	}
	for iter := 0; iter < 64 && len(dependent) > 0; iter++ {
		changed := false
		for _, i := range dependent {
			s := m.Stmts[i]
			v := defOf(s)
			t := b.defType(int(i), s, v, params, caught)
			if t == "" {
				continue
			}
			if nt := b.join(v.T, t); nt != v.T {
				v.T = nt
				changed = true
			}
		}
		if !changed {
			break
		}
	}
	b.scr.dependent = dependent
	for _, v := range m.Vars {
		switch v.T {
		case "":
			v.T = v.hint
		case TypeNull:
			v.T = TypeObject
		}
	}
}

// caughtType is the type a handler statement binds.
type caughtType struct {
	handler int
	t       Type
}

func caughtIndex(cs []caughtType, handler int) int {
	for i, c := range cs {
		if c.handler == handler {
			return i
		}
	}
	return -1
}

func (b *builder) defType(i int, s Stmt, v *Var, params []string, caught []caughtType) Type {
	switch s := s.(type) {
	case *Identity:
		switch s.Kind {
		case IdentThis:
			return v.hint // the class's type, set by entry
		case IdentParam:
			if s.Index < len(params) {
				return Type(params[s.Index])
			}
		case IdentCaught:
			if k := caughtIndex(caught, i); k >= 0 {
				return caught[k].t
			}
			return TypeThrow
		}
		return v.hint
	case *Assign:
		return s.Src.Type()
	case *New:
		return s.Type()
	case *NewArray:
		return s.T
	case *BinOp:
		if s.Op >= OpCmp {
			return TypeInt
		}
		return kindType(v.hint.Kind())
	case *Neg:
		return kindType(v.hint.Kind())
	case *Convert:
		return s.To
	case *Cast:
		return s.To
	case *InstanceOf:
		return TypeInt
	case *Load:
		return s.Field.Desc
	case *ArrayLoad:
		if at := s.Array.Type(); at.IsArray() && at.Elem().Kind() == v.hint.Kind() {
			return at.Elem()
		}
		return v.hint
	case *ArrayLength:
		return TypeInt
	case *Invoke, *InvokeDynamic, *StringConcat, *TypeSwitch:
		return v.hint
	}
	return v.hint
}

// join is the least upper bound of two types of the same kind.
func (b *builder) join(x, y Type) Type {
	switch {
	case x == "" || x == y:
		return y
	case y == "":
		return x
	}
	k := x.Kind()
	if k != y.Kind() {
		// Web splitting keeps kinds apart; a mismatch is a builder bug
		// that Check reports.
		return x
	}
	switch k {
	case KindInt:
		return TypeInt
	case KindRef:
		return b.lub(x, y)
	}
	return x
}

func (b *builder) lub(x, y Type) Type {
	switch {
	case x == TypeNull:
		return y
	case y == TypeNull:
		return x
	case x == TypeObject || y == TypeObject:
		return TypeObject
	case x.IsArray() && y.IsArray():
		ex, ey := x.Elem(), y.Elem()
		if ex.IsRef() && ey.IsRef() {
			return ArrayOf(b.lub(ex, ey))
		}
		return TypeObject
	}
	if b.opts.LUB != nil && !x.IsArray() && !y.IsArray() {
		if t := b.opts.LUB(x, y); t != "" {
			return t
		}
	}
	return TypeObject
}

// deadSlot marks temporaries whose definition was retargeted to a local.
const deadSlot = -2

// checkUndefined rejects reads of variables that nothing defines, which
// verified bytecode never does (the JVM verifier requires locals to be
// assigned before use). Only methods with such a variable are scanned.
func (b *builder) checkUndefined() error {
	sp := &b.scr.split
	suspect := false
	for id, n := range sp.ndefs {
		if n == 0 && b.out.Vars[id].Slot != deadSlot {
			suspect = true
			break
		}
	}
	if !suspect {
		return nil
	}
	var bad *Var
	for _, s := range b.out.Stmts {
		Uses(s, func(op *Value) {
			if v, ok := (*op).(*Var); ok && sp.ndefs[v.ID] == 0 && bad == nil {
				bad = v
				b.curPC = int(s.Pos().PC)
			}
		})
	}
	if bad != nil {
		return b.fail("reads %s (local slot %d) where no assignment reaches", bad, bad.Slot)
	}
	return nil
}

// compact drops the variables nothing defines (temporaries coalesced into
// locals; unused ones were checked by checkUndefined) and renumbers the
// rest densely. Variables made by web splitting all have definitions.
func (b *builder) compact() {
	m := b.out
	ndefs := b.scr.split.ndefs
	vars := m.Vars[:0]
	for _, v := range m.Vars {
		if int(v.ID) >= len(ndefs) || ndefs[v.ID] > 0 {
			v.ID = int32(len(vars))
			vars = append(vars, v)
		}
	}
	clear(m.Vars[len(vars):])
	m.Vars = vars
}
