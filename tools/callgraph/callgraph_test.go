package callgraph

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
)

// TestCompareKeys: comparing keys piece by piece orders methods as their
// Key strings do, also where a class name, a method name or a descriptor
// is a prefix of another ("p/A" and "p/A$B", "a" and "ab").
func TestCompareKeys(t *testing.T) {
	names := []string{"p/A", "p/A$B", "p/A$1", "p/AB", "p/A0", "p/a", "q/Z", "p/A-"}
	t.Run("names", func(t *testing.T) { compareKeys(t, names) })
	// Malformed class files may have dots in names: then the key prefix
	// "p/A." of one class begins that of another, "p/A.x.".
	t.Run("dotted names", func(t *testing.T) { compareKeys(t, append(names, "p/A.x", "p/A.", "p/A.a", "p/A..")) })
	t.Run("dotted names without p/A", func(t *testing.T) { compareKeys(t, []string{"p/A.x", "p/A-", "p/A.", "p/A/"}) })
}

func compareKeys(t *testing.T, names []string) {
	b := hierarchy.NewBuilder()
	var methods []hierarchy.MethodSpec
	for _, n := range []string{"a", "ab", "a$b", "<init>", "b", "A", "a0"} {
		for _, d := range []string{"()V", "(I)V", "()Ljava/lang/Object;", "(Lp/A;)V"} {
			methods = append(methods, hierarchy.MethodSpec{Name: n, Desc: d})
		}
	}
	for _, n := range names {
		b.AddSynthetic(n, "", nil, 1, methods, nil)
	}
	h := b.Build()
	var ms []*hierarchy.Method
	for _, n := range names {
		ms = append(ms, h.Lookup(n).Methods...)
	}
	sign := func(x int) int { return min(max(x, -1), 1) }
	for _, a := range ms {
		for _, c := range ms {
			if got, want := sign(CompareKeys(a, c)), strings.Compare(a.Key(), c.Key()); got != want {
				t.Fatalf("CompareKeys(%s, %s) = %d, want %d", a.Key(), c.Key(), got, want)
			}
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 5 {
		shuffled := slices.Clone(ms)
		r.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
		SortMethods(shuffled)
		if !slices.IsSortedFunc(shuffled, func(a, c *hierarchy.Method) int { return strings.Compare(a.Key(), c.Key()) }) {
			t.Fatal("SortMethods does not order by Key")
		}
	}
}
