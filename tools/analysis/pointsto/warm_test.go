package pointsto_test

import (
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/vmihailenco/msgpack/v5"

	summarizer "github.com/rules-fragment/rules_fragment/summarizer/app"
	"github.com/rules-fragment/rules_fragment/tools/analysis/cha"
	"github.com/rules-fragment/rules_fragment/tools/analysis/pointsto"
	"github.com/rules-fragment/rules_fragment/tools/analysis/rta"
	"github.com/rules-fragment/rules_fragment/tools/analysis/warmstart"
	"github.com/rules-fragment/rules_fragment/tools/callgraph"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/link"
)

const mini = "../../../testing/corpus/miniruntime/"

// miniRuntime compiles testing/corpus/miniruntime and summarises its
// runtime with a warm start; it returns the summary, the warm start and
// the client's class directory.
func miniRuntime(t testing.TB) (sum, warm, client string) {
	t.Helper()
	if _, err := exec.LookPath("javac"); err != nil {
		t.Skip("SKIP: javac not found")
	}
	dir := t.TempDir()
	rt, client := filepath.Join(dir, "rt"), filepath.Join(dir, "client")
	src, _ := filepath.Glob(mini + "src/java/lang/*.java")
	javac := func(args ...string) {
		if b, err := exec.Command("javac", args...).CombinedOutput(); err != nil {
			t.Fatalf("javac: %v\n%s", err, b)
		}
	}
	javac(append([]string{"--system", "none", "-d", rt, mini + "src/module-info.java"}, src...)...)
	javac("--system", "none", "--module-path", rt, "-d", client, mini+"client/app/Main.java")
	sum, warm = filepath.Join(dir, "rt.rfsum"), filepath.Join(dir, "rt.rfwarm")
	if err := summarizer.Run(&summarizer.Config{Target: "mini", Jars: []string{rt}, Out: sum, Warm: warm, Release: 17}); err != nil {
		t.Fatal(err)
	}
	return sum, warm, client
}

func TestWarmStart(t *testing.T) {
	sum, warm, client := miniRuntime(t)
	load := func() *link.Program {
		p, err := link.Load(link.Options{Client: []string{client}, Summaries: []string{sum}, Release: 17})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { p.Close() })
		return p
	}
	for _, perClass := range []bool{true, false} {
		opts := pointsto.Options{PerClass: perClass}
		pc := load()
		cold, err := pointsto.Analyze(pc, pc.MainMethods(), opts)
		if err != nil {
			t.Fatal(err)
		}
		w, err := pointsto.ReadWarm(warm, perClass)
		if err != nil || w == nil {
			t.Fatalf("reading the warm start: %v", err)
		}
		if len(w.Reached) == 0 {
			t.Fatal("the warm start reaches nothing")
		}
		p := load()
		opts.Warm = w
		hot, err := pointsto.Analyze(p, p.MainMethods(), opts)
		if err != nil {
			t.Fatal(err)
		}
		a, b := cold.Digest(), hot.Digest()
		if d := slices.Compare(a, b); d != 0 {
			t.Fatalf("%s: warm start differs from cold:\ncold %q\nwarm %q", opts.Name(), a, b)
		}
		// Its nodes' memory serves the next run (which must give the same
		// answer on it).
		hot.Release()
		if n, err := w.SpareNodes(); n == 0 || err != nil {
			t.Fatalf("%s: Release kept %d nodes for the next run (%v)", opts.Name(), n, err)
		}
		// Analyze only reads the state: it serves a second run (a worker's
		// next link) as well as the first.
		p2 := load()
		again, err := pointsto.Analyze(p2, p2.MainMethods(), opts)
		if err != nil {
			t.Fatal(err)
		}
		if c := again.Digest(); slices.Compare(a, c) != 0 {
			t.Fatalf("%s: the warm start's second run differs:\ncold %q\nagain %q", opts.Name(), a, c)
		}
		// Solvers restoring it at once share its template's sets and
		// edges (warm_template.go) and change none of them: with -race,
		// a write to them would be reported.
		var wg sync.WaitGroup
		digests := make([][]string, 3)
		for i := range digests {
			pi := load()
			wg.Go(func() {
				r, err := pointsto.Analyze(pi, pi.MainMethods(), opts)
				if err != nil {
					t.Error(err)
					return
				}
				digests[i] = r.Digest()
				r.Release()
			})
		}
		wg.Wait()
		for i, d := range digests {
			if slices.Compare(a, d) != 0 {
				t.Fatalf("%s: concurrent run %d differs from cold:\ncold %q\nrun %q", opts.Name(), i, a, d)
			}
		}
		if err := w.TemplateIntact(); err != nil {
			t.Fatalf("%s: after five runs: %v", opts.Name(), err)
		}
		// The site of the start-up code, solved in the warm start, gets
		// the client's receiver (registered by main) and its target.
		var site string
		for _, l := range b {
			if strings.HasPrefix(l, "site java/lang/System.initPhase3()V@") && strings.Contains(l, "toString") {
				site = l
			}
		}
		if !strings.Contains(site, "app/Main$Job.toString()Ljava/lang/String;") {
			t.Errorf("%s: the start-up code's toString() call lacks the client's target: %q", opts.Name(), site)
		}
		t.Logf("COUNT warm start mini runtime %s: %d facts identical warm and cold (%d methods in the warm start)", opts.Name(), len(a), len(w.Reached))
	}
	// Another analysis's state, or one made without summaries, is refused.
	w, _ := pointsto.ReadWarm(warm, true)
	p := load()
	if _, err := pointsto.Analyze(p, p.MainMethods(), pointsto.Options{Warm: w}); !errors.Is(err, pointsto.ErrWarmMismatch) {
		t.Errorf("0-CFA_f state for AND_f: got %v, want ErrWarmMismatch", err)
	}
	w.PerClass, w.Names.Summaries = false, nil
	if _, err := pointsto.Analyze(p, p.MainMethods(), pointsto.Options{Warm: w}); !errors.Is(err, pointsto.ErrWarmMismatch) {
		t.Errorf("state without summaries: got %v, want ErrWarmMismatch", err)
	}
	if _, err := pointsto.ReadWarm(sum, true); err == nil || !strings.Contains(err.Error(), "not a warm start") {
		t.Errorf("reading a summary as a warm start: %v", err)
	}
}

// TestWarmStartCallGraphs: CHA and RTA from the warm start equal cold
// runs; CHA's restored keys gain the client's subtypes (the start-up
// code's toString() call reaches the client's override); and CHA keys
// whose stored receiver counts do not match the program's are dispatched
// again rather than trusted (here with their stored targets removed).
func TestWarmStartCallGraphs(t *testing.T) {
	sum, warm, client := miniRuntime(t)
	type analysis struct {
		name string
		run  func(*link.Program, []*hierarchy.Method, rta.Options) (*callgraph.Graph, error)
	}
	for _, a := range []analysis{{"cha", cha.CallGraph}, {"rta", rta.Analyze}} {
		var dumps [3][]string
		for i, useWarm := range []bool{false, true, true} {
			if i == 2 && a.name != "cha" {
				continue
			}
			p, err := link.Load(link.Options{Client: []string{client}, Summaries: []string{sum}, Release: 17})
			if err != nil {
				t.Fatal(err)
			}
			defer p.Close()
			var opts rta.Options
			if useWarm {
				raw, err := warmstart.Read(warm, a.name)
				if err != nil || raw == nil {
					t.Fatalf("%s: reading the warm start: %v", a.name, err)
				}
				opts.Warm = &rta.Warm{}
				if err := msgpack.Unmarshal(raw, opts.Warm); err != nil {
					t.Fatal(err)
				}
				if i == 2 { // other counts, and no stored targets to trust
					for k := range opts.Warm.KeyRecvCounts {
						opts.Warm.KeyRecvCounts[k]++
						opts.Warm.KeyTargetCounts[k] = 0
					}
					opts.Warm.KeyTargets = nil
				}
			}
			g, err := a.run(p, p.MainMethods(), opts)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range g.Reachable {
				dumps[i] = append(dumps[i], "reach "+m.Key())
			}
			for _, s := range g.Sites {
				var rc, tm []string
				for _, c := range s.Receivers {
					rc = append(rc, c.Name)
				}
				for _, m := range s.Targets {
					tm = append(tm, m.Key())
				}
				dumps[i] = append(dumps[i], fmt.Sprintf("site %s@%d rc %v tm %v", s.Caller.Key(), s.ID, rc, tm))
			}
		}
		if slices.Compare(dumps[0], dumps[1]) != 0 {
			t.Errorf("%s: warm start differs from cold:\ncold %q\nwarm %q", a.name, dumps[0], dumps[1])
		}
		if a.name == "cha" && slices.Compare(dumps[0], dumps[2]) != 0 {
			t.Errorf("%s: warm start with other receiver counts differs from cold:\ncold %q\nwarm %q", a.name, dumps[0], dumps[2])
		}
		var site string
		for _, l := range dumps[1] {
			if strings.HasPrefix(l, "site java/lang/System.initPhase3()V@") && strings.Contains(l, "toString") {
				site = l
			}
		}
		if !strings.Contains(site, "app/Main$Job.toString()Ljava/lang/String;") {
			t.Errorf("%s: the start-up code's toString() call lacks the client's target: %q", a.name, site)
		}
		t.Logf("COUNT warm start mini runtime %s: %d facts identical warm and cold", a.name, len(dumps[0]))
	}
}

// FuzzWarmStart: a corrupt warm start is rejected with an error, never a
// panic, by the decoder or by the checks of restore.
func FuzzWarmStart(f *testing.F) {
	sum, warm, client := miniRuntime(f)
	for _, a := range []string{"cha", "rta", "0cfa", "andersen"} {
		raw, err := warmstart.Read(warm, a)
		if err != nil || raw == nil {
			f.Fatalf("reading the warm start of %s: %v", a, err)
		}
		f.Add(raw)
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		load := func() *link.Program {
			p, err := link.Load(link.Options{Client: []string{client}, Summaries: []string{sum}, Release: 17})
			if err != nil {
				t.Fatal(err)
			}
			return p
		}
		if w := (&pointsto.Warm{}); msgpack.Unmarshal(raw, w) == nil {
			p := load()
			defer p.Close()
			pointsto.Analyze(p, p.MainMethods(), pointsto.Options{PerClass: w.PerClass, Warm: w})
		}
		if w := (&rta.Warm{}); msgpack.Unmarshal(raw, w) == nil {
			p := load()
			defer p.Close()
			rta.Analyze(p, p.MainMethods(), rta.Options{Warm: w})
			cha.CallGraph(p, p.MainMethods(), cha.Options{Warm: w})
		}
	})
}

// TestWarmStartRepeatedKey: a CHA or RTA state with a call key twice is
// refused as malformed (restoring it would list the key's sites twice).
func TestWarmStartRepeatedKey(t *testing.T) {
	sum, warm, client := miniRuntime(t)
	for _, a := range []string{"cha", "rta"} {
		raw, err := warmstart.Read(warm, a)
		if err != nil || raw == nil {
			t.Fatalf("reading the warm start of %s: %v", a, err)
		}
		w := &rta.Warm{}
		if err := msgpack.Unmarshal(raw, w); err != nil {
			t.Fatal(err)
		}
		if len(w.Keys) < 2 {
			t.Fatalf("%s: no call key", a)
		}
		// The first key again, with its targets and receivers.
		nt, nr := w.KeyTargetCounts[0], w.KeyRecvCounts[0]
		w.Keys = append(w.Keys, w.Keys[0], w.Keys[1])
		w.KeyTargets = append(w.KeyTargets, w.KeyTargets[:nt]...)
		w.KeyTargetCounts = append(w.KeyTargetCounts, nt)
		w.KeyRecvCounts = append(w.KeyRecvCounts, nr)
		if a == "rta" {
			w.KeyRecv = append(w.KeyRecv, w.KeyRecv[:nr]...)
		}
		p, err := link.Load(link.Options{Client: []string{client}, Summaries: []string{sum}, Release: 17})
		if err != nil {
			t.Fatal(err)
		}
		defer p.Close()
		if a == "rta" {
			_, err = rta.Analyze(p, p.MainMethods(), rta.Options{Warm: w})
		} else {
			_, err = cha.CallGraph(p, p.MainMethods(), cha.Options{Warm: w})
		}
		if err == nil || !strings.Contains(err.Error(), "repeated key") {
			t.Errorf("%s: a repeated key: %v", a, err)
		}
	}
}

// TestWarmStartMalformedTwice: check's verdict on a state's own tables is
// made once and kept (a worker restores one state for link after link):
// a malformed state is refused at every use, a sound one restored each
// time; the check of the classes it names runs at each use.
func TestWarmStartMalformedTwice(t *testing.T) {
	sum, warm, client := miniRuntime(t)
	p, err := link.Load(link.Options{Client: []string{client}, Summaries: []string{sum}, Release: 17})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	for _, fault := range []string{"edge", "first objects", "selection", "proxies"} {
		w, err := pointsto.ReadWarm(warm, false)
		if err != nil || w == nil {
			t.Fatalf("reading the warm start: %v", err)
		}
		switch fault {
		case "edge":
			w.Edges[0] = w.NumNodes // a node out of range
		case "first objects":
			w.FirstObj = w.FirstObj[1:] // one class without its first object
		case "selection":
			// A resolved method with a target twice, which would shift
			// the indices of the targets its sites have bound.
			if len(w.Selections) < 3 || w.Selections[1] < 1 {
				t.Fatal("no selection with a target in the warm start")
			}
			k := 2 + int(w.Selections[1])
			first := append(slices.Clone(w.Selections[:k]), w.Selections[2])
			first[1]++
			w.Selections = append(first, w.Selections[k:]...)
		case "proxies":
			w.Proxies = append(w.Proxies, 0, int32(len(w.Sites)), -1, -1) // a site out of range
		}
		for i := range 2 {
			_, err := pointsto.Analyze(p, p.MainMethods(), pointsto.Options{Warm: w})
			if err == nil || !strings.Contains(err.Error(), "malformed warm start: "+fault) {
				t.Errorf("use %d of a state with a bad %s: %v", i+1, fault, err)
			}
		}
	}
}
