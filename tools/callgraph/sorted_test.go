package callgraph

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
)

// TestSortFuncMergesSortedPrefix checks sortFunc against a sort on lists
// with sorted prefixes of every length, told of none, part or all of the
// prefix. With an order that is not total (repeated keys) the result is
// still sorted and a permutation, and prefix elements stay before the
// later elements equal to them.
func TestSortFuncMergesSortedPrefix(t *testing.T) {
	byKey := func(a, b item) int { return cmp.Compare(a.key, b.key) }
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 0; n < 60; n++ {
		for k := 0; k <= n; k++ {
			xs := make([]item, n)
			for i := range xs {
				xs[i] = item{rng.IntN(n/2 + 1), i}
			}
			slices.SortStableFunc(xs[:k], byKey)
			for i := range xs {
				xs[i].at = i
			}
			want := slices.Clone(xs)
			slices.SortStableFunc(want, byKey)
			// Told of no sorted prefix, or of one not longer than it is.
			for _, sorted := range []int{0, k / 2, k} {
				got := slices.Clone(xs)
				sortFunc(got, sorted, func(a, b item) int { return cmp.Or(byKey(a, b), cmp.Compare(a.at, b.at)) })
				if !slices.Equal(got, want) {
					t.Fatalf("n=%d prefix=%d sorted=%d:\n got %v\nwant %v\n  in %v", n, k, sorted, got, want, xs)
				}
				if 4*k < n {
					continue
				}
				got = slices.Clone(xs)
				sortFunc(got, sorted, byKey)
				if !slices.IsSortedFunc(got, byKey) || !slices.Equal(sortedByAt(got), xs) {
					t.Fatalf("n=%d prefix=%d sorted=%d: not a sorted permutation:\n got %v\n  in %v", n, k, sorted, got, xs)
				}
				for i := 1; i < len(got); i++ {
					if got[i-1].key == got[i].key && got[i].at < k && got[i-1].at >= k {
						t.Fatalf("n=%d prefix=%d sorted=%d: %v after an equal later element:\n got %v", n, k, sorted, got[i], got)
					}
				}
			}
		}
	}
}

// item is a sort key and a place in the input.
type item struct{ key, at int }

// sortedByAt returns xs ordered by their places in the input.
func sortedByAt(xs []item) []item {
	out := slices.Clone(xs)
	slices.SortFunc(out, func(a, b item) int { return cmp.Compare(a.at, b.at) })
	return out
}

// TestGraphSortSites: sites are sorted by their caller's place among the
// sorted reachable methods, then by id, then as they were; a site without
// a caller, or whose caller is not reachable, sorts as if its caller were
// the first method. A graph whose lists start sorted (a warm start's) and
// one shuffled sort alike.
func TestGraphSortSites(t *testing.T) {
	b := hierarchy.NewBuilder()
	for _, n := range []string{"p/A", "p/B", "p/C"} {
		b.AddSynthetic(n, "", nil, 1, []hierarchy.MethodSpec{{Name: "m", Desc: "()V"}, {Name: "n", Desc: "()V"}}, nil)
	}
	h := b.Build()
	var ms []*hierarchy.Method
	for _, n := range []string{"p/A", "p/B", "p/C"} {
		ms = append(ms, h.Lookup(n).Methods...)
	}
	var sites []*Site
	for i, m := range ms[:5] { // ms[5] is not reached
		for id := range int32(3) {
			sites = append(sites, &Site{Caller: m, ID: 10 * id, Line: int32(i)})
		}
	}
	tie := &Site{Caller: ms[2], ID: 10, Line: 99} // a model's site sharing its call's id
	orphan, unreached := &Site{ID: 5}, &Site{Caller: ms[5], ID: 7}
	want := append([]*Site{sites[0], orphan, unreached}, sites[1:]...)
	want = slices.Insert(want, slices.Index(want, sites[7])+1, tie)
	r := rand.New(rand.NewPCG(3, 4))
	for round := range 6 {
		g := &Graph{Reachable: slices.Clone(ms[:5]), Sites: append(append(slices.Clone(sites), tie), orphan, unreached)}
		if round > 0 {
			r.Shuffle(len(g.Reachable), func(i, j int) { g.Reachable[i], g.Reachable[j] = g.Reachable[j], g.Reachable[i] })
			if round > 2 { // ties keep their order, so shuffle only distinct sites
				r.Shuffle(len(sites), func(i, j int) { g.Sites[i], g.Sites[j] = g.Sites[j], g.Sites[i] })
			}
		}
		g.Sort()
		if !slices.Equal(g.Reachable, ms[:5]) {
			t.Fatalf("round %d: methods not sorted", round)
		}
		if !slices.Equal(g.Sites, want) {
			t.Fatalf("round %d: sites in another order", round)
		}
	}
}
