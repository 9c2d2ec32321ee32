// Package cha computes call graphs by Class Hierarchy Analysis (Dean,
// Grove and Chambers, "Optimization of object-oriented programs using
// static class hierarchy analysis", ECOOP 1995): a virtual call may reach
// the method selected for every instantiable subtype of its static
// receiver type. In the fragment setting this is CHA_f of
// research/seed-002-004.md §1.5 (RC = all subtypes of the declared type),
// the baseline the coverage literature used.
//
// Unlike golang.org/x/tools/go/callgraph/cha, which connects every function
// of a program, CallGraph explores from roots: the methods reachable from
// the entry points and from the class initialisers they trigger.
//
// Every run also reaches the JVM's start-up code (System.initPhase1 and
// initPhase3), which every program runs; Checkpoint solves it once for a
// runtime's summary, and Options.Warm continues from that state with the
// same result (package warmstart).
package cha

import (
	"github.com/rules-fragment/rules_fragment/tools/analysis/internal/reach"
	"github.com/rules-fragment/rules_fragment/tools/callgraph"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/link"
)

// CallGraph computes the CHA call graph of p from roots and the JVM's
// start-up roots (which every program runs).
func CallGraph(p *link.Program, roots []*hierarchy.Method, opts Options) (*callgraph.Graph, error) {
	return reach.Run(p, roots, reach.AllSubtypes, "cha", opts)
}

// Options configure the analysis: Warm continues from a warm start of the
// program's runtime (Checkpoint; package warmstart).
type Options = reach.Options

// Warm is the analysis's state at the fixpoint of the JVM's start-up
// roots.
type Warm = reach.Warm

// Checkpoint computes the warm start of summary-only program p (a Java
// runtime's summary): the analysis of its start-up roots alone.
func Checkpoint(p *link.Program) (*Warm, error) { return reach.Checkpoint(p, reach.AllSubtypes) }
