// Package warmstart holds what the analyses' warm starts share
// (../shared/notes/summary-speedups.md, "roots every program has"): the
// file that carries them beside a runtime's summary, the names by which a
// state refers to classes, methods and fields independently of any
// hierarchy's ids, the integer stream states are encoded in, and the
// check that a state applies to a program.
//
// An analysis computed as a least fixpoint of monotone rules, with "method
// m is reachable" among its facts, reaches exactly its result when solving
// starts from any facts the result contains. Every program the JVM runs
// reaches its start-up code, so the fixpoint of the start-up code alone is
// such a set for every program linked with that runtime — as long as the
// runtime's classes behave as they did: the same summaries, none of their
// classes shadowed by another input, none of the names they left
// undefined (phantoms) defined by one. CheckInputs checks exactly that.
package warmstart
