package hierarchy

// Runtime is the platform library among a program's inputs: the one that
// defines java/lang/Object (a JDK's runtime image or jmods, or their
// summary). The JVM asks the boot and platform class loaders before the
// class path (JVMS §5.3; java.lang.ClassLoader's parent delegation), so
// the runtime's classes win over every other input's, whatever the order
// of the inputs. A modular runtime (JDK 9 and later) also owns its
// packages: the application class loader hands every class of a package
// of a module in the boot layer to that module's loader (java.lang.
// ClassLoader, "Run-time Built-in Class Loaders"), so another input's
// classes in those packages — the javax.xml and org.w3c.dom copies in
// xml-apis.jar, say — are never loaded, even those the runtime lacks.
type Runtime struct {
	modular  bool                // it has module descriptors
	classes  map[string]struct{} // its classes, if not modular
	packages map[string]struct{} // the packages of its classes, if modular
}

// NewRuntime describes the runtime defining classes (internal names;
// module-info excluded), modular if it has module descriptors.
func NewRuntime(modular bool, classes []string) *Runtime {
	r := &Runtime{modular: modular}
	if modular {
		r.packages = map[string]struct{}{}
		for _, c := range classes {
			if pkg := packageOf(c); pkg != "" { // never the class path's unnamed package
				r.packages[pkg] = struct{}{}
			}
		}
		return r
	}
	r.classes = make(map[string]struct{}, len(classes))
	for _, c := range classes {
		r.classes[c] = struct{}{}
	}
	return r
}

// Hides reports whether the runtime keeps another input's class named name
// from being loaded: the runtime defines it or, if modular, its package.
// A nil Runtime hides nothing.
func (r *Runtime) Hides(name string) bool {
	if r == nil {
		return false
	}
	if r.modular {
		_, ok := r.packages[packageOf(name)]
		return ok
	}
	_, ok := r.classes[name]
	return ok
}

// RuntimeRoot is the class whose definer is the runtime.
const RuntimeRoot = "java/lang/Object"
