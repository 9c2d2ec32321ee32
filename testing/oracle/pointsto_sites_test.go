package oracle

import (
	"testing"

	"github.com/rules-fragment/rules_fragment/tools/analysis/pointsto"
	"github.com/rules-fragment/rules_fragment/tools/callgraph"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
)

// TestPointsToClientSites: a points-to graph listing only the client's
// call sites (pointsto.Options.Sites, as the linker asks for a
// client-scope report without MOD/USE) is the full graph without the
// other callers' sites, receivers and targets compared by identity, cold
// and continuing from the JDK's warm start, for AND_f and 0-CFA_f.
func TestPointsToClientSites(t *testing.T) {
	jdk := jdkSummary(t)
	p := programs[0]
	for _, x := range programs {
		if x.name == "jlex" {
			p = x
		}
	}
	prog, roots := linkSummaries(t, p, jdk)
	client := func(m *hierarchy.Method) bool { return prog.IsClient(m.Class) }
	for _, perClass := range []bool{false, true} {
		w, err := pointsto.ReadWarm(jdkWarm, perClass)
		if err != nil || w == nil {
			t.Fatalf("reading the warm start: %v", err)
		}
		full, err := pointsto.Analyze(prog, roots, pointsto.Options{PerClass: perClass, Warm: w})
		if err != nil {
			t.Fatal(err)
		}
		want := &callgraph.Graph{Reachable: full.Graph.Reachable}
		withReceivers := 0
		for _, s := range full.Graph.Sites {
			if client(s.Caller) {
				want.Sites = append(want.Sites, s)
				if len(s.Receivers) > 0 {
					withReceivers++
				}
			}
		}
		if len(want.Sites) == 0 || len(want.Sites) == len(full.Graph.Sites) || withReceivers == 0 {
			t.Fatalf("%d of %d sites are the client's, %d with receivers", len(want.Sites), len(full.Graph.Sites), withReceivers)
		}
		for _, warm := range []*pointsto.Warm{nil, w} {
			r, err := pointsto.Analyze(prog, roots, pointsto.Options{PerClass: perClass, Warm: warm, Sites: client})
			if err != nil {
				t.Fatal(err)
			}
			if d := graphDifference(want, r.Graph); d != "" {
				t.Fatalf("%s: only the client's sites (warm %v): %s", pointsto.Options{PerClass: perClass}.Name(), warm != nil, d)
			}
		}
		t.Logf("COUNT points-to client sites %s %s: %d of %d sites listed (%d with receivers), the same cold and warm",
			p.name, pointsto.Options{PerClass: perClass}.Name(), len(want.Sites), len(full.Graph.Sites), withReceivers)
	}
}
