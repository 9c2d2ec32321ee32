package oracle

import "testing"

// TestSoundnessJCTools is TestSoundnessAgainstExecution on a program of
// JCTools' queues and map (testing/corpus/tracer/jctools) linked into one
// jar with JCTools (testing/maven-traced.txt), as TestSoundnessCaffeine
// links Caffeine, so that JCTools' code is client code whose every
// observed edge counts. JCTools writes its linked queues' nodes and its
// queues' and map's buffers only through sun.misc.Unsafe: at field
// offsets that UnsafeAccess.fieldOffset(C.class, "f") gives static fields
// (summary/offsets.go), and at element offsets of arrays. What the
// program offers reaches what it polls only through those writes. JCTools
// gets its Unsafe by reflection, Unsafe.class.getDeclaredField("theUnsafe")
// and Field.get (pointsto/reflectfields.go). With and without the
// reflection log the tracer writes of the run, none of the three analyses
// may miss an edge.
func TestSoundnessJCTools(t *testing.T) {
	agent := buildAgent(t)
	jdk := jdkSummary(t)
	app, lib := shadedApp(t, "jctools", "../corpus/tracer/jctools/queuesdemo/Main.java")
	for _, withLog := range []bool{true, false} {
		r := tracedRun{name: "jctools", prefixes: []string{"org/jctools/", "queuesdemo/"}, main: "queuesdemo.Main",
			args: func(string) []string { return nil }, want: "total 7048",
			entries: []string{"queuesdemo/Main.main"}, analyses: []string{"rta", "0cfa", "andersen"}, reflog: withLog}
		name := "jctools"
		if withLog {
			name += "+reflog"
		}
		t.Run(name, func(t *testing.T) {
			p := program{name: "jctools", client: app, libs: lib.libs}
			res := traceAndCheck(t, agent, p, r, librarySummaries(t, p, jdk), r.entries, jdkWarm)
			checkInstrumentedReceivers(t, p, r, res) // every receiver at every virtual call site too
		})
	}
}
