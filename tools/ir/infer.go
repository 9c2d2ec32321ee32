package ir

// inferTypes gives every variable the join of the types of its definitions,
// iterated to a fixpoint because copies and array loads depend on the types
// of other variables.
func (b *builder) inferTypes() {
	m := b.out
	caught := make(map[int]Type)
	for _, t := range m.Traps {
		ct := TypeThrow
		if t.Type != "" {
			ct = ObjectType(t.Type)
		}
		if old, ok := caught[t.Handler]; ok {
			ct = b.join(old, ct)
		}
		caught[t.Handler] = ct
	}
	params := b.mparams
	for _, v := range m.Vars {
		v.T = ""
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
		switch s := s.(type) {
		case *Assign:
			if _, ok := s.Src.(*Var); ok {
				dependent = append(dependent, int32(i))
			}
		case *ArrayLoad:
			dependent = append(dependent, int32(i))
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

func (b *builder) defType(i int, s Stmt, v *Var, params []string, caught map[int]Type) Type {
	switch s := s.(type) {
	case *Identity:
		switch s.Kind {
		case IdentThis:
			return ObjectType(b.out.Class)
		case IdentParam:
			if s.Index < len(params) {
				return Type(params[s.Index])
			}
		case IdentCaught:
			if t, ok := caught[i]; ok {
				return t
			}
			return TypeThrow
		}
		return v.hint
	case *Assign:
		return s.Src.Type()
	case *New:
		return ObjectType(s.Class)
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
	case *Invoke, *InvokeDynamic, *StringConcat:
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

// compactVars drops variables that no statement defines or uses (temporaries
// coalesced into locals) and renumbers the rest densely. It also rejects
// reads of variables that nothing defines, which verified bytecode never
// does (the JVM verifier requires locals to be assigned before use).
func (b *builder) compactVars() error {
	m := b.out
	b.scr.defined = resize(b.scr.defined, 2*len(m.Vars))
	defined, used := b.scr.defined[:len(m.Vars)], b.scr.defined[len(m.Vars):]
	var bad *Var
	for _, s := range m.Stmts {
		if v := defOf(s); v != nil {
			defined[v.ID] = true
		}
	}
	for _, s := range m.Stmts {
		Uses(s, func(op *Value) {
			if v, ok := (*op).(*Var); ok {
				used[v.ID] = true
				if !defined[v.ID] && bad == nil {
					bad = v
					b.curPC = int(s.Pos().PC)
				}
			}
		})
	}
	if bad != nil {
		return b.fail("reads %s (local slot %d) where no assignment reaches", bad, bad.Slot)
	}
	for _, v := range m.Params {
		used[v.ID] = true
	}
	vars := m.Vars[:0]
	for _, v := range m.Vars {
		if used[v.ID] || defined[v.ID] {
			v.ID = len(vars)
			vars = append(vars, v)
		}
	}
	clear(m.Vars[len(vars):])
	m.Vars = vars
	return nil
}
