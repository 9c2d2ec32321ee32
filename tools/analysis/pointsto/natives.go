package pointsto

import (
	"github.com/rules-fragment/rules_fragment/tools/classfile"
	"strings"

	"github.com/rules-fragment/rules_fragment/tools/analysis/internal/reach"
	"github.com/rules-fragment/rules_fragment/tools/callgraph"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
)

// The native JDK methods the analysis models (issue 5 asks for these at
// least); reach.ImplicitCalls adds the calls native methods make (Thread
// start, native doPrivileged), varhandle.go the VarHandle access modes.
// Other native methods have no effect on points-to sets.
const (
	objectClone = "java/lang/Object.clone()Ljava/lang/Object;"
	arraycopy   = "java/lang/System.arraycopy(Ljava/lang/Object;ILjava/lang/Object;II)V"

	// The reference accesses of jdk.internal.misc.Unsafe that its Java
	// methods (and sun.misc.Unsafe) end in, modelled for arrays, e.g.
	// ConcurrentHashMap's table: a store writes, and a load reads, the
	// elements. On other objects the offset names a field: one that
	// objectFieldOffset gives of constants is followed from there to the
	// accesses of Unsafe at it (offsets.go); other offsets are not known,
	// and taking every field instead made every reflective Field.get read
	// every field of every object (JLex AND_f: 4 s became 250 s), so
	// those accesses stay unmodelled.
	unsafe            = "jdk/internal/misc/Unsafe."
	unsafeGet         = unsafe + "getReference(Ljava/lang/Object;J)Ljava/lang/Object;"
	unsafeGetVolatile = unsafe + "getReferenceVolatile(Ljava/lang/Object;J)Ljava/lang/Object;"
	unsafePut         = unsafe + "putReference(Ljava/lang/Object;JLjava/lang/Object;)V"
	unsafePutVolatile = unsafe + "putReferenceVolatile(Ljava/lang/Object;JLjava/lang/Object;)V"
	unsafeCAS         = unsafe + "compareAndSetReference(Ljava/lang/Object;JLjava/lang/Object;Ljava/lang/Object;)Z"
	unsafeCAE         = unsafe + "compareAndExchangeReference(Ljava/lang/Object;JLjava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;"
)

// Arrays.copyOf(T[], int) and copyOfRange(T[], int, int) make their copy
// with Array.newInstance of the original's component class, which is
// unmodelled (Class objects are one object): the copy was empty, and
// their Object[] alternative does not pass the caller's cast to T[]
// (Arrays.copyOfRange(args, 1, n)[0].trim() had no target). They are
// modelled as an array's clone is: the original stands for its copy.
const (
	arraysCopyOf      = "java/util/Arrays.copyOf([Ljava/lang/Object;I)[Ljava/lang/Object;"
	arraysCopyOfRange = "java/util/Arrays.copyOfRange([Ljava/lang/Object;II)[Ljava/lang/Object;"
)

// arrayCopy adds the original's objects to the result of call st of
// Arrays.copyOf or copyOfRange (as well as what their code returns).
func (s *solver) arrayCopy(st *site) {
	if len(st.args) > 0 {
		s.addEdge(st.args[0], st.dst, nil)
	}
}

// modelled reports whether native method key k has a model here.
func modelled(k string) bool {
	switch k {
	case objectGetClass, systemSetIn, systemSetOut, systemSetErr, currentThread:
		return true
	case setCurrentThread, currentCarrierThread, unblockVirtual, reach.PendingList:
		return true
	case arrayNewArray, arrayMultiNewArray: // at the calls of Array.newInstance (anyarray.go)
		return true
	case objectClone, arraycopy, unsafeGet, unsafeGetVolatile, unsafePut, unsafePutVolatile, unsafeCAS, unsafeCAE:
		return true
	}
	return len(reach.ImplicitCalls(k)) > 0
}

// nativeCall applies the model of native target t bound at site st.
func (s *solver) nativeCall(st *site, t *hierarchy.Method) {
	if t.Class.Name == varHandle {
		s.varHandleAccess(st, t)
	}
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
		s.addEdge(st.base, s.threadsNode(), nil)
	case currentThread, currentCarrierThread:
		s.addEdge(s.threadsNode(), st.dst, nil)
	case setCurrentThread:
		if len(st.args) == 1 {
			s.addEdge(st.args[0], s.threadsNode(), nil)
		}
	case unblockVirtual: // the JVM's list of the virtual threads to unblock
		s.addEdge(s.threadsNode(), st.dst, t.Class)
	case reach.PendingList: // collector.go
		s.addEdge(s.referencesNode(), st.dst, nil)
	case objectGetClass:
		if c := s.h.Lookup("java/lang/Class"); c != nil {
			s.seed(st.dst, s.constObject(c))
		}
	case systemSetIn, systemSetOut, systemSetErr:
		if f := s.systemStream(t.Key()); f != nil && len(st.args) == 1 {
			s.addEdge(st.args[0], s.staticNode(f), nil)
		}
	case unsafeGet, unsafeGetVolatile:
		if a := st.args; len(a) == 2 && a[0] >= 0 && st.dst >= 0 {
			s.addLoad(a[0], anyField, st.dst)
		}
	case unsafePut, unsafePutVolatile:
		if a := st.args; len(a) == 3 && a[0] >= 0 && a[2] >= 0 {
			s.addStore(a[0], anyField, a[2])
		}
	case unsafeCAS, unsafeCAE:
		if a := st.args; len(a) == 4 && a[0] >= 0 {
			if a[3] >= 0 {
				s.addStore(a[0], anyField, a[3])
			}
			if st.dst >= 0 && t.Key() == unsafeCAE {
				s.addLoad(a[0], anyField, st.dst)
			}
		}
	}
	if !modelled(t.Key()) {
		s.nativeReturn(st, t)
	}
	for _, ic := range reach.ImplicitCalls(t.Key()) {
		recv, dst := st.base, int32(-1)
		if ic.Arg >= 0 {
			if ic.Arg >= len(st.args) {
				continue
			}
			recv, dst = st.args[ic.Arg], st.dst
		}
		if recv >= 0 {
			s.modelCall(st, recv, ic, dst)
		}
	}
}

// nativeReceiver applies the model of native target t for one receiver
// object of a virtual call.
func (s *solver) nativeReceiver(st *site, t *hierarchy.Method, o int32) {
	if t.HasKey(objectClone) { // runs per receiver object: no key string
		s.seed(st.dst, o)
	}
}

// modelCall adds a hidden virtual call site on node recv standing for a
// call a native method makes.
func (s *solver) modelCall(at *site, recv int32, ic reach.Implicit, dst int32) {
	_, m := ic.Resolve(s.h)
	if m == nil {
		return
	}
	kind := callgraph.Virtual
	if ic.Interface {
		kind = callgraph.Interface
	}
	x := &site{cs: &callgraph.Site{Caller: at.cs.Caller, ID: at.cs.ID, Line: at.cs.Line, Kind: kind, Ref: ic.Class + "." + ic.Name + ic.Desc, Callee: m},
		caller: at.caller, resolved: m, base: recv, dst: dst, hidden: true,
		targets: map[int32]bool{}}
	if ic.Thrown {
		x.args = []int32{at.caller.exc}
		s.implicitExceptions(at.caller.exc, nil) // what the JVM throws in run() too
	}
	s.addSite(x)
	s.addVirtual(recv, x)
}

// returnsReference reports whether method descriptor desc returns an
// object or array.
func returnsReference(desc string) bool {
	i := strings.LastIndexByte(desc, ')')
	return i >= 0 && i+1 < len(desc) && (desc[i+1] == 'L' || desc[i+1] == '[')
}

// nativeReturn gives the result of an unmodelled native method whose
// declared return type is a final class (String, Class, the reflection
// objects), or an array of one, an object of the JVM of that class (Class:
// the Class object; an array: one whose elements are such objects). What
// such a method returns can only be of that class. It reports whether it
// did.
func (s *solver) nativeReturn(st *site, t *hierarchy.Method) bool {
	_, ret, _ := classfile.ParseMethodDescriptor(t.Desc)
	o := s.nativeObject(ret)
	if o < 0 {
		return false
	}
	s.seed(st.dst, o)
	return true
}

// nativeObject returns the object of the JVM standing for a native
// method's result of descriptor desc (an array holds the object of its
// element type), or -1 unless reach.FinalResult accepts desc.
func (s *solver) nativeObject(desc string) int32 {
	elem, ok := reach.FinalResult(s.h, desc)
	switch {
	case !ok:
		return -1
	case desc[0] != '[' && elem.Name == "java/lang/Class":
		return s.constObject(elem)
	case desc[0] != '[':
		return s.jvmObject(elem)
	}
	a := s.jvmObject(s.h.LookupOrPhantom(desc))
	if o := s.nativeObject(desc[1:]); o >= 0 {
		s.seed(s.fieldNode(a, arrayElem), o)
	}
	return a
}

// finalReturn reports whether nativeReturn models t's result.
func (s *solver) finalReturn(t *hierarchy.Method) bool {
	_, ret, _ := classfile.ParseMethodDescriptor(t.Desc)
	_, ok := reach.FinalResult(s.h, ret)
	return ok
}

// threadsNode holds the Thread objects that may be running: the main
// thread (an object of the JVM), every thread started (the receivers of
// Thread.start0) and every virtual thread mounted (the arguments of
// Thread.setCurrentThread). Thread.currentThread returns them.
func (s *solver) threadsNode() int32 {
	if s.threads < 0 {
		s.threads = s.newNode()
		if c := s.h.Lookup("java/lang/Thread"); c != nil {
			s.seed(s.threads, s.jvmObject(c))
		}
	}
	return s.threads
}
