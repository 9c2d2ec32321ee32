package reach

import "github.com/rules-fragment/rules_fragment/tools/hierarchy"

// startupRoots are the methods the JVM runs before main, in every program
// (JLS §12; the JDK's java.lang.System): System.initPhase1 (system
// properties, System.in, out and err) and System.initPhase3 (security
// manager, system class loader); JDK 8's System.initializeSystemClass.
// initPhase2 (the boot module layer) is left out: it reaches most of the
// module system and sets only System.bootLayer.
var startupRoots = [][3]string{
	{"java/lang/System", "initPhase1", "()V"},
	{"java/lang/System", "initPhase3", "()V"},
	{"java/lang/System", "initializeSystemClass", "()V"},
}

// startupClasses are the classes the JVM initialises itself while it
// starts, around initPhase1 (HotSpot's create_vm: the classes whose
// objects it makes or whose methods it preresolves, and the exceptions it
// may throw; -Xlog:class+init lists them first). Initialising Method
// initialises AccessibleObject, whose initialiser installs the
// JavaLangReflectAccess that copies every Method, Field and Constructor
// reflection hands out: without it no program reached a Method object and
// Method.invoke had no targets.
var startupClasses = []string{
	"java/lang/String", "java/lang/System", "java/lang/Class", "java/lang/ThreadGroup", "java/lang/Thread",
	"java/lang/Module", "jdk/internal/misc/UnsafeConstants", "java/lang/reflect/Method", "java/lang/ref/Finalizer",
	"java/lang/OutOfMemoryError", "java/lang/NullPointerException", "java/lang/ClassCastException",
	"java/lang/ArrayStoreException", "java/lang/ArithmeticException", "java/lang/StackOverflowError",
	"java/lang/IllegalMonitorStateException", "java/lang/IllegalArgumentException",
}

// implicitExceptions are the exceptions the JVM throws itself, with no
// athrow (JVMS §2.10, §6.5): the instructions' (a null receiver or array,
// an index out of bounds, an array store of the wrong class, an integer
// division by zero, a failed checkcast, a negative array size, an
// unowned monitor) and the virtual machine errors it may throw anywhere
// (§6.3). Linkage errors are left out: they come from classes missing at
// run time, which a linked program has.
var implicitExceptions = []string{
	"java/lang/NullPointerException", "java/lang/ArrayIndexOutOfBoundsException", "java/lang/ArrayStoreException",
	"java/lang/ArithmeticException", "java/lang/ClassCastException", "java/lang/NegativeArraySizeException",
	"java/lang/IllegalMonitorStateException", "java/lang/OutOfMemoryError", "java/lang/StackOverflowError",
}

// ImplicitExceptions returns the classes of h's runtime whose objects the
// JVM throws itself (none if the JDK is not linked). RTA instantiates them
// at start-up; the points-to analyses hand the JVM's object of each to
// every handler whose type admits it and to a thread's uncaught exception
// dispatch: a handler's calls on a NullPointerException had no receiver
// before.
func ImplicitExceptions(h *hierarchy.Hierarchy) []*hierarchy.Class {
	if len(StartupRoots(h)) == 0 {
		return nil
	}
	var out []*hierarchy.Class
	for _, name := range implicitExceptions {
		if c := h.Lookup(name); c != nil {
			out = append(out, c)
		}
	}
	return out
}

// StartupClasses returns the classes of h's runtime the JVM initialises
// while it starts (none if the JDK is not linked). Every analysis
// initialises them with the start-up roots.
func StartupClasses(h *hierarchy.Hierarchy) []*hierarchy.Class {
	var out []*hierarchy.Class
	if len(StartupRoots(h)) == 0 {
		return nil
	}
	for _, name := range startupClasses {
		if c := h.Lookup(name); c != nil {
			out = append(out, c)
		}
	}
	return out
}

// StartupRoots returns the JVM start-up methods of h's runtime (none if
// the JDK is not linked). Every analysis reaches them.
func StartupRoots(h *hierarchy.Hierarchy) []*hierarchy.Method {
	var out []*hierarchy.Method
	for _, r := range startupRoots {
		if c := h.Lookup(r[0]); c != nil {
			if m := c.DeclaredMethod(r[1], r[2]); m != nil {
				out = append(out, m)
			}
		}
	}
	return out
}
