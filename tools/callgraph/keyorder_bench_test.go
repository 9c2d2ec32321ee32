package callgraph

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
)

// BenchmarkSortMethods sorts methods after a sorted prefix, as links that
// continue from a warm start do: 20 k after 17 k (a JFlex RTA link adds
// AWT and Swing) and 3 k after 150 k (a CHA link adds a client). Classes
// have 10 methods, overloaded names among them.
func BenchmarkSortMethods(b *testing.B) {
	bld := hierarchy.NewBuilder()
	var specs []hierarchy.MethodSpec
	for _, n := range []string{"get", "getValue", "add", "addAll", "<init>"} {
		for _, d := range []string{"()V", "(Ljava/lang/Object;)V"} {
			specs = append(specs, hierarchy.MethodSpec{Name: n, Desc: d})
		}
	}
	const classes = 16000
	name := func(i int) string { return fmt.Sprintf("javax/swing/plaf/basic/Basic%dComponentUI$Handler", i) }
	for i := range classes {
		bld.AddSynthetic(name(i), "", nil, 1, specs, nil)
	}
	h := bld.Build()
	var all []*hierarchy.Method
	for i := range classes {
		all = append(all, h.Lookup(name(i)).Methods...)
	}
	rng := rand.New(rand.NewPCG(7, 8))
	rng.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
	for _, c := range []struct{ prefix, tail int }{{17000, 20000}, {150000, 3000}} {
		b.Run(fmt.Sprintf("%d+%d", c.prefix, c.tail), func(b *testing.B) {
			in := slices.Clone(all[:c.prefix+c.tail])
			SortMethods(in[:c.prefix])
			for b.Loop() {
				ms := slices.Clone(in)
				sortMethods(ms, c.prefix)
			}
		})
	}
}
