package link

import (
	"bytes"
	"os"
	"runtime"
	"testing"
	"time"

	"github.com/rules-fragment/rules_fragment/tools/frontend"
	"github.com/rules-fragment/rules_fragment/tools/ir"
	"github.com/rules-fragment/rules_fragment/tools/summary"
)

// statements encodes the statement parts of a class's IR, as a link makes
// them (the IR itself may hold nil or empty slices alike).
func statements(ic *ir.Class) []byte {
	pool := summary.NewPool()
	var out []byte
	for _, m := range ic.Methods {
		out = summary.AppendBody(out, summary.FromIR(m, pool))
	}
	for _, sc := range ic.Synthetic {
		for _, m := range sc.Methods {
			out = summary.AppendBody(out, summary.FromIR(m, pool))
		}
	}
	return out
}

// TestPrefetchSameIR: the IR the prefetcher builds ahead, with only two
// classes waiting at a time, is the IR built on demand, and Close stops a
// prefetcher that waits for the analysis.
func TestPrefetchSameIR(t *testing.T) {
	const jdk, client = "/usr/lib/jvm/java-17-openjdk-amd64", "/usr/share/java/JLex.jar"
	for _, f := range []string{jdk, client} {
		if _, err := os.Stat(f); err != nil {
			t.Skipf("SKIP: %s not installed", f)
		}
	}
	defer func(n, procs int) { prefetchAhead = n; runtime.GOMAXPROCS(procs) }(prefetchAhead, runtime.GOMAXPROCS(2))
	prefetchAhead = 2
	p, err := Load(Options{Client: []string{client}, Libraries: []string{jdk}, Release: 17})
	if err != nil {
		t.Fatal(err)
	}
	if p.pre == nil {
		t.Fatal("no prefetcher with two cores and a client of several classes")
	}
	var classes []*frontend.Class
	for _, c := range p.fe.Classes {
		if p.clientSet[c.Container] {
			classes = append(classes, c)
		}
	}
	if len(classes) != len(p.pre.classes) {
		t.Fatalf("%d classes prefetched, want the client's %d", len(p.pre.classes), len(classes))
	}
	// In classpath order, as the prefetcher goes: once it holds both
	// slots, it has built the next class. Half of them, leaving it
	// waiting for Close.
	full := func() {
		for deadline := time.Now().Add(time.Minute); len(p.pre.ahead) < prefetchAhead; time.Sleep(time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("%d classes wait built ahead, want %d", len(p.pre.ahead), prefetchAhead)
			}
		}
	}
	for _, c := range classes[:len(classes)/2] {
		full()
		got, err := p.classIR(c)
		if err != nil {
			t.Fatal(err)
		}
		if !p.pre.classes[c].ahead {
			t.Errorf("%s: not built ahead", c.Location())
		}
		want, err := ir.BuildClass(c.File, p.irOpts)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(statements(got), statements(want)) {
			t.Errorf("%s: prefetched IR differs from IR built on demand", c.Location())
		}
		if again, _ := p.classIR(c); again == got || !bytes.Equal(statements(again), statements(want)) {
			t.Errorf("%s: asked again, not built again", c.Location())
		}
	}
	full()
	time.Sleep(50 * time.Millisecond)
	if n := len(p.pre.ahead); n != prefetchAhead {
		t.Errorf("%d classes wait built ahead, want at most %d", n, prefetchAhead)
	}
	closed := make(chan error)
	go func() { closed <- p.Close() }()
	select {
	case err := <-closed:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(time.Minute):
		t.Fatal("Close did not stop the prefetcher")
	}
}
