// Package rta computes call graphs by Rapid Type Analysis (Bacon and
// Sweeney, "Fast static analysis of C++ virtual function calls", OOPSLA
// 1996): reachable methods and allocated classes are discovered together,
// and a virtual call may reach the method selected for every allocated
// subtype of its static receiver type. In the fragment setting this is
// RTA_f of research/seed-002-004.md §1.5 (a variable's classes are the
// instantiated subclasses of its declared type).
//
// Allocations are `new`, array creation (every dimension of a
// multianewarray), reference constants (String, Class, MethodType,
// MethodHandle literals), string concatenation and lambda proxies. Calls
// that native methods make (a thread's run(), dispatchUncaughtException
// and exit() after Thread.start0) are
// added where those natives are reached (reach.ImplicitCalls), and the
// handlers' invoke where dynamic proxies are made (reach/proxy.go), the
// providers of the services requested from ServiceLoader with a class
// literal (reach/services.go), serialization's callbacks (reach/serial.go),
// the values() of the enums whose universes Class.getEnumConstantsShared
// reads (reach/enums.go), Finalizer.register where a class with a
// finalize() is instantiated (reach/collector.go).
// As in
// golang.org/x/tools/go/callgraph/rta, the analysis is on-the-fly and
// monotone; unlike it, class initialisers join when their class is
// initialised (JVMS §5.5).
//
// Every run also reaches the JVM's start-up code (System.initPhase1 and
// initPhase3), which every program runs; Checkpoint solves it once for a
// runtime's summary, and Options.Warm continues from that state with the
// same result (package warmstart).
package rta

import (
	"github.com/rules-fragment/rules_fragment/tools/analysis/internal/reach"
	"github.com/rules-fragment/rules_fragment/tools/callgraph"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/link"
)

// Analyze computes the RTA call graph of p from roots and the JVM's
// start-up roots (which every program runs).
func Analyze(p *link.Program, roots []*hierarchy.Method, opts Options) (*callgraph.Graph, error) {
	return reach.Run(p, roots, reach.Instantiated, "rta", opts)
}

// Options configure the analysis: Warm continues from a warm start of the
// program's runtime (Checkpoint; package warmstart).
type Options = reach.Options

// Warm is the analysis's state at the fixpoint of the JVM's start-up
// roots.
type Warm = reach.Warm

// Checkpoint computes the warm start of summary-only program p (a Java
// runtime's summary): the analysis of its start-up roots alone.
func Checkpoint(p *link.Program) (*Warm, error) { return reach.Checkpoint(p, reach.Instantiated) }
