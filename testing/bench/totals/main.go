// Command totals prints the totals of the first analysis in a linker JSON
// result on one line, for benchmark scripts: reachable methods, client
// methods, polymorphic sites, mean |RC|, mean |TM|.
package main

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/rules-fragment/rules_fragment/tools/report"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: totals RESULT.json")
		os.Exit(2)
	}
	b, err := os.ReadFile(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, "totals:", err)
		os.Exit(1)
	}
	var r report.Result
	if err := json.Unmarshal(b, &r); err != nil || len(r.Analyses) == 0 {
		fmt.Fprintln(os.Stderr, "totals: not a linker result:", os.Args[1], err)
		os.Exit(1)
	}
	t := r.Analyses[0].Totals
	fmt.Println(t.ReachableMethods, t.ScopeMethods, t.PolymorphicSites, t.MeanRC, t.MeanTM)
}
