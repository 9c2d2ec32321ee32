package pointsto

import (
	"math/bits"

	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
)

// Arrays of a class the analysis does not know. Array.newInstance(c, n)
// makes an array whose component class is the Class object c, and Class
// objects are one object, so the analysis cannot tell which. Before, its
// native newArray returned nothing: a generic helper's
// (T[]) Array.newInstance(type, n), filled by System.arraycopy and cast
// to String[] by its caller, had no elements, and Arrays.copyOf(objs, n,
// A[].class)[0].m() had no target.
//
// The model, after the casts that tell reflective construction's classes
// (reflect.go): a call of Array.newInstance returns an "any array", one
// per call site (0-CFA_f: one in all), of class Object[], which passes
// the filters an Object[] passes (generic code's erased casts to T[]).
// Where it meets the type filter of another array class X[] (a cast, a
// typed parameter, result, field or array element), what passes is its
// view as an X[]: an object of class X[] that is the same array, so its
// elements are the any array's, filtered by X, and what is stored into
// it is the any array's too. A view meeting a filter it does not pass
// becomes that filter's view in turn. The views keep the precision of
// typed arrays: the any array of a JDK helper holds the elements of every
// collection that uses it, a view only those of its class (an any array
// passing every array filter made a client's A[] from
// ArrayDeque.toArray(T[]) hold 905 classes under AND_f, not 2).
//
// newInstance(c, dims...) makes nested arrays: the any array is also its
// own element. The calls inside the JDK's Arrays.copyOf(U[], int, Class)
// and copyOfRange(U[], int, int, Class) would make one any array for
// every copy of a program; their copies are modelled at their own calls
// instead: an any array per call holding the original's elements. The
// copies of copyOf(T[], int) and copyOfRange(T[], int, int), which call
// them, are their originals (natives.go).

const (
	arrayNewInstance     = "java/lang/reflect/Array.newInstance(Ljava/lang/Class;I)Ljava/lang/Object;"
	arrayNewInstanceDims = "java/lang/reflect/Array.newInstance(Ljava/lang/Class;[I)Ljava/lang/Object;"
	arrayNewArray        = "java/lang/reflect/Array.newArray(Ljava/lang/Class;I)Ljava/lang/Object;"
	arrayMultiNewArray   = "java/lang/reflect/Array.multiNewArray(Ljava/lang/Class;[I)Ljava/lang/Object;"

	arraysCopyOfTyped      = "java/util/Arrays.copyOf([Ljava/lang/Object;ILjava/lang/Class;)[Ljava/lang/Object;"
	arraysCopyOfRangeTyped = "java/util/Arrays.copyOfRange([Ljava/lang/Object;IILjava/lang/Class;)[Ljava/lang/Object;"
)

// anyArrayLevel marks an any array (objKey's level; its site is the
// call's, AND_f), anyViewLevel its view as the array class of the key.
const (
	anyArrayLevel = -6
	anyViewLevel  = -7
)

// newArrayCall models call st of Array.newInstance (dims: the nested
// form).
func (s *solver) newArrayCall(st *site, dims bool) {
	if st.dst < 0 || st.caller != nil && isTypedCopy(st.caller.m) {
		return
	}
	o := s.anyArray(st)
	if o < 0 {
		return
	}
	s.seed(st.dst, o)
	if dims {
		s.seed(s.fieldNode(o, arrayElem), o)
	}
}

// typedCopy models call st of Arrays.copyOf(U[], int, Class) or
// copyOfRange(U[], int, int, Class).
func (s *solver) typedCopy(st *site) {
	if st.dst < 0 || len(st.args) == 0 || st.args[0] < 0 || st.caller != nil && isCopy(st.caller.m) {
		return
	}
	o := s.anyArray(st)
	if o < 0 {
		return
	}
	s.seed(st.dst, o)
	s.addLoad(st.args[0], arrayElem, s.fieldNode(o, arrayElem))
}

// isTypedCopy reports whether m is Arrays.copyOf(U[], int, Class) or
// copyOfRange(U[], int, int, Class), modelled at their calls.
func isTypedCopy(m *hierarchy.Method) bool {
	return m.HasKey(arraysCopyOfTyped) || m.HasKey(arraysCopyOfRangeTyped)
}

// isCopy reports whether m is Arrays.copyOf(T[], int) or copyOfRange(T[],
// int, int), whose copies are their originals.
func isCopy(m *hierarchy.Method) bool {
	return m.HasKey(arraysCopyOf) || m.HasKey(arraysCopyOfRange)
}

// anyArray returns the any array of call st (-1 without Object).
func (s *solver) anyArray(st *site) int32 {
	obj := s.h.Lookup("java/lang/Object")
	if obj == nil {
		return -1
	}
	c := s.h.ArrayOf(obj)
	k := objKey{method: -1, site: -1, level: anyArrayLevel, class: c.ID}
	if st.caller != nil && !s.opts.PerClass {
		k.method, k.site = st.caller.m.ID, st.cs.ID
	}
	if o, ok := s.objIDs[k]; ok {
		return o
	}
	o := s.objectFor(k, c)
	s.addAnyArray(o)
	return o
}

// anyInfo is an any array's: the object and its views.
type anyInfo struct {
	raw   int32
	views []anyViewOf
	event uint64 // the last anyArrayViews that took it
}

// anyViewOf is a view and the id of its array class.
type anyViewOf struct{ class, obj int32 }

// addAnyArray records new any array o.
func (s *solver) addAnyArray(o int32) { s.addAny(o, -1) }

// addAny records any array or view o (i: the info index of its any
// array, -1 for a new any array) and returns its info index.
func (s *solver) addAny(o, i int32) int32 {
	if i < 0 {
		i = int32(len(s.anyInfos))
		s.anyInfos = append(s.anyInfos, anyInfo{raw: o})
	} else {
		s.anyInfos[i].views = append(s.anyInfos[i].views, anyViewOf{s.objClass[o].ID, o})
	}
	for int(o) >= len(s.anySlot) {
		s.anySlot = append(s.anySlot, -1)
	}
	s.anySlot[o] = i
	for int(o>>6) >= len(s.anyWords) {
		s.anyWords = append(s.anyWords, 0)
	}
	s.anyWords[o>>6] |= 1 << (o & 63)
	return i
}

// anySlotOf returns the info index of any array or view o, -1 for other
// objects.
func (s *solver) anySlotOf(o int32) int32 {
	if int(o) < len(s.anySlot) {
		return s.anySlot[o]
	}
	return -1
}

// isArrayClass reports whether filter class t is an array class: its
// edges make views, on a loop too (an edge between the nodes of a
// collapsed cycle), so that they do not depend on the order of solving.
func isArrayClass(t *hierarchy.Class) bool { return t != nil && t.IsArray() }

// anyArrayViews adds to node m the views, as filter fi's array class, of
// the any arrays and views in d that do not pass it (pass): one per any
// array, however many of its views d holds. Most sets hold none: d's
// words are met with the any arrays' (or, if fewer, d's ids looked up).
func (s *solver) anyArrayViews(d, pass *bitset, fi, m int32) {
	c := s.filters[fi].class
	if !c.IsArray() || d.IsEmpty() {
		return // arrays pass Object, Cloneable and Serializable, no other class
	}
	s.anyEvent++
	raws := s.viewBuf[:0]
	s.viewBuf = nil // anyView's edges may come back here
	visit := func(o uint32) {
		if pass.Contains(o) {
			return
		}
		i := s.anySlot[o]
		if s.anyInfos[i].event != s.anyEvent {
			s.anyInfos[i].event = s.anyEvent
			raws = append(raws, s.anyInfos[i].raw)
		}
	}
	if d.words == nil {
		for _, o := range d.arr {
			if k := int(o >> 6); k < len(s.anyWords) && s.anyWords[k]&(1<<(o&63)) != 0 {
				visit(o)
			}
		}
	} else {
		for i, w := range d.words {
			k := int(d.lo) + i
			if k >= len(s.anyWords) {
				break
			}
			for w &= s.anyWords[k]; w != 0; w &= w - 1 {
				visit(uint32(k<<6 + bits.TrailingZeros64(w)))
			}
		}
	}
	// Seeded after the scan: d may be m's own set.
	for _, r := range raws {
		s.seed(m, s.anyView(r, c))
	}
	s.viewBuf = raws[:0]
}

// anyView returns the view as array class c of the any array of o (an
// any array or a view).
func (s *solver) anyView(o int32, c *hierarchy.Class) int32 {
	i := s.anySlot[o]
	for _, v := range s.anyInfos[i].views {
		if v.class == c.ID {
			return v.obj
		}
	}
	raw := s.anyInfos[i].raw
	if c == s.objClass[raw] {
		return raw // a view as a primitive array meeting Object[]'s filter
	}
	k := s.objKeys[raw]
	k.level, k.class = anyViewLevel, c.ID
	v := s.objectFor(k, c)
	s.addAny(v, i)
	// One array: the elements are the any array's, those of the view's
	// component class.
	if c.Component != nil {
		elems, view := s.fieldNode(raw, arrayElem), s.fieldNode(v, arrayElem)
		s.addEdge(elems, view, filterFor(c.Component))
		s.addEdge(view, elems, nil)
	}
	return v
}

// anyArrayOf returns the any array of view o, o itself for other objects.
func (s *solver) anyArrayOf(o int32) int32 {
	if i := s.anySlotOf(o); i >= 0 {
		return s.anyInfos[i].raw
	}
	return o
}

// restoreAny records restored object o with key k if it is an any array
// or a view (warm_restore.go; a view comes after its any array).
func (s *solver) restoreAny(o int32, k objKey) {
	switch k.level {
	case anyArrayLevel:
		s.addAnyArray(o)
	case anyViewLevel:
		k.level, k.class = anyArrayLevel, s.h.ArrayOf(s.h.Lookup("java/lang/Object")).ID
		s.addAny(o, s.anySlot[s.objIDs[k]])
	}
}
