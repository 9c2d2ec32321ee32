package coverage

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/rules-fragment/rules_fragment/tools/internal/htmlcheck"
	"github.com/rules-fragment/rules_fragment/tools/report"
)

func analysis() *report.Analysis {
	return &report.Analysis{Analysis: "rta", Methods: []*report.Method{{Method: "app/Main.run()V", Sites: []*report.Site{
		{Site: 4, Line: 10, Kind: "interface", Ref: "app/Shape.area()D", RC: []string{"app/Circle", "app/Main$$Lambda$0$1", "app/Square"},
			TM: []string{"app/Circle.area()D", "app/Main$$Lambda$0$1.area()D", "app/Square.area()D"}},
		{Site: 9, Line: 11, Kind: "virtual", Ref: "app/Shape.name()Ljava/lang/String;", RC: []string{"app/Circle", "app/Square"},
			TM: []string{"app/Shape.name()Ljava/lang/String;"}},
		{Site: 12, Kind: "virtual", Ref: "app/Circle.r()D", RC: []string{"app/Circle"}, TM: []string{"app/Circle.r()D"}},
		{Site: 15, Kind: "special", Ref: "app/Shape.<init>()V", RC: nil, TM: []string{"app/Shape.<init>()V"}},
	}}}}
}

const edges = `app/Main.run()V@4 -> app/Circle.area()D
app/Main.run()V@4 -> app/Main$$Lambda$14.0x0000000800c01234.area()D
app/Main.run()V@12 -> app/Circle.r()D
app/Main.run()V@4 -> app/Circle.area()D
app/Main.run()V@9 -> java/lang/ClassLoader.loadClass(Ljava/lang/String;)Ljava/lang/Class;
`

const receivers = `app/Main.run()V@4 -> app/Circle.area()D on app/Circle
app/Main.run()V@4 -> app/Main$$Lambda$14.0x0000000800c01234.area()D on app/Main$$Lambda$14.0x0000000800c01234
app/Main.run()V@4 -> app/Circle.area()D on app/Hexagon
app/Main.run()V@9 -> java/lang/ClassLoader.loadClass(Ljava/lang/String;)Ljava/lang/Class; on jdk/internal/loader/ClassLoaders$AppClassLoader
`

// TestMeasure: only polymorphic virtual and interface sites count; hidden
// lambda classes cover their host's IR lambda classes; an observation
// outside the requirements is unexpected, not covered; the JVM's class
// loading at a site is ignored; an unreached site counts its requirements,
// none met.
func TestMeasure(t *testing.T) {
	tr, err := ReadTrace(strings.NewReader(edges), "edges.txt", strings.NewReader(receivers), "recv.txt")
	if err != nil {
		t.Fatal(err)
	}
	r := Measure(analysis(), tr)
	if len(r.Sites) != 2 || r.RCRequired != 5 || r.RCCovered != 2 || r.TMRequired != 4 || r.TMCovered != 2 || r.Reached != 1 {
		t.Fatalf("totals %+v", r)
	}
	s := r.Sites[0]
	if strings.Join(s.CoveredRC, ",") != "app/Circle,app/Main$$Lambda$0$1" || strings.Join(s.CoveredTM, ",") != "app/Circle.area()D,app/Main$$Lambda$0$1.area()D" ||
		strings.Join(s.Unexpected, ",") != "receiver app/Hexagon" {
		t.Errorf("site 4: %+v", s)
	}
	if len(r.Sites[1].CoveredRC) != 0 || r.RCRatio() != 0.4 || r.TMRatio() != 0.5 {
		t.Errorf("site 9 %+v, ratios %v %v", r.Sites[1], r.RCRatio(), r.TMRatio())
	}
}

// TestReadTraceErrors: a malformed line is an error naming the file and
// line.
func TestReadTraceErrors(t *testing.T) {
	for _, tc := range []struct{ edges, recv, want string }{
		{"app/Main.run()V -> x", "", "edges.txt:1: want CALLER@BCI -> CALLEE"},
		{"\napp/Main.run()V@x -> y", "", "edges.txt:2: bad bytecode index"},
		{"", "app/Main.run()V@4 -> app/C.m()V", "recv.txt:1: want CALLER@BCI -> CALLEE on CLASS"},
	} {
		_, err := ReadTrace(strings.NewReader(tc.edges), "edges.txt", strings.NewReader(tc.recv), "recv.txt")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q / %q: got %v, want %q", tc.edges, tc.recv, err, tc.want)
		}
	}
}

// FuzzReadTrace: any input reads or fails with an error naming the file,
// and measuring what was read never panics.
func FuzzReadTrace(f *testing.F) {
	f.Add(edges, receivers)
	f.Add("a@1 -> b", "a@1 -> b on c")
	f.Add("@ -> ", " on ")
	f.Fuzz(func(t *testing.T, e, r string) {
		tr, err := ReadTrace(strings.NewReader(e), "edges.txt", strings.NewReader(r), "recv.txt")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "edges.txt") && !strings.HasPrefix(err.Error(), "recv.txt") {
				t.Errorf("error %v names no file", err)
			}
			return
		}
		res := Measure(analysis(), tr)
		if res.RCCovered > res.RCRequired || res.TMCovered > res.TMRequired {
			t.Errorf("covered more than required: %+v", res)
		}
	})
}

// TestWriteHTML: the page shows the shares, marks what was met, cuts long
// lists of what was not, flags observations outside the requirements, and
// closes every element it opens.
func TestWriteHTML(t *testing.T) {
	tr, err := ReadTrace(strings.NewReader(edges), "edges.txt", strings.NewReader(receivers), "recv.txt")
	if err != nil {
		t.Fatal(err)
	}
	a := analysis()
	s := a.Methods[0].Sites[1]
	for i := range MaxUnmet + 3 {
		s.RC = append(s.RC, fmt.Sprintf("app/X%03d", i))
	}
	var buf bytes.Buffer
	if err := WriteHTML(&buf, []*Result{Measure(a, tr)}); err != nil {
		t.Fatal(err)
	}
	page := buf.String()
	for _, want := range []string{
		`<td class="n">2 of 108 (1.9%)</td>`,
		`<li class="met"><code>app/Circle</code></li>`,
		`<li class="unmet"><code>app/Square</code></li>`,
		"<li>… 5 more not met</li>",
		`outside the requirements: <code>receiver app/Hexagon</code>`,
		`<code>app/Main$$Lambda$0$1</code>`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if err := htmlcheck.Balanced(page); err != nil {
		t.Error(err)
	}
}

// TestLambdaHost: the hosts of the JVM's hidden lambda classes as JVMTI
// names them up to Java 20 and from Java 21, and of the IR's.
func TestLambdaHost(t *testing.T) {
	for class, want := range map[string]string{
		"app/Main$$Lambda$14.0x0000000800c0b000": "app/Main", // Java 17
		"app/Main$$Lambda.0x000000002105e8b8":    "app/Main", // Java 21 and later
		"app/Main$$Lambda$0$1":                   "app/Main", // the IR's
		"app/Main$Inner":                         "",
		"app/Main$$LambdaForm":                   "",
		"app/Main$$Lambda":                       "",
	} {
		if got := LambdaHost(class); got != want {
			t.Errorf("LambdaHost(%q) = %q, want %q", class, got, want)
		}
	}
}
