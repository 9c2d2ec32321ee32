package pointsto

import (
	"math/bits"
	"slices"
)

// Points-to sets are sets of dense object ids (bitset): a sorted array
// while small or spread out, else a bitmap of 64-bit words covering only
// the range of words in use. Sets are shared between nodes whose sets are
// equal (solver.go): refs counts the holders, and a shared set is copied
// before it changes. Roaring bitmaps, used before, allocated a result per
// set operation and a 65,536-bit container per large set even when there
// are 25,000 objects, which made the JDK's 0-CFA_f fragment need 10 GB.

// bitset is a set of object ids.
type bitset struct {
	refs     int32    // holders (nodes' sets, deltas and snapshots)
	n        int32    // cardinality
	interned bool     // in the solver's table of sets
	hok      bool     // h is valid
	lo       int32    // dense: words[i] holds ids (lo+i)*64 .. (lo+i)*64+63
	arr      []uint32 // array mode (words == nil): the ids in increasing order
	words    []uint64 // dense mode
	// h is the sum of term(k, w) over b's words when hok (see hash):
	// kept up to date by the operations that change large sets in place
	// or make them from another (add on dense sets, or, unionOf), so that
	// interning a set that grew by a delta costs the delta, not the set.
	h uint64
	// base, if set, is an interned set that b was made a superset of
	// (flowInto's unions of shared sets): interned sets never change and,
	// once dropped from the table, are held by no node, so while base is
	// interned b holds every id of it (internedUnion skips that test).
	base *bitset
}

// wordPool keeps the word slices of dense sets no node holds any more,
// by capacity (multiples of poolStep words up to poolMax), for the sets
// made next: sharing copies a set each time a shared one changes.
type wordPool struct {
	free  [poolMax / poolStep][][]uint64
	words int // in free
}

const (
	poolStep  = 16
	poolMax   = 2048
	poolLimit = 16 << 20 // words kept at most
)

// get returns a zeroed slice of n words (from the pool if it has one;
// a nil pool has none).
func (pool *wordPool) get(n int) []uint64 {
	if pool != nil && n > 0 && n <= poolMax {
		c := (n - 1) / poolStep
		if l := pool.free[c]; len(l) > 0 {
			w := l[len(l)-1]
			pool.free[c] = l[:len(l)-1]
			pool.words -= cap(w)
			w = w[:n]
			clear(w)
			return w
		}
		return make([]uint64, n, (c+1)*poolStep)
	}
	return make([]uint64, n, n+n/8)
}

// put gives w back to the pool.
func (pool *wordPool) put(w []uint64) {
	c := cap(w)
	if pool == nil || c == 0 || c > poolMax || c%poolStep != 0 || pool.words+c > poolLimit {
		return
	}
	pool.free[c/poolStep-1] = append(pool.free[c/poolStep-1], w[:0])
	pool.words += c
}

// Array sets become dense at denseMin ids once a word of the dense form
// would hold at least one id on average (the dense form then takes at
// most twice the bytes).
const denseMin = 32

// Len returns the number of ids (0 for nil).
func (b *bitset) Len() int {
	if b == nil {
		return 0
	}
	return int(b.n)
}

// GetCardinality returns the number of ids (0 for nil).
func (b *bitset) GetCardinality() uint64 { return uint64(b.Len()) }

// IsEmpty reports whether b has no ids.
func (b *bitset) IsEmpty() bool { return b == nil || b.n == 0 }

// word returns the word of index k (ids k*64 .. k*64+63) of a dense set.
func (b *bitset) word(k int32) uint64 {
	if i := k - b.lo; i >= 0 && int(i) < len(b.words) {
		return b.words[i]
	}
	return 0
}

// Contains reports whether x is in b.
func (b *bitset) Contains(x uint32) bool {
	if b == nil || b.n == 0 {
		return false
	}
	if b.words != nil {
		return b.word(int32(x>>6))&(1<<(x&63)) != 0
	}
	_, ok := slices.BinarySearch(b.arr, x)
	return ok
}

// Iterate calls f on the ids of b in increasing order until f returns
// false.
func (b *bitset) Iterate(f func(uint32) bool) {
	if b == nil {
		return
	}
	if b.words == nil {
		for _, x := range b.arr {
			if !f(x) {
				return
			}
		}
		return
	}
	for i, w := range b.words {
		base := uint32(b.lo+int32(i)) << 6
		for w != 0 {
			if !f(base + uint32(bits.TrailingZeros64(w))) {
				return
			}
			w &= w - 1
		}
	}
}

// appendTo appends the ids of b to buf in increasing order.
func (b *bitset) appendTo(buf []int32) []int32 {
	if b == nil {
		return buf
	}
	if b.words == nil {
		for _, x := range b.arr {
			buf = append(buf, int32(x))
		}
		return buf
	}
	for i, w := range b.words {
		base := (b.lo + int32(i)) << 6
		for w != 0 {
			buf = append(buf, base+int32(bits.TrailingZeros64(w)))
			w &= w - 1
		}
	}
	return buf
}

// clear empties b, keeping its memory.
func (b *bitset) clear() {
	b.n, b.lo = 0, 0
	b.h, b.hok = 0, true
	b.arr = b.arr[:0]
	if b.words != nil {
		b.words = b.words[:0]
	}
}

// clone returns a private copy of b (refs 0).
func (b *bitset) clone(p *wordPool) *bitset {
	c := &bitset{n: b.n, lo: b.lo, h: b.h, hok: b.hok}
	if b.words != nil {
		c.words = p.get(len(b.words))
		copy(c.words, b.words)
	} else {
		c.arr = slices.Clone(b.arr)
	}
	return c
}

// add adds x and reports whether it was new.
func (b *bitset) add(p *wordPool, x uint32) bool {
	if b.words != nil {
		k := int32(x >> 6)
		if lo, hi := min(k, b.lo), max(k, b.lo+int32(len(b.words))-1); !denseFits(int(b.n)+1, int(hi-lo+1)) {
			if b.Contains(x) {
				return false
			}
			b.toArray(p)
			return b.add(p, x)
		}
		b.cover(p, k, k)
		return b.orWord(k, 1<<(x&63)) > 0
	}
	i, ok := slices.BinarySearch(b.arr, x)
	if ok {
		return false
	}
	b.hok = false
	b.arr = slices.Insert(b.arr, i, x)
	b.n++
	b.maybeDense(p)
	return true
}

// maybeDense turns a large enough array set dense.
func (b *bitset) maybeDense(p *wordPool) {
	if len(b.arr) < denseMin {
		return
	}
	lo, hi := int32(b.arr[0]>>6), int32(b.arr[len(b.arr)-1]>>6)
	if !denseFits(len(b.arr), int(hi-lo+1)) {
		return
	}
	b.toDense(p, lo, hi)
}

// toDense turns an array set into a dense one covering words lo..hi (at
// least).
func (b *bitset) toDense(p *wordPool, lo, hi int32) {
	if len(b.arr) > 0 {
		lo, hi = min(lo, int32(b.arr[0]>>6)), max(hi, int32(b.arr[len(b.arr)-1]>>6))
	}
	w := p.get(int(hi - lo + 1))
	for _, x := range b.arr {
		w[int32(x>>6)-lo] |= 1 << (x & 63)
	}
	b.words, b.lo, b.arr = w, lo, nil
}

// cover extends a dense set's words to cover word indices lo..hi.
func (b *bitset) cover(p *wordPool, lo, hi int32) {
	if len(b.words) == 0 {
		if cap(b.words) < int(hi-lo+1) {
			b.words = p.get(int(hi - lo + 1))
		} else {
			b.words = b.words[:hi-lo+1]
			clear(b.words)
		}
		b.lo = lo
		return
	}
	if lo < b.lo {
		n := int(b.lo - lo)
		w := p.get(n + len(b.words))
		copy(w[n:], b.words)
		p.put(b.words)
		b.words, b.lo = w, lo
	}
	if end := b.lo + int32(len(b.words)); hi >= end {
		if n := int(hi-b.lo) + 1; n <= cap(b.words) {
			old := len(b.words)
			b.words = b.words[:n]
			clear(b.words[old:])
		} else {
			w := p.get(n + n/8)[:n]
			copy(w, b.words)
			p.put(b.words)
			b.words = w
		}
	}
}

// idCursor answers membership in a set for increasing ids: an array set
// is searched from where the previous id was found, so a sorted batch of
// k ids costs k searches of a shrinking rest instead of k of the whole.
type idCursor struct {
	b *bitset
	j int // array mode: no id before arr[j] is asked for again
}

// has reports whether x, not less than the ids asked for before, is in
// the set (false for a nil set).
func (c *idCursor) has(x uint32) bool {
	b := c.b
	if b == nil || b.n == 0 {
		return false
	}
	if b.words != nil {
		i := int32(x>>6) - b.lo
		return i >= 0 && int(i) < len(b.words) && b.words[i]&(1<<(x&63)) != 0
	}
	// Gallop from j: ids asked for in a row are often close.
	a, step := b.arr[c.j:], 1
	for step < len(a) && a[step] < x {
		step *= 2
	}
	i, ok := slices.BinarySearch(a[:min(step+1, len(a))], x)
	c.j += i
	return ok
}

// diffInto sets out to the ids of src that pass (all if pass is nil) and
// are not in dst.
func diffInto(out, src, pass, dst *bitset) {
	out.clear()
	out.hok = false
	if src.IsEmpty() {
		return
	}
	dense := (pass == nil || pass.words != nil) && (dst == nil || dst.words != nil)
	if src.words == nil {
		if dense && dst != nil {
			// A word lookup per id, inline: flows from small deltas are
			// most of a large program's flows.
			for _, x := range src.arr {
				k, bit := int32(x>>6), uint64(1)<<(x&63)
				if i := k - dst.lo; i >= 0 && int(i) < len(dst.words) && dst.words[i]&bit != 0 {
					continue
				}
				if pass != nil {
					if i := k - pass.lo; i < 0 || int(i) >= len(pass.words) || pass.words[i]&bit == 0 {
						continue
					}
				}
				out.arr = append(out.arr, x)
			}
		} else {
			dc, pc := idCursor{b: dst}, idCursor{b: pass}
			for _, x := range src.arr {
				if !dc.has(x) && (pass == nil || pc.has(x)) {
					out.arr = append(out.arr, x)
				}
			}
		}
		out.n = int32(len(out.arr))
		out.words = nil
		return
	}
	if dense && dst != nil && !anyNew(src, pass, dst) {
		return // out is empty (most flows of a large program bring nothing new)
	}
	if out.words == nil {
		out.words = make([]uint64, 0, len(src.words))
	}
	out.lo = src.lo
	out.words = append(out.words[:0], src.words...)
	// Whole words against a dense filter or target; an array one is
	// walked once, an id at a time.
	switch {
	case pass == nil:
	case pass.words != nil:
		andWords(out.words, out.lo, pass)
	default:
		andArray(out.words, out.lo, pass.arr)
	}
	switch {
	case dst == nil:
	case dst.words != nil:
		andNotWords(out.words, out.lo, dst)
	default:
		andNotArray(out.words, out.lo, dst.arr)
	}
	n := 0
	for _, w := range out.words {
		n += bits.OnesCount64(w)
	}
	out.n = int32(n)
}

// anyNew reports whether some id of dense set src passes dense set pass
// (all do if pass is nil) and is not in dense set dst: one pass over the
// words that writes nothing, before diffInto makes the difference.
func anyNew(src, pass, dst *bitset) bool {
	for i, w := range src.words {
		if w == 0 {
			continue
		}
		k := src.lo + int32(i)
		if pass != nil {
			w &= pass.word(k)
		}
		if w&^dst.word(k) != 0 {
			return true
		}
	}
	return false
}

// andWords clears the bits of ws (words from index lo) not in dense set
// b.
func andWords(ws []uint64, lo int32, b *bitset) {
	// Words of ws before and after b's are cleared.
	i := int(b.lo - lo)
	if i > 0 {
		clear(ws[:min(i, len(ws))])
	}
	j := i + len(b.words)
	if j < len(ws) {
		clear(ws[max(j, 0):])
	}
	from, to := max(i, 0), min(j, len(ws))
	if from >= to {
		return
	}
	bw := b.words[from-i : to-i]
	w := ws[from:to]
	for k := range w {
		w[k] &= bw[k]
	}
}

// andArray clears the bits of ws (words from index lo) whose ids are not
// in sorted ids arr.
func andArray(ws []uint64, lo int32, arr []uint32) {
	next := 0 // words before next are done
	for j := 0; j < len(arr); {
		i := int(int32(arr[j]>>6) - lo)
		if i >= len(ws) {
			break
		}
		var m uint64
		for ; j < len(arr) && int(int32(arr[j]>>6)-lo) == i; j++ {
			m |= 1 << (arr[j] & 63)
		}
		if i < 0 {
			continue
		}
		clear(ws[next:i])
		ws[i] &= m
		next = i + 1
	}
	clear(ws[next:])
}

// andNotArray clears the bits of ws (words from index lo) whose ids are
// in arr.
func andNotArray(ws []uint64, lo int32, arr []uint32) {
	for _, x := range arr {
		if i := int32(x>>6) - lo; i >= 0 && int(i) < len(ws) {
			ws[i] &^= 1 << (x & 63)
		}
	}
}

// andNotWords clears the bits of ws (words from index lo) in dense set b.
func andNotWords(ws []uint64, lo int32, b *bitset) {
	i := int(b.lo - lo)
	j := i + len(b.words)
	from, to := max(i, 0), min(j, len(ws))
	if from >= to {
		return
	}
	bw := b.words[from-i : to-i]
	w := ws[from:to]
	for k := range w {
		w[k] &^= bw[k]
	}
}

// or adds the ids of src (disjoint from b's or not) to b.
func (b *bitset) or(p *wordPool, src *bitset) {
	if src.IsEmpty() {
		return
	}
	if b.n == 0 && b.words == nil && len(b.arr) == 0 {
		// Empty: take src's form.
		if src.words == nil {
			b.arr = append(b.arr[:0], src.arr...)
			b.n = src.n
			b.h, b.hok = src.h, src.hok
			return
		}
	}
	slo, shi := src.span()
	if b.n > 0 {
		lo, hi := b.span()
		slo, shi = min(slo, lo), max(shi, hi)
	}
	if !denseFits(int(b.n+src.n), int(shi-slo+1)) {
		// Spread out: an array.
		if b.words != nil {
			b.toArray(p)
		}
		if src.words == nil {
			b.arr = mergeSorted(b.arr, src.arr)
		} else {
			b.arr = mergeSorted(b.arr, src.appendUint32(nil))
		}
		b.n = int32(len(b.arr))
		b.hok = false
		return
	}
	if b.words == nil {
		b.toDense(p, slo, shi)
	} else {
		b.cover(p, slo, shi)
	}
	b.orDense(src)
}

// orDense adds the ids of src to dense set b, whose words cover src's.
func (b *bitset) orDense(src *bitset) {
	if src.words == nil {
		for _, x := range src.arr {
			b.orWord(int32(x>>6), 1<<(x&63))
		}
		return
	}
	for i, w := range src.words {
		if w != 0 {
			b.orWord(src.lo+int32(i), w)
		}
	}
}

// orWord adds the bits w to word k of dense set b (covering it), keeping
// its count and hash, and returns the number of ids added.
func (b *bitset) orWord(k int32, w uint64) int {
	p := &b.words[k-b.lo]
	add := w &^ *p
	if add == 0 {
		return 0
	}
	if b.hok {
		b.h += term(k, *p|w) - term(k, *p)
	}
	*p |= w
	n := bits.OnesCount64(add)
	b.n += int32(n)
	return n
}

// denseFits reports whether a set of about n ids over span words is
// dense: a word per id or fewer (with slack for sets made smaller by
// overlap).
func denseFits(n, span int) bool { return n >= denseMin && span <= n }

// toArray turns a dense set into an array.
func (b *bitset) toArray(p *wordPool) {
	b.arr = b.appendUint32(b.arr[:0])
	p.put(b.words)
	b.words, b.lo = nil, 0
}

// appendUint32 appends the ids of b to buf in increasing order.
func (b *bitset) appendUint32(buf []uint32) []uint32 {
	if b.words == nil {
		return append(buf, b.arr...)
	}
	for i, w := range b.words {
		base := uint32(b.lo+int32(i)) << 6
		for w != 0 {
			buf = append(buf, base+uint32(bits.TrailingZeros64(w)))
			w &= w - 1
		}
	}
	return buf
}

// mergeSorted returns the sorted union of sorted a and b (reusing a).
func mergeSorted(a, b []uint32) []uint32 {
	out := make([]uint32, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] < b[j]:
			out = append(out, a[i])
			i++
		case a[i] > b[j]:
			out = append(out, b[j])
			j++
		default:
			out = append(out, a[i])
			i, j = i+1, j+1
		}
	}
	out = append(out, a[i:]...)
	return append(out, b[j:]...)
}

// subsetOf reports whether every id of b is in pass.
func (b *bitset) subsetOf(pass *bitset) bool {
	if b.IsEmpty() {
		return true
	}
	if int(b.n) > pass.Len() {
		return false
	}
	if b.words == nil {
		c := idCursor{b: pass}
		for _, x := range b.arr {
			if !c.has(x) {
				return false
			}
		}
		return true
	}
	if pass.words != nil {
		// Both dense: words outside pass's must be empty, the others
		// covered, in one pass over each slice.
		ws, i := b.words, int(pass.lo-b.lo)
		if i > 0 {
			if i > len(ws) {
				i = len(ws)
			}
			for _, w := range ws[:i] {
				if w != 0 {
					return false
				}
			}
			ws, i = ws[i:], 0
		}
		var pw []uint64
		if -i < len(pass.words) {
			pw = pass.words[-i:]
		}
		if len(ws) > len(pw) {
			for _, w := range ws[len(pw):] {
				if w != 0 {
					return false
				}
			}
			ws = ws[:len(pw)]
		}
		for k, w := range ws {
			if w&^pw[k] != 0 {
				return false
			}
		}
		return true
	}
	// Dense b, array pass (at least as many ids): b is a subset when
	// pass holds b.n of b's ids.
	n := int32(0)
	for _, x := range pass.arr {
		if i := int32(x>>6) - b.lo; i >= 0 && int(i) < len(b.words) && b.words[i]&(1<<(x&63)) != 0 {
			n++
		}
	}
	return n == b.n
}

// equalSets reports whether a and b have the same ids.
func equalSets(a, b *bitset) bool {
	if a == b {
		return true
	}
	if a.Len() != b.Len() {
		return false
	}
	if a.Len() == 0 {
		return true
	}
	// Equal sets mostly have the same form: compare memory.
	switch {
	case a.words != nil && b.words != nil && a.lo == b.lo && len(a.words) == len(b.words):
		return slices.Equal(a.words, b.words)
	case a.words == nil && b.words == nil:
		return slices.Equal(a.arr, b.arr)
	}
	return a.subsetOf(b)
}

// unionOf returns a new set of the ids of a and b.
func unionOf(p *wordPool, a, b *bitset) *bitset {
	if a.IsEmpty() || b.IsEmpty() {
		if a.IsEmpty() {
			a = b
		}
		return a.clone(p)
	}
	if a.words == nil && b.words == nil {
		u := &bitset{arr: mergeSorted(a.arr, b.arr)}
		u.n = int32(len(u.arr))
		u.maybeDense(p)
		return u
	}
	lo, hi := a.span()
	blo, bhi := b.span()
	lo, hi = min(lo, blo), max(hi, bhi)
	if !denseFits(int(a.n+b.n), int(hi-lo+1)) {
		u := &bitset{arr: mergeSorted(a.appendUint32(nil), b.appendUint32(nil))}
		u.n = int32(len(u.arr))
		return u
	}
	u := &bitset{lo: lo, words: p.get(int(hi - lo + 1))}
	if b.words != nil && (a.words == nil || len(b.words) > len(a.words)) {
		a, b = b, a
	}
	copy(u.words[a.lo-lo:], a.words) // the larger dense one
	u.n, u.h, u.hok = a.n, a.h, a.hok
	u.orDense(b)
	return u
}

// span returns the first and last word index of a non-empty set.
func (b *bitset) span() (lo, hi int32) {
	if b.words == nil {
		return int32(b.arr[0] >> 6), int32(b.arr[len(b.arr)-1] >> 6)
	}
	return b.lo, b.lo + int32(len(b.words)) - 1
}

// hash returns a hash of the ids of b (equal for equal sets, whatever
// their form).
func (b *bitset) hash() uint64 {
	if !b.hok {
		b.h, b.hok = b.sum(), true
	}
	return uint64(b.Len())*hashLen + b.h
}

// hashLen weighs the size in a set's hash.
const hashLen = 0x9e3779b97f4a7c15

// sum returns the sum of term(k, w) over b's words: the same for every
// representation of the same ids, and without a chain of dependent
// multiplications through the set.
func (b *bitset) sum() uint64 {
	var h uint64
	if b.words != nil {
		for i, w := range b.words {
			h += term(b.lo+int32(i), w)
		}
		return h
	}
	for i := 0; i < len(b.arr); {
		k := int32(b.arr[i] >> 6)
		var w uint64
		for ; i < len(b.arr) && int32(b.arr[i]>>6) == k; i++ {
			w |= 1 << (b.arr[i] & 63)
		}
		h += term(k, w)
	}
	return h
}

// term hashes word w of index k (splitmix64's finaliser; 0 for an empty
// word, so that leading and trailing zero words do not count).
func term(k int32, w uint64) uint64 {
	if w == 0 {
		return 0
	}
	x := w ^ uint64(k)*0xbf58476d1ce4e5b9
	x = (x ^ x>>31) * 0x94d049bb133111eb
	return x ^ x>>29
}
