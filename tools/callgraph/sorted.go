package callgraph

import (
	"math/bits"
	"slices"
	"sort"
)

// sortFunc sorts xs by cmp, a total order, fast when a long prefix
// is sorted already: a link that continues from a warm start appends the
// few methods, classes and sites the client adds to the warm start's
// sorted lists (150 k methods and 630 k sites for CHA over the JDK).
// It sorts only what follows the sorted prefix and merges it in from the
// end, with a binary search per element or a linear scan, whichever
// compares fewer: O(m log m + min(n + m, m log n)) for m elements after a
// prefix of n, instead of O((n + m) log(n + m)) string comparisons.
func sortFunc[T any](xs []T, sorted int, cmp func(a, b T) int) {
	sortMerging(xs, sorted, cmp, func(tail []T) { slices.SortFunc(tail, cmp) })
}

// sortMerging is sortFunc with sortTail, which must sort by cmp, for what
// follows the sorted prefix.
func sortMerging[T any](xs []T, sorted int, cmp func(a, b T) int, sortTail func([]T)) {
	k := max(1, min(sorted, len(xs))) // xs[:sorted] are in order (the caller knows)
	for k < len(xs) && cmp(xs[k-1], xs[k]) <= 0 {
		k++
	}
	if k >= len(xs) {
		return
	}
	if k < len(xs)/4 { // mostly unsorted: a plain sort is as good
		sortTail(xs)
		return
	}
	tail := slices.Clone(xs[k:])
	sortTail(tail) // a total order: as a stable sort
	// Merge from the back: each tail element goes after the prefix
	// elements not greater than it. A binary search per
	// element compares fewer when the tail is short (a client's few
	// methods after the JDK's 150 k), a linear merge when it is long
	// (JFlex adds 20 k methods of AWT and Swing to 17 k).
	linear := len(tail)*bits.Len(uint(k)) > k
	end, out := k, len(xs) // xs[:end] is the unmerged prefix, xs[out:] is done
	for j := len(tail) - 1; j >= 0; j-- {
		t := tail[j]
		p := end
		if linear {
			for p > 0 && cmp(xs[p-1], t) > 0 {
				p--
			}
		} else {
			p = sort.Search(end, func(i int) bool { return cmp(xs[i], t) > 0 })
		}
		n := end - p
		copy(xs[out-n:out], xs[p:end])
		out -= n + 1
		xs[out] = t
		end = p
	}
}
