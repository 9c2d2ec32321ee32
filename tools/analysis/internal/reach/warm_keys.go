package reach

import (
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
func (e *engine) restoreKeys(w *Warm, ent *warmstart.Entities) []*key {
	keys := make([]*key, len(w.Keys)/2)
	e.keys = make(map[[2]int32]*key, len(keys)+len(keys)/4)
	e.keyList = make([]*key, 0, len(keys)+len(keys)/4)
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
		k := e.newKey(ent.Classes[w.Keys[2*i]], ent.Methods[w.Keys[2*i+1]])
		keys[i] = k
		nt, nr := w.KeyTargetCounts[i], w.KeyRecvCounts[i]
		k.targets = make([]*hierarchy.Method, nt)
		for j := range k.targets {
			k.targets[j] = ent.Methods[w.KeyTargets[ti+int32(j)]]
		}
		ti += nt
		if e.recv == Instantiated {
			k.recv = make([]*hierarchy.Class, nr)
			for j := range k.recv {
				k.recv[j] = ent.Classes[w.KeyRecv[ri+int32(j)]]
			}
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
			k.targets, k.tset = nil, nil
			for _, t := range e.h.DispatchTargets(k.static, k.resolved) {
				e.addTarget(k, t)
			}
		}
	}
	if e.recv == AllSubtypes {
		e.addOtherReceivers(keys, same, fromWarm)
	}
	return keys
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
				if t, o := e.h.Select(c, k.resolved); o.OK() && t != nil {
					e.addTarget(k, t)
				}
			}
		}
	}
}
