package coverage

import (
	"strings"
	"testing"

	"github.com/rules-fragment/rules_fragment/tools/report"
)

// fragmentAnalysis is a library fragment's site lib/Shapes.total calling
// Shape.area, with the placeholders of the interface Shape and of the
// class Rect (concrete area), and a site calling Shape.describe (a default
// method) whose overriding placeholder overrides it.
func fragmentAnalysis() *report.Analysis {
	return &report.Analysis{Analysis: "andersen", Methods: []*report.Method{{Method: "lib/Shapes.total(Ljava/util/List;)D", Sites: []*report.Site{
		{Site: 32, Kind: "interface", Ref: "lib/Shape.area()D",
			RC: []string{"fragment$client/lib/Rect", "fragment$client/lib/Shape", "fragment$override/lib/Rect", "fragment$override/lib/Shape", "lib/Rect"},
			TM: []string{"fragment$client/lib/Shape.area()D", "fragment$override/lib/Rect.area()D", "lib/Rect.area()D"}},
		{Site: 40, Kind: "interface", Ref: "lib/Shape.describe()Ljava/lang/String;",
			RC: []string{"fragment$client/lib/Shape", "fragment$override/lib/Shape", "lib/Rect"},
			TM: []string{"fragment$override/lib/Shape.describe()Ljava/lang/String;", "lib/Shape.describe()Ljava/lang/String;"}},
	}}}}
}

// The test's classes: Triangle implements Shape (area, its own), Tile
// extends Rect keeping its area, Big extends Tile overriding area, and
// Named implements Shape overriding describe.
const types = `lib/Rect < java/lang/Object lib/Shape
lib/Shape <
test/Big < test/Tile
test/Named < java/lang/Object lib/Shape
test/Tile < lib/Rect
test/Triangle < java/lang/Object lib/Shape
`

const fragmentRecv = `lib/Shapes.total(Ljava/util/List;)D@32 -> lib/Rect.area()D on test/Tile
lib/Shapes.total(Ljava/util/List;)D@32 -> test/Big.area()D on test/Big
lib/Shapes.total(Ljava/util/List;)D@32 -> test/Triangle.area()D on test/Triangle
lib/Shapes.total(Ljava/util/List;)D@40 -> lib/Shape.describe()Ljava/lang/String; on test/Triangle
lib/Shapes.total(Ljava/util/List;)D@40 -> test/Named.describe()Ljava/lang/String; on test/Named
`

// TestStandIns: a test's own classes meet the placeholders of their
// nearest library supertypes: the plain one when they keep the library's
// code or implement an abstract method, the overriding one when their code
// replaces the library's; their methods meet the placeholders' methods.
// Without the supertypes they are unexpected.
func TestStandIns(t *testing.T) {
	var edges strings.Builder
	for _, l := range strings.Split(strings.TrimSpace(fragmentRecv), "\n") {
		edges.WriteString(l[:strings.Index(l, " on ")] + "\n")
	}
	tr, err := ReadTrace(strings.NewReader(edges.String()), "edges.txt", strings.NewReader(fragmentRecv), "recv.txt")
	if err != nil {
		t.Fatal(err)
	}
	if r := Measure(fragmentAnalysis(), tr); r.RCCovered != 0 || len(r.Sites[0].Unexpected) != 5 {
		t.Fatalf("without supertypes: %+v", r.Sites)
	}
	if err := tr.ReadTypes(strings.NewReader(types), "types.txt"); err != nil {
		t.Fatal(err)
	}
	r := Measure(fragmentAnalysis(), tr)
	want := []struct{ rc, tm string }{
		{"fragment$client/lib/Rect,fragment$client/lib/Shape,fragment$override/lib/Rect", "fragment$client/lib/Shape.area()D,fragment$override/lib/Rect.area()D,lib/Rect.area()D"},
		{"fragment$client/lib/Shape,fragment$override/lib/Shape", "fragment$override/lib/Shape.describe()Ljava/lang/String;,lib/Shape.describe()Ljava/lang/String;"},
	}
	for i, s := range r.Sites {
		if got := strings.Join(s.CoveredRC, ","); got != want[i].rc {
			t.Errorf("site %d: RC met %s, want %s", s.Site, got, want[i].rc)
		}
		if got := strings.Join(s.CoveredTM, ","); got != want[i].tm {
			t.Errorf("site %d: TM met %s, want %s", s.Site, got, want[i].tm)
		}
		if len(s.Unexpected) > 0 {
			t.Errorf("site %d: unexpected %v", s.Site, s.Unexpected)
		}
	}
	if got, want := strings.Join(r.Sites[1].StandIns, "; "), "fragment$client/lib/Shape by test/Triangle; fragment$override/lib/Shape by test/Named; "+
		"fragment$override/lib/Shape.describe()Ljava/lang/String; by test/Named.describe()Ljava/lang/String;"; got != want {
		t.Errorf("site 40: stand-ins %q, want %q", got, want)
	}
	var page strings.Builder
	if err := WriteHTML(&page, []*Result{r}); err != nil || !strings.Contains(page.String(), "placeholder met: <code>fragment$client/lib/Shape by test/Triangle</code>") {
		t.Errorf("the page does not show the stand-ins (%v)", err)
	}
}

// TestReadTypesErrors: a malformed line names the file and line.
func TestReadTypesErrors(t *testing.T) {
	for _, in := range []string{"a/B", "< a/C", "a/B c/D <", "a/B <c/D"} {
		err := (&Trace{}).ReadTypes(strings.NewReader("x/Y <\n"+in), "types.txt")
		if err == nil || !strings.HasPrefix(err.Error(), "types.txt:2: ") {
			t.Errorf("%q: got %v", in, err)
		}
	}
}

// FuzzReadTypes: any supertypes read or fail naming the file, and measuring
// with them (cycles included) never panics nor meets more than required.
func FuzzReadTypes(f *testing.F) {
	f.Add(types)
	f.Add("a < b\nb < a\n")
	f.Add("test/Tile < test/Tile lib/Rect")
	f.Fuzz(func(t *testing.T, in string) {
		tr, err := ReadTrace(strings.NewReader(""), "edges.txt", strings.NewReader(fragmentRecv), "recv.txt")
		if err != nil {
			t.Fatal(err)
		}
		if err := tr.ReadTypes(strings.NewReader(in), "types.txt"); err != nil {
			if !strings.HasPrefix(err.Error(), "types.txt") {
				t.Errorf("error %v names no file", err)
			}
			return
		}
		if r := Measure(fragmentAnalysis(), tr); r.RCCovered > r.RCRequired || r.TMCovered > r.TMRequired {
			t.Errorf("covered more than required: %+v", r)
		}
	})
}
