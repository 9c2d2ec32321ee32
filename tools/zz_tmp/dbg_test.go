package zz

import (
	"fmt"
	"os"
	"testing"

	"github.com/rules-fragment/rules_fragment/tools/summary"
)

func TestDbg(t *testing.T) {
	f, _ := os.Open("/tmp/cup.rfsum")
	u, _, err := summary.ReadUnit("x", f)
	fmt.Println(err)
	if u != nil {
		fmt.Println(len(u.Classes))
	}
}
