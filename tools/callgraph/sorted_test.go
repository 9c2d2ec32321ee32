package callgraph

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSortFuncMergesSortedPrefix checks sortFunc against a stable sort on
// lists with sorted prefixes of every length: with a total order, and with
// repeated keys where it merges (a prefix of at least half the list),
// which keeps the order of equal elements.
func TestSortFuncMergesSortedPrefix(t *testing.T) {
	type item struct{ key, at int }
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
			got := slices.Clone(xs)
			sortFunc(got, func(a, b item) int { return cmp.Or(byKey(a, b), cmp.Compare(a.at, b.at)) })
			if !slices.Equal(got, want) {
				t.Fatalf("n=%d prefix=%d:\n got %v\nwant %v\n  in %v", n, k, got, want, xs)
			}
			if 2*k < n {
				continue
			}
			got = slices.Clone(xs)
			sortFunc(got, byKey)
			if !slices.Equal(got, want) {
				t.Fatalf("n=%d prefix=%d:\n got %v\nwant %v\n  in %v", n, k, got, want, xs)
			}
		}
	}
}
