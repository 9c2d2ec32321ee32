package report

import (
	"cmp"
	"encoding/binary"
	"fmt"
	"hash/fnv"
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
// SetTable of them.
type setBuilder struct {
	name    func(id int) string
	sets    []*intsets.Sparse // in order of reference; may repeat
	handles map[*intsets.Sparse]int
}

func newSetBuilder(name func(int) string) *setBuilder {
	return &setBuilder{name: name, handles: map[*intsets.Sparse]int{}}
}

// add registers s (nil: the empty set) and returns its handle.
func (b *setBuilder) add(s *intsets.Sparse) int {
	if s == nil {
		s = new(intsets.Sparse)
	}
	if h, ok := b.handles[s]; ok {
		return h
	}
	h := len(b.sets)
	b.sets = append(b.sets, s)
	b.handles[s] = h
	return h
}

// finish makes the table and returns the set index of every handle.
func (b *setBuilder) finish() (*SetTable, []int) {
	var all intsets.Sparse
	for _, s := range b.sets {
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
	rank := make(map[int]int, len(ids)) // element id → name index
	for idx, pos := range order {
		t.Names[idx] = names[pos]
		rank[ids[pos]] = idx
	}
	index := make([]int, len(b.sets))
	var lists [][]int // distinct sets as sorted name indices
	byHash := map[uint64][]int{}
	for h, s := range b.sets {
		l := make([]int, 0, s.Len())
		for _, id := range s.AppendTo(nil) {
			l = append(l, rank[id])
		}
		slices.Sort(l)
		hash := fnv.New64a()
		var buf [8]byte
		for _, x := range l {
			binary.LittleEndian.PutUint64(buf[:], uint64(x))
			hash.Write(buf[:])
		}
		k := hash.Sum64()
		found := -1
		for _, i := range byHash[k] {
			if slices.Equal(lists[i], l) {
				found = i
			}
		}
		if found < 0 {
			found = len(lists)
			byHash[k] = append(byHash[k], found)
			lists = append(lists, l)
		}
		index[h] = found
	}
	var bySize []int // indices of the sets encoded so far, by size
	for k, l := range lists {
		t.Sets = append(t.Sets, encode(lists, bySize, l))
		at, _ := slices.BinarySearchFunc(bySize, len(l), func(i, n int) int { return cmp.Compare(len(lists[i]), n) })
		bySize = slices.Insert(bySize, at, k)
	}
	return t, index
}

// maxCandidates bounds the earlier sets a set is compared with (those
// nearest in size), so that large tables stay fast.
const maxCandidates = 256

// encode writes l as the difference to the earlier set nearest to it
// (among candidates, the indices into lists of the earlier sets sorted by
// size), or explicitly when none is nearer than l's size.
func encode(lists [][]int, candidates []int, l []int) *Set {
	best, bestCost := -1, len(l)
	// Scan outwards from l's size: the difference is at least the
	// difference in size. Ties go to the lower index (deterministic).
	hi, _ := slices.BinarySearchFunc(candidates, len(l), func(i, n int) int { return cmp.Compare(len(lists[i]), n) })
	lo := hi - 1
	for tried := 0; tried < maxCandidates && (lo >= 0 || hi < len(candidates)); tried++ {
		var j int
		switch {
		case lo < 0:
			j, hi = candidates[hi], hi+1
		case hi >= len(candidates):
			j, lo = candidates[lo], lo-1
		case len(l)-len(lists[candidates[lo]]) <= len(lists[candidates[hi]])-len(l):
			j, lo = candidates[lo], lo-1
		default:
			j, hi = candidates[hi], hi+1
		}
		if abs(len(lists[j])-len(l)) > bestCost {
			break
		}
		if c := diffCount(lists[j], l, bestCost+1); c < bestCost || (c == bestCost && best >= 0 && j < best) {
			best, bestCost = j, c
		}
	}
	if best < 0 {
		return &Set{Add: l}
	}
	base := best
	s := &Set{Base: &base}
	e := lists[best]
	i, j := 0, 0
	for i < len(e) || j < len(l) {
		switch {
		case j == len(l) || (i < len(e) && e[i] < l[j]):
			s.Remove = append(s.Remove, e[i])
			i++
		case i == len(e) || l[j] < e[i]:
			s.Add = append(s.Add, l[j])
			j++
		default:
			i++
			j++
		}
	}
	return s
}

// diffCount is the size of the symmetric difference of sorted a and b,
// or limit if it is at least limit.
func diffCount(a, b []int, limit int) int {
	i, j, n := 0, 0, 0
	for (i < len(a) || j < len(b)) && n < limit {
		switch {
		case j == len(b) || (i < len(a) && a[i] < b[j]):
			i++
			n++
		case i == len(a) || b[j] < a[i]:
			j++
			n++
		default:
			i++
			j++
		}
	}
	return min(n, limit)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
