// Package htmlreport writes a linker result as one self-contained HTML
// page for people who test polymorphic code: per analysis, every
// polymorphic call site of the code in scope with its coverage
// requirements, the receiver classes RC(c) and target methods TM(c) a test
// suite should exercise there (research/seed-002-004.md §1.1, seed 002's
// polymorphism testing), a precision table of the analyses side by side
// (in the style of seed 002's Table 4.3), the checks' verdicts, and what
// the points-to analyses leave unmodelled (lists of more than MaxListed
// names are cut short). It uses the standard library's
// html/template, which escapes every name ("<init>", "a->b").
//
// The page is byte-deterministic: it follows the result's order (methods
// by name, sites by id) and embeds no time or path of its own.
package htmlreport

import (
	_ "embed"
	"html/template"
	"io"

	"github.com/rules-fragment/rules_fragment/tools/report"
)

//go:embed report.html.tmpl
var page string

// MaxListed bounds the receiver classes and target methods listed per
// site: CHA's calls on Object have tens of thousands in the JDK, and the
// JSON result has them all.
const MaxListed = 100

var tmpl = template.Must(template.New("report").Funcs(template.FuncMap{
	"verdict": func(ok bool) string {
		if ok {
			return "PASS"
		}
		return "FAIL"
	},
	"first": func(xs []string) []string { return xs[:min(len(xs), MaxListed)] },
	"more":  func(xs []string) int { return max(len(xs)-MaxListed, 0) },
}).Parse(page))

// site is a polymorphic call site as the page shows it.
type site struct {
	Method string
	*report.Site
}

// analysis is one analysis' part of the page.
type analysis struct {
	*report.Analysis
	Polymorphic []site
}

// Write writes r as an HTML page.
func Write(w io.Writer, r *report.Result) error {
	data := struct {
		*report.Result
		Analyses []analysis
	}{Result: r}
	for _, a := range r.Analyses {
		x := analysis{Analysis: a}
		for _, m := range a.Methods {
			for _, s := range m.Sites {
				if s.Polymorphic() {
					x.Polymorphic = append(x.Polymorphic, site{m.Method, s})
				}
			}
		}
		data.Analyses = append(data.Analyses, x)
	}
	return tmpl.Execute(w, data)
}
