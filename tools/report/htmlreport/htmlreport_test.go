package htmlreport

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/rules-fragment/rules_fragment/tools/internal/htmlcheck"
	"github.com/rules-fragment/rules_fragment/tools/report"
)

func result() *report.Result {
	many := make([]string, MaxListed+7)
	for i := range many {
		many[i] = fmt.Sprintf("app/C%03d", i)
	}
	return &report.Result{Producer: "rules_fragment linker 0.1", Mode: "client+summaries",
		Inputs: report.Inputs{Client: []string{"app.jar"}, Summaries: []string{"jdk17"}},
		Roots:  []string{"app/Main.main([Ljava/lang/String;)V"},
		Analyses: []*report.Analysis{{
			Analysis: "rta",
			Totals:   report.Totals{ReachableMethods: 10, PolymorphicSites: 2, MeanRC: 2.5},
			Methods: []*report.Method{{Method: "app/Main.<init>()V", Sites: []*report.Site{
				{Site: 3, Line: 7, Kind: "virtual", Ref: "app/Shape.area()D", RC: []string{"app/Circle", "app/Square"}, TM: []string{"app/Circle.area()D", "app/Square.area()D"}},
				{Site: 9, Line: 8, Kind: "virtual", Ref: "app/Shape.name()Ljava/lang/String;", RC: []string{"app/Circle"}, TM: []string{"app/Circle.name()Ljava/lang/String;"}},
				{Site: 12, Line: 9, Kind: "interface", Ref: "java/util/List.size()I", RC: many, TM: many},
				{Site: 15, Line: 9, Kind: "concat", Ref: "java/lang/Object.toString()Ljava/lang/String;", RC: []string{"a/A", "b/B"}, TM: []string{"a/A.toString()Ljava/lang/String;"}},
			}}},
			Unmodelled: []string{"app/Native.get()Ljava/lang/Object;: native method returning a reference"},
		}},
		Checks: []report.CheckResult{{Check: "forbid=app->java/util", Analysis: "rta", Value: 1, Detail: []string{"app/Main.<init>()V @12 (line 9) calls java/util/List.size()I"}}},
	}
}

func write(t *testing.T) string {
	t.Helper()
	var buf bytes.Buffer
	if err := Write(&buf, result()); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// TestPage: the page lists the polymorphic virtual and interface sites
// (not the monomorphic one, not the concatenation), cuts long lists at
// MaxListed, shows the failed check, escapes names, and is the same bytes
// twice.
func TestPage(t *testing.T) {
	page := write(t)
	for _, want := range []string{
		`<h2 id="analysis-rta">rta: 2 polymorphic call sites</h2>`,
		`<code>app/Main.&lt;init&gt;()V</code>`,
		`<li><code>app/Square.area()D</code></li>`,
		fmt.Sprintf("<summary>%d</summary>", MaxListed+7),
		fmt.Sprintf("<li><code>app/C%03d</code></li>", MaxListed-1),
		"<li>… 7 more (result.json lists them)</li>",
		`<td class="FAIL">FAIL</td><td><code>forbid=app-&gt;java/util</code></td>`,
		`<td class="n">2.500</td>`,
		"1 unmodelled natives and reflective sites",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	for _, absent := range []string{"Shape.name()", fmt.Sprintf("app/C%03d</code>", MaxListed), "a/A.toString", "<init>"} {
		if strings.Contains(page, absent) {
			t.Errorf("the page has %q", absent)
		}
	}
	if page != write(t) {
		t.Error("two pages of the same result differ")
	}
}

// TestWellFormed: every element the page opens it closes, in order.
func TestWellFormed(t *testing.T) {
	if err := htmlcheck.Balanced(write(t)); err != nil {
		t.Error(err)
	}
}
