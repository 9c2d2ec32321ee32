package reach

import "github.com/rules-fragment/rules_fragment/tools/hierarchy"

// Implicit is a virtual call a native method makes, on its receiver or one
// of its reference arguments: Thread.start's native half runs run() on
// the thread, then, if run() threw, dispatchUncaughtException (which
// hands the exception to the thread's or the default
// UncaughtExceptionHandler), then exit(); a native doPrivileged (JDK 8 and
// older; JDK 17's is Java code calling run()) runs its action. The
// call-graph engines add these calls wherever such a native method is
// reached.
type Implicit struct {
	Arg               int // argument index of the receiver; -1: the receiver itself
	Class, Name, Desc string
	Interface         bool
	// Thrown: the call's one argument is an exception the earlier calls
	// threw (the points-to analyses pass what the native's caller may
	// throw, run()'s exceptions among it).
	Thrown bool
}

// implicitCalls by the key of the method that makes them.
var implicitCalls = map[string][]Implicit{
	"java/lang/Thread.start0()V": {
		{Arg: -1, Class: "java/lang/Thread", Name: "run", Desc: "()V"},
		{Arg: -1, Class: "java/lang/Thread", Name: "dispatchUncaughtException", Desc: "(Ljava/lang/Throwable;)V", Thrown: true},
		{Arg: -1, Class: "java/lang/Thread", Name: "exit", Desc: "()V"},
	},
}

func init() {
	action := Implicit{Arg: 0, Class: "java/security/PrivilegedAction", Name: "run", Desc: "()Ljava/lang/Object;", Interface: true}
	exception := Implicit{Arg: 0, Class: "java/security/PrivilegedExceptionAction", Name: "run", Desc: "()Ljava/lang/Object;", Interface: true}
	const ac = "java/security/AccessController."
	for _, m := range []string{"doPrivileged", "doPrivilegedWithCombiner"} {
		implicitCalls[ac+m+"(Ljava/security/PrivilegedAction;)Ljava/lang/Object;"] = []Implicit{action}
		implicitCalls[ac+m+"(Ljava/security/PrivilegedExceptionAction;)Ljava/lang/Object;"] = []Implicit{exception}
	}
	implicitCalls[ac+"doPrivileged(Ljava/security/PrivilegedAction;Ljava/security/AccessControlContext;)Ljava/lang/Object;"] = []Implicit{action}
	implicitCalls[ac+"doPrivileged(Ljava/security/PrivilegedExceptionAction;Ljava/security/AccessControlContext;)Ljava/lang/Object;"] = []Implicit{exception}
}

// ImplicitCalls returns the calls made on behalf of the method with the
// given key (hierarchy.Method.Key), nil for most methods.
func ImplicitCalls(key string) []Implicit { return implicitCalls[key] }

// Resolve resolves the called method in h: the class it names and the
// method it resolves to, or a nil method when either is missing.
func (ic Implicit) Resolve(h *hierarchy.Hierarchy) (*hierarchy.Class, *hierarchy.Method) {
	c := h.Lookup(ic.Class)
	if c == nil {
		return nil, nil
	}
	var m *hierarchy.Method
	var err error
	if ic.Interface {
		m, err = h.ResolveInterfaceMethod(c, ic.Name, ic.Desc)
	} else {
		m, err = h.ResolveMethod(c, ic.Name, ic.Desc)
	}
	if err != nil {
		return c, nil
	}
	return c, m
}
