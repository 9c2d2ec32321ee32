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

// TestFindings: a failed per-site check lists every offending site as a
// finding (the SARIF log's results), its Detail only the first ten; a
// passing check lists none.
func TestFindings(t *testing.T) {
	m := &report.Method{Method: "app/ui/View.draw()V"}
	for i := range int32(12) {
		m.Sites = append(m.Sites, &report.Site{Site: 3 * i, Line: 40 + i, Ref: "app/db/Store.get()V",
			TM: []string{"app/db/Store.get()V", "app/db/Cache.get()V"}, RC: []string{"app/db/Cache", "app/db/Store"}})
	}
	other := &report.Method{Method: "app/core/Main.run()V", Sites: []*report.Site{{Site: 1, Ref: "app/db/Store.get()V", TM: []string{"app/db/Store.get()V"}}}}
	r := &report.Result{Analyses: []*report.Analysis{{Analysis: "rta", Methods: []*report.Method{other, m}}}}
	var checks []Check
	m.Sites = append(m.Sites, &report.Site{Site: 99, Line: 60, Kind: "dynamic", Ref: "app/Boot.bsm(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/invoke/MethodType;)Ljava/lang/invoke/CallSite;", TM: []string{}})
	for _, s := range []string{"forbid=app.ui->app.db", "max_rc=1", "max_rc=2", "max_unmodelled=0"} {
		c, err := Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		checks = append(checks, c)
	}
	got := Evaluate(r, checks)
	forbid, rc1, rc2 := got[0], got[1], got[2]
	if forbid.OK || len(forbid.Findings) != 12 || forbid.Value != 24 || len(forbid.Detail) != 11 {
		t.Fatalf("forbid: ok %v, %d findings, value %v, %d detail lines", forbid.OK, len(forbid.Findings), forbid.Value, len(forbid.Detail))
	}
	f := forbid.Findings[11]
	if f.Method != m.Method || f.Site != 33 || f.Line != 51 || f.Message != "calls app/db/Store.get()V (and 1 more targets there)" {
		t.Errorf("forbid finding %+v", f)
	}
	if forbid.Detail[10] != "… 2 more call sites" {
		t.Errorf("forbid detail %q", forbid.Detail[10])
	}
	if rc1.OK || len(rc1.Findings) != 12 || rc1.Findings[0].Message != "the call of app/db/Store.get()V has 2 receiver classes, more than 1" {
		t.Errorf("max_rc=1: %+v", rc1)
	}
	if !rc2.OK || rc2.Findings != nil || rc2.Detail != nil {
		t.Errorf("max_rc=2: %+v", rc2)
	}
	r.Analyses[0].Totals.UnmodelledDynamicSites = 1
	dyn := Evaluate(r, checks[3:])[0]
	if dyn.OK || len(dyn.Findings) != 1 || dyn.Findings[0].Site != 99 || !strings.HasPrefix(dyn.Findings[0].Message, "invokedynamic app/Boot.bsm(") {
		t.Errorf("max_unmodelled=0: %+v", dyn)
	}
}
