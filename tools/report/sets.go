package report

import (
	"cmp"
	"fmt"
	"math/bits"
	"slices"

	"golang.org/x/tools/container/intsets"
)

// SetTable is a table of sets of names, shared by the methods and sites
// that refer to them by index: MOD/USE sets of client methods are large
// and nearly equal (most reach the same library code), so each distinct
// set is stored once, and as its difference to an earlier set when that
// is shorter. Names are sorted; sets are numbered in order of first
// reference (methods by name, then their sites by id), so equal results
// give equal tables in every mode.
type SetTable struct {
	Names []string `json:"names"`
	Sets  []*Set   `json:"sets"`
}

// Set is one set of a SetTable: the set Base (an earlier index; none if
// nil) plus Add minus Remove, as indices into Names in increasing order.
type Set struct {
	Base   *int  `json:"base,omitempty"`
	Add    []int `json:"add,omitempty"`
	Remove []int `json:"remove,omitempty"`
}

// Decode returns the name indices of set k in increasing order.
func (t *SetTable) Decode(k int) ([]int, error) {
	if k < 0 || k >= len(t.Sets) {
		return nil, fmt.Errorf("set %d out of range (%d sets)", k, len(t.Sets))
	}
	chain := []int{k} // k, its base, the base's base, …
	for s := t.Sets[k]; s.Base != nil; s = t.Sets[*s.Base] {
		if b := *s.Base; b < 0 || b >= chain[len(chain)-1] {
			return nil, fmt.Errorf("set %d: base %d is not an earlier set", chain[len(chain)-1], b)
		}
		chain = append(chain, *s.Base)
	}
	var out []int
	for i := len(chain) - 1; i >= 0; i-- {
		s := t.Sets[chain[i]]
		out = slices.DeleteFunc(out, func(x int) bool {
			_, found := slices.BinarySearch(s.Remove, x)
			return found
		})
		out = append(out, s.Add...)
		slices.Sort(out)
		out = slices.Compact(out)
	}
	return out, nil
}

// DecodeNames returns the names of set k, sorted.
func (t *SetTable) DecodeNames(k int) ([]string, error) {
	ids, err := t.Decode(k)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(ids))
	for i, x := range ids {
		if x < 0 || x >= len(t.Names) {
			return nil, fmt.Errorf("set %d: name index %d out of range", k, x)
		}
		out[i] = t.Names[x]
	}
	return out, nil
}

// setBuilder collects sets of element ids (named by name) and makes a
// SetTable of them. Equal sets get one handle, in order of first
// reference: handles are the table's set indices.
type setBuilder struct {
	name     func(id int) string
	distinct []*intsets.Sparse
	handles  map[*intsets.Sparse]int
	buckets  map[[3]int][]int // (size, min, max) → handles
}

func newSetBuilder(name func(int) string) *setBuilder {
	return &setBuilder{name: name, handles: map[*intsets.Sparse]int{}, buckets: map[[3]int][]int{}}
}

// add registers s (nil: the empty set) and returns its handle.
func (b *setBuilder) add(s *intsets.Sparse) int {
	if s == nil {
		s = new(intsets.Sparse)
	}
	if h, ok := b.handles[s]; ok {
		return h
	}
	k := [3]int{s.Len(), s.Min(), s.Max()}
	for _, h := range b.buckets[k] {
		if b.distinct[h].Equals(s) {
			return h // s is not kept: callers' fresh sets can be freed
		}
	}
	h := len(b.distinct)
	b.distinct = append(b.distinct, s)
	b.handles[s] = h
	b.buckets[k] = append(b.buckets[k], h)
	return h
}

// finish makes the table (its set k is handle k).
func (b *setBuilder) finish() *SetTable {
	// Names, sorted; rank maps an element id to its name's index.
	var all intsets.Sparse
	for _, s := range b.distinct {
		all.UnionWith(s)
	}
	ids := all.AppendTo(nil)
	names := make([]string, len(ids))
	for i, id := range ids {
		names[i] = b.name(id)
	}
	order := make([]int, len(ids)) // position in ids → index in the sorted names
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(x, y int) int { return cmp.Compare(names[x], names[y]) })
	t := &SetTable{Names: make([]string, len(ids))}
	var rank []int
	if len(ids) > 0 {
		rank = make([]int, ids[len(ids)-1]+1)
	}
	for idx, pos := range order {
		t.Names[idx] = names[pos]
		rank[ids[pos]] = idx
	}
	// Each set as the difference to a near earlier one, or explicitly;
	// differences are computed on the sets and only they are renamed.
	lens := make([]int, len(b.distinct))
	for i, s := range b.distinct {
		lens[i] = s.Len()
	}
	words := make([]uint64, (len(ids)+63)/64)
	var buf []int
	// sorted returns the name indices of the element ids in s, in
	// increasing order, through a bitset over the names (linear).
	sorted := func(s *intsets.Sparse) []int {
		buf = s.AppendTo(buf[:0])
		if len(buf) == 0 {
			return nil
		}
		first := len(words)
		for _, id := range buf {
			r := rank[id]
			words[r/64] |= 1 << (r % 64)
			first = min(first, r/64)
		}
		out := make([]int, 0, len(buf))
		for w := first; len(out) < len(buf); w++ {
			for x := words[w]; x != 0; x &= x - 1 {
				out = append(out, w*64+bits.TrailingZeros64(x))
			}
			words[w] = 0
		}
		return out
	}
	var bySize []int // indices of the sets encoded so far, by size
	var scratch intsets.Sparse
	for k, s := range b.distinct {
		set := &Set{}
		if base := nearest(b.distinct, lens, bySize, k, &scratch); base < 0 {
			set.Add = sorted(s)
		} else {
			set.Base = &base
			scratch.Difference(s, b.distinct[base])
			set.Add = sorted(&scratch)
			scratch.Difference(b.distinct[base], s)
			set.Remove = sorted(&scratch)
		}
		t.Sets = append(t.Sets, set)
		at, _ := slices.BinarySearchFunc(bySize, lens[k], func(i, n int) int { return cmp.Compare(lens[i], n) })
		bySize = slices.Insert(bySize, at, k)
	}
	return t
}

// maxCandidates bounds the earlier sets a set is compared with (those
// nearest in size), so that large tables stay fast.
const maxCandidates = 64

// nearest returns the earlier set to write set k as a difference to
// (among candidates, the indices of the earlier sets sorted by size, the
// maxCandidates nearest in size), or -1 when no difference is smaller
// than set k itself.
func nearest(sets []*intsets.Sparse, lens []int, candidates []int, k int, scratch *intsets.Sparse) int {
	n := lens[k]
	best, bestCost := -1, n
	// Scan outwards from n: the difference is at least the difference in
	// size. Ties go to the lower index (deterministic).
	hi, _ := slices.BinarySearchFunc(candidates, n, func(i, n int) int { return cmp.Compare(lens[i], n) })
	lo := hi - 1
	for tried := 0; tried < maxCandidates && (lo >= 0 || hi < len(candidates)); tried++ {
		var j int
		switch {
		case lo < 0:
			j, hi = candidates[hi], hi+1
		case hi >= len(candidates):
			j, lo = candidates[lo], lo-1
		case n-lens[candidates[lo]] <= lens[candidates[hi]]-n:
			j, lo = candidates[lo], lo-1
		default:
			j, hi = candidates[hi], hi+1
		}
		if abs(lens[j]-n) > bestCost {
			break
		}
		scratch.SymmetricDifference(sets[j], sets[k])
		if c := scratch.Len(); c < bestCost || (c == bestCost && best >= 0 && j < best) {
			best, bestCost = j, c
		}
	}
	return best
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
