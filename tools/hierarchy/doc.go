// Package hierarchy is the class hierarchy of a JVM class path: classes,
// their members, subtyping, and the JVM's symbolic resolution and method
// selection rules, as whole-program analyses (call graphs, points-to) need
// them. References are to The Java Virtual Machine Specification, Java SE 17
// Edition (JVMS).
//
// # Building
//
// A Builder collects parsed class files (Add, AddWithModule) and classes
// that have no class file (AddSynthetic, e.g. lambda proxies synthesised by
// the IR builder). The first definition of a name wins, as on a class path;
// later ones are counted in Stats.Duplicates. Build links supertypes and
// creates a Phantom class for every referenced but undefined supertype.
// Malformed input is normal: supertype cycles are detected, recorded in
// Class.Errors and broken; nothing panics.
//
// # Identifiers and determinism
//
// Classes, methods and fields get dense int32 ids so that analyses can use
// slices and bitsets instead of maps. Every class known at Build (defined,
// synthetic, and phantoms for referenced supertypes) is numbered in sorted
// order of its internal name (byte-wise); methods and fields are numbered in
// class-id order and then in declaration order. Ids therefore depend only on
// the set of classes, not on the order of Add calls (which decides only
// which of several duplicate definitions wins). Classes, methods and fields
// created after Build (phantoms from LookupOrPhantom or resolution, array
// classes) are numbered in creation order after all built ones; callers
// that need reproducible ids for those must create them in a reproducible
// order. Nothing depends on map iteration order.
//
// # Subtyping
//
// IsSubclass is JVMS subtyping (§4.10.1.2, the verifier's isJavaAssignable
// for reference types): reflexive and transitive through superclasses and
// superinterfaces; interfaces and arrays are subtypes of java/lang/Object;
// arrays are subtypes of java/lang/Cloneable and java/io/Serializable and
// covariant in reference component types. Subtypes and DirectSubtypes are
// precomputed at Build as slices sorted by id.
//
// # Resolution and selection
//
// ResolveField, ResolveMethod and ResolveInterfaceMethod follow JVMS
// §5.4.3.2, §5.4.3.3 and §5.4.3.4, including signature-polymorphic methods
// (§2.9.3). Access control (§5.4.4) is not checked by resolution; see
// CanAccess. Dispatch and Select implement method selection (§5.4.6) for
// invokevirtual and invokeinterface with the overriding relation of §5.4.5
// (including its transitive rule for package-private methods); SelectSpecial
// implements the invokespecial lookup of §6.5. Run-time packages are
// identified with package names: the hierarchy models one class loader.
//
// DispatchTargets is Class Hierarchy Analysis (J. Dean, D. Grove, C.
// Chambers, "Optimization of Object-Oriented Programs Using Static Class
// Hierarchy Analysis", ECOOP 1995): the set of methods a call may reach given
// the static receiver type, computed by selecting the target for every
// instantiable subtype.
//
// # Phantoms
//
// A phantom class is referenced but not defined. It has no members and its
// superclass is unknown; it is treated as a direct subclass of
// java/lang/Object (a phantom only ever named in interfaces lists is
// assumed to be an interface). Resolution that fails after reaching a
// phantom, and selection that reaches a phantom class, yield phantom
// member records (Method.Phantom, Field.Phantom) created on demand with
// stable ids, so analyses can count calls into missing code.
//
// # Concurrency
//
// A Builder is not safe for concurrent use: parse in parallel, then Add in
// class-path order. A Hierarchy is safe for concurrent use by any number of
// goroutines. Methods that may create classes or members (Lookup of array
// names, LookupOrPhantom, ArrayOf, Supertypes and LUB on arrays, the
// resolution methods, Dispatch and friends) take an internal mutex only on
// that slow path. Dispatch results are cached in per-receiver hash tables
// that readers probe without locks (see BenchmarkDispatch for the
// comparison with lock-striped maps and sync.Map).
package hierarchy
