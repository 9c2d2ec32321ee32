package pointsto

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"slices"
	"strings"

	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/link"
)

func init() { checkRefs = true }

// CheckFilters solves from roots (continuing from opts.Warm if set) and
// checks that every type filter's set holds exactly the objects whose
// class is a subtype of the filter's class. It returns the numbers of
// filters and objects checked.
func CheckFilters(p *link.Program, roots []*hierarchy.Method, opts Options) (filters, objects int, err error) {
	s := newSolver(p, opts)
	if opts.Warm != nil {
		if err := s.restore(opts.Warm); err != nil {
			return 0, 0, err
		}
	}
	s.start(roots)
	if err := s.run(); err != nil {
		return 0, 0, err
	}
	for _, f := range s.filters {
		for o, c := range s.objClass {
			if got, want := f.objs.Contains(uint32(o)), s.h.IsSubclass(c, f.class) || (s.proxies[int32(o)] != nil && s.proxyPasses(int32(o), f.class)); got != want {
				return 0, 0, fmt.Errorf("filter %s: object %d of class %s: in set %v, subtype %v", f.class.Name, o, c.Name, got, want)
			}
		}
	}
	return len(s.filters), len(s.objClass), nil
}

// SetDegreeLevels sets the out-degrees from which nodes wait a level
// further (schedule.go) and returns the former ones.
func SetDegreeLevels(l [3]int) [3]int {
	old := degreeLevels
	degreeLevels = l
	return old
}

// Digest lists every answer of r by stable names, sorted: the reachable
// methods; each reached method's variables and returns, the fields of
// every object and the static fields, with their objects; the call
// graph's sites with their receivers and targets; what is unmodelled.
func (r *Result) Digest() []string {
	s := r.s
	var out []string
	// A set of objects by name, or, from 17 objects on, as its size and a
	// hash of its objects' ranks in name order: the sets of a whole
	// program's variables name thousands of objects.
	names := make([]string, r.NumObjects())
	for o := range names {
		names[o] = r.Object(o).String()
	}
	byName := make([]int, len(names))
	for i := range byName {
		byName[i] = i
	}
	slices.SortFunc(byName, func(a, b int) int { return strings.Compare(names[a], names[b]) })
	rank := make([]uint32, len(names))
	for i, o := range byName {
		rank[o] = uint32(i)
	}
	objs := func(ids []int) string {
		if len(ids) <= 16 {
			var l []string
			for _, o := range ids {
				l = append(l, names[o])
			}
			slices.Sort(l)
			return fmt.Sprint(l)
		}
		rs := make([]uint32, len(ids))
		for i, o := range ids {
			rs[i] = rank[o]
		}
		slices.Sort(rs)
		h := fnv.New64a()
		for _, x := range rs {
			h.Write(binary.LittleEndian.AppendUint32(nil, x))
		}
		return fmt.Sprintf("%d objects, %x", len(rs), h.Sum64())
	}
	for _, m := range r.Graph.Reachable {
		out = append(out, "reach "+m.Key())
	}
	for _, u := range r.Graph.Unmodelled {
		out = append(out, fmt.Sprintf("unmodelled %s@%d %s", u.Method.Key(), u.Site, u.Reason))
	}
	for _, mi := range s.byID {
		if mi == nil || mi.params == nil {
			continue
		}
		for v := range mi.numVars {
			out = append(out, fmt.Sprintf("%s v%d: %s", mi.m.Key(), v, objs(r.VarPointsTo(mi.m, v))))
		}
		out = append(out, fmt.Sprintf("%s ret: %s", mi.m.Key(), objs(r.ReturnPointsTo(mi.m))))
	}
	for o := range s.objFields {
		for _, f := range s.objFields[o] {
			out = append(out, fmt.Sprintf("%s.%d: %s", r.Object(o), f.field, objs(r.set(f.node))))
		}
	}
	for f, n := range s.statics {
		out = append(out, fmt.Sprintf("static %d: %s", f, objs(r.set(n))))
	}
	for _, st := range r.Graph.Sites {
		var rc, tm []string
		for _, c := range st.Receivers {
			rc = append(rc, c.Name)
		}
		for _, m := range st.Targets {
			tm = append(tm, m.Key())
		}
		out = append(out, fmt.Sprintf("site %s@%d %s: %v -> %v", st.Caller.Key(), st.ID, st.Ref, rc, tm))
	}
	slices.Sort(out)
	return out
}

// TemplateIntact reports how w's template (warm_template.go), if made,
// differs from one made afresh: solvers that restored it must have
// changed none of its nodes, sets and edges.
func (w *Warm) TemplateIntact() error {
	t := w.tmpl.t
	if t == nil {
		return fmt.Errorf("no template made")
	}
	f := newWarmTemplate(w)
	for i, b := range t.sets {
		if b.refs != frozenRefs || b.interned || !b.hok || b.base != nil || !equalSets(b, f.sets[i]) || b.h != f.sets[i].h {
			return fmt.Errorf("set %d changed: refs %d, interned %v, %d ids", i, b.refs, b.interned, b.Len())
		}
	}
	at := func(b *bitset, sets []*bitset) int { return slices.Index(sets, b) }
	for n := range t.nodes {
		x, y := &t.nodes[n], &f.nodes[n]
		if x.rep != y.rep || at(x.pts, t.sets) != at(y.pts, f.sets) || x.prop != x.pts || x.delta != nil || x.absorbed != nil ||
			!slices.Equal(x.copies, y.copies) || cap(x.copies) != len(x.copies) || x.queued {
			return fmt.Errorf("node %d changed", n)
		}
	}
	return nil
}

// SpareNodes returns the capacity of the nodes kept for w's next restore,
// or an error if one of them is not zeroed.
func (w *Warm) SpareNodes() (int, error) {
	w.tmpl.mu.Lock()
	defer w.tmpl.mu.Unlock()
	sp := w.tmpl.spare[:cap(w.tmpl.spare)]
	for i := range sp {
		x := sp[i]
		if x.pts != nil || x.delta != nil || x.prop != nil || x.absorbed != nil || x.copies != nil || x.rep != 0 || x.queued {
			return 0, fmt.Errorf("spare node %d is not zeroed: %+v", i, sp[i])
		}
	}
	return len(sp), nil
}
