package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/rules-fragment/rules_fragment/tools/report"
)

const queryUsage = `usage: fragment query -result R.json [-analysis A] QUERY
  callees METHOD      the call sites of METHOD, with their receiver classes and targets
  callers METHOD      the call sites in scope whose targets include METHOD
  polymorphic         the polymorphic call sites, most receiver classes first (-top N before it: at most N)
  methods [PATTERN]   the reachable methods in scope (containing PATTERN)
  mod METHOD, use METHOD  the locations METHOD may write, read (linker -modref)
  pointsto METHOD     the objects each variable of METHOD may point to (linker -points-to)
  unmodelled          what the points-to analyses reached and do not model (natives, reflection)
METHOD is pkg/C.m(desc), pkg/C.m (every descriptor) or pkg/C (every
method); dots work for slashes (pkg.C.m).`

// runQuery answers questions about a linker result (linker -json): the
// call graph and coverage requirements of the methods in its scope.
func runQuery(args []string, w io.Writer) error {
	fs := flag.NewFlagSet("query", flag.ContinueOnError)
	resultPath := fs.String("result", "", "the linker's JSON result (linker -json)")
	analysis := fs.String("analysis", "", "only this analysis of the result (cha, rta, 0cfa, andersen)")
	top := fs.Int("top", 20, "polymorphic: at most this many sites per analysis (0: all)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *resultPath == "" || fs.NArg() == 0 {
		return errors.New(queryUsage)
	}
	res, err := readResult(*resultPath)
	if err != nil {
		return err
	}
	var analyses []*report.Analysis
	for _, a := range res.Analyses {
		if *analysis == "" || a.Analysis == *analysis {
			analyses = append(analyses, a)
		}
	}
	if len(analyses) == 0 {
		return fmt.Errorf("%s has no analysis %q", *resultPath, *analysis)
	}
	query, rest := fs.Arg(0), fs.Args()[1:]
	switch {
	case (query == "callees" || query == "callers") && len(rest) == 1:
		m := newMethodMatcher(rest[0])
		found := false
		for _, a := range analyses {
			if query == "callees" {
				found = printCallees(w, a, m) || found
			} else {
				found = printCallers(w, a, m) || found
			}
		}
		if !found {
			return fmt.Errorf("%s: no method in scope matches %s (see fragment query methods)", *resultPath, rest[0])
		}
		return nil
	case (query == "mod" || query == "use" || query == "pointsto") && len(rest) == 1:
		return printSets(w, *resultPath, analyses, query, newMethodMatcher(rest[0]))
	case query == "unmodelled" && len(rest) == 0:
		for _, a := range analyses {
			for _, u := range a.Unmodelled {
				fmt.Fprintf(w, "%s: %s\n", a.Analysis, u)
			}
		}
		return nil
	case query == "polymorphic" && len(rest) == 0:
		for _, a := range analyses {
			printPolymorphic(w, a, *top)
		}
		return nil
	case query == "methods" && len(rest) <= 1:
		pattern := ""
		if len(rest) == 1 {
			pattern = strings.ReplaceAll(rest[0], ".", "/")
		}
		for _, a := range analyses {
			for _, m := range a.Methods {
				if strings.Contains(strings.ReplaceAll(m.Method, ".", "/"), pattern) {
					fmt.Fprintf(w, "%s: %s (%d call sites)\n", a.Analysis, m.Method, len(m.Sites))
				}
			}
		}
		return nil
	}
	return errors.New(queryUsage)
}

// methodMatcher matches the names of a query against pkg/C.m(desc).
type methodMatcher []string

func newMethodMatcher(q string) methodMatcher {
	if strings.Contains(q, "/") || strings.Contains(q, "(") {
		return methodMatcher{q}
	}
	// pkg.C.m: a class pkg/C/m or a method pkg/C.m.
	slashed := strings.ReplaceAll(q, ".", "/")
	ms := methodMatcher{slashed}
	if i := strings.LastIndex(slashed, "/"); i >= 0 {
		ms = append(ms, slashed[:i]+"."+slashed[i+1:])
	}
	return ms
}

func (ms methodMatcher) match(method string) bool {
	for _, q := range ms {
		if method == q || strings.HasPrefix(method, q+"(") || strings.HasPrefix(method, q+".") {
			return true
		}
	}
	return false
}

func printCallees(w io.Writer, a *report.Analysis, m methodMatcher) bool {
	found := false
	for _, meth := range a.Methods {
		if !m.match(meth.Method) {
			continue
		}
		found = true
		fmt.Fprintf(w, "%s: %s\n", a.Analysis, meth.Method)
		for _, s := range meth.Sites {
			fmt.Fprintf(w, "  %s\n", siteLine(s))
			if len(s.RC) > 0 {
				fmt.Fprintf(w, "    rc: %s\n", strings.Join(s.RC, " "))
			}
			fmt.Fprintf(w, "    tm: %s\n", strings.Join(s.TM, " "))
		}
	}
	return found
}

func printCallers(w io.Writer, a *report.Analysis, m methodMatcher) bool {
	found := false
	for _, meth := range a.Methods {
		found = found || m.match(meth.Method)
		for _, s := range meth.Sites {
			for _, t := range s.TM {
				if m.match(t) {
					found = true
					fmt.Fprintf(w, "%s: %s %s -> %s\n", a.Analysis, meth.Method, siteLine(s), t)
				}
			}
		}
	}
	return found
}

func printPolymorphic(w io.Writer, a *report.Analysis, top int) {
	type poly struct {
		method string
		site   *report.Site
	}
	var sites []poly
	for _, m := range a.Methods {
		for _, s := range m.Sites {
			if len(s.RC) > 1 {
				sites = append(sites, poly{m.Method, s})
			}
		}
	}
	// Stable: the result's order (method, then site) among equals.
	sort.SliceStable(sites, func(i, j int) bool { return len(sites[i].site.RC) > len(sites[j].site.RC) })
	fmt.Fprintf(w, "%s: %d polymorphic sites in scope\n", a.Analysis, len(sites))
	for i, p := range sites {
		if top > 0 && i == top {
			fmt.Fprintf(w, "  ... %d more (-top 0 lists all)\n", len(sites)-top)
			break
		}
		fmt.Fprintf(w, "  |RC|=%d |TM|=%d %s %s\n", len(p.site.RC), len(p.site.TM), p.method, siteLine(p.site))
	}
}

func siteLine(s *report.Site) string {
	l := fmt.Sprintf("@%d", s.Site)
	if s.Line > 0 {
		l += fmt.Sprintf(" line %d", s.Line)
	}
	l += " " + s.Kind + " " + s.Ref
	if s.Error != "" {
		l += " (" + s.Error + ")"
	}
	return l
}

// printSets prints the MOD or USE set, or the variables' points-to sets, of
// the methods that m matches.
func printSets(w io.Writer, path string, analyses []*report.Analysis, query string, m methodMatcher) error {
	found, tables := false, false
	for _, a := range analyses {
		var table *report.SetTable
		switch {
		case query == "pointsto" && a.PointsTo != nil:
			table = &a.PointsTo.SetTable
		case query != "pointsto" && a.ModRef != nil:
			table = &a.ModRef.SetTable
		default:
			continue
		}
		tables = true
		for _, meth := range a.Methods {
			if !m.match(meth.Method) {
				continue
			}
			found = true
			var sets []*int
			switch query {
			case "mod":
				sets = []*int{meth.Mod}
			case "use":
				sets = []*int{meth.Use}
			default:
				for i := range meth.PointsTo {
					sets = append(sets, &meth.PointsTo[i])
				}
			}
			fmt.Fprintf(w, "%s: %s\n", a.Analysis, meth.Method)
			for v, k := range sets {
				if k == nil {
					continue
				}
				names, err := table.DecodeNames(*k)
				if err != nil {
					return fmt.Errorf("%s: %s of %s: %v", path, query, meth.Method, err)
				}
				if query == "pointsto" {
					fmt.Fprintf(w, "  var %d: %d objects\n", v, len(names))
				} else {
					fmt.Fprintf(w, "  %s: %d locations\n", query, len(names))
				}
				for _, n := range names {
					fmt.Fprintf(w, "    %s\n", n)
				}
			}
		}
	}
	switch {
	case !tables && query == "pointsto":
		return fmt.Errorf("%s has no points-to sets (linker -points-to, with 0cfa or andersen)", path)
	case !tables:
		return fmt.Errorf("%s has no MOD/USE sets (linker -modref, with 0cfa or andersen)", path)
	case !found:
		return fmt.Errorf("%s: no method in scope matches %s (see fragment query methods)", path, strings.Join(m, " or "))
	}
	return nil
}
