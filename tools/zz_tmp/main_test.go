package zz

import (
	"fmt"
	"os"
	"testing"

	"github.com/klauspost/compress/zstd"
	"github.com/rules-fragment/rules_fragment/tools/summary"
)

func TestParts(t *testing.T) {
	f, _ := os.Open("/tmp/jdk.rfsum")
	u, h, err := summary.ReadUnit("x", f)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Println("body size", h.BodySize)
	zw, _ := zstd.NewWriter(nil, zstd.WithEncoderConcurrency(1))
	var strs []byte
	for _, s := range u.Pool.Strings {
		strs = append(strs, s...)
		strs = append(strs, 0)
	}
	var bodies []byte
	nb, ns := 0, 0
	ops := map[summary.Op]int{}
	for _, c := range u.Classes {
		for _, b := range c.Bodies {
			bodies = append(bodies, b...)
			if b != nil {
				nb++
				bd, _ := summary.DecodeBody(b, u.Pool, nil)
				ns += len(bd.Stmts)
				for _, s := range bd.Stmts {
					ops[s.Op]++
				}
			}
		}
	}
	fmt.Println("strings", len(u.Pool.Strings), len(strs), len(zw.EncodeAll(strs, nil)))
	fmt.Println("fields", len(u.Pool.Fields), "methods", len(u.Pool.Methods))
	fmt.Println("bodies", nb, "stmts", ns, len(bodies), len(zw.EncodeAll(bodies, nil)))
	for op, n := range ops {
		fmt.Println(op, n)
	}
}
