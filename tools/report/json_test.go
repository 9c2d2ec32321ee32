package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestWriteJSONMatchesEncoder: the streamed document is byte for byte what
// encoding/json writes for the whole result, for analyses without methods,
// with none and with several, and strings that look like the marker.
func TestWriteJSONMatchesEncoder(t *testing.T) {
	one, two := 1, 2
	trick := `a"methods": null<init>&` + "\u2028"
	r := &Result{
		Schema: Schema, Producer: "test", Mode: "whole-program",
		Inputs: Inputs{Client: []string{trick}},
		Roots:  []string{`"methods": null`},
		Analyses: []*Analysis{
			{Analysis: "cha"},
			{Analysis: "rta", Methods: []*Method{}},
			{Analysis: "andersen", Methods: []*Method{
				{Method: "p/C.<init>()V", Mod: &one, Use: &two, PointsTo: []int{3, 1}},
				{Method: trick, Sites: []*Site{
					{Site: 4, Line: 7, Kind: "virtual", Ref: "p/I.m()V", RC: []string{"p/A", "p/B"}, TM: []string{"p/A.m()V"}},
					{Site: 9, Kind: "static", Ref: "p/C.s()V", TM: []string{}, Error: trick},
					{Site: -1, Line: -2, Kind: "special", Ref: "p/C.<init>()V", RC: []string{}, Mod: &two, Use: &one},
					nil,
				}},
				nil,
				{Method: "p/D.m()V", PointsTo: []int{}, Sites: []*Site{}, Use: &one},
			}, Unmodelled: []string{trick}},
		},
		Checks: []CheckResult{{Check: "max_rc=1", Analysis: "andersen", Detail: []string{trick}}},
	}
	var want bytes.Buffer
	enc := json.NewEncoder(&want)
	enc.SetIndent("", " ")
	if err := enc.Encode(r); err != nil {
		t.Fatal(err)
	}
	var got bytes.Buffer
	if err := WriteJSON(&got, r); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Bytes(), want.Bytes()) {
		t.Fatalf("streamed JSON differs:\n%s\nencoding/json:\n%s", got.Bytes(), want.Bytes())
	}
	if r.Analyses[0].Methods != nil || len(r.Analyses[2].Methods) != 4 {
		t.Fatal("WriteJSON changed the result")
	}
}

// TestMethodWriterMatchesEncoder compares methodWriter with
// json.MarshalIndent on random methods: strings with escapes, HTML
// characters, invalid UTF-8 and line separators; empty and nil lists.
func TestMethodWriterMatchesEncoder(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []string{"a", "/", "<", ">", "&", `"`, `\`, "\n", "\t", "\x00", "\x7f", "\xff", "\u2028", "\u2029", "é", "😀", "$", "."}
	str := func() string {
		var b strings.Builder
		for range rng.IntN(6) {
			b.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		return b.String()
	}
	strs := func() []string {
		switch rng.IntN(4) {
		case 0:
			return nil
		case 1:
			return []string{}
		}
		var ss []string
		for range 1 + rng.IntN(4) {
			ss = append(ss, str())
		}
		return ss
	}
	idx := func() *int {
		if rng.IntN(2) == 0 {
			return nil
		}
		v := rng.IntN(1<<20) - 5
		return &v
	}
	for i := range 2000 {
		m := &Method{Method: str(), Mod: idx(), Use: idx()}
		for range rng.IntN(3) {
			m.PointsTo = append(m.PointsTo, rng.IntN(1000))
		}
		for range rng.IntN(4) {
			m.Sites = append(m.Sites, &Site{Site: rng.Int32N(70000) - 2, Line: rng.Int32N(3) * rng.Int32(), Kind: str(), Ref: str(),
				Error: str(), RC: strs(), TM: strs(), Mod: idx(), Use: idx()})
		}
		prefix := []byte(strings.Repeat(" ", rng.IntN(5)))
		want, err := json.MarshalIndent(m, string(prefix), " ")
		if err != nil {
			t.Fatal(err)
		}
		var got bytes.Buffer
		bw := bufio.NewWriter(&got)
		if err := newMethodWriter(bw, prefix).method(m); err != nil {
			t.Fatal(err)
		}
		bw.Flush()
		if !bytes.Equal(got.Bytes(), want) {
			t.Fatalf("method %d differs:\n%s\nencoding/json:\n%s", i, got.Bytes(), want)
		}
	}
}
