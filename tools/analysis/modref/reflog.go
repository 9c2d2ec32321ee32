package modref

import (
	"slices"

	"github.com/rules-fragment/rules_fragment/tools/analysis/internal/reach"
	"github.com/rules-fragment/rules_fragment/tools/callgraph"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/reflog"
	"github.com/rules-fragment/rules_fragment/tools/summary"
)

// logSites maps the calls of body b of m to the reflection log's entries
// that apply there (reach/reflog.go), nil if none do.
func (a *analysis) logSites(m *hierarchy.Method, b *summary.Body) map[*summary.Stmt][]*reflog.Entry {
	es := a.pt.LogEntries(m)
	if len(es) == 0 {
		return nil
	}
	out := map[*summary.Stmt][]*reflog.Entry{}
	for _, e := range es {
		for _, st := range reach.LogSites(b, e, a.sym.Pool.MethodName) {
			out[st] = append(out[st], e)
		}
	}
	return out
}

// logged charges log entries es at call st of node i (site s, filter f)
// as points-to applies them (pointsto/reflog.go): calls of the logged
// constructor or method (selected by the receiver argument's objects),
// loads and stores of the logged field (primitive ones too), and the
// class initialisations.
func (a *analysis) logged(i int32, m *hierarchy.Method, st *summary.Stmt, s *callgraph.Site, f int32, es []*reflog.Entry) {
	x := a.info(s)
	callee := func(t *hierarchy.Method) {
		if j, ok := a.r.index[t.ID]; ok && !slices.Contains(x.callees, j) {
			x.callees = append(x.callees, j)
			a.succ[i] = append(a.succ[i], edge{j, f})
		}
	}
	// The objects of the receiver argument that are of class c.
	receivers := func(c *hierarchy.Class) []int {
		if len(st.Args) == 0 || st.Args[0] < 0 {
			return nil
		}
		return slices.DeleteFunc(slices.Clone(a.pt.VarPointsTo(m, st.Args[0])), func(o int) bool {
			return !a.h.IsSubclass(a.pt.Object(o).Class, c)
		})
	}
	for _, e := range es {
		t := reach.Resolve(a.h, e)
		switch {
		case t.Class == nil:
		case e.Kind == reflog.ClassForName:
			a.initialise(i, s, f, t.Class)
		case (e.Kind == reflog.ClassNewInstance || e.Kind == reflog.ConstructorNewInstance) && t.Method != nil:
			a.initialise(i, s, f, t.Class)
			callee(t.Method)
		case e.Kind == reflog.MethodInvoke && t.Method != nil && t.Method.IsStatic():
			a.initialise(i, s, f, t.Method.Class)
			callee(t.Method)
		case e.Kind == reflog.MethodInvoke && t.Method != nil:
			for _, o := range receivers(t.Class) {
				if sel, out := a.h.Select(a.pt.Object(o).Class, t.Method); out.OK() && sel != nil {
					callee(sel)
				}
			}
		case (e.Kind == reflog.FieldGet || e.Kind == reflog.FieldSet) && t.Field != nil:
			to := &x.useIDs
			if e.Kind == reflog.FieldSet {
				to = &x.modIDs
			}
			if t.Field.IsStatic() {
				*to = append(*to, a.loc(-1, t.Field))
				a.initialise(i, s, f, t.Field.Class)
				continue
			}
			for _, o := range receivers(t.Field.Class) {
				*to = append(*to, a.loc(int32(o), t.Field))
			}
		}
	}
}
