package pointsto

import (
	"github.com/rules-fragment/rules_fragment/tools/callgraph"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
)

// The native and reflective JDK methods the analysis models (issue 5 asks
// for these at least); every other native method has no effect on
// points-to sets. Keys are method keys.
const (
	objectClone  = "java/lang/Object.clone()Ljava/lang/Object;"
	arraycopy    = "java/lang/System.arraycopy(Ljava/lang/Object;ILjava/lang/Object;II)V"
	threadStart0 = "java/lang/Thread.start0()V"
)

// doPrivileged methods run their first argument's run().
var privileged = map[string]string{
	"java/security/AccessController.doPrivileged(Ljava/security/PrivilegedAction;)Ljava/lang/Object;":                                              "java/security/PrivilegedAction",
	"java/security/AccessController.doPrivileged(Ljava/security/PrivilegedAction;Ljava/security/AccessControlContext;)Ljava/lang/Object;":          "java/security/PrivilegedAction",
	"java/security/AccessController.doPrivileged(Ljava/security/PrivilegedExceptionAction;)Ljava/lang/Object;":                                     "java/security/PrivilegedExceptionAction",
	"java/security/AccessController.doPrivileged(Ljava/security/PrivilegedExceptionAction;Ljava/security/AccessControlContext;)Ljava/lang/Object;": "java/security/PrivilegedExceptionAction",
	"java/security/AccessController.doPrivilegedWithCombiner(Ljava/security/PrivilegedAction;)Ljava/lang/Object;":                                  "java/security/PrivilegedAction",
	"java/security/AccessController.doPrivilegedWithCombiner(Ljava/security/PrivilegedExceptionAction;)Ljava/lang/Object;":                         "java/security/PrivilegedExceptionAction",
}

// nativeCall applies the model of native (or modelled) target t, bound at
// site st, that needs no receiver object.
func (s *solver) nativeCall(st *site, t *hierarchy.Method) {
	switch t.Key() {
	case objectClone:
		// A clone has the class of its receiver: the receiver's objects
		// stand for it. Virtual calls get them one by one (nativeReceiver).
		if st.cs.Kind == callgraph.Special {
			s.addEdge(st.base, st.dst, nil)
		}
	case arraycopy:
		if len(st.args) >= 3 && st.args[0] >= 0 && st.args[2] >= 0 {
			elems := s.newNode()
			s.addLoad(st.args[0], arrayElem, elems)
			s.addStore(st.args[2], arrayElem, elems)
		}
	case threadStart0:
		// Thread.start's native half runs run() on a new thread.
		if st.base >= 0 {
			s.modelCall(st, st.base, "java/lang/Thread", "run", "()V", -1)
		}
	}
}

// nativeReceiver applies the model of native target t for one receiver
// object of a virtual call.
func (s *solver) nativeReceiver(st *site, t *hierarchy.Method, o int32) {
	if t.Key() == objectClone {
		s.seed(st.dst, o)
	}
}

// modelCall adds a hidden virtual call site of class.name(desc) on node
// recv, standing for a call a native or reflective method makes.
func (s *solver) modelCall(at *site, recv int32, class, name, desc string, dst int32) {
	c := s.h.Lookup(class)
	if c == nil {
		return
	}
	m, err := s.h.ResolveMethod(c, name, desc)
	if err != nil || m == nil {
		return
	}
	x := &site{cs: &callgraph.Site{Caller: at.cs.Caller, ID: at.cs.ID, Line: at.cs.Line, Kind: callgraph.Virtual, Ref: class + "." + name + desc, Callee: m},
		caller: at.caller, resolved: m, base: recv, dst: dst, hidden: true,
		recv: map[int32]bool{}, targets: map[int32]bool{}}
	s.sites = append(s.sites, x)
	s.addVirtual(recv, x)
}

// reflective applies the models of methods with bodies whose effect runs
// through reflection or native code: doPrivileged runs its action.
func (s *solver) reflective(st *site, t *hierarchy.Method) {
	if iface, ok := privileged[t.Key()]; ok && len(st.args) > 0 && st.args[0] >= 0 {
		c := s.h.Lookup(iface)
		if c == nil {
			return
		}
		m, err := s.h.ResolveInterfaceMethod(c, "run", "()Ljava/lang/Object;")
		if err != nil || m == nil {
			return
		}
		x := &site{cs: &callgraph.Site{Caller: st.cs.Caller, ID: st.cs.ID, Line: st.cs.Line, Kind: callgraph.Interface, Ref: iface + ".run()Ljava/lang/Object;", Callee: m},
			caller: st.caller, resolved: m, base: st.args[0], dst: st.dst, hidden: true,
			recv: map[int32]bool{}, targets: map[int32]bool{}}
		s.sites = append(s.sites, x)
		s.addVirtual(st.args[0], x)
	}
}
