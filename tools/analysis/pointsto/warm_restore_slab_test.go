package pointsto

import (
	"slices"
	"testing"
)

// TestExtend: lists built by extend hold what was added, in order,
// however their additions interleave (a list whose last element is not the
// slab's last grows by a copy), and appending to one, as a solver does,
// changes no other.
func TestExtend(t *testing.T) {
	for _, order := range [][]int{
		{0, 0, 1, 1, 2},       // runs, as Checkpoint writes them
		{0, 1, 0, 2, 1, 0, 0}, // interleaved
		{2, 2, 2, 2, 2, 2, 2, 2, 2, 2},
	} {
		sl := slab[int32]{all: make([]int32, len(order)-2)} // runs out before the end
		lists, want := make([][]int32, 3), make([][]int32, 3)
		for i, l := range order {
			lists[l] = extend(lists[l], &sl, int32(i))
			want[l] = append(want[l], int32(i))
			for k := range lists {
				if !slices.Equal(lists[k], want[k]) {
					t.Fatalf("order %v, after %d additions: list %d is %v, want %v", order, i+1, k, lists[k], want[k])
				}
			}
		}
		// A solver's append copies a list out rather than write over the next.
		for k := range lists {
			if len(lists[k]) > 0 {
				_ = append(lists[k], -1)
			}
		}
		for k := range lists {
			if !slices.Equal(lists[k], want[k]) {
				t.Fatalf("order %v: list %d became %v after appends, want %v", order, k, lists[k], want[k])
			}
		}
	}
}
