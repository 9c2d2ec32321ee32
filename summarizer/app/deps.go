package app

import (
	"github.com/rules-fragment/rules_fragment/tools/frontend"
	"github.com/rules-fragment/rules_fragment/tools/link"
	"github.com/rules-fragment/rules_fragment/tools/summary"
)

// depClasses chooses, per dependency summary, the classes the target's
// hierarchy needs: the classes its class files name (every UTF-8
// constant, and the classes in those that are descriptors), those the IR
// names by itself (link.NamedClasses, link.ImplicitClasses), and their supertypes and nest
// hosts, transitively. Building and typing the target's IR asks about
// these classes and their supertypes only, so the summary is the same as
// with every class of the dependencies; a lookup of a class left out is
// recorded (omitted, hierarchy.Builder.SetOmitted) and makes Summarize
// start again with all of them, as does a failure of the target (whose
// error is then the one with every class). Every library's summarizer action reads
// the JDK's summary: adding its 33 k classes took ~0.15 s of each.
//
// A name the target's class files define is the target's (earlier
// definitions win, as in hierarchy.Builder); among the dependencies, the
// first to define a name wins.
func depClasses(deps []*summary.Unit, files []*frontend.Class) (keep [][]bool, omitted func(string) bool) {
	type at struct{ dep, index int }
	own := make(map[string]bool, len(files))
	for _, fc := range files {
		own[fc.File.Name] = true
	}
	idx := map[string]at{}
	keep = make([][]bool, len(deps))
	for d, u := range deps {
		keep[d] = make([]bool, len(u.Classes))
		for i, c := range u.Classes {
			if _, dup := idx[c.Name]; !dup && !own[c.Name] {
				idx[c.Name] = at{d, i}
			}
		}
	}
	var work []at
	visit := func(name string) {
		a, ok := idx[name]
		if !ok || keep[a.dep][a.index] {
			return
		}
		keep[a.dep][a.index] = true
		work = append(work, a)
	}
	for _, n := range link.ImplicitClasses {
		visit(n)
	}
	link.NamedClasses(files, visit)
	for len(work) > 0 {
		a := work[len(work)-1]
		work = work[:len(work)-1]
		c := deps[a.dep].Classes[a.index]
		visit(c.Super)
		visit(c.NestHost)
		for _, n := range c.Interfaces {
			visit(n)
		}
	}
	return keep, func(name string) bool {
		a, ok := idx[name]
		return ok && !keep[a.dep][a.index]
	}
}
