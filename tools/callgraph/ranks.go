package callgraph

import (
	"cmp"
	"slices"

	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
)

// Ranks sorts the target and receiver lists of one graph's sites by ranks
// of their classes computed once for the graph. SortMethods ranks the
// classes of each long list again, in a table as long as the hierarchy's
// class ids, and SortClasses compares names: Jython's AND_f link sorts
// 45 k lists with 6.6 M targets. The orders are those of SortMethods and
// SortClasses, which are total, so the lists come out the same.
type Ranks struct {
	keys  keyOrder // the classes of the graph's methods
	ok    bool     // keys can order methods (newKeyOrder)
	names []int32  // by class id: the place of the class's name, or -1
}

// NewRanks ranks the classes of ms, the methods the lists may hold, and
// cs, the classes they may hold. A list holding anything else is sorted
// as SortMethods and SortClasses do.
func NewRanks(ms []*hierarchy.Method, cs []*hierarchy.Class) *Ranks {
	r := &Ranks{}
	r.keys, r.ok = newKeyOrder(ms)
	var maxID int32 = -1
	for _, c := range cs {
		maxID = max(maxID, c.ID)
	}
	r.names = make([]int32, maxID+1)
	for i := range r.names {
		r.names[i] = -1
	}
	var byName []*hierarchy.Class
	for _, c := range cs {
		if c.ID >= 0 && r.names[c.ID] < 0 {
			r.names[c.ID] = 0
			byName = append(byName, c)
		}
	}
	slices.SortFunc(byName, func(a, b *hierarchy.Class) int { return cmp.Compare(a.Name, b.Name) })
	rank := int32(0)
	for i, c := range byName {
		if i > 0 && byName[i-1].Name != c.Name { // equal names compare equal, as in SortClasses
			rank++
		}
		r.names[c.ID] = rank
	}
	return r
}

// shortList is the length up to which a list is sorted by comparisons
// alone: keyOrder.sort allocates.
const shortList = 32

// SortMethods orders ms as SortMethods does.
func (r *Ranks) SortMethods(ms []*hierarchy.Method) {
	if len(ms) < 2 {
		return
	}
	if !r.ok || !r.keys.covers(ms) {
		SortMethods(ms)
		return
	}
	if len(ms) <= shortList {
		slices.SortFunc(ms, r.keys.compare)
		return
	}
	r.keys.sort(ms, 0)
}

// SortClasses orders cs by name, as SortClasses does.
func (r *Ranks) SortClasses(cs []*hierarchy.Class) {
	if len(cs) < 2 {
		return
	}
	for _, c := range cs {
		if c.ID < 0 || int(c.ID) >= len(r.names) || r.names[c.ID] < 0 {
			SortClasses(cs)
			return
		}
	}
	sortFunc(cs, 0, func(a, b *hierarchy.Class) int { return cmp.Compare(r.names[a.ID], r.names[b.ID]) })
}

// covers reports whether o ranks the classes of every method of ms.
func (o keyOrder) covers(ms []*hierarchy.Method) bool {
	for _, m := range ms {
		if id := m.Class.ID; id < 0 || int(id) >= len(o.rank) || o.rank[id] < 0 {
			return false
		}
	}
	return true
}
