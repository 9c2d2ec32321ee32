package report

import (
	"golang.org/x/tools/container/intsets"

	"github.com/rules-fragment/rules_fragment/tools/analysis/modref"
	"github.com/rules-fragment/rules_fragment/tools/analysis/pointsto"
	"github.com/rules-fragment/rules_fragment/tools/link"
)

// ModRef is the MOD/USE part of a points-to analysis (linker -modref):
// the set table (Names are location names, modref.Result.Name) that the
// mod and use of methods and sites index.
type ModRef struct {
	Totals ModRefTotals `json:"totals"`
	SetTable
}

// ModRefTotals are counts over the MOD/USE sets.
type ModRefTotals struct {
	Locations   int     `json:"locations"` // whole program: locations reached code accesses
	Named       int     `json:"named"`     // locations in the sets of the scope (len(names))
	Sets        int     `json:"sets"`      // distinct sets
	MeanMod     float64 `json:"mean_mod"`  // over the methods in scope
	MeanUse     float64 `json:"mean_use"`
	MaxMod      int     `json:"max_mod"`
	MaxUse      int     `json:"max_use"`
	SiteMeanMod float64 `json:"site_mean_mod"` // over the call sites in scope
	SiteMeanUse float64 `json:"site_mean_use"`
}

// PointsTo is the points-to part of a points-to analysis (linker
// -points-to): the set table (Names are object names,
// pointsto.Object.String) that the points_to of methods index.
type PointsTo struct {
	Totals PointsToTotals `json:"totals"`
	SetTable
}

// PointsToTotals are counts over the points-to sets of variables.
type PointsToTotals struct {
	Objects   int     `json:"objects"`   // whole program
	Variables int     `json:"variables"` // of the methods in scope
	Named     int     `json:"named"`     // objects in their sets (len(names))
	Sets      int     `json:"sets"`      // distinct sets
	MeanSize  float64 `json:"mean_size"` // over the variables in scope
	MaxSize   int     `json:"max_size"`
}

// AddModRef adds the MOD/USE sets of r to the methods and sites of a
// (built by Build from r's points-to call graph).
func AddModRef(a *Analysis, r *modref.Result) {
	b := newSetBuilder(r.Name)
	mr := &ModRef{}
	t := &mr.Totals
	t.Locations = r.NumLocations()
	type ref struct {
		to  **int
		set int
	}
	var refs []ref
	add := func(to **int, s *intsets.Sparse) int {
		refs = append(refs, ref{to, b.add(s)})
		if s == nil {
			return 0
		}
		return s.Len()
	}
	var mods, uses, sites, smods, suses int
	for _, m := range a.Methods {
		mod, use := r.Method(m.m)
		nm, nu := add(&m.Mod, mod), add(&m.Use, use)
		mods, uses = mods+nm, uses+nu
		t.MaxMod, t.MaxUse = max(t.MaxMod, nm), max(t.MaxUse, nu)
		for _, s := range m.Sites {
			mod, use := r.Site(s.s)
			smods, suses = smods+add(&s.Mod, mod), suses+add(&s.Use, use)
			sites++
		}
	}
	table := b.finish()
	for _, x := range refs {
		k := x.set
		*x.to = &k
	}
	mr.SetTable = *table
	t.Named, t.Sets = len(table.Names), len(table.Sets)
	if n := len(a.Methods); n > 0 {
		t.MeanMod, t.MeanUse = round3(float64(mods)/float64(n)), round3(float64(uses)/float64(n))
	}
	if sites > 0 {
		t.SiteMeanMod, t.SiteMeanUse = round3(float64(smods)/float64(sites)), round3(float64(suses)/float64(sites))
	}
	a.ModRef = mr
}

// AddPointsTo adds the points-to sets of the variables of a's methods
// (the body variables of summary.Body, numbered as the linker builds them
// from class files) from r, the result a was built from.
func AddPointsTo(a *Analysis, p *link.Program, r *pointsto.Result) error {
	names := make([]string, r.NumObjects())
	b := newSetBuilder(func(o int) string {
		if names[o] == "" {
			names[o] = r.Object(o).String()
		}
		return names[o]
	})
	pt := &PointsTo{}
	t := &pt.Totals
	t.Objects = r.NumObjects()
	var total int
	for _, m := range a.Methods {
		body, err := p.Body(m.m)
		if err != nil {
			return err
		}
		if body == nil || !r.Reached(m.m) {
			continue
		}
		m.PointsTo = make([]int, body.NumVars)
		for v := range body.NumVars {
			var s intsets.Sparse
			for _, o := range r.VarPointsTo(m.m, v) {
				s.Insert(o)
			}
			m.PointsTo[v] = b.add(&s)
			n := s.Len()
			total += n
			t.MaxSize = max(t.MaxSize, n)
			t.Variables++
		}
	}
	table := b.finish()
	pt.SetTable = *table
	t.Named, t.Sets = len(table.Names), len(table.Sets)
	if t.Variables > 0 {
		t.MeanSize = round3(float64(total) / float64(t.Variables))
	}
	a.PointsTo = pt
	return nil
}
