package reach

import (
	"slices"
	"strings"

	"github.com/rules-fragment/rules_fragment/tools/callgraph"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/ir"
	"github.com/rules-fragment/rules_fragment/tools/reflog"
	"github.com/rules-fragment/rules_fragment/tools/summary"
)

// A reflection log (package reflog) says what a program's reflective calls
// did in runs of it. As in the analyses that read TamiFlex logs (Bodden et
// al., ICSE 2011; Soot, Doop, Tai-e), an entry applies where its caller
// is reached: every method of the caller's name, at its calls of the
// entry's API on the entry's line, or at every such call of the method
// when none is on that line (a log of another build of the program). A
// caller reached without such a call still gets the entry's effects that
// need no values (a class initialised, a method reached); the call graph
// lists what the entries call among the targets of the calls they apply
// to (logCalls). Log entries add facts, so the analyses stay monotone and
// their warm starts apply.

// Log is a reflection log indexed by caller.
type Log struct {
	byCaller map[string]map[string][]*reflog.Entry // class → method name → entries
	entries  []reflog.Entry
}

// NewLog indexes entries (reflog.Parse's order, which is deterministic);
// nil for none.
func NewLog(entries []reflog.Entry) *Log {
	if len(entries) == 0 {
		return nil
	}
	l := &Log{byCaller: map[string]map[string][]*reflog.Entry{}, entries: entries}
	for i := range entries {
		e := &entries[i]
		if e.Kind == reflog.Other {
			continue
		}
		byName := l.byCaller[e.CallerClass]
		if byName == nil {
			byName = map[string][]*reflog.Entry{}
			l.byCaller[e.CallerClass] = byName
		}
		byName[e.CallerName] = append(byName[e.CallerName], e)
	}
	return l
}

// For returns the entries whose caller is m, in log order.
func (l *Log) For(m *hierarchy.Method) []*reflog.Entry {
	if l == nil {
		return nil
	}
	return l.byCaller[m.Class.Name][m.Name]
}

// Callers returns the methods of h the entries name as callers, in log
// order: after a warm start, those it restored as reached need their
// entries applied.
func (l *Log) Callers(h *hierarchy.Hierarchy) []*hierarchy.Method {
	if l == nil {
		return nil
	}
	var out []*hierarchy.Method
	seen := map[*hierarchy.Method]bool{}
	for _, e := range l.entries {
		if e.Kind == reflog.Other {
			continue
		}
		c := h.Lookup(e.CallerClass)
		if c == nil {
			continue
		}
		for _, m := range c.Methods {
			if m.Name == e.CallerName && !seen[m] {
				seen[m] = true
				out = append(out, m)
			}
		}
	}
	return out
}

// Target is an entry resolved in a program: the class (an array class for
// Array.newInstance), and the method (Class.newInstance: the no-argument
// constructor) or field. Method and Field are nil if the program has no
// such member; Class is nil if it has no such class.
type Target struct {
	Class  *hierarchy.Class
	Method *hierarchy.Method
	Field  *hierarchy.Field
}

// Resolve finds e's target in h.
func Resolve(h *hierarchy.Hierarchy, e *reflog.Entry) Target {
	var t Target
	if e.Kind == reflog.ArrayNewInstance {
		t.Class = h.LookupOrPhantom(e.Class)
		return t
	}
	t.Class = h.Lookup(e.Class)
	if t.Class == nil || t.Class.Phantom {
		t.Class = nil
		return t
	}
	switch e.Kind {
	case reflog.ClassNewInstance:
		t.Method = t.Class.DeclaredMethod("<init>", "()V")
	case reflog.ConstructorNewInstance:
		t.Method = t.Class.DeclaredMethod(e.Name, e.Desc)
	case reflog.MethodInvoke:
		t.Method, _ = h.ResolveAny(t.Class, e.Name, e.Desc)
	case reflog.FieldGet, reflog.FieldSet:
		t.Field, _ = h.ResolveField(t.Class, e.Name, e.Desc)
	case reflog.MethodHandle: // the member found (loghandles.go)
		if strings.HasPrefix(e.Desc, "(") {
			t.Method, _ = h.ResolveAny(t.Class, e.Name, e.Desc)
		} else {
			t.Field, _ = h.ResolveField(t.Class, e.Name, e.Desc)
		}
	}
	if t.Method != nil && t.Method.Class.Phantom {
		t.Method = nil
	}
	return t
}

// apis are the methods whose calls each kind's entries stand for.
var apis = map[reflog.Kind][]string{
	reflog.ClassForName: {"java/lang/Class.forName(Ljava/lang/String;)Ljava/lang/Class;",
		"java/lang/Class.forName(Ljava/lang/String;ZLjava/lang/ClassLoader;)Ljava/lang/Class;",
		"java/lang/Class.forName(Ljava/lang/Module;Ljava/lang/String;)Ljava/lang/Class;"},
	reflog.ClassNewInstance:       {"java/lang/Class.newInstance()Ljava/lang/Object;"},
	reflog.ConstructorNewInstance: {"java/lang/reflect/Constructor.newInstance([Ljava/lang/Object;)Ljava/lang/Object;"},
	reflog.MethodInvoke:           {"java/lang/reflect/Method.invoke(Ljava/lang/Object;[Ljava/lang/Object;)Ljava/lang/Object;"},
	reflog.ArrayNewInstance: {"java/lang/reflect/Array.newInstance(Ljava/lang/Class;I)Ljava/lang/Object;",
		"java/lang/reflect/Array.newInstance(Ljava/lang/Class;[I)Ljava/lang/Object;"},
}

func init() {
	// Field.get* and Field.set* are every getter and setter of a field's
	// value: get(Object), getInt(Object), set(Object, Object), …
	for name, t := range map[string]string{"": "Ljava/lang/Object;", "Boolean": "Z", "Byte": "B", "Char": "C",
		"Short": "S", "Int": "I", "Long": "J", "Float": "F", "Double": "D"} {
		apis[reflog.FieldGet] = append(apis[reflog.FieldGet], "java/lang/reflect/Field.get"+name+"(Ljava/lang/Object;)"+t)
		apis[reflog.FieldSet] = append(apis[reflog.FieldSet], "java/lang/reflect/Field.set"+name+"(Ljava/lang/Object;"+t+")V")
	}
}

// isAPI reports whether the method named key ("C.m(desc)") is one of the
// reflective APIs of e's kind (a MethodHandle entry's: its API's).
func isAPI(e *reflog.Entry, key string) bool {
	if e.Kind == reflog.MethodHandle {
		k, _, _, ok := handleAPI(e.API)
		return ok && k == key
	}
	return slices.Contains(apis[e.Kind], key)
}

// LogSites returns the calls of b to which e applies: those of its API on
// its line, else all those of its API. name gives a call's method key.
func LogSites(b *summary.Body, e *reflog.Entry, name func(ref int32) string) []*summary.Stmt {
	var all, onLine []*summary.Stmt
	for i := range b.Stmts {
		st := &b.Stmts[i]
		if st.Op != summary.OpCall || !isAPI(e, name(st.Ref)) {
			continue
		}
		all = append(all, st)
		if st.Line == e.Line {
			onLine = append(onLine, st)
		}
	}
	if len(onLine) > 0 {
		return onLine
	}
	return all
}

// BoxClass is the class of the objects reflection returns for a value of
// primitive type desc (Method.invoke's result, Field.get's value); "" for
// a reference type or void.
func BoxClass(desc string) string { return ir.WrapperClass(ir.Type(desc)) }

// ValueType is the type of the value an entry's call returns: the
// method's return type (Method.invoke) or the field's type (Field.get*);
// "" for other kinds.
func ValueType(e *reflog.Entry) string {
	switch e.Kind {
	case reflog.MethodInvoke:
		return e.Desc[strings.LastIndexByte(e.Desc, ')')+1:]
	case reflog.FieldGet:
		return e.Desc
	}
	return ""
}

// reflective applies the log's entries whose caller is m: RTA has no
// values, so an entry applies wherever its caller is reached.
func (e *engine) reflective(m *hierarchy.Method) {
	for _, en := range e.log.For(m) {
		t := Resolve(e.h, en)
		if t.Class == nil {
			continue
		}
		if b := BoxClass(ValueType(en)); b != "" {
			e.instantiate(e.h.Lookup(b))
		}
		switch en.Kind {
		case reflog.ClassForName:
			e.init.Init(t.Class)
		case reflog.ClassNewInstance, reflog.ConstructorNewInstance:
			if t.Method != nil && t.Class.IsInstantiable() {
				e.init.Init(t.Class)
				e.instantiate(t.Class)
				e.reach(t.Method)
			}
		case reflog.MethodInvoke:
			switch {
			case t.Method == nil:
			case t.Method.IsStatic():
				e.init.Init(t.Method.Class)
				e.reach(t.Method)
			default:
				e.virtualKey(t.Class, t.Method)
			}
		case reflog.FieldGet, reflog.FieldSet:
			if t.Field != nil && t.Field.IsStatic() {
				e.init.Init(t.Field.Class)
			}
		case reflog.ArrayNewInstance:
			for c := t.Class; c != nil && c.IsArray(); c = c.Component {
				e.instantiate(c)
			}
		case reflog.MethodHandle:
			if hd, ok := LogHandle(e.h, en); ok {
				e.handleOf(hd)
			}
		}
	}
}

// logTarget is what a logged reflective call calls: a method, or the
// targets of a virtual call's key.
type logTarget struct {
	method *hierarchy.Method
	key    *key
}

// logCalls notes what the log's entries call at the listed calls of m's
// body b to which they apply (the constructor of Class.newInstance and
// Constructor.newInstance, Method.invoke's method, dispatched as
// reflective does): the call graph lists those among the call's targets.
func (e *engine) logCalls(m *hierarchy.Method, b *summary.Body) {
	for _, en := range e.log.For(m) {
		t := Resolve(e.h, en)
		var lt logTarget
		switch {
		case t.Class == nil || t.Method == nil:
			continue
		case en.Kind == reflog.ClassNewInstance || en.Kind == reflog.ConstructorNewInstance:
			if !t.Class.IsInstantiable() {
				continue
			}
			lt.method = t.Method
		case en.Kind == reflog.MethodInvoke && t.Method.IsStatic():
			lt.method = t.Method
		case en.Kind == reflog.MethodInvoke:
			lt.key = e.virtualKey(t.Class, t.Method)
		default:
			continue
		}
		if e.logTargets == nil {
			e.logTargets = map[[2]int32][]logTarget{}
		}
		for _, st := range LogSites(b, en, e.pool.MethodName) {
			k := [2]int32{m.ID, st.Site}
			e.logTargets[k] = append(e.logTargets[k], lt)
		}
	}
}

// withLogTargets returns a call's targets and those of its log entries,
// sorted, without repeats.
func withLogTargets(targets []*hierarchy.Method, lts []logTarget) []*hierarchy.Method {
	out := slices.Clone(targets) // a key's list, shared by its sites
	for _, lt := range lts {
		if lt.method != nil {
			out = append(out, lt.method)
		} else {
			out = append(out, lt.key.targets...)
		}
	}
	callgraph.SortMethods(out)
	return slices.Compact(out)
}
