package pointsto_test

import (
	"testing"

	"github.com/rules-fragment/rules_fragment/tools/analysis/pointsto"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/link"
)

// TestFiltersExact: every type filter's set holds exactly the objects
// whose class is a subtype of the filter's class, however the filter and
// the objects came to be (whole program, library fragment with its
// placeholder classes, warm start, and a warm start whose filter sets lag
// behind its objects, as an earlier version wrote them).
func TestFiltersExact(t *testing.T) {
	dir := compile(t)
	check := func(name string, p *link.Program, roots []*hierarchy.Method, opts pointsto.Options, least int) {
		t.Helper()
		filters, objects, err := pointsto.CheckFilters(p, roots, opts)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if filters < least || objects < least {
			t.Fatalf("%s: only %d filters and %d objects", name, filters, objects)
		}
		t.Logf("%s: %d filters × %d objects", name, filters, objects)
	}
	for _, perClass := range []bool{false, true} {
		opts := pointsto.Options{PerClass: perClass}
		p, err := link.Load(link.Options{Client: []string{dir}, Libraries: []string{jdk17}, Release: 17})
		if err != nil {
			t.Fatal(err)
		}
		check("whole "+opts.Name(), p, p.MainMethods(), opts, 1000)
		p.Close()
		p, err = link.Load(link.Options{Client: []string{dir}, Libraries: []string{jdk17}, Release: 17,
			Fragment: &link.Placeholders{ClosedWorld: true}})
		if err != nil {
			t.Fatal(err)
		}
		check("fragment "+opts.Name(), p, []*hierarchy.Method{p.FragmentMain}, opts, 1000)
		p.Close()
	}
	sum, warm, client := miniRuntime(t)
	for _, lag := range []bool{false, true} {
		w, err := pointsto.ReadWarm(warm, false)
		if err != nil || w == nil {
			t.Fatalf("reading the warm start: %v", err)
		}
		if lag {
			for i := 0; i < len(w.Filters); i += 3 {
				w.Filters[i+1], w.Filters[i+2] = 0, 0 // covers no object
			}
		}
		p, err := link.Load(link.Options{Client: []string{client}, Summaries: []string{sum}, Release: 17})
		if err != nil {
			t.Fatal(err)
		}
		name := "warm"
		if lag {
			name = "warm, filters behind"
		}
		check(name, p, p.MainMethods(), pointsto.Options{Warm: w}, 3)
		p.Close()
	}
}
