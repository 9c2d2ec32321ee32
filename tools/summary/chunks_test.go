package summary

import (
	"bytes"
	"testing"

	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
)

// TestBodiesDecompressedOnDemand: bodies are stored in chunks of about
// chunkSize, and reading a unit decompresses none of them; decoding a
// body decompresses its chunk only.
func TestBodiesDecompressedOnDemand(t *testing.T) {
	u := &Unit{Pool: NewPool()}
	var want []*Body
	for _, name := range []string{"p/A", "p/B", "p/C"} {
		b := &Body{NumVars: 2, Params: []int32{0}}
		for len(AppendBody(nil, b)) < chunkSize/2 { // between a half and a whole chunk
			for range 1000 {
				b.Stmts = append(b.Stmts, sCopy(1, 0), sCast(0, 1, u.Pool.String(name)))
			}
		}
		c := &Class{ClassSpec: hierarchy.ClassSpec{Name: name, Access: 1,
			Methods: []hierarchy.MethodSpec{{Name: "m", Desc: "()V", Access: 1}, {Name: "n", Desc: "()V", Access: 0x400}}}}
		c.Bodies = [][]byte{AppendBody(nil, b), nil}
		u.Classes = append(u.Classes, c)
		want = append(want, b)
	}
	got, _, err := ReadUnit("big.sum", bytes.NewReader(writeUnit(t, u)))
	if err != nil {
		t.Fatal(err)
	}
	if len(got.chunks) != 2 {
		t.Fatalf("%d chunks, want 2 (A and B, then C)", len(got.chunks))
	}
	decompressed := func() (n int) {
		for _, c := range got.chunks {
			if c.data != nil {
				n++
			}
		}
		return n
	}
	if n := decompressed(); n != 0 {
		t.Fatalf("%d chunks decompressed by reading", n)
	}
	b, err := got.Body(got.Classes[2], 0, nil)
	if err != nil || len(b.Stmts) != len(want[2].Stmts) {
		t.Fatalf("body of p/C: %v", err)
	}
	if b, err := got.Body(got.Classes[2], 1, nil); b != nil || err != nil {
		t.Errorf("abstract method: %v, %v", b, err)
	}
	if got.chunks[1].data == nil || decompressed() != 1 {
		t.Errorf("decoding p/C's body decompressed %d chunks, want its own only", decompressed())
	}
	for i, c := range got.Classes {
		b, err := got.Body(c, 0, nil)
		if err != nil || len(b.Stmts) != len(want[i].Stmts) || b.Stmts[1].Ref != want[i].Stmts[1].Ref {
			t.Errorf("body of %s: %v", c.Name, err)
		}
	}
}
