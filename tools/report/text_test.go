package report

import (
	"fmt"
	"strings"
	"testing"
)

// TestWriteText checks the text report's layout: the totals, the count of
// unmodelled sites, then the polymorphic sites under their own heading (a
// list right after the unmodelled count read as the unmodelled sites),
// at most maxTextSites of them, and the count of the rest.
func TestWriteText(t *testing.T) {
	var sites []*Site
	for i := range maxTextSites + 3 {
		sites = append(sites, &Site{Site: int32(i), Line: 7, Kind: "interface", Ref: "p/I.run()V",
			RC: []string{"p/A", "p/B"}, TM: []string{"p/A.run()V", "p/B.run()V"}})
	}
	sites = append(sites, &Site{Site: 99, Kind: "static", Ref: "p/S.f()V", TM: []string{"p/S.f()V"}})
	r := &Result{Mode: "client+summaries", Roots: []string{"p/Main.main([Ljava/lang/String;)V"},
		Analyses: []*Analysis{{Analysis: "andersen", Totals: Totals{ReachableMethods: 3, PolymorphicSites: len(sites) - 1},
			Methods:    []*Method{{Method: "p/Main.main([Ljava/lang/String;)V", Sites: sites}},
			Unmodelled: []string{"p/N.f()Ljava/lang/Object;: native method returning a reference"}}}}
	var b strings.Builder
	if err := WriteText(&b, r); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(b.String(), "\n")
	at := func(prefix string) int {
		for i, l := range lines {
			if strings.HasPrefix(l, prefix) {
				return i
			}
		}
		t.Fatalf("no line %q in\n%s", prefix, b.String())
		return -1
	}
	unmodelled := at("unmodelled natives and reflective sites (whole program): 1")
	heading := at("polymorphic sites in scope")
	first := at("  p/Main.main([Ljava/lang/String;)V @0 (line 7) p/I.run()V: RC 2 {p/A, p/B} TM 2 {p/A.run()V, p/B.run()V}")
	more := at(fmt.Sprintf("  … %d more polymorphic sites", 3))
	if !(unmodelled < heading && heading+1 == first && first+maxTextSites == more) {
		t.Errorf("unmodelled at %d, heading %d, first site %d, rest %d:\n%s", unmodelled, heading, first, more, b.String())
	}
	if strings.Contains(b.String(), "p/S.f()V") {
		t.Errorf("a static site is listed:\n%s", b.String())
	}
}
