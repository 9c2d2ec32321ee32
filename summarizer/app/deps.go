package app

import (
	"github.com/rules-fragment/rules_fragment/tools/frontend"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
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
// definitions win, as in hierarchy.Builder) unless the runtime hides it;
// among the dependencies, the first to define a name in the order of
// precedence wins.
func depClasses(deps []*summary.Unit, order []int, files []*frontend.Class, rt *hierarchy.Runtime) (keep [][]bool, omitted func(string) bool) {
	type at struct{ dep, index int }
	own := make(map[string]bool, len(files))
	for _, fc := range files {
		own[fc.File.Name] = true
	}
	idx := map[string]at{}
	keep = make([][]bool, len(deps))
	for _, d := range order {
		u := deps[d]
		keep[d] = make([]bool, len(u.Classes))
		for i, c := range u.Classes {
			if _, dup := idx[c.Name]; !dup && !own[c.Name] && !hiddenIn(u, rt, c.Name) {
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

// precedence returns the order in which the dependencies' classes win: the
// runtime's first (if a dependency is rt), then as given.
func precedence(deps []*summary.Unit, rt *hierarchy.Runtime) []int {
	order := make([]int, 0, len(deps))
	for i, u := range deps {
		if rt != nil && u.Runtime() == rt {
			order = append([]int{i}, order...)
		} else {
			order = append(order, i)
		}
	}
	return order
}

// hiddenIn reports whether rt hides the class name of dependency u, which
// it does unless u is the runtime.
func hiddenIn(u *summary.Unit, rt *hierarchy.Runtime, name string) bool {
	return rt != nil && u.Runtime() != rt && rt.Hides(name)
}

// runtimeAmong returns the first dependency's that is a runtime, or nil.
func runtimeAmong(deps []*summary.Unit) *hierarchy.Runtime {
	for _, u := range deps {
		if rt := u.Runtime(); rt != nil {
			return rt
		}
	}
	return nil
}
