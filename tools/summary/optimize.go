package summary

// Optimize shrinks a body without changing what any flow-insensitive,
// context-insensitive analysis computes for the variables and heap
// locations visible outside the method: parameters, returned and thrown
// values, call arguments and results, fields, statics and array elements.
// It is the method-local part of the summary optimisations of
// research/seed-000-003.md §6.3(a): variable substitution by equivalent
// points-to sets, then removal of trivial and duplicate statements.
//
// Two kinds of variables are substituted:
//   - a variable whose only definition is a copy "t = s" has s's points-to
//     set, and is replaced by s (transitively);
//   - variables defined only by reference constants of one class point to
//     that class's single constant object (constants are abstracted per
//     class, see docs/SUMMARY_FORMAT.md), and become one variable; class
//     literals only with literals of the same class, which the ServiceLoader
//     model reads (ClassSources).
//
// Statement indices are not preserved; allocation and call sites keep their
// ids (Site), which is what results name.
func Optimize(b *Body) *Body {
	n := int(b.NumVars)
	if n == 0 {
		return b
	}
	defs := make([]int32, n)    // number of definitions
	single := make([]int32, n)  // for one-definition variables: the copy source, or -1
	constOf := make([]int32, n) // the constKey of constants defining it: -1 none, -2 mixed
	for i := range single {
		single[i], constOf[i] = -1, -1
	}
	for _, p := range b.Params {
		if p >= 0 {
			defs[p] += 2 // never substituted away (see isParam)
		}
	}
	for i := range b.Stmts {
		s := &b.Stmts[i]
		if s.Dst < 0 {
			continue
		}
		defs[s.Dst]++
		switch {
		case s.Op == OpCopy:
			single[s.Dst] = s.Src
		case s.Op == OpConst && constOf[s.Dst] == -1:
			constOf[s.Dst] = constKey(s)
		case s.Op == OpConst && constOf[s.Dst] != constKey(s):
			constOf[s.Dst] = -2
		}
		if s.Op != OpConst {
			constOf[s.Dst] = -2
		}
	}
	parent := make([]int32, n)
	for i := range parent {
		parent[i] = int32(i)
	}
	var find func(int32) int32
	find = func(x int32) int32 {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	union := func(a, b int32) {
		ra, rb := find(a), find(b)
		if ra == rb {
			return
		}
		if ra < rb { // the lower id represents: deterministic
			parent[rb] = ra
		} else {
			parent[ra] = rb
		}
	}
	constVar := map[int32]int32{} // class → first variable defined only by its constants
	for v := int32(0); v < int32(n); v++ {
		switch {
		case defs[v] == 1 && single[v] >= 0:
			union(v, single[v])
		case defs[v] > 0 && constOf[v] >= 0 && !isParam(b, v):
			if c, ok := constVar[constOf[v]]; ok {
				union(v, c)
			} else {
				constVar[constOf[v]] = v
			}
		}
	}
	// Rewrite with representatives, drop trivial copies and duplicates,
	// then number the variables that remain densely in order of appearance.
	rep := func(v int32) int32 {
		if v < 0 {
			return v
		}
		return find(v)
	}
	type plain struct {
		op             Op
		kind           uint8
		dst, src, base int32
		ref            int32
	}
	seen := map[plain]bool{}
	var kept []Stmt
	for _, s := range b.Stmts {
		s.Dst, s.Src, s.Base = rep(s.Dst), rep(s.Src), rep(s.Base)
		if len(s.Args) > 0 {
			args := make([]int32, len(s.Args))
			for j, a := range s.Args {
				args[j] = rep(a)
			}
			s.Args = args
		}
		switch s.Op {
		case OpCopy:
			if s.Dst == s.Src {
				continue
			}
		case OpCall, OpDynCall, OpConcat, OpNew, OpNewArray:
			kept = append(kept, s)
			continue
		}
		k := plain{s.Op, s.Kind, s.Dst, s.Src, s.Base, s.Ref}
		if seen[k] {
			continue
		}
		seen[k] = true
		kept = append(kept, s)
	}
	ids := make([]int32, n)
	for i := range ids {
		ids[i] = -1
	}
	var next int32
	m := func(v int32) int32 {
		if v < 0 {
			return v
		}
		if ids[v] < 0 {
			ids[v] = next
			next++
		}
		return ids[v]
	}
	out := &Body{Params: make([]int32, len(b.Params))}
	for i, p := range b.Params {
		out.Params[i] = m(rep(p))
	}
	for i := range kept {
		s := &kept[i]
		s.Dst, s.Src, s.Base = m(s.Dst), m(s.Src), m(s.Base)
		for j, a := range s.Args {
			s.Args[j] = m(a)
		}
	}
	out.Stmts = kept
	out.NumVars = next
	return out
}

func isParam(b *Body, v int32) bool {
	for _, p := range b.Params {
		if p == v {
			return true
		}
	}
	return false
}

// constKey identifies a constant statement's abstract value: its class,
// and for class literals the class named.
func constKey(s *Stmt) int32 {
	if s.Kind == ConstClass {
		return s.Ref<<1 | 1
	}
	return s.Ref << 1
}
