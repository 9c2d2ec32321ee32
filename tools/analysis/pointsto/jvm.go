package pointsto

import (
	"github.com/rules-fragment/rules_fragment/tools/analysis/internal/reach"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
)

// What the JVM does for every program before and around main (JLS §12,
// the JDK's java.lang.System and java.lang.Class), which no bytecode of
// the program shows. Without it System.out had no PrintStream, main's
// arguments no Strings and Object.getClass no Class: call sites the
// runtime trace sees were empty (testing/oracle/soundness_test.go).
//
//   - Start-up roots: System.initPhase1 (system properties, System.in,
//     out and err, through the natives setIn0/setOut0/setErr0 modelled
//     below) and System.initPhase3 (security manager, system class
//     loader); JDK 8's System.initializeSystemClass. initPhase2 (the boot
//     module layer) is left out: it reaches most of the module system and
//     sets only System.bootLayer.
//   - Start-up classes (reach.StartupClasses): those the JVM initialises
//     itself, among them Method, whose superclass AccessibleObject
//     installs what copies reflection's Method, Field and Constructor
//     objects; natives returning those (final) classes give objects of
//     the JVM (natives.go).
//   - main's String[] argument is an array of the JVM whose elements are
//     a String of the JVM.
//   - A root constructor runs on an object of its class that the JVM
//     made, and so do the instance roots of its supertypes: the launcher's
//     object of a class with an instance main (Java 25, link.MainMethods).
//   - Thread.currentThread returns the main thread (an object of the JVM)
//     or any thread started, or any virtual thread mounted
//     (Thread.setCurrentThread).
//   - Object.getClass returns the Class object (the one object of Class
//     that class literals use too), and that object's classLoader field,
//     which only the VM sets, holds the application and platform class
//     loaders.
//   - The exceptions the JVM throws itself (reach.ImplicitExceptions:
//     NullPointerException, ArrayIndexOutOfBoundsException,
//     ArithmeticException, ClassCastException, StackOverflowError, ...):
//     every handler whose type admits one gets the JVM's object of it, and
//     so does a thread's uncaught exception dispatch. Any instruction of a
//     try block, or of a callee, may throw them; before, a handler's
//     e.getMessage() on a division by zero had no receiver.
//   - The objects the JVM makes, and constants, have in their fields what
//     the JVM stores there (jvmFields): reflection's Method, Field and
//     Constructor objects their names and parameter types, the Class
//     object its module and component type.

// jvmSite is the site of the objects the JVM makes (main's arguments).
const jvmSite = -3

const (
	threadStart0  = "java/lang/Thread.start0()V"
	currentThread = "java/lang/Thread.currentThread()Ljava/lang/Thread;"
	// A virtual thread (Java 21) is not started by start0: the JVM's
	// current thread becomes it when it mounts on a carrier thread.
	setCurrentThread     = "java/lang/Thread.setCurrentThread(Ljava/lang/Thread;)V"
	currentCarrierThread = "java/lang/Thread.currentCarrierThread()Ljava/lang/Thread;"
	unblockVirtual       = "java/lang/VirtualThread.takeVirtualThreadListToUnblock()Ljava/lang/VirtualThread;"
	objectGetClass       = "java/lang/Object.getClass()Ljava/lang/Class;"
	systemSetIn          = "java/lang/System.setIn0(Ljava/io/InputStream;)V"
	systemSetOut         = "java/lang/System.setOut0(Ljava/io/PrintStream;)V"
	systemSetErr         = "java/lang/System.setErr0(Ljava/io/PrintStream;)V"
)

// StartupRoots returns the JVM start-up methods of h's runtime (none if
// the JDK is not linked): reach.StartupRoots.
func StartupRoots(h *hierarchy.Hierarchy) []*hierarchy.Method { return reach.StartupRoots(h) }

// jvmFacts adds what the JVM provides: main's arguments and the class
// loaders of Class objects.
func (s *solver) jvmFacts(roots []*hierarchy.Method) {
	strArray, str := s.h.Lookup("[Ljava/lang/String;"), s.h.Lookup("java/lang/String")
	if strArray == nil {
		strArray = s.h.LookupOrPhantom("[Ljava/lang/String;")
	}
	for _, m := range roots {
		if m.Name != "main" || m.Desc != "([Ljava/lang/String;)V" || str == nil {
			continue
		}
		mi, arg := s.method(m), 0
		if !m.IsStatic() {
			arg = 1 // an instance main (Java 25)
		}
		if mi == nil || len(mi.params) <= arg || mi.params[arg] < 0 {
			continue
		}
		args := s.jvmObject(strArray)
		s.seed(mi.params[arg], args)
		s.seed(s.fieldNode(args, arrayElem), s.jvmObject(str))
	}
	s.launched(roots)
	class, loaders := s.h.Lookup("java/lang/Class"), s.h.Lookup("jdk/internal/loader/ClassLoaders")
	if class == nil || loaders == nil {
		return
	}
	f := class.DeclaredField("classLoader", "Ljava/lang/ClassLoader;")
	if f == nil {
		return
	}
	dst := s.fieldNode(s.constObject(class), f.ID)
	for _, l := range loaders.Fields {
		if l.IsStatic() && (l.Name == "APP_LOADER" || l.Name == "PLATFORM_LOADER") {
			s.init.Init(loaders)
			s.addEdge(s.staticNode(l), dst, nil)
		}
	}
}

// implicitExceptions adds to node n the JVM's objects of the exceptions it
// throws itself (reach.ImplicitExceptions) that pass filter t (nil: all):
// a handler, flow-insensitively, may catch them from any instruction of
// its try block or any callee.
func (s *solver) implicitExceptions(n int32, t *hierarchy.Class) {
	if n < 0 {
		return
	}
	if s.implicitExc == nil {
		s.implicitExc = reach.ImplicitExceptions(s.h)
	}
	for _, c := range s.implicitExc {
		if t == nil || s.h.IsSubclass(c, t) {
			s.seed(n, s.jvmObject(c))
		}
	}
}

// jvmObject is the object of class c the JVM makes, with the fields the
// JVM fills (jvmFields).
func (s *solver) jvmObject(c *hierarchy.Class) int32 {
	k := objKey{method: -1, site: jvmSite, class: c.ID}
	if s.opts.PerClass {
		k.site = -1
	}
	o := s.objectFor(k, c)
	s.jvmFields(o, c)
	return o
}

// jvmFields gives object o of class c, made by the JVM, what the JVM
// stores in its fields: each reference field of c or a superclass whose
// type admits only objects of the JVM (reach.FinalResult: String, Class,
// the reflection objects, arrays of these or of a primitive type) holds
// the JVM's object of that type. The natives that return reflection's
// Method, Field and Constructor objects set their names, classes and
// parameter types, and the JVM a Class object's module and component
// type; without them Method.getName, getParameterTypes and Class.getModule
// returned nothing (Rhino and BeanShell call them: testing/oracle/
// soundness_debian_test.go). Each object is filled once per run; an
// object a warm start restored again, which adds nothing new.
func (s *solver) jvmFields(o int32, c *hierarchy.Class) {
	if int(o) >= len(s.jvmFilled) {
		s.jvmFilled = append(s.jvmFilled, make([]bool, int(o)+1-len(s.jvmFilled))...)
	}
	if s.jvmFilled[o] {
		return
	}
	s.jvmFilled[o] = true
	for k := c; k != nil; k = k.Super {
		for _, f := range k.Fields {
			if f.IsStatic() || !returnsReference("()"+f.Desc) {
				continue
			}
			if v := s.nativeObject(f.Desc); v >= 0 {
				s.seed(s.fieldNode(o, f.ID), v)
			}
		}
	}
}

// systemStream returns the static field of System that native setter
// key writes, or nil.
func (s *solver) systemStream(key string) *hierarchy.Field {
	var name, desc string
	switch key {
	case systemSetIn:
		name, desc = "in", "Ljava/io/InputStream;"
	case systemSetOut:
		name, desc = "out", "Ljava/io/PrintStream;"
	case systemSetErr:
		name, desc = "err", "Ljava/io/PrintStream;"
	default:
		return nil
	}
	if c := s.h.Lookup("java/lang/System"); c != nil {
		return c.DeclaredField(name, desc)
	}
	return nil
}

// launched gives each root constructor an object of its class made by the
// JVM (the launcher's, as reflective construction's), and the instance
// roots declared in a supertype of that class the same object.
func (s *solver) launched(roots []*hierarchy.Method) {
	for _, k := range roots {
		if !k.IsConstructor() || !k.Class.IsInstantiable() {
			continue
		}
		key := objKey{method: -1, site: reflectSite, class: k.Class.ID}
		if s.opts.PerClass {
			key.site = -1
		}
		o := s.objectFor(key, k.Class)
		for _, m := range roots {
			if m.IsStatic() || (m != k && m.IsConstructor()) || !s.h.IsSubclass(k.Class, m.Class) {
				continue
			}
			if mi := s.method(m); mi != nil && len(mi.params) > 0 {
				s.seed(mi.params[0], o)
			}
		}
	}
}
