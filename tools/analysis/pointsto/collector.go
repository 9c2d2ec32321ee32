package pointsto

import (
	"github.com/rules-fragment/rules_fragment/tools/analysis/internal/reach"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
)

// What the garbage collector starts (reach/collector.go has the model):
// every Reference object made is in the list that
// Reference.getAndClearReferencePendingList returns, and every object of a
// class with a non-trivial finalize() is passed to Finalizer.register.

// Flags of a class for the collector's model (solver.gcFlags).
const (
	gcKnown uint8 = 1 << iota
	gcReference
	gcFinalizable
)

// gcObject applies the model to new object o of class c.
func (s *solver) gcObject(o int32, c *hierarchy.Class) {
	for int(c.ID) >= len(s.gcFlags) {
		s.gcFlags = append(s.gcFlags, 0)
	}
	f := s.gcFlags[c.ID]
	if f == 0 {
		f = gcKnown
		if ref := s.h.Lookup("java/lang/ref/Reference"); ref != nil && c != ref && s.h.IsAssignable(c, ref) {
			f |= gcReference
		}
		if reach.Finalizable(s.p, c) {
			f |= gcFinalizable
		}
		s.gcFlags[c.ID] = f
	}
	if f&gcReference != 0 {
		s.seed(s.referencesNode(), o)
	}
	if f&gcFinalizable != 0 {
		s.seed(s.finalizableNode(), o)
	}
}

// referencesNode holds the Reference objects made, which the collector
// may hand over.
func (s *solver) referencesNode() int32 {
	if s.references < 0 {
		s.references = s.newNode()
	}
	return s.references
}

// finalizableNode holds the objects the JVM registers for finalization:
// Finalizer.register's argument.
func (s *solver) finalizableNode() int32 {
	if s.finalizable < 0 {
		s.finalizable = s.newNode()
		if reg := reach.FinalizerRegister(s.h); reg != nil {
			s.init.Init(reg.Class)
			if tm := s.reach(reg); tm != nil && len(tm.params) > 0 {
				s.addEdge(s.finalizable, tm.params[0], nil)
			}
		}
	}
	return s.finalizable
}
