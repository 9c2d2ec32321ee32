package oracle

import (
	"bytes"
	"testing"

	linker "github.com/rules-fragment/rules_fragment/linker/app"
	"github.com/rules-fragment/rules_fragment/tools/report"
)

// TestOnlyReferencedEqualsLinkAll: client + summaries links by default
// only the summary classes a program reaches by reference (~5,000 of the
// JDK's 33,000 for these programs). On the five programs, with and without
// the JDK's warm start, every analysis that may do so gives byte-identical
// JSON to linking everything (-link-all), also with -scope all (the JDK's
// methods too), MOD/USE and points-to sets; and none of them looked up a
// class left out (which would have made the linker link everything again).
func TestOnlyReferencedEqualsLinkAll(t *testing.T) {
	jdk := jdkSummary(t)
	for _, p := range programs {
		t.Run(p.name, func(t *testing.T) {
			sums := librarySummaries(t, p, jdk)
			configs := []*linker.Config{
				{Analyses: []string{"rta", "andersen"}, Scope: "all", Warm: jdkWarm},
				{Analyses: []string{"rta", "0cfa"}, Scope: "all"},
				{Analyses: []string{"andersen"}, Scope: "client", ModRef: true, PointsTo: true, Warm: jdkWarm},
			}
			if p.name == "jlex" {
				configs = append(configs, &linker.Config{Analyses: []string{"0cfa"}, Scope: "all", ModRef: true, PointsTo: true})
			}
			for _, c := range configs {
				c.Client, c.Summaries, c.Entries, c.Release = []string{p.client}, sums, entries(p.name), 17
				only, linked, err := linker.AnalyzeLinked(c)
				if err != nil {
					t.Fatal(err)
				}
				if !linked.OnlyReferenced || linked.Relinked != nil {
					t.Errorf("%v scope %s: linked %+v, want only the referenced classes", c.Analyses, c.Scope, linked)
				}
				all := *c
				all.LinkAll = true
				full, err := linker.Analyze(&all)
				if err != nil {
					t.Fatal(err)
				}
				if a, b := resultBytes(t, only), resultBytes(t, full); !bytes.Equal(a, b) {
					for i := range full.Analyses {
						t.Errorf("%v scope %s: %s differs from -link-all:\n%s", c.Analyses, c.Scope, full.Analyses[i].Analysis,
							firstDifference(full.Analyses[i], only.Analyses[i]))
					}
				}
			}
		})
	}
}

func resultBytes(t *testing.T, r *report.Result) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := report.WriteJSON(&buf, r); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}
