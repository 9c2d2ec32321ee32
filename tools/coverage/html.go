package coverage

import (
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"slices"
)

// MaxUnmet bounds the requirements not met that the page lists per site
// (the JSON lists them all).
const MaxUnmet = 100

//go:embed report.html.tmpl
var page string

// list is a site's requirements of one kind as the page shows them.
type list struct {
	All, Met, Unmet []string
	More            int
}

var tmpl = template.Must(template.New("coverage").Funcs(template.FuncMap{
	"percent": func(r float64) string { return fmt.Sprintf("%.1f%%", 100*r) },
	"pair": func(all, met []string) list {
		l := list{All: all, Met: met}
		for _, x := range all {
			if !slices.Contains(met, x) {
				l.Unmet = append(l.Unmet, x)
			}
		}
		if len(l.Unmet) > MaxUnmet {
			l.More, l.Unmet = len(l.Unmet)-MaxUnmet, l.Unmet[:MaxUnmet]
		}
		return l
	},
}).Parse(page))

// WriteHTML writes the coverage of each analysis as one HTML page: the
// shares met, and per polymorphic site the requirements met (first) and
// not met, and what the run did outside them. It is byte-deterministic.
func WriteHTML(w io.Writer, results []*Result) error { return tmpl.Execute(w, results) }
