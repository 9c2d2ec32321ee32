package hierarchy

import (
	"cmp"
	"slices"
)

// DispatchTargets returns the methods that a virtual or interface call of
// the resolved method may reach when the receiver's static type is static
// (nil: the resolved method's class): Class Hierarchy Analysis (Dean,
// Grove and Chambers, ECOOP 1995). It selects (Dispatch) the target for
// every instantiable subtype of static — a defined class that is neither
// abstract nor an interface, or static itself if it is a phantom — and
// returns the successful selections without duplicates, sorted by method
// id. Private and static methods and constructors yield just the resolved
// method. Results are cached per (static type, resolved method); the slice
// is shared and must not be modified.
//
// Defined subclasses of phantoms are included; phantom classes other than
// static are not, since nothing is known about them (a call whose receiver
// is a phantom class is covered by using the phantom as static type).
func (h *Hierarchy) DispatchTargets(static *Class, resolved *Method) []*Method {
	if resolved == nil {
		return nil
	}
	if static == nil {
		static = resolved.Class
	}
	if ts, ok := static.targets.get(resolved.ID); ok {
		return ts
	}
	var ts []*Method
	if resolved.IsPrivate() || resolved.IsStatic() || resolved.Name == "<init>" {
		ts = []*Method{resolved}
	} else {
		ts = h.chaTargets(static, resolved)
	}
	return static.targets.put(h.cacheLock(static), resolved.ID, ts)
}

// Implementations is DispatchTargets with the resolved method's class as
// static type: every method a call of m may select.
func (h *Hierarchy) Implementations(m *Method) []*Method {
	if m == nil {
		return nil
	}
	return h.DispatchTargets(m.Class, m)
}

func (h *Hierarchy) chaTargets(static *Class, mR *Method) []*Method {
	var ts []*Method
	add := func(m *Method) {
		// Receivers in one subtree mostly select the same method, so a
		// check against the last one removes most duplicates early.
		if len(ts) == 0 || ts[len(ts)-1] != m {
			ts = append(ts, m)
		}
	}
	for _, c := range static.subs {
		if !c.IsInstantiable() && !(c == static && c.Phantom) {
			continue
		}
		if m, o := h.selectCached(c, mR); o.OK() {
			add(m)
		}
	}
	if len(ts) > 1 {
		slices.SortFunc(ts, func(a, b *Method) int { return cmp.Compare(a.ID, b.ID) })
		j := 1
		for i := 1; i < len(ts); i++ {
			if ts[i] != ts[j-1] {
				ts[j] = ts[i]
				j++
			}
		}
		ts = ts[:j]
	}
	return ts
}

// selectCached uses a cached selection if there is one but does not fill
// the cache: one entry per subclass of, say, java/lang/Object would cost
// more memory than the selections cost time, and DispatchTargets caches
// its own result.
func (h *Hierarchy) selectCached(c *Class, mR *Method) (*Method, Outcome) {
	if s, ok := c.dispatch.get(mR.ID); ok {
		return s.m, s.o
	}
	return h.selectVirtual(c, mR)
}
