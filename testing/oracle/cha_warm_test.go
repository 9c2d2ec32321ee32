package oracle

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"github.com/vmihailenco/msgpack/v5"

	"github.com/rules-fragment/rules_fragment/tools/analysis/cha"
	"github.com/rules-fragment/rules_fragment/tools/analysis/warmstart"
	"github.com/rules-fragment/rules_fragment/tools/callgraph"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/link"
)

// TestCHAWarmStartEqualsCold: CHA continuing from the JDK's warm start
// (stored key targets, plus the targets the client's and other
// libraries' classes select) gives the call graph of a cold run over the
// same linked program: every reached method, and every site's receivers
// and targets, compared by identity (CHA's -scope all JSON would take tens
// of GB). JLex's subtypes of JDK types come from class files, JFlex's
// also from CUP's summaries; a serializing client's callbacks, which the
// warm start cannot hold, are added (reach/serial.go).
func TestCHAWarmStartEqualsCold(t *testing.T) {
	jdk := jdkSummary(t)
	serial := program{name: "serial", client: compileSerialClient(t)}
	for _, p := range append(slices.Clone(programs), serial) {
		if p.name != "jlex" && p.name != "jflex" && p.name != "serial" {
			continue
		}
		t.Run(p.name, func(t *testing.T) {
			prog, roots := linkSummaries(t, p, jdk)
			cold, err := cha.CallGraph(prog, roots, cha.Options{})
			if err != nil {
				t.Fatal(err)
			}
			raw, err := warmstart.Read(jdkWarm, "cha")
			if err != nil || raw == nil {
				t.Fatalf("reading the warm start: %v", err)
			}
			w := &cha.Warm{}
			if err := msgpack.Unmarshal(raw, w); err != nil {
				t.Fatal(err)
			}
			warm, err := cha.CallGraph(prog, roots, cha.Options{Warm: w})
			if err != nil {
				t.Fatal(err)
			}
			if d := graphDifference(cold, warm); d != "" {
				t.Fatalf("%s: the warm start changes CHA: %s", p.name, d)
			}
			if p.name == "serial" && !slices.ContainsFunc(warm.Reachable, func(m *hierarchy.Method) bool {
				return m.Key() == "ser/Box.writeObject(Ljava/io/ObjectOutputStream;)V"
			}) {
				t.Fatal("serial: the client's writeObject is not reached")
			}
			// Listing only the client's sites (Options.Sites, as the linker
			// does for a client-scope report) leaves the others out, and
			// nothing else, cold and warm.
			client := func(m *hierarchy.Method) bool { return prog.IsClient(m.Class) }
			want := &callgraph.Graph{Reachable: cold.Reachable}
			for _, s := range cold.Sites {
				if client(s.Caller) {
					want.Sites = append(want.Sites, s)
				}
			}
			if len(want.Sites) == 0 || len(want.Sites) == len(cold.Sites) {
				t.Fatalf("%d of %d sites are the client's", len(want.Sites), len(cold.Sites))
			}
			for _, o := range []cha.Options{{Sites: client}, {Warm: w, Sites: client}} {
				g, err := cha.CallGraph(prog, roots, o)
				if err != nil {
					t.Fatal(err)
				}
				if d := graphDifference(want, g); d != "" {
					t.Fatalf("%s: only the client's sites (warm %v): %s", p.name, o.Warm != nil, d)
				}
			}
			t.Logf("COUNT CHA warm start %s: %d methods, %d sites identical warm and cold, %d of them the client's",
				p.name, len(cold.Reachable), len(cold.Sites), len(want.Sites))
		})
	}
}

// compileSerialClient compiles a client that serializes an object of a
// class with a private writeObject, into a class directory.
func compileSerialClient(t *testing.T) string {
	t.Helper()
	src, out := t.TempDir(), t.TempDir()
	java := `package ser;
import java.io.*;
public class Box implements Serializable {
    private void writeObject(ObjectOutputStream out) throws IOException { out.defaultWriteObject(); }
    public static void main(String[] args) throws IOException {
        new ObjectOutputStream(new ByteArrayOutputStream()).writeObject(new Box());
    }
}
`
	file := filepath.Join(src, "Box.java")
	if err := os.WriteFile(file, []byte(java), 0o644); err != nil {
		t.Fatal(err)
	}
	if b, err := exec.Command("javac", "--release", "17", "-d", out, file).CombinedOutput(); err != nil {
		t.Skipf("SKIP: javac: %v\n%s", err, b)
	}
	return out
}

// linkSummaries links p's client with its libraries' summaries and jdk,
// for the test's duration, and returns the program and its roots.
func linkSummaries(t *testing.T, p program, jdk string) (*link.Program, []*hierarchy.Method) {
	t.Helper()
	prog, err := link.Load(link.Options{Client: []string{p.client}, Summaries: librarySummaries(t, p, jdk), Release: 17})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { prog.Close() })
	roots := prog.MainMethods()
	if e := entries(p.name); e != nil {
		if roots, err = prog.Entries(e); err != nil {
			t.Fatal(err)
		}
	}
	return prog, roots
}

// graphDifference describes the first difference between two call graphs
// of one program, "" if there is none.
func graphDifference(a, b *callgraph.Graph) string {
	if i := firstIndex(a.Reachable, b.Reachable); i >= 0 {
		return fmt.Sprintf("reachable method %d of %d/%d: %s", i, len(a.Reachable), len(b.Reachable), keyAt(a.Reachable, i))
	}
	if len(a.Sites) != len(b.Sites) {
		return fmt.Sprintf("%d vs %d sites", len(a.Sites), len(b.Sites))
	}
	for i, x := range a.Sites {
		y := b.Sites[i]
		if x.Caller != y.Caller || x.ID != y.ID || x.Kind != y.Kind || x.Callee != y.Callee || x.Ref != y.Ref || x.Error != y.Error ||
			!slices.Equal(x.Receivers, y.Receivers) || firstIndex(x.Targets, y.Targets) >= 0 {
			return fmt.Sprintf("site %d (%s@%d): %d/%d receivers, %d/%d targets", i, x.Caller.Key(), x.ID,
				len(x.Receivers), len(y.Receivers), len(x.Targets), len(y.Targets))
		}
	}
	return ""
}

// firstIndex is the first index at which two method lists differ, -1 if
// they are equal.
func firstIndex(a, b []*hierarchy.Method) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	if len(a) != len(b) {
		return min(len(a), len(b))
	}
	return -1
}

func keyAt(ms []*hierarchy.Method, i int) string {
	if i < len(ms) {
		return ms[i].Key()
	}
	return "(none)"
}
