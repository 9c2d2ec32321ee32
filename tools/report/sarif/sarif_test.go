package sarif

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	s "github.com/owenrumney/go-sarif/v3/pkg/report/v210/sarif"

	"github.com/rules-fragment/rules_fragment/tools/check"
	"github.com/rules-fragment/rules_fragment/tools/report"
)

// result is a linker result with a failed forbid check (two sites, one
// without a line), a failed bound on a total, and a passed check.
func result(t *testing.T) *report.Result {
	t.Helper()
	r := &report.Result{Producer: "rules_fragment linker 0.1", Analyses: []*report.Analysis{{
		Analysis: "rta",
		Totals:   report.Totals{PolymorphicSites: 3},
		Methods: []*report.Method{
			{Method: "app/ui/View$1.run()V", Sites: []*report.Site{{Site: 4, Line: 17, Ref: "app/db/Store.get()V", TM: []string{"app/db/Store.get()V"}}}},
			{Method: "app/ui/Util.draw()V", Sites: []*report.Site{{Site: 9, Ref: "app/db/Store.put()V", TM: []string{"app/db/Store.put()V"}}}},
		},
	}}, Sources: map[string]string{"app/ui/View$1": "", "app/ui/Util": "Util.kt"}}
	var checks []check.Check
	for _, s := range []string{"forbid=app.ui->app.db", "max_polymorphic=2", "max_unresolved=0"} {
		c, err := check.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		checks = append(checks, c)
	}
	r.Checks = check.Evaluate(r, checks)
	return r
}

func write(t *testing.T, r *report.Result) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := Write(&buf, r, Options{Sources: []string{"app/src/app/ui/View.java", "other/app/ui/Util.kt", "more/app/ui/Util.kt", "x/pp/ui/View.java"}}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// valid checks b against the SARIF 2.1.0 schema (go-sarif holds it).
// Its documents keep every property a log may have, so the check of the
// document read back is the check of b.
func valid(b []byte) error {
	log, err := s.FromBytes(b, s.WithStrictValidation())
	if err != nil {
		return err
	}
	var back bytes.Buffer
	if err := encode(&back, log); err != nil {
		return err
	}
	if !bytes.Equal(back.Bytes(), b) {
		return fmt.Errorf("the log read back differs:\n%s", back.Bytes())
	}
	return log.Validate()
}

// TestLogValid: the log is valid SARIF 2.1.0, with a rule per kind of
// check, a located result per forbidden call site and one result for the
// failed total; the validator rejects a log with a level SARIF lacks.
func TestLogValid(t *testing.T) {
	b := write(t, result(t))
	if err := valid(b); err != nil {
		t.Fatalf("invalid SARIF: %v\n%s", err, b)
	}
	broken := bytes.Replace(b, []byte(`"level": "error"`), []byte(`"level": "fatal"`), 1)
	if err := valid(broken); err == nil || !strings.Contains(err.Error(), "level") {
		t.Errorf("level fatal: got %v, want the schema's complaint", err)
	}
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Name, Version string
					Rules         []struct{ ID, Name string }
				}
			}
			Results []struct {
				RuleID    string `json:"ruleId"`
				RuleIndex int    `json:"ruleIndex"`
				Level     string
				Message   struct{ Text string }
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct {
							URI       string `json:"uri"`
							URIBaseID string `json:"uriBaseId"`
						}
						Region *struct{ StartLine int }
					}
					LogicalLocations []struct{ FullyQualifiedName, DecoratedName string }
				}
				PartialFingerprints map[string]string
			}
		}
	}
	if err := json.Unmarshal(b, &log); err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	if d := run.Tool.Driver; d.Name != "rules_fragment" || d.Version != "0.1" || len(d.Rules) != 3 || d.Rules[0].ID != "forbid" || d.Rules[0].Name != "ForbiddenCall" {
		t.Errorf("driver %+v", d)
	}
	if len(run.Results) != 3 {
		t.Fatalf("%d results, want 2 forbidden sites and 1 total", len(run.Results))
	}
	first, second, total := run.Results[0], run.Results[1], run.Results[2]
	if first.RuleID != "forbid" || first.RuleIndex != 0 || first.Level != "error" || len(first.Locations) != 1 {
		t.Fatalf("first result %+v", first)
	}
	loc := first.Locations[0]
	if loc.PhysicalLocation.ArtifactLocation.URI != "app/src/app/ui/View.java" || loc.PhysicalLocation.ArtifactLocation.URIBaseID != CheckoutRoot ||
		loc.PhysicalLocation.Region == nil || loc.PhysicalLocation.Region.StartLine != 17 ||
		loc.LogicalLocations[0].FullyQualifiedName != "app.ui.View$1.run" || loc.LogicalLocations[0].DecoratedName != "app/ui/View$1.run()V" {
		t.Errorf("first location %+v", loc)
	}
	if first.Message.Text != "forbid=app/ui->app/db (rta): app/ui/View$1.run()V calls app/db/Store.get()V" {
		t.Errorf("first message %q", first.Message.Text)
	}
	loc = second.Locations[0]
	if loc.PhysicalLocation.ArtifactLocation.URI != "app/ui/Util.kt" || loc.PhysicalLocation.ArtifactLocation.URIBaseID != SourceRoot || loc.PhysicalLocation.Region != nil {
		t.Errorf("second location %+v (two sources match: the package path; no line: no region)", loc)
	}
	if fp := first.PartialFingerprints[fingerprintKey]; fp == "" || fp == second.PartialFingerprints[fingerprintKey] {
		t.Errorf("fingerprints %q, %q", fp, second.PartialFingerprints[fingerprintKey])
	}
	if total.RuleID != "max_polymorphic" || total.RuleIndex != 1 || len(total.Locations) != 0 || total.Message.Text != "max_polymorphic=2 (rta): polymorphic call sites: 3 > 2" {
		t.Errorf("total %+v", total)
	}
	if !bytes.Equal(b, write(t, result(t))) {
		t.Error("two logs of the same result differ")
	}
}

// TestNoChecks: without checks the log is valid and has no results.
func TestNoChecks(t *testing.T) {
	b := write(t, &report.Result{Producer: "rules_fragment linker 0.1"})
	if err := valid(b); err != nil {
		t.Fatalf("invalid SARIF: %v\n%s", err, b)
	}
	if !bytes.Contains(b, []byte(`"results": []`)) {
		t.Errorf("want an empty results array:\n%s", b)
	}
}

func TestSourcePath(t *testing.T) {
	for _, tc := range []struct{ class, source, want string }{
		{"a/b/C", "C.java", "a/b/C.java"},
		{"a/b/C$1$D", "", "a/b/C.java"},
		{"a/b/FooKt", "Foo.kt", "a/b/Foo.kt"},
		{"Top", "", "Top.java"},
		{"a/$Dollar", "", "a/$Dollar.java"},
		{"a/b/C", "../evil/C.java", "a/b/C.java"},
	} {
		if got := SourcePath(tc.class, tc.source); got != tc.want {
			t.Errorf("SourcePath(%q, %q) = %q, want %q", tc.class, tc.source, got, tc.want)
		}
	}
}
