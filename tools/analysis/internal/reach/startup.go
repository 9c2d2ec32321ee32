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
