package pointsto

import (
	"slices"

	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
)

// Type filters (casts, typed parameters, results and array stores) keep
// the set of objects that pass them, so that a filtered flow is a set
// operation. The sets are kept up to date by pushing: a new object joins
// the filters its class passes (found once per class among the class and
// its supertypes), and a new filter collects the objects of the classes
// that pass it (found among its class's subtypes when they are fewer than
// the instantiated classes). Either way a class meets each filter once;
// before, every filter tested every object when next asked (the JDK
// fragment's thousands of filters and 100 k objects made that 10% of its
// time).

// filterSet is a filter class and the objects that pass it.
type filterSet struct {
	class *hierarchy.Class
	objs  bitset
	// checked is the number of objects the set covers when a warm start
	// is restored: all, unless an earlier version wrote it (it caught up
	// lazily).
	checked int32
}

// instances are the instantiated classes by dense index.
type instances struct {
	class   []*hierarchy.Class
	objs    [][]int32 // the class's objects, ascending
	filters [][]int32 // the filters the class passes
	// Instantiated classes created after the hierarchy's Build (arrays and
	// later phantoms) are in no class's Subtypes: filters test them.
	lateArrays, lateOthers []int32
	// arrayFilters are the filters arrays may pass (of array classes,
	// java/lang/Cloneable and java/io/Serializable): new array classes test
	// them, rather than listing their supertypes, which would create the
	// array classes of every supertype of their element class.
	arrayFilters []int32
	buf          []int32 // scratch of filterIndex (solver.buf may be in use)
}

// instIndex returns the dense index of instantiated class c.
func (s *solver) instIndex(c *hierarchy.Class) int32 {
	for int(c.ID) >= len(s.instIdx) {
		s.instIdx = append(s.instIdx, -1)
	}
	if s.instIdx[c.ID] < 0 {
		i := s.numInst
		s.instIdx[c.ID] = i
		s.numInst++
		s.inst.class = append(s.inst.class, c)
		s.inst.objs = append(s.inst.objs, nil)
		s.inst.filters = append(s.inst.filters, s.classFilters(c))
		switch {
		case c.IsArray():
			s.inst.lateArrays = append(s.inst.lateArrays, i)
		case c.IsLate():
			s.inst.lateOthers = append(s.inst.lateOthers, i)
		}
	}
	return s.instIdx[c.ID]
}

// classFilters returns the filters class c passes: those of c and of its
// supertypes (for a class other than an array, h.Supertypes lists them
// all).
func (s *solver) classFilters(c *hierarchy.Class) []int32 {
	var out []int32
	if c.IsArray() {
		for _, fi := range s.inst.arrayFilters {
			if s.h.IsSubclass(c, s.filters[fi].class) {
				out = append(out, fi)
			}
		}
		return out
	}
	if len(s.filterOf) == 0 {
		return nil
	}
	if fi, ok := s.filterOf[c.ID]; ok {
		out = append(out, fi)
	}
	for _, t := range s.h.Supertypes(c) {
		if fi, ok := s.filterOf[t.ID]; ok {
			out = append(out, fi)
		}
	}
	return out
}

// pushObject adds new object o of instantiated class i to the filters the
// class passes.
func (s *solver) pushObject(i, o int32) {
	s.inst.objs[i] = append(s.inst.objs[i], o)
	for _, fi := range s.inst.filters[i] {
		s.filters[fi].objs.add(s.pool, uint32(o))
	}
}

// filterIndex returns the index of class t's filter (-1 for nil).
func (s *solver) filterIndex(t *hierarchy.Class) int32 {
	if t == nil {
		return -1
	}
	if i, ok := s.filterOf[t.ID]; ok {
		return i
	}
	fi := int32(len(s.filters))
	f := &filterSet{class: t, checked: int32(len(s.objClass))}
	s.filters = append(s.filters, f)
	s.filterOf[t.ID] = fi
	if t.IsArray() || arraysMayPass(t) {
		s.inst.arrayFilters = append(s.inst.arrayFilters, fi)
	}
	objs := s.inst.buf[:0]
	s.passingClasses(t, func(i int32) {
		s.inst.filters[i] = append(s.inst.filters[i], fi)
		objs = append(objs, s.inst.objs[i]...)
	})
	for _, o := range s.proxyIDs { // proxy.go
		if s.proxyPasses(o, t) {
			objs = append(objs, o)
		}
	}
	slices.Sort(objs)
	for _, o := range objs {
		f.objs.add(s.pool, uint32(o))
	}
	s.inst.buf = objs[:0]
	return fi
}

// passingClasses calls pass with the index of every instantiated class
// that is a subtype of t.
func (s *solver) passingClasses(t *hierarchy.Class, pass func(int32)) {
	test := func(is []int32) {
		for _, i := range is {
			if s.h.IsSubclass(s.inst.class[i], t) {
				pass(i)
			}
		}
	}
	if t.IsArray() {
		test(s.inst.lateArrays) // only arrays are subtypes of an array class
		return
	}
	subs := s.h.Subtypes(t)
	if t.IsLate() || len(subs) >= int(s.numInst) {
		for i := range s.numInst {
			if s.h.IsSubclass(s.inst.class[i], t) {
				pass(i)
			}
		}
		return
	}
	// Built classes are subtypes of t exactly when they are in its Subtypes.
	for _, c := range subs {
		if int(c.ID) < len(s.instIdx) && s.instIdx[c.ID] >= 0 {
			pass(s.instIdx[c.ID])
		}
	}
	test(s.inst.lateOthers)
	if arraysMayPass(t) {
		test(s.inst.lateArrays)
	}
}

// arraysMayPass reports whether array classes may be subtypes of t:
// java/lang/Object, java/lang/Cloneable and java/io/Serializable.
func arraysMayPass(t *hierarchy.Class) bool {
	return t.Super == nil || t.Name == "java/lang/Cloneable" || t.Name == "java/io/Serializable"
}

// passing returns the objects that may be cast to filter fi's class.
func (s *solver) passing(fi int32) *bitset {
	return &s.filters[fi].objs
}

// relinkFilters rebuilds the filters of the instantiated classes after a
// warm start restored objects and filters, and completes filter sets
// that a warm start of an earlier version left behind the objects.
func (s *solver) relinkFilters() {
	for fi, f := range s.filters {
		if f.class.IsArray() || arraysMayPass(f.class) {
			s.inst.arrayFilters = append(s.inst.arrayFilters, int32(fi))
		}
	}
	for i := range s.numInst {
		s.inst.filters[i] = s.classFilters(s.inst.class[i])
	}
	for _, f := range s.filters {
		for ; int(f.checked) < len(s.objClass); f.checked++ {
			if o := f.checked; s.h.IsSubclass(s.objClass[o], f.class) || (s.proxies[o] != nil && s.proxyPasses(o, f.class)) {
				f.objs.add(s.pool, uint32(o))
			}
		}
	}
}
