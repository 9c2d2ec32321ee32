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
