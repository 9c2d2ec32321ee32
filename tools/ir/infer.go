package ir

import (
	cf "github.com/rules-fragment/rules_fragment/tools/classfile"
)

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
	params, _, _ := cf.ParseMethodDescriptor(m.Desc)
	for _, v := range m.Vars {
		v.T = ""
	}
	for iter := 0; iter < 64; iter++ {
		changed := false
		for i, s := range m.Stmts {
			v := defOf(s)
			if v == nil {
				continue
			}
			t := b.defType(i, s, v, params, caught)
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
// coalesced into locals) and renumbers the rest densely.
func compactVars(m *Method) {
	used := make([]bool, len(m.Vars))
	for _, s := range m.Stmts {
		if v := defOf(s); v != nil {
			used[v.ID] = true
		}
		Uses(s, func(op *Value) {
			if v, ok := (*op).(*Var); ok {
				used[v.ID] = true
			}
		})
	}
	for _, v := range m.Params {
		used[v.ID] = true
	}
	vars := m.Vars[:0]
	for _, v := range m.Vars {
		if used[v.ID] {
			v.ID = len(vars)
			vars = append(vars, v)
		}
	}
	for i := len(vars); i < len(m.Vars); i++ {
		m.Vars[i] = nil
	}
	m.Vars = vars
}
