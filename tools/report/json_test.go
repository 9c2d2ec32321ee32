package report

import (
	"bytes"
	"encoding/json"
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
				}},
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
	if r.Analyses[0].Methods != nil || len(r.Analyses[2].Methods) != 2 {
		t.Fatal("WriteJSON changed the result")
	}
}
