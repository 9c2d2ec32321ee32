package summary

import (
	"slices"

	"github.com/rules-fragment/rules_fragment/tools/ir"
)

// Class literals and ServiceLoader. A class literal's statement (OpConst,
// Kind ConstClass) names the class in Ref; its value is an object of
// java/lang/Class. The analyses' ServiceLoader model
// (analysis/internal/reach/services.go) reads which literals reach a
// load call's service argument.

// ConstClass is the Kind of a class literal's OpConst (ir.ConstClass).
const ConstClass = uint8(ir.ConstClass)

// ServiceLoaderClass is the class whose load methods request services.
const ServiceLoaderClass = "java/util/ServiceLoader"

// ClassSources returns what variable v of b may hold, following copies
// and casts: the class literals' classes (pool string ids, sorted, each
// once) and the parameters (positions in b.Params, sorted), and false if
// it may also hold anything else (a load, a call's result, another
// constant).
func ClassSources(b *Body, v int32) (lits []int32, params []int, ok bool) {
	if v < 0 || v >= b.NumVars {
		return nil, nil, false
	}
	seen := map[int32]bool{v: true}
	work := []int32{v}
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if i := slices.Index(b.Params, x); i >= 0 {
			params = append(params, i)
		}
		for i := range b.Stmts {
			s := &b.Stmts[i]
			if s.Dst != x {
				continue
			}
			switch {
			case s.Op == OpConst && s.Kind == ConstClass:
				lits = append(lits, s.Ref)
			case (s.Op == OpCopy || s.Op == OpCast) && s.Src >= 0:
				if !seen[s.Src] {
					seen[s.Src] = true
					work = append(work, s.Src)
				}
			default:
				return nil, nil, false
			}
		}
	}
	slices.Sort(lits)
	slices.Sort(params)
	return slices.Compact(lits), slices.Compact(params), true
}

// callsServiceLoader reports whether b calls a method of ServiceLoader.
func callsServiceLoader(p *Pool, b *Body) bool {
	for i := range b.Stmts {
		if s := &b.Stmts[i]; s.Op == OpCall && p.StringAt(p.MethodAt(s.Ref).Class) == ServiceLoaderClass {
			return true
		}
	}
	return false
}
