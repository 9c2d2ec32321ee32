package oracle

import (
	"os/exec"
	"path/filepath"
	"testing"
)

// TestSoundnessFeatures is TestSoundnessAgainstExecution on a program of
// the corpus (testing/corpus/tracer/features) written to make the JDK call
// back into it along the paths real programs use: comparators and
// Comparable in sorted collections, hashCode and equals in hash tables,
// toString in string conversion and String.format, sequential and parallel
// streams, executors (a scheduled one too), Timer, the common fork-join
// pool, CompletableFuture and a thread, atomics and concurrent queues and
// maps, iterators in for-each loops, try-with-resources, records' and
// enums' generated methods, default methods, a visitor, thread-locals,
// serialization's private writeObject and readObject, arrays that
// Array.newInstance makes (a generic helper's, a typed Arrays.copyOf),
// handlers of exceptions the JVM throws itself, method references and
// lambdas; and (Language.java) the language's own dispatch paths:
// default methods and Interface.super calls, nestmates, bridge methods,
// sealed records with patterns, switches on strings and enums, local and
// anonymous classes; and (Proxies.java) a dynamic proxy whose handler calls
// on the proxied call's arguments; and (Services.java) service providers
// that ServiceLoader instantiates from META-INF/services; and (Handles.java)
// method handles of constant lookups, field handles among them. Every analysis
// must have
// every observed edge, with the accepted exceptions of
// TestSoundnessAgainstExecution.
func TestSoundnessFeatures(t *testing.T) {
	agent := buildAgent(t)
	jdk := jdkSummary(t)
	if _, err := exec.LookPath("javac"); err != nil {
		t.Skip("SKIP: javac not found")
	}
	classes := t.TempDir()
	src, err := filepath.Glob("../corpus/tracer/features/features/*.java")
	if err != nil || len(src) == 0 {
		t.Fatalf("no sources: %v", err)
	}
	if b, err := exec.Command("javac", append([]string{"-d", classes}, src...)...).CombinedOutput(); err != nil {
		t.Fatalf("javac: %v\n%s", err, b)
	}
	jar := filepath.Join(t.TempDir(), "features.jar")
	if b, err := exec.Command(filepath.Join(jdk17, "bin", "jar"), "cf", jar, "-C", classes, ".",
		"-C", "../corpus/tracer/features", "META-INF").CombinedOutput(); err != nil {
		t.Fatalf("jar: %v\n%s", err, b)
	}
	p := program{name: "features", client: jar}
	r := tracedRun{name: "features", prefixes: []string{"features/"}, main: "features.Main",
		args: func(string) []string { return nil }, want: "open;body;close;failure: x",
		analyses: []string{"rta", "0cfa", "andersen"}}
	res := traceAndCheck(t, agent, p, r, []string{jdk}, nil, jdkWarm)
	checkInstrumentedReceivers(t, p, r, res)
	// The methods only method handles call (Handles.java): the run enters
	// them from the JVM's LambdaForms, which the check above accepts as
	// reflection when they are unreachable.
	for _, a := range res.Analyses {
		reached := map[string]bool{}
		for _, m := range a.Methods {
			reached[m.Method] = true
		}
		for _, m := range []string{"features/Handles$Totals.<init>()V", "features/Handles.item(Ljava/lang/String;)Lfeatures/Handles$Item;",
			"features/Handles$Totals.add(Lfeatures/Handles$Item;)Ljava/lang/String;", "features/Handles.join([Lfeatures/Handles$Item;)Ljava/lang/String;",
			"features/Handles$Shelf.put(Lfeatures/Handles$Item;)Ljava/lang/String;",
			"features/Handles$Shelf.pair(Lfeatures/Handles$Item;Lfeatures/Handles$Item;)Ljava/lang/String;",
			"features/Handles$Registry.<clinit>()V", "features/Handles$Ledger.<clinit>()V"} {
			if !reached[m] {
				t.Errorf("%s: %s, called by a method handle, is not reachable", a.Analysis, m)
			}
		}
	}
}
