package pointsto_test

import (
	"slices"
	"testing"

	"github.com/rules-fragment/rules_fragment/tools/analysis/pointsto"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/link"
)

// TestScheduleIndependent: the worklist's order changes how the solver
// gets to the fixpoint, never the fixpoint. Every answer (variables,
// returns, fields, statics, call sites) is the same whether nodes wait by
// out-degree, are taken first-in first-out, or wait from one successor
// on; on the whole program and on the library fragment, AND_f and 0-CFA_f.
func TestScheduleIndependent(t *testing.T) {
	dir := compile(t)
	orders := map[string][3]int{"levels": {10, 100, 1000}, "fifo": {1 << 30, 1 << 30, 1 << 30}, "eager": {1, 2, 3}}
	defer pointsto.SetDegreeLevels(pointsto.SetDegreeLevels([3]int{}))
	for _, fragment := range []bool{false, true} {
		for _, perClass := range []bool{false, true} {
			opts := pointsto.Options{PerClass: perClass}
			var want []string
			for _, name := range []string{"levels", "fifo", "eager"} {
				pointsto.SetDegreeLevels(orders[name])
				lo := link.Options{Client: []string{dir}, Libraries: []string{jdk17}, Release: 17}
				if fragment {
					lo.Fragment = &link.Placeholders{ClosedWorld: true}
				}
				p, err := link.Load(lo)
				if err != nil {
					t.Fatal(err)
				}
				roots := p.MainMethods()
				if fragment {
					roots = []*hierarchy.Method{p.FragmentMain}
				}
				r, err := pointsto.Analyze(p, roots, opts)
				if err != nil {
					t.Fatal(err)
				}
				got := r.Digest()
				p.Close()
				if want == nil {
					want = got
					if len(want) < 10000 {
						t.Fatalf("fragment %v %s: only %d answers", fragment, opts.Name(), len(want))
					}
					t.Logf("fragment %v %s: %d answers", fragment, opts.Name(), len(want))
					continue
				}
				if !slices.Equal(got, want) {
					for i := range min(len(got), len(want)) {
						if got[i] != want[i] {
							t.Fatalf("fragment %v %s, %s order: %d answers against %d; first difference:\n got %s\nwant %s", fragment, opts.Name(), name, len(got), len(want), got[i], want[i])
						}
					}
					t.Fatalf("fragment %v %s, %s order: %d answers against %d", fragment, opts.Name(), name, len(got), len(want))
				}
			}
		}
	}
}
