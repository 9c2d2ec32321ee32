package callgraph

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
)

// TestSortMethodsByRankedClasses sorts methods of classes whose names are
// prefixes of each other ("a/B", "a/B$C", "a/B0", "a/B-") and of a
// malformed class with "." in its name, with method names that are
// prefixes of each other, and checks the order against sorting the Key
// strings, with sorted prefixes of several lengths.
func TestSortMethodsByRankedClasses(t *testing.T) {
	for _, withDot := range []bool{false, true} {
		names := prefixNames(withDot)
		h := prefixHierarchy(names)
		var all []*hierarchy.Method
		for _, n := range names {
			all = append(all, h.Lookup(n).Methods...)
		}
		byKey := func(a, b *hierarchy.Method) int { return cmp.Compare(a.Key(), b.Key()) }
		want := slices.Clone(all)
		slices.SortFunc(want, byKey)
		if o, ok := newKeyOrder(all); ok == withDot {
			t.Fatalf("with a dot in a name: %v, ranked: %v", withDot, ok)
		} else if ok {
			for i := 1; i < len(want); i++ {
				if o.compare(want[i-1], want[i]) >= 0 {
					t.Fatalf("%s is not before %s", want[i-1].Key(), want[i].Key())
				}
			}
		}
		rng := rand.New(rand.NewPCG(5, 6))
		for round := range 20 {
			ms := slices.Clone(all)
			rng.Shuffle(len(ms), func(i, j int) { ms[i], ms[j] = ms[j], ms[i] })
			// Ranked classes need more than 64 methods after the prefix;
			// from a quarter of the list on, the rest is merged into it.
			prefix := rng.IntN(len(ms) / 4)
			if round%2 == 1 {
				prefix = len(ms)/4 + rng.IntN(len(ms)-65-len(ms)/4)
			}
			slices.SortFunc(ms[:prefix], byKey)
			sortMethods(ms, prefix)
			if !slices.Equal(ms, want) {
				t.Fatalf("dot %v, round %d: got %v\nwant %v", withDot, round, ms, want)
			}
		}
	}
}

// TestCompareClassKeys compares class names as their keys' prefixes do.
func TestCompareClassKeys(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{{"a/B", "a/B", 0}, {"a/B", "a/B$C", 1}, {"a/B", "a/BC", -1}, {"a/B", "a/B-", 1}, {"a/B0", "a/B", 1}, {"a/A", "a/B", -1}} {
		if got := compareClassKeys(c.a, c.b); got != c.want {
			t.Errorf("compareClassKeys(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
		if got := compareClassKeys(c.b, c.a); got != -c.want {
			t.Errorf("compareClassKeys(%q, %q) = %d, want %d", c.b, c.a, got, -c.want)
		}
	}
}

// prefixNames are class names that are prefixes of each other, with two
// malformed ones holding "." if withDot.
func prefixNames(withDot bool) []string {
	names := []string{"a/B", "a/B$C", "a/B$C$D", "a/B0", "a/B-", "a/BC", "a/A", "b", "a/B/C", "a/B$",
		"a/B$1", "a/B$C0", "a/B$C-", "a/B0$x", "c/D", "c/D$E", "a/BB", "a/B$$", "a/A$B", "a/B$C$D$E"}
	if withDot {
		names = append(names, "a/B.x", "a/B.")
	}
	return names
}

// prefixHierarchy holds a class of each name, with methods whose names
// are prefixes of each other.
func prefixHierarchy(names []string) *hierarchy.Hierarchy {
	b := hierarchy.NewBuilder()
	for _, n := range names {
		b.AddSynthetic(n, "", nil, 1, []hierarchy.MethodSpec{
			{Name: "x", Desc: "()V"}, {Name: "xy", Desc: "()V"}, {Name: "x", Desc: "(I)V"}, {Name: "<init>", Desc: "()V"},
			{Name: "$", Desc: "()V"}, {Name: "y", Desc: "()Ljava/lang/Object;"}, {Name: "x0", Desc: "()V"}, {Name: "x$y", Desc: "()V"},
		}, nil)
	}
	return b.Build()
}
