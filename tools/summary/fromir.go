package summary

import (
	"github.com/rules-fragment/rules_fragment/tools/ir"
)

// FromIR projects a method's IR onto its statement part (see Op), interning
// symbols in p. Only reference-typed variables (and the long ones that carry
// field offsets: offsets.go) are kept, renumbered densely
// in order of first appearance; the projection is deterministic, so the
// whole-program mode and a summary give identical bodies for one method.
func FromIR(m *ir.Method, p *Pool) *Body {
	f := fromIR{p: p, ids: make([]int32, len(m.Vars))}
	for i := range f.ids {
		f.ids[i] = -1
	}
	var hc *handleConsts
	for _, s := range m.Stmts { // field offsets (offsets.go) are kept before variables are numbered
		if c, ok := s.(*ir.Invoke); ok && (offsetCall(c) || unsafeAccessCall(c)) {
			hc = newHandleConsts(m)
			f.keep = offsetVars(m, hc)
			break
		}
	}
	b := &Body{Params: make([]int32, len(m.Params))}
	for i, v := range m.Params {
		b.Params[i] = f.v(v)
	}
	var catches map[int][]string
	for _, t := range m.Traps {
		if catches == nil {
			catches = map[int][]string{}
		}
		catches[t.Handler] = append(catches[t.Handler], t.Type)
	}
	st := make([]Stmt, 0, len(m.Stmts)/2)
	add := func(s Stmt) { st = append(st, s) }
	for i, s := range m.Stmts {
		switch s := s.(type) {
		case *ir.Identity:
			if s.Kind != ir.IdentCaught {
				continue // parameters are in Params
			}
			d := f.v(s.Dst)
			if d < 0 {
				continue
			}
			seen := map[string]bool{}
			for _, t := range catches[i] {
				if seen[t] {
					continue
				}
				seen[t] = true
				ref := int32(-1)
				if t != "" {
					ref = p.String(t)
				}
				add(Stmt{Op: OpCatch, Dst: d, Src: -1, Base: -1, Ref: ref})
			}
		case *ir.Assign:
			d := f.v(s.Dst)
			if d < 0 {
				continue
			}
			switch x := s.Src.(type) {
			case *ir.Var:
				if src := f.v(x); src >= 0 {
					add(Stmt{Op: OpCopy, Dst: d, Src: src, Base: -1, Ref: -1})
				}
			case *ir.Const:
				if x.IsRefConst() {
					ref := x.T.ClassName()
					if x.Kind == ir.ConstClass {
						ref = x.Str // the class named: its object's class is Class
					}
					add(Stmt{Op: OpConst, Kind: uint8(x.Kind), Dst: d, Src: -1, Base: -1, Ref: p.String(ref)})
				}
			}
		case *ir.New:
			if d := f.v(s.Dst); d >= 0 {
				add(Stmt{Op: OpNew, Dst: d, Src: -1, Base: -1, Ref: p.String(s.Class), Site: allocSite(s.Pos(), i)})
			}
		case *ir.NewArray:
			if d := f.v(s.Dst); d >= 0 {
				add(Stmt{Op: OpNewArray, Kind: uint8(len(s.Dims)), Dst: d, Src: -1, Base: -1, Ref: p.String(s.T.ClassName()), Site: allocSite(s.Pos(), i)})
			}
		case *ir.Cast:
			d, src := f.v(s.Dst), f.val(s.X)
			if d >= 0 && src >= 0 {
				add(Stmt{Op: OpCast, Dst: d, Src: src, Base: -1, Ref: p.String(s.To.ClassName())})
			}
		case *ir.Load:
			ref := p.Field(s.Field.Class, s.Field.Name, string(s.Field.Desc))
			if s.Base == nil {
				add(Stmt{Op: OpStaticLoad, Dst: f.v(s.Dst), Src: -1, Base: -1, Ref: ref})
			} else if base := f.val(s.Base); base >= 0 {
				add(Stmt{Op: OpLoad, Dst: f.v(s.Dst), Src: -1, Base: base, Ref: ref})
			}
		case *ir.Store:
			ref := p.Field(s.Field.Class, s.Field.Name, string(s.Field.Desc))
			if s.Base == nil {
				add(Stmt{Op: OpStaticStore, Dst: -1, Src: f.val(s.Src), Base: -1, Ref: ref})
			} else if base := f.val(s.Base); base >= 0 {
				add(Stmt{Op: OpStore, Dst: -1, Src: f.val(s.Src), Base: base, Ref: ref})
			}
		case *ir.ArrayLoad:
			if base := f.val(s.Array); base >= 0 {
				add(Stmt{Op: OpArrayLoad, Dst: f.v(s.Dst), Src: -1, Base: base, Ref: -1})
			}
		case *ir.ArrayStore:
			if base := f.val(s.Array); base >= 0 {
				add(Stmt{Op: OpArrayStore, Dst: -1, Src: f.val(s.Src), Base: base, Ref: -1})
			}
		case *ir.Invoke:
			dst, handle := f.v(s.Dst), ""
			switch {
			case dst < 0:
			case s.Method.Class == LookupClass || s.Method.Class == UpdaterClass || IsFieldLookup(s.Method.Class, s.Method.Name): // handles.go
				if hc == nil {
					hc = newHandleConsts(m)
				}
				handle = hc.handleOf(s)
			case f.keep != nil: // offsets.go
				handle = hc.offsetOf(s)
			}
			call := Stmt{Op: OpCall, Kind: uint8(s.Kind), Dst: dst, Src: -1, Base: f.val(s.Recv),
				Ref:  p.Method(s.Method.Class, s.Method.Name, s.Method.Desc, s.Method.Interface),
				Site: s.Site, Line: s.Line, Args: f.args(s.Args)}
			if handle != "" { // the handle stands for what the call returns
				call.Dst = -1
			}
			add(call)
			if handle != "" {
				add(Stmt{Op: OpConst, Kind: ConstHandle, Dst: dst, Src: -1, Base: -1, Ref: p.String(handle)})
			}
		case *ir.InvokeDynamic:
			bm := s.Bootstrap.Method
			add(Stmt{Op: OpDynCall, Dst: f.v(s.Dst), Src: -1, Base: -1,
				Ref:  p.Method(bm.Class, bm.Name, bm.Desc, bm.Interface),
				Site: s.Site, Line: s.Line, Args: f.args(s.Args)})
		case *ir.StringConcat:
			add(Stmt{Op: OpConcat, Dst: f.v(s.Dst), Src: -1, Base: -1, Ref: -1, Site: s.Site, Line: s.Line, Args: f.args(s.Args)})
		case *ir.Return:
			if src := f.val(s.Value); src >= 0 {
				add(Stmt{Op: OpReturn, Dst: -1, Src: src, Base: -1, Ref: -1})
			}
		case *ir.Throw:
			if src := f.val(s.Value); src >= 0 {
				add(Stmt{Op: OpThrow, Dst: -1, Src: src, Base: -1, Ref: -1})
			}
		}
	}
	b.NumVars = f.n
	b.Stmts = st
	return b
}

// allocSite is an allocation's site id: its bytecode offset, or for
// synthetic code (lambda bodies) its statement index.
func allocSite(pos *ir.Position, index int) int32 {
	if pos.PC >= 0 {
		return pos.PC
	}
	return int32(index)
}

type fromIR struct {
	p    *Pool
	ids  []int32
	n    int32
	keep map[int32]bool // the long variables that carry field offsets (offsets.go)
}

// v returns the body variable of a reference-typed IR variable or of one
// that carries a field offset, -1 for nil or another primitive.
func (f *fromIR) v(x *ir.Var) int32 {
	if x == nil || !x.T.IsRef() && !f.keep[x.ID] {
		return -1
	}
	if id := f.ids[x.ID]; id >= 0 {
		return id
	}
	f.ids[x.ID] = f.n
	f.n++
	return f.n - 1
}

// val is v for an operand: constants (null, primitives) have no variable.
func (f *fromIR) val(x ir.Value) int32 {
	if v, ok := x.(*ir.Var); ok {
		return f.v(v)
	}
	return -1
}

func (f *fromIR) args(xs []ir.Value) []int32 {
	if len(xs) == 0 {
		return nil
	}
	out := make([]int32, len(xs))
	for i, x := range xs {
		out[i] = f.val(x)
	}
	return out
}
