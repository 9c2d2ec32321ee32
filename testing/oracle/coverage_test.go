package oracle

import (
	"strings"
	"testing"

	linker "github.com/rules-fragment/rules_fragment/linker/app"
	"github.com/rules-fragment/rules_fragment/tools/coverage"
)

// TestCoverageOfRuns measures how much of the polymorphism coverage
// requirements real runs meet (package coverage): JLex and CUP on their
// inputs of testing/corpus/tracer, traced with receivers, against RTA's and
// AND_f's requirements. The runs meet some requirements and nothing outside
// them (both analyses are sound on these runs), and AND_f requires and
// meets no more than RTA: its polymorphic sites, RC and TM are subsets of
// RTA's. (The share met may still be lower: JLex's 7 polymorphic AND_f
// sites require 886 receiver classes, of which the run met 4.)
func TestCoverageOfRuns(t *testing.T) {
	agent := buildAgent(t)
	jdk := jdkSummary(t)
	for _, r := range tracedRuns {
		if r.name != "jlex" && r.name != "cup" {
			continue
		}
		t.Run(r.name, func(t *testing.T) {
			p := programNamed(t, r.name)
			edges, recv, _ := traceRun(t, agent, p, r)
			var e, v strings.Builder
			for _, l := range edges {
				e.WriteString(l + "\n")
			}
			for line, classes := range recv {
				for _, c := range classes {
					v.WriteString(line + " on " + c + "\n")
				}
			}
			trace, err := coverage.ReadTrace(strings.NewReader(e.String()), "edges", strings.NewReader(v.String()), "receivers")
			if err != nil {
				t.Fatal(err)
			}
			res, err := linker.Analyze(&linker.Config{Client: []string{p.client}, Summaries: librarySummaries(t, p, jdk),
				Entries: entries(p.name), Analyses: []string{"rta", "andersen"}, Scope: "client", Release: 17})
			if err != nil {
				t.Fatal(err)
			}
			var got [2]*coverage.Result
			for i, a := range res.Analyses {
				c := coverage.Measure(a, trace)
				got[i] = c
				t.Logf("COUNT coverage %s %s: %d polymorphic sites, %d reached; RC %d of %d (%.1f%%), TM %d of %d (%.1f%%)",
					r.name, c.Analysis, len(c.Sites), c.Reached, c.RCCovered, c.RCRequired, 100*c.RCRatio(), c.TMCovered, c.TMRequired, 100*c.TMRatio())
				if c.RCCovered == 0 || c.TMCovered == 0 || c.Reached == 0 {
					t.Errorf("%s: the run met no requirement", c.Analysis)
				}
				for _, s := range c.Sites {
					if len(s.Unexpected) > 0 {
						t.Errorf("%s: %s @%d: observed outside the requirements: %q", c.Analysis, s.Method, s.Site, s.Unexpected)
					}
				}
			}
			rta, and := got[0], got[1]
			if and.RCRequired > rta.RCRequired || and.TMRequired > rta.TMRequired || and.RCCovered > rta.RCCovered || and.TMCovered > rta.TMCovered {
				t.Errorf("AND_f requires RC %d, TM %d (met %d, %d); RTA RC %d, TM %d (met %d, %d)",
					and.RCRequired, and.TMRequired, and.RCCovered, and.TMCovered, rta.RCRequired, rta.TMRequired, rta.RCCovered, rta.TMCovered)
			}
		})
	}
}
