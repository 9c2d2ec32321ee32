// Package pointsto is inclusion-based (Andersen-style) points-to analysis
// for Java, flow- and context-insensitive and field-sensitive, with the
// call graph built on the fly: the class analyses AND_f (one abstract
// object per allocation site; Rountev, Milanova and Ryder, OOPSLA 2001) and
// 0-CFA_f (one abstract object per class) of research/seed-000-003.md §7.3
// and §7.5 and research/seed-002-004.md §1.5, over the pointer assignment
// graph of research/seed-001.md §1.2.
//
// Rules (§7.3's table): an allocation adds its object to the variable; a
// copy propagates; a cast propagates the objects of compatible classes (of
// a missing class, a phantom, those naming it among their supertypes, as
// package hierarchy models phantoms); a load v = b.f and a store b.f = v
// go through the node of (object, field) for every object of b, with one
// field per array for its elements; static fields are global nodes; a
// virtual call dispatches on the class of every receiver object (JVM
// selection) and binds this to that object alone,
// arguments to parameters and the return to the result; a thrown object
// reaches the catch variables of its method whose type it matches and
// propagates to the callers. Reference constants are one object per class
// (as summary.Optimize abstracts them); string concatenation allocates a
// String and calls toString() on its object arguments. Class initialisers
// run when their class is initialised (JVMS §5.5).
//
// Native methods modelled (natives.go): Object.clone (an object of the
// receiver's class), System.arraycopy (element flow, filtered by the
// destination's component type), Object.getClass, Thread.currentThread
// (and a virtual thread's setCurrentThread and currentCarrierThread),
// System.setIn0/setOut0/setErr0, the reference accesses of
// jdk.internal.misc.Unsafe on arrays (and Unsafe's at a field offset that
// objectFieldOffset gives of constants: offsets.go), natives whose declared result is a
// final class (String, Class, the reflection objects) or an array of one
// or of a primitive type (an object of the JVM of that class), and the
// calls of reach.ImplicitCalls (Thread.start0 runs run(), then hands
// what the caller of start0 may throw, run()'s exceptions among it, to
// dispatchUncaughtException, then exit(); a native doPrivileged runs its
// action); and, as an array's clone,
// Arrays.copyOf(T[], int) and copyOfRange(T[], int, int), whose copies
// Array.newInstance makes; the other arrays Array.newInstance makes, of a
// class no Class object tells, as arrays that a type filter of an array
// class sees as that class (anyarray.go); Enum.valueOf, which returns the
// constants of the enum named (enums.go); the enum universes of EnumSet, EnumMap and
// Class.getEnumConstants, whose getEnumConstantsShared calls values()
// reflectively (reach/enums.go); the garbage collector, whose pending
// list holds every Reference object and which registers the objects of
// classes with a finalize() for finalization (collector.go). What the JVM does around main is
// modelled in jvm.go (start-up roots System.initPhase1 and initPhase3,
// main's String arguments, the launcher's object of a class with an
// instance main, the class loaders of Class objects, the exceptions the
// JVM throws itself, which every handler whose type admits them catches
// and a thread's uncaught exception dispatch gets);
// reflective construction (Class.newInstance, Constructor.newInstance)
// by the casts of its result, opt-in (reflect.go); the reflective calls a
// reflection log records, as TamiFlex-based analyses resolve them
// (Options.Log; reflog.go); dynamic proxies, whose calls run their
// handlers' invoke (proxy.go); serialization's reflective callbacks,
// field accesses and objects (serial.go); the service providers that
// ServiceLoader instantiates for a class literal (services.go). What is
// reached but not modelled is listed in Graph.Unmodelled: other natives
// returning references, reflective construction left out, services that
// are not class literals; the JVM's linkage errors and invokedynamic
// other than lambdas and string concatenation are not modelled either.
// testing/oracle/soundness_test.go checks the call graphs against runtime
// traces of the five programs.
//
// The solver (seed 000 §6.3 and anchors.md's lessons of go/pointer)
// propagates differences: a node passes on only the objects it gained
// since it was last processed, from a worklist that holds back nodes
// with many successors until the others are done (schedule.go). Sets
// are arrays or bitmaps of object ids (sets.go), shared between nodes
// with equal sets (sharing.go); cycles of copy edges are collapsed into one node
// (cycles.go); JVM selection is cached per resolved method and receiver
// class, and each type filter keeps the set of objects that pass it,
// extended as objects and filters appear (filters.go). Objects and nodes
// get dense ids in discovery order, so results do not depend on
// GOMAXPROCS or map order.
//
// Warm starts (warm.go; ../shared/notes/summary-speedups.md): Checkpoint
// solves the JVM's start-up code alone, once, from the runtime's summary;
// Analyze with Options.Warm continues from that state, which every
// program's fixpoint contains, and so reaches exactly the cold result.
// A restored call site is made when first used (a dispatch on its
// receivers, or a graph listing it): a link touches few of the JDK's.
// The restores of one warm start share its decoded nodes, sets and edges
// (warm_template.go; the sets are frozen), and Result.Release hands a
// finished link's node memory to the next: a worker restores link after
// link.
//
// Deliberate exception to using a maintained set library: the sets are
// our own (sets.go). x/tools' intsets made differences against large sets
// linear in the large set (60% of JFlex's time), and roaring bitmaps
// allocated a result per operation and 8 KB per large set, which with
// reference-counted sharing between nodes (sharing.go) is what brought
// the JDK 17 0-CFA_f fragment from 17 GB to under 5 GB.
package pointsto

import (
	"fmt"
	"os"
	"slices"

	"github.com/rules-fragment/rules_fragment/tools/analysis/internal/reach"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/link"
	"github.com/rules-fragment/rules_fragment/tools/reflog"
)

// Options select the abstraction of heap objects.
type Options struct {
	// PerClass selects 0-CFA_f: one abstract object per class instead of
	// one per allocation site (AND_f).
	PerClass bool
	// ReflectiveTypes turns on the model of reflective construction
	// (reflect.go): a cast of the result applies it when the cast type has
	// at most this many instantiable subtypes. 0 (the default) leaves
	// reflective construction unmodelled (and reported): with a limit of
	// 16, JLex's 14,431 reachable methods become 26,300, as URL handlers,
	// file-system and security providers the JDK loads by name join in.
	ReflectiveTypes int
	// Warm, if set, is the state Checkpoint made of the program's runtime
	// (warm.go): solving continues from it. Analyze fails with an error
	// wrapping ErrWarmMismatch if it does not apply to the program.
	// Analyze only reads it: one state serves any number of runs.
	Warm *Warm
	// Sites, if set, selects the callers whose call sites Result.Graph
	// lists (a report's scope), with their receiver classes. The others
	// are still analysed; only their sites are left out, so leave it nil
	// for analyses that read the whole graph (MOD/USE). A link continuing
	// from the JDK's warm start would otherwise list, sort and compute the
	// receivers of all its start-up sites, none of them a client's.
	Sites func(*hierarchy.Method) bool
	// Log is a reflection log (package reflog): its entries apply where
	// their callers are reached (reflog.go).
	Log []reflog.Entry
}

// Name is the analysis name results carry: "andersen" (AND_f) or "0cfa"
// (0-CFA_f).
func (o Options) Name() string {
	if o.PerClass {
		return "0cfa"
	}
	return "andersen"
}

// Analyze computes points-to sets and the call graph of p from roots.
func Analyze(p *link.Program, roots []*hierarchy.Method, opts Options) (*Result, error) {
	s := newSolver(p, opts)
	if opts.Warm != nil {
		if err := s.restore(opts.Warm); err != nil {
			return nil, err
		}
		for _, m := range s.log.Callers(s.h) { // the warm start visited them
			if mi := s.method(m); mi != nil {
				b, err := s.p.Body(m)
				if err != nil {
					return nil, err
				}
				s.dropUnmodelled(m, s.logged(mi, b))
			}
		}
	}
	s.start(roots)
	if err := s.solve(); err != nil {
		return nil, err
	}
	if os.Getenv("RF_PTSTATS") != "" {
		edges := s.numEdges
		big, merged := 0, 0
		for i := range s.nodes {
			if s.nodes[i].rep != int32(i) {
				merged++
			}
		}
		for i := range s.nodes {
			if s.nodes[i].pts.GetCardinality() > 1000 {
				big++
			}
		}
		fmt.Fprintf(os.Stderr, "pointsto: nodes %d objects %d copy edges %d methods %d bigsets %d merged %d\n", len(s.nodes), len(s.objClass), edges, len(s.order), big, merged)
	}
	return &Result{Graph: s.graph(roots), s: s}, nil
}

// start makes roots and the JVM's start-up roots reachable (their classes
// and the JVM's start-up classes initialised) and adds what the JVM
// provides them.
func (s *solver) start(roots []*hierarchy.Method) {
	for _, m := range append(slices.Clone(roots), StartupRoots(s.h)...) {
		s.init.Init(m.Class)
		s.reach(m)
	}
	for _, c := range reach.StartupClasses(s.h) {
		s.init.Init(c)
	}
	for _, c := range reach.ImplicitExceptions(s.h) {
		s.init.Init(c)
	}
	s.jvmFacts(roots)
}
