package reach

import (
	"fmt"

	"github.com/rules-fragment/rules_fragment/tools/analysis/warmstart"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/link"
)

// restoreKeys makes w's virtual call keys with their stored targets (and
// RTA receivers) instead of dispatching again: for CHA over the JDK that
// was most of a warm link's time. A CHA key's receivers are every
// instantiable subtype of its static type in this program, so classes
// that w's summaries do not define (the client's, other libraries') add
// receivers, and the targets they select are added here (and reached).
func (e *engine) restoreKeys(w *Warm, ent *warmstart.Entities) ([]*key, error) {
	keys := make([]*key, len(w.Keys)/2)
	e.keyList = make([]*key, 0, len(keys)+len(keys)/4)
	e.byResolved = make([][]*key, e.h.NumMethods())
	e.byStatic = make([][]*key, e.h.NumClasses())
	// The keys and their lists come from slabs. The lists have no spare
	// capacity, so an append copies them out.
	slab := make([]key, len(keys))
	targets := make([]*hierarchy.Method, len(w.KeyTargets))
	var recvs []*hierarchy.Class
	if e.recv == Instantiated {
		recvs = make([]*hierarchy.Class, len(w.KeyRecv))
	}
	for i := range keys {
		k := &slab[i]
		k.static, k.resolved = ent.Classes[w.Keys[2*i]], ent.Methods[w.Keys[2*i+1]]
	}
	e.byResolved = indexKeys(e.byResolved, slab, func(k *key) int32 { return k.resolved.ID })
	e.byStatic = indexKeys(e.byStatic, slab, func(k *key) int32 { return k.static.ID })
	for _, ks := range e.byResolved {
		if repeatedStatic(ks) {
			return nil, fmt.Errorf("repeated key")
		}
	}
	var fromWarm map[*link.Summary]bool
	var same map[int32]bool // by static class: receivers as in w
	if e.recv == AllSubtypes {
		fromWarm = map[*link.Summary]bool{}
		for _, sha := range w.Names.Summaries {
			if s := e.p.SummaryBySHA(sha); s != nil { // all are (Names.Resolve)
				fromWarm[s] = true
			}
		}
		same = map[int32]bool{}
	}
	var ti, ri int32
	for i := range keys {
		k := &slab[i]
		e.keyList = append(e.keyList, k)
		keys[i] = k
		nt, nr := w.KeyTargetCounts[i], w.KeyRecvCounts[i]
		k.targets, targets = targets[:nt:nt], targets[nt:]
		for j := range k.targets {
			k.targets[j] = ent.Methods[w.KeyTargets[ti+int32(j)]]
		}
		ti += nt
		k.sortedTargets = nt // stored sorted; dispatching again resets it
		if e.recv == Instantiated {
			k.recv, recvs = recvs[:nr:nr], recvs[nr:]
			for j := range k.recv {
				k.recv[j] = ent.Classes[w.KeyRecv[ri+int32(j)]]
			}
			k.sortedRecv = nr
			ri += nr
			continue
		}
		k.recv = e.chaReceivers(k.static)
		ok, seen := same[k.static.ID]
		if !seen {
			ok = countFrom(e.p, k.recv, fromWarm) == int(nr)
			same[k.static.ID] = ok
		}
		if !ok { // not the receivers w was made with: dispatch again
			k.targets, k.tset, k.sortedTargets = nil, nil, 0
			for _, t := range e.h.DispatchTargets(k.static, k.resolved) {
				e.addTarget(k, t)
			}
		}
	}
	if e.recv == AllSubtypes {
		e.addOtherReceivers(keys, same, fromWarm)
	}
	return keys, nil
}

// repeatedStatic reports whether two of the keys of one resolved method
// have the same static class.
func repeatedStatic(ks []*key) bool {
	if len(ks) <= 16 {
		for i, k := range ks {
			for _, l := range ks[:i] {
				if k.static == l.static {
					return true
				}
			}
		}
		return false
	}
	seen := make(map[*hierarchy.Class]bool, len(ks))
	for _, k := range ks {
		if seen[k.static] {
			return true
		}
		seen[k.static] = true
	}
	return false
}

// indexKeys fills the empty dense index of keys by id(k): each list comes
// from one slab, without spare capacity (80 k CHA keys made 160 k small
// slices).
func indexKeys(index [][]*key, keys []key, id func(*key) int32) [][]*key {
	counts := make([]int32, len(index))
	for i := range keys {
		counts[id(&keys[i])]++
	}
	all := make([]*key, len(keys))
	for i, n := range counts {
		if n > 0 {
			index[i], all = all[:0:n], all[n:]
		}
	}
	for i := range keys {
		x := id(&keys[i])
		index[x] = append(index[x], &keys[i])
	}
	return index
}

// countFrom counts the receivers that come from summaries sums (or are
// not instantiable): those a warm start made from sums counted.
func countFrom(p *link.Program, recv []*hierarchy.Class, sums map[*link.Summary]bool) int {
	n := 0
	for _, c := range recv {
		if !c.IsInstantiable() || sums[p.SummaryOf(c)] {
			n++
		}
	}
	return n
}

// addOtherReceivers adds to CHA keys restored with their stored targets
// the targets that the instantiable classes of other inputs select, as
// DispatchTargets would over their static types' subtypes.
func (e *engine) addOtherReceivers(keys []*key, same map[int32]bool, fromWarm map[*link.Summary]bool) {
	byStatic := map[int32][]*key{}
	for _, k := range keys {
		if same[k.static.ID] {
			byStatic[k.static.ID] = append(byStatic[k.static.ID], k)
		}
	}
	for _, c := range e.h.Classes() {
		if !c.IsInstantiable() || fromWarm[e.p.SummaryOf(c)] {
			continue
		}
		for _, s := range e.h.Supertypes(c) {
			for _, k := range byStatic[s.ID] {
				if t, o := e.h.SelectOnce(c, k.resolved); o.OK() && t != nil {
					e.addTarget(k, t)
				}
			}
		}
	}
}
