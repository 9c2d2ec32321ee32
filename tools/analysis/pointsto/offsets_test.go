package pointsto_test

import (
	"slices"
	"testing"

	"github.com/rules-fragment/rules_fragment/tools/analysis/pointsto"
	"github.com/rules-fragment/rules_fragment/tools/analysis/rta"
)

// TestUnsafeOffsets checks the model of Unsafe's accesses at field
// offsets on testing/corpus/pointsto's Offsets: what each method stores
// or loads through an offset (held in a static field of its class or of
// another, copied through a local) is the receiver of the call on the
// field's value, under AND_f and 0-CFA_f; and so is what a Field of
// constants sets, and the Unsafe that one such Field gets.
func TestUnsafeOffsets(t *testing.T) {
	p, roots := loadCorpus(t)
	call := pkg + "Offsets$Beast.call()Ljava/lang/String;"
	cases := []struct {
		method string
		want   []string
	}{
		{"Offsets.put()Ljava/lang/String;", []string{"Badger"}},
		{"Offsets.swapped()Ljava/lang/String;", []string{"Heron"}},
		{"Offsets.read()Ljava/lang/String;", []string{"Ibex"}},
		{"Offsets.exchanged()Ljava/lang/String;", []string{"Jackal", "Koala"}},
		{"Offsets.held()Ljava/lang/String;", []string{"Lynx"}},
		{"Offsets.reflected()Ljava/lang/String;", []string{"Mink"}},
	}
	for _, perClass := range []bool{false, true} {
		res, err := pointsto.Analyze(p, roots, pointsto.Options{PerClass: perClass})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cases {
			var w []string
			for _, n := range c.want {
				w = append(w, pkg+"Offsets$"+n)
			}
			if got := receivers(t, res.Graph, c.method, call); !slices.Equal(got, w) {
				t.Errorf("%s %s: receivers %q, want %q", res.Graph.Analysis, c.method, got, w)
			}
		}
		// The Unsafe of the theUnsafe idiom (reflectfields.go).
		if got := receivers(t, res.Graph, "Offsets.put()Ljava/lang/String;", putObject); !slices.Equal(got, []string{"sun/misc/Unsafe"}) {
			t.Errorf("%s: putObject's receivers %q, want sun/misc/Unsafe", res.Graph.Analysis, got)
		}
	}
	// RTA: reading theUnsafe initialises sun.misc.Unsafe, which makes it.
	g, err := rta.Analyze(p, roots, rta.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := targets(g, pkg+"Offsets.put()Ljava/lang/String;", putObject); !slices.Equal(got, []string{putObject}) {
		t.Errorf("rta: putObject's targets %q, want %s", got, putObject)
	}
}

const putObject = "sun/misc/Unsafe.putObject(Ljava/lang/Object;JLjava/lang/Object;)V"
