package oracle

import (
	"bytes"
	"encoding/json"
	"os"
	"slices"
	"testing"

	linker "github.com/rules-fragment/rules_fragment/linker/app"
	"github.com/rules-fragment/rules_fragment/tools/report"
)

// TestPointsToOracle: the points-to class analyses (AND_f, 0-CFA_f) give
// the same client-visible results with the JDK summary as with the JDK's
// class files, and are at least as precise as RTA: every reached client
// method and every target of a client call site is also RTA's (but the
// handlers' invoke at calls on dynamic proxies, which RTA does not see).
func TestPointsToOracle(t *testing.T) {
	jdk := jdkSummary(t)
	const jlex = "/usr/share/java/JLex.jar"
	if _, err := os.Stat(jlex); err != nil {
		t.Skipf("SKIP: %s not installed (Debian jlex)", jlex)
	}
	run := func(c *linker.Config) *report.Result {
		c.Analyses, c.Scope, c.Release = []string{"rta", "0cfa", "andersen"}, "client", 17
		r, err := linker.Analyze(c)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	whole := run(&linker.Config{Client: []string{jlex}, Libraries: []string{jdk17}})
	sums := run(&linker.Config{Client: []string{jlex}, Summaries: []string{jdk}})
	warm := run(&linker.Config{Client: []string{jlex}, Summaries: []string{jdk}, Warm: jdkWarm})
	for i, a := range whole.Analyses {
		ja, _ := json.Marshal(a)
		for what, r := range map[string]*report.Result{"client + summaries": sums, "client + summaries, warm start": warm} {
			jb, _ := json.Marshal(r.Analyses[i])
			if !bytes.Equal(ja, jb) {
				t.Errorf("jlex %s: %s differs from whole program:\n%s", a.Analysis, what, firstDifference(a, r.Analyses[i]))
			}
		}
	}
	// The points-to analyses also run the JVM's start-up code
	// (pointsto.StartupRoots); RTA is compared from the same roots.
	rtaRun := &linker.Config{Client: []string{jlex}, Summaries: []string{jdk}, Analyses: []string{"rta"}, Scope: "client", Release: 17,
		Entries: []string{"JLex/Main.main", "JLex/SparseBitSet.main", "java/lang/System.initPhase1()V", "java/lang/System.initPhase3()V"}}
	rr, err := linker.Analyze(rtaRun)
	if err != nil {
		t.Fatal(err)
	}
	rtaRes := rr.Analyses[0]
	for _, a := range whole.Analyses[1:] {
		if problems := subsetOf(a, rtaRes); len(problems) > 0 {
			t.Errorf("jlex %s is not within RTA: %q", a.Analysis, problems[:min(5, len(problems))])
		}
		tt := a.Totals
		t.Logf("COUNT points-to jlex %s: equal with summaries; %d reachable methods (%d client; RTA %d), %d polymorphic client sites (RTA %d), mean |RC| %.2f, |TM| %.2f",
			a.Analysis, tt.ReachableMethods, tt.ScopeMethods, rtaRes.Totals.ReachableMethods, tt.PolymorphicSites, rtaRes.Totals.PolymorphicSites, tt.MeanRC, tt.MeanTM)
		if tt.ScopeMethods == 0 {
			t.Errorf("jlex %s: no client method reached", a.Analysis)
		}
	}
}

// subsetOf lists the methods and call targets of a that b lacks.
func subsetOf(a, b *report.Analysis) []string {
	bm := map[string]*report.Method{}
	for _, m := range b.Methods {
		bm[m.Method] = m
	}
	var out []string
	for _, m := range a.Methods {
		o := bm[m.Method]
		if o == nil {
			out = append(out, "method "+m.Method)
			continue
		}
		sites := map[int32]map[string]bool{}
		for _, s := range o.Sites {
			set := map[string]bool{}
			for _, x := range s.TM {
				set[x] = true
			}
			sites[s.Site] = set
		}
		for _, s := range m.Sites {
			for _, x := range s.TM {
				// RTA has no proxy objects: it reaches the handlers' invoke
				// where proxies are made, not at the calls on them
				// (pointsto/proxy.go, reach/proxy.go).
				proxied := isInvoke(x) && slices.Contains(s.RC, "java/lang/reflect/Proxy")
				if !sites[s.Site][x] && !proxied {
					out = append(out, m.Method+" calls "+x)
				}
			}
		}
	}
	return out
}
