package pointsto

import "github.com/rules-fragment/rules_fragment/tools/summary"

// AtomicReferenceFieldUpdater. newUpdater(C.class, V.class, "f") with a
// class literal and a constant name returns an updater handle
// (summary/handles.go; the JDK's own result is left out), an object of
// the JDK's implementation class whose fields of final classes hold the
// JVM's objects (handleFields). Its methods reach the field through
// Unsafe with an offset kept in an instance field, which points-to does
// not follow (natives.go, offsets.go):
// without a model, a reference an updater stored was never loaded, and
// get returned nothing. A call of compareAndSet, weakCompareAndSet, set,
// lazySet or getAndSet on an updater stores the new value in field f of
// the objects of its first argument that have it; get and getAndSet
// return what the field holds. The call still runs the JDK's method
// (whose Unsafe accesses MOD/USE charges to every field of the object),
// and getAndUpdate and the other methods written in Java call get and
// compareAndSet on the updater.

// updaterImpl is the class of the updaters newUpdater makes.
const updaterImpl = "java/util/concurrent/atomic/AtomicReferenceFieldUpdater$AtomicReferenceFieldUpdaterImpl"

// updaterCall applies updater handle o at call st, once.
func (s *solver) updaterCall(st *site, o int32) {
	k := [2]int32{st.at, o}
	if s.handleDone[k] {
		return
	}
	store, load := updaterAccess(st.resolved.Name + st.resolved.Desc)
	if store < 0 && !load || len(st.args) == 0 || st.args[0] < 0 {
		return
	}
	s.markHandleDone(k[0], k[1])
	h := s.handles[o]
	if h.Kind != summary.HandleUpdater {
		return
	}
	for _, f := range h.Fields {
		if !isReference(f.Desc) {
			continue
		}
		base := s.newNode()
		s.addEdge(st.args[0], base, filterFor(f.Class))
		if store >= 0 && store < len(st.args) && st.args[store] >= 0 {
			val := s.newNode()
			s.addEdge(st.args[store], val, s.typeFilter(f.Desc))
			s.addStore(base, f.ID, val)
		}
		if load && st.dst >= 0 {
			s.addLoad(base, f.ID, st.dst)
		}
	}
}

// updaterAccess tells what AtomicReferenceFieldUpdater's method of name
// and descriptor nd does: the argument it stores (-1: none), and whether
// it returns the field's value.
func updaterAccess(nd string) (store int, load bool) {
	const o = "Ljava/lang/Object;"
	switch nd {
	case "compareAndSet(" + o + o + o + ")Z", "weakCompareAndSet(" + o + o + o + ")Z":
		return 2, false
	case "set(" + o + o + ")V", "lazySet(" + o + o + ")V":
		return 1, false
	case "getAndSet(" + o + o + ")" + o:
		return 1, true
	case "get(" + o + ")" + o:
		return -1, true
	}
	return -1, false
}
