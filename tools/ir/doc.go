// Package ir builds a typed three-address intermediate representation of JVM
// method bodies from bytecode, in the spirit of Soot's Jimple.
//
// Every method with a body becomes a flat list of statements over typed
// variables: locals and operand-stack slots are turned into variables by
// symbolic execution of the operand stack, and stack slots that stay live
// across basic-block boundaries become canonical stack variables copied at
// block ends. Each statement has one of the canonical forms that pointer,
// class, MOD/USE and dependence analyses consume (allocation, copy, cast,
// field/array load and store, invoke with a stable call-site id, return,
// throw, caught-exception binding, ...; see research/seed-001.md §1.2, Table
// 3.1, and research/seed-002-004.md §6 P0.1, the Jimple subset), plus the
// control flow that flow-sensitive and dependence analyses need (if, goto,
// switch, subroutine return).
//
// invokedynamic is lowered where its meaning is known: LambdaMetafactory
// call sites become an allocation of a synthetic class implementing the
// functional interface, whose method calls the implementation method with
// the captured values (stored in fields cap$0, cap$1, ...); StringConcatFactory
// call sites become a StringConcat allocation of java/lang/String; the
// ObjectMethods call sites of a record's toString, hashCode and equals become
// the component reads and the calls the linked method handle makes
// (objectmethods.go); the SwitchBootstraps call sites of pattern and enum
// switches become a TypeSwitch, which calls no method of the program. Every
// other bootstrap method is kept as an unresolved InvokeDynamic statement.
//
// Variables are typed from descriptors, constants and, where a slot merges
// values of different types, by a caller-supplied least-upper-bound function
// (falling back to java/lang/Object). Local-variable slots reused for
// unrelated values are split into separate variables (def-use webs).
//
// Check verifies the structural and type invariants of the IR; the tests run
// it over every method of the JDK and of every jar on the machine.
package ir
