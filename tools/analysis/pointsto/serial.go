package pointsto

import (
	"slices"
	"strings"

	"github.com/rules-fragment/rules_fragment/tools/analysis/internal/reach"
	"github.com/rules-fragment/rules_fragment/tools/callgraph"
	"github.com/rules-fragment/rules_fragment/tools/classfile"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/summary"
)

// Serialization (java.io.ObjectOutputStream, ObjectInputStream). The
// streams' Java code is analysed as any other; what it does reflectively,
// all inside java.io.ObjectStreamClass, is modelled where those methods
// are reached, on the objects that reach them (after Santos et al.'s
// Salsa, FTfJP 2020; reach/serial.go has the class analyses' side):
//
//   - invokeWriteObject, invokeReadObject, invokeReadObjectNoData,
//     invokeWriteReplace and invokeReadResolve call, on each object of
//     their Object parameter, the callbacks its class has
//     (reach.SerialCallbacks) with the stream argument; writeReplace's
//     and readResolve's results are theirs. The call graph lists the
//     callbacks among the targets of their Method.invoke call;
//   - getObjFieldValues(obj, vals) puts the values of obj's serializable
//     fields (instance, not transient, of a reference type) into vals'
//     elements, and setObjFieldValues(obj, vals) stores vals' elements into
//     them (filtered by the fields' types): default serialization, which
//     reads and writes them through Unsafe;
//   - newInstance, which makes a deserialized object through a reflective
//     constructor, returns the objects the program serializes (the
//     objects of ObjectOutputStream.writeOrdinaryObject's first
//     parameter), and so does ObjectInputStream.readRecord. A stream the
//     program did not write may hold objects of other classes: that part
//     is unmodelled and reported at newInstance.
//
// Warm starts hold none of this: the JVM's start-up code does not
// serialize, and Checkpoint refuses a state that does.

// serialState is the model's: the node of the objects the program
// serializes (-1 until a method needs it), and the hooks made.
type serialState struct {
	written int32
	hooks   []*serialHook
	fields  map[int32][]*hierarchy.Field // serialFieldsOf by class id
}

// serialHook is a reached ObjectStreamClass method calling callbacks.
type serialHook struct {
	kind     reach.SerialHook
	caller   *method
	id, line int32                         // its Method.invoke call's site (-1: none found)
	stream   int32                         // the stream argument's node (-1: none)
	ret      int32                         // the callbacks' results flow here (-1: none)
	classes  map[int32][]*hierarchy.Method // callbacks by class id
	sites    []*site                       // one per callback method, in binding order
}

// serialModel applies the model to reached method mi of body b.
func (s *solver) serialModel(mi *method, b *summary.Body) {
	m := mi.m
	param := func(i int) int32 {
		if i < len(mi.params) {
			return mi.params[i]
		}
		return -1
	}
	switch {
	case m.Class.Name == reach.ObjectStreamClass && !m.IsStatic():
		if k := reach.SerialHookOf(m); k != reach.NoSerialHook {
			s.serialHook(mi, b, k, param(1), param(2))
			return
		}
		switch m.Name + m.Desc {
		case "getObjFieldValues(Ljava/lang/Object;[Ljava/lang/Object;)V":
			if obj, vals := param(1), param(2); obj >= 0 && vals >= 0 {
				n := s.newNode()
				s.addLoad(obj, serialFields, n)
				s.addStore(vals, arrayElem, n)
			}
		case "setObjFieldValues(Ljava/lang/Object;[Ljava/lang/Object;)V":
			if obj, vals := param(1), param(2); obj >= 0 && vals >= 0 {
				n := s.newNode()
				s.addLoad(vals, arrayElem, n)
				s.addStore(obj, serialFields, n)
			}
		case "newInstance()Ljava/lang/Object;":
			s.addEdge(s.serialWritten(), mi.ret, nil)
			s.unmodelled = append(s.unmodelled, callgraph.Unmodelled{Method: m, Site: -1,
				Reason: "deserialization: only objects the program serializes are modelled"})
		}
	case m.Class.Name == "java/io/ObjectOutputStream" && m.Name+m.Desc == "writeOrdinaryObject(Ljava/lang/Object;Ljava/io/ObjectStreamClass;Z)V":
		if obj := param(1); obj >= 0 {
			s.addEdge(obj, s.serialWritten(), nil)
		}
	case m.Class.Name == "java/io/ObjectInputStream" && m.Name+m.Desc == "readRecord(Ljava/io/ObjectStreamClass;)Ljava/lang/Object;":
		s.addEdge(s.serialWritten(), mi.ret, nil)
	}
}

// serialWritten returns the node of the objects the program serializes.
func (s *solver) serialWritten() int32 {
	if s.serialInit().written < 0 {
		s.serial.written = s.newNode()
	}
	return s.serial.written
}

// serialHook registers hook k of mi, whose objects are node obj's and
// stream argument node stream's (-1: none).
func (s *solver) serialHook(mi *method, b *summary.Body, k reach.SerialHook, obj, stream int32) {
	if obj < 0 {
		return
	}
	state := s.serialInit()
	hk := &serialHook{kind: k, caller: mi, id: -1, stream: -1, ret: -1, classes: map[int32][]*hierarchy.Method{}}
	if k == reach.SerialWriteObject || k == reach.SerialReadObject {
		hk.stream = stream
	}
	if k == reach.SerialWriteReplace || k == reach.SerialReadResolve {
		hk.ret = mi.ret
	}
	for i := range b.Stmts {
		if st := &b.Stmts[i]; st.Op == summary.OpCall && strings.HasPrefix(s.sym.Pool.MethodName(st.Ref), "java/lang/reflect/Method.invoke(") {
			hk.id, hk.line = st.Site, st.Line
			break
		}
	}
	state.hooks = append(state.hooks, hk)
	// A hidden site on obj whose dispatch runs serialObjects (dispatchAll).
	x := &site{cs: &callgraph.Site{Caller: mi.m, ID: hk.id, Line: hk.line, Kind: callgraph.Virtual},
		caller: mi, base: obj, dst: -1, hidden: true, serial: hk, targets: map[int32]bool{}}
	s.addSite(x)
	s.addVirtual(obj, x)
}

// serialObjects calls hook hk's callbacks on objects objs.
func (s *solver) serialObjects(hk *serialHook, objs []int32) {
	objs = slices.Clone(objs) // binding reuses the caller's buffer
	for _, o := range objs {
		c := s.objClass[o]
		ts, ok := hk.classes[c.ID]
		if !ok {
			ts = reach.SerialCallbacks(s.h, hk.kind, c)
			hk.classes[c.ID] = ts
		}
		for _, t := range ts {
			if tm := s.serialCall(hk, t); tm != nil && len(tm.params) > 0 && tm.params[0] >= 0 {
				s.seed(tm.params[0], o)
			}
		}
	}
}

// serialCall binds hook hk's hidden site calling callback t, once, and
// returns t's solver record.
func (s *solver) serialCall(hk *serialHook, t *hierarchy.Method) *method {
	for _, x := range hk.sites {
		if x.resolved == t {
			return s.method(t)
		}
	}
	x := &site{cs: &callgraph.Site{Caller: hk.caller.m, ID: hk.id, Line: hk.line, Kind: callgraph.Special, Ref: t.Key(), Callee: t},
		caller: hk.caller, resolved: t, base: -1, dst: hk.ret, hidden: true, targets: map[int32]bool{}}
	if params, _, _ := classfile.ParseMethodDescriptor(t.Desc); len(params) == 1 {
		x.args = []int32{hk.stream}
	}
	s.addSite(x)
	hk.sites = append(hk.sites, x)
	return s.bind(x, t)
}

// serialTargets adds the callbacks to the targets of the hooks'
// Method.invoke sites (graph).
func (s *solver) serialTargets(x *site, ranks *callgraph.Ranks) {
	if s.serial == nil {
		return
	}
	n := len(x.cs.Targets)
	for _, hk := range s.serial.hooks {
		if hk.caller == x.caller && hk.id == x.cs.ID && hk.id >= 0 {
			for _, y := range hk.sites {
				x.cs.Targets = append(x.cs.Targets, y.resolved)
			}
		}
	}
	if len(x.cs.Targets) > n {
		ranks.SortMethods(x.cs.Targets)
		x.cs.Targets = slices.Compact(x.cs.Targets)
	}
}

// serialFieldsOf returns the fields default serialization reads and
// writes in an object of class c: the instance fields of a reference type
// and not transient of its serializable superclass chain.
func (s *solver) serialFieldsOf(c *hierarchy.Class) []*hierarchy.Field {
	st := s.serialInit()
	out, ok := st.fields[c.ID]
	if ok {
		return out
	}
	if ser := s.h.Lookup("java/io/Serializable"); ser != nil && !c.IsArray() {
		for d := c; d != nil && s.h.IsSubclass(d, ser); d = d.Super {
			for _, f := range d.Fields {
				if !f.IsStatic() && f.Access&classfile.AccTransient == 0 && isReference(f.Desc) {
					out = append(out, f)
				}
			}
		}
	}
	st.fields[c.ID] = out
	return out
}

// serialInit returns the model's state, made on first use.
func (s *solver) serialInit() *serialState {
	if s.serial == nil {
		s.serial = &serialState{written: -1, fields: map[int32][]*hierarchy.Field{}}
	}
	return s.serial
}

// isSerialClass reports whether the model has methods of class name.
func isSerialClass(name string) bool {
	return name == reach.ObjectStreamClass || name == "java/io/ObjectOutputStream" || name == "java/io/ObjectInputStream"
}
