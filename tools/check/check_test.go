package check

import (
	"strings"
	"testing"

	"github.com/rules-fragment/rules_fragment/tools/report"
)

func TestParse(t *testing.T) {
	for _, bad := range []string{"", "max_unresolved", "nosuch=1", "max_rc=-1", "max_rc=x", "forbid=a", "forbid=->b", "forbid=a->"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q): no error", bad)
		}
	}
	c, err := Parse("forbid=com.example.ui -> com.example.db")
	if err != nil || c.From != "com/example/ui" || c.To != "com/example/db" {
		t.Errorf("got %+v, %v", c, err)
	}
	if c, err := Parse("max_mean_rc=2.5"); err != nil || c.Limit != 2.5 || c.String() != "max_mean_rc=2.5" {
		t.Errorf("got %+v, %v", c, err)
	}
}

func TestMatches(t *testing.T) {
	for _, tc := range []struct {
		key, prefix string
		want        bool
	}{
		{"a/b/C.m()V", "a/b", true},
		{"a/b/C.m()V", "a/b/C", true},
		{"a/b/C$Inner.m()V", "a/b/C", true},
		{"a/bc/C.m()V", "a/b", false},
		{"a/b/Cx.m()V", "a/b/C", false},
		{"a/b/C", "a/b", true},
	} {
		if got := matches(tc.key, tc.prefix); got != tc.want {
			t.Errorf("matches(%q, %q) = %v", tc.key, tc.prefix, got)
		}
	}
}

func TestEvaluate(t *testing.T) {
	r := &report.Result{Analyses: []*report.Analysis{{
		Analysis: "rta",
		Totals:   report.Totals{UnresolvedSites: 1, PolymorphicSites: 1, MeanRC: 3},
		Methods: []*report.Method{{Method: "app/ui/View.draw()V", Sites: []*report.Site{
			{Site: 4, Ref: "app/db/Store.get()V", TM: []string{"app/db/Store.get()V"}},
			{Site: 9, Ref: "x/Y.z()V", Error: "NoSuchMethodError", TM: []string{}},
			{Site: 12, Ref: "java/lang/Object.toString()Ljava/lang/String;", RC: []string{"a/A", "b/B", "c/C"}, TM: []string{"a/A.toString()Ljava/lang/String;"}},
		}}},
	}}}
	var checks []Check
	for _, s := range []string{"max_unresolved=0", "max_unresolved=1", "forbid=app.ui->app.db", "forbid=app.db->app.ui", "max_rc=2", "max_mean_rc=3"} {
		c, err := Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		checks = append(checks, c)
	}
	got := Evaluate(r, checks)
	want := []bool{false, true, false, true, false, true}
	for i, g := range got {
		if g.OK != want[i] {
			t.Errorf("%s: ok = %v, want %v (%v)", g.Check, g.OK, want[i], g.Detail)
		}
	}
	if !strings.Contains(strings.Join(got[2].Detail, "\n"), "app/ui/View.draw()V @4") || !strings.Contains(strings.Join(got[0].Detail, "\n"), "x/Y.z()V") {
		t.Errorf("details: %q / %q", got[2].Detail, got[0].Detail)
	}
	if Passed(got) || !Passed(got[1:2]) {
		t.Error("Passed")
	}
}
