package pointsto

import (
	"fmt"
	"strings"

	"github.com/rules-fragment/rules_fragment/tools/callgraph"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/reflog"
)

// ArrayElement is the field id of the elements of an array object (all
// elements are one field).
const ArrayElement = arrayElem

// Result is a solved analysis: its call graph and the points-to sets of
// the reached methods' variables, of object fields and of static fields.
// Sets are object ids in increasing order; ids are dense and stable for a
// given program, roots and warm start (discovery order of a deterministic
// solver; a warm start numbers the start-up code's objects first), so
// compare results across runs by Object names.
type Result struct {
	Graph *callgraph.Graph
	s     *solver
}

// Release gives the memory of r's pointer nodes to the next analysis that
// restores the same warm start (a worker's next link). r must not be used
// after; its Graph may.
func (r *Result) Release() {
	if s := r.s; s != nil && s.warm != nil {
		s.warm.tmpl.putNodes(s.nodes)
	}
	r.s = nil
}

// Object is an abstract heap object.
type Object struct {
	Class *hierarchy.Class
	// Method, Site and Level name an allocation of AND_f: the allocating
	// method, its site id and the dimension level of a multianewarray (0
	// for the outer array). Method is nil for the one object per class of
	// 0-CFA_f and for reference constants.
	Method      *hierarchy.Method
	Site, Level int32
	// Constant marks the object standing for the reference constants
	// (string literals, class literals, method types) of Class.
	Constant bool
	// Reflective marks the object of Class that reflective construction
	// makes (AND_f; reflect.go), at Method's Site for a call a reflection
	// log resolves (reflog.go).
	Reflective bool
	// JVM marks an object of Class the JVM makes (AND_f; jvm.go).
	JVM bool
	// Proxy marks a dynamic proxy made at Method's Site (Class is
	// java/lang/reflect/Proxy), or the argument array that proxy passes
	// to its handlers' invoke (Class is Object[]; proxy.go).
	Proxy bool
	// AnyArray marks an array of a class the analysis does not know,
	// which Array.newInstance (or a typed Arrays.copyOf) makes at Method's
	// Site (AND_f; anyarray.go): Class is Object[], or the array class of
	// its view as one.
	AnyArray bool
	// Handle names the method handle the object stands for
	// (summary.HandleName; handles.go), or is "new" for the object a
	// constructor handle makes at Method's Site, "arguments" for the
	// array the JVM collects a varargs method's arguments into there,
	// "bound …" for a handle bindTo makes there, "adapted …" for the one
	// asType makes of another.
	Handle string
}

// String names the object stably across modes: "C.m(D)@site",
// "C.m(D)@site[level]", "const C" or "class C".
func (o Object) String() string {
	switch {
	case o.AnyArray && o.Method != nil:
		return fmt.Sprintf("any array %s at %s@%d", o.Class.Name, o.Method.Key(), o.Site)
	case o.AnyArray:
		return "any array " + o.Class.Name
	case o.Handle == "new":
		return fmt.Sprintf("handle new %s at %s@%d", o.Class.Name, o.Method.Key(), o.Site)
	case strings.HasPrefix(o.Handle, "adapted "):
		return o.Handle
	case strings.HasPrefix(o.Handle, "bound "):
		return fmt.Sprintf("%s handle at %s@%d", o.Handle, o.Method.Key(), o.Site)
	case o.Handle == "arguments":
		return fmt.Sprintf("handle arguments %s at %s@%d", o.Class.Name, o.Method.Key(), o.Site)
	case strings.HasPrefix(o.Handle, "O"): // summary.HandleOffset
		return "field offset " + o.Handle
	case strings.HasPrefix(o.Handle, "F"): // summary.HandleReflectField
		return "reflected field " + o.Handle
	case strings.HasPrefix(o.Handle, "U"): // summary.HandleUpdater
		return "field updater " + o.Handle
	case strings.HasPrefix(o.Handle, "H") || strings.HasPrefix(o.Handle, "h"): // summary.HandleVar, HandleStaticVar
		return "var handle " + o.Handle
	case o.Handle != "":
		return "method handle " + o.Handle
	case o.Proxy && o.Class.IsArray():
		return fmt.Sprintf("proxy arguments at %s@%d", o.Method.Key(), o.Site)
	case o.Proxy:
		return fmt.Sprintf("proxy at %s@%d", o.Method.Key(), o.Site)
	case o.Reflective && o.Method != nil:
		return fmt.Sprintf("reflect %s at %s@%d", o.Class.Name, o.Method.Key(), o.Site)
	case o.Method != nil && o.Level > 0:
		return fmt.Sprintf("%s@%d[%d]", o.Method.Key(), o.Site, o.Level)
	case o.Method != nil:
		return fmt.Sprintf("%s@%d", o.Method.Key(), o.Site)
	case o.Constant:
		return "const " + o.Class.Name
	case o.Reflective:
		return "reflect " + o.Class.Name
	case o.JVM:
		return "jvm " + o.Class.Name
	}
	return "class " + o.Class.Name
}

// NumObjects is the number of abstract objects; ids are 0..NumObjects-1.
func (r *Result) NumObjects() int { return len(r.s.objClass) }

// Object returns the abstract object with id o.
func (r *Result) Object(o int) Object {
	k := r.s.objKeys[o]
	x := Object{Class: r.s.objClass[o], Site: k.site, Level: k.level}
	switch {
	case k.level == logLevel: // reflog.go
		x.Reflective, x.Method, x.Level = true, r.s.h.Method(k.method), 0
	case k.level == proxyLevel || k.level == proxyArgsLevel: // proxy.go
		x.Proxy, x.Method, x.Level = true, r.s.h.Method(k.method), 0
	case k.level == anyArrayLevel || k.level == anyViewLevel: // anyarray.go
		x.AnyArray, x.Level = true, 0
		if k.method >= 0 {
			x.Method = r.s.h.Method(k.method)
		} else {
			x.Site = 0
		}
	case k.level == handleLevel: // handles.go
		x.Handle, x.Site, x.Level = handleKeyName(r.s.h, k), 0, 0
		if k.site&handleVarargs != 0 {
			x.Handle += " (varargs)"
		}
	case k.level <= adaptedBase:
		x.Handle, x.Site, x.Level = "adapted "+r.Object(int(adaptedBase-k.level)).String(), 0, 0
	case k.level <= boundBase:
		x.Handle, x.Method, x.Level = "bound "+r.Object(int(boundBase-k.level)).Handle, r.s.h.Method(k.method), 0
	case k.level == handleNewLevel:
		x.Handle, x.Method, x.Level = "new", r.s.h.Method(k.method), 0
	case k.level == handleArgsLevel:
		x.Handle, x.Method, x.Level = "arguments", r.s.h.Method(k.method), 0
	case k.method >= 0:
		x.Method = r.s.h.Method(k.method)
	case k.level < 0:
		x.Constant, x.Site, x.Level = true, 0, 0
	case k.site == reflectSite:
		x.Reflective, x.Site = true, 0
	case k.site == jvmSite:
		x.JVM, x.Site = true, 0
	default:
		x.Site, x.Level = 0, 0
	}
	return x
}

// SameArray returns the object whose elements are o's: for the view of an
// array of unknown class as an array class, the array (anyarray.go; one
// array seen as several classes), else o itself.
func (r *Result) SameArray(o int) int { return int(r.s.anyArrayOf(int32(o))) }

// Reached reports whether m is reachable (its variables have sets).
func (r *Result) Reached(m *hierarchy.Method) bool {
	mi := r.s.method(m)
	return mi != nil && mi.params != nil
}

// VarPointsTo returns the objects variable v of reached method m may
// point to (nil for an unreached method or a variable out of range).
func (r *Result) VarPointsTo(m *hierarchy.Method, v int32) []int {
	mi := r.s.method(m)
	if mi == nil || mi.params == nil || v < 0 || v >= mi.numVars {
		return nil
	}
	return r.set(mi.base + v)
}

// ReturnPointsTo returns the objects reached method m may return.
func (r *Result) ReturnPointsTo(m *hierarchy.Method) []int {
	if mi := r.s.method(m); mi != nil {
		return r.set(mi.ret)
	}
	return nil
}

// FieldPointsTo returns the objects field f (a hierarchy field id, or
// ArrayElement) of object o may point to.
func (r *Result) FieldPointsTo(o int, f int32) []int {
	if n, ok := r.s.fieldNodeOf(int32(o), f); ok {
		return r.set(n)
	}
	return nil
}

// FieldSet returns a handle of the set of objects field f of object o may
// point to, -1 for none. Fields whose nodes the solver merged have one
// handle. EachInSet walks it: a client that keeps every field's set as a
// list, as MOD/USE's heap graph did, can run out of memory where the
// solver's shared sets did not (an open-world fragment under AND_f).
func (r *Result) FieldSet(o int, f int32) int32 {
	if n, ok := r.s.fieldNodeOf(int32(o), f); ok {
		return r.s.find(n)
	}
	return -1
}

// EachInSet calls fn with the objects of set h (FieldSet), in increasing
// order.
func (r *Result) EachInSet(h int32, fn func(o int)) {
	if h < 0 {
		return
	}
	r.s.nodes[r.s.find(h)].pts.Iterate(func(x uint32) bool {
		fn(int(x))
		return true
	})
}

// StaticPointsTo returns the objects static field f may point to.
func (r *Result) StaticPointsTo(f *hierarchy.Field) []int {
	if n, ok := r.s.statics[f.ID]; ok {
		return r.set(n)
	}
	return nil
}

func (r *Result) set(n int32) []int {
	var out []int
	r.s.nodes[r.s.find(n)].pts.Iterate(func(x uint32) bool { // in increasing order
		out = append(out, int(x))
		return true
	})
	return out
}

// LogEntries returns the reflection log's entries (Options.Log) whose
// caller is m, for analyses over the result to apply as this one did
// (reflog.go).
func (r *Result) LogEntries(m *hierarchy.Method) []*reflog.Entry { return r.s.log.For(m) }
