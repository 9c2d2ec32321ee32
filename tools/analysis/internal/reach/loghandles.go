package reach

import (
	"strings"

	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/reflog"
	"github.com/rules-fragment/rules_fragment/tools/summary"
)

// A reflection log's MethodHandle entries (a Lookup's find and unreflect
// calls, which tools/tracer logs) stand for the handle the call made of
// the member it found at run time: where the class or name is no
// constant (a class a program loads by name, as Caffeine finds its
// generated caches), the entry gives the call's result the handle a find
// call with constants makes (summary/handles.go): of the entry's kind,
// class and member name, every member of that name. An unreflected
// static method or field makes the static kind's handle, as its find
// method would.

// unreflects are Lookup's unreflect methods by name: descriptor and
// handle kind (of an instance member).
var unreflects = map[string]struct {
	desc string
	kind byte
}{
	"unreflect":            {"(Ljava/lang/reflect/Method;)Ljava/lang/invoke/MethodHandle;", summary.HandleVirtual},
	"unreflectSpecial":     {"(Ljava/lang/reflect/Method;Ljava/lang/Class;)Ljava/lang/invoke/MethodHandle;", summary.HandleSpecial},
	"unreflectConstructor": {"(Ljava/lang/reflect/Constructor;)Ljava/lang/invoke/MethodHandle;", summary.HandleConstructor},
	"unreflectGetter":      {"(Ljava/lang/reflect/Field;)Ljava/lang/invoke/MethodHandle;", summary.HandleGetter},
	"unreflectSetter":      {"(Ljava/lang/reflect/Field;)Ljava/lang/invoke/MethodHandle;", summary.HandleSetter},
	"unreflectVarHandle":   {"(Ljava/lang/reflect/Field;)Ljava/lang/invoke/VarHandle;", summary.HandleVar},
}

// staticKinds maps an instance member's handle kind to a static one's.
var staticKinds = map[byte]byte{
	summary.HandleVirtual: summary.HandleStatic, summary.HandleGetter: summary.HandleStaticGet,
	summary.HandleSetter: summary.HandleStaticSet, summary.HandleVar: summary.HandleStaticVar,
}

// handleAPI returns the method key ("C.m(desc)") of a MethodHandle
// entry's API and the kind of handle it makes; ok is false for an API
// that is no Lookup method.
func handleAPI(api string) (key string, kind byte, unreflect, ok bool) {
	name, ok := strings.CutPrefix(api, "Lookup.")
	if !ok {
		return "", 0, false, false
	}
	if u, ok := unreflects[name]; ok {
		return summary.LookupClass + "." + name + u.desc, u.kind, true, true
	}
	nd, kind, ok := summary.LookupMethod(name)
	return summary.LookupClass + "." + nd, kind, false, ok
}

// LogHandle resolves the handle MethodHandle entry e stands for; ok is
// false if the program has no such member.
func LogHandle(h *hierarchy.Hierarchy, e *reflog.Entry) (Handle, bool) {
	_, kind, unreflect, ok := handleAPI(e.API)
	if !ok || e.Kind != reflog.MethodHandle {
		return Handle{}, false
	}
	if unreflect {
		t := Resolve(h, e)
		if t.Method != nil && t.Method.IsStatic() || t.Field != nil && t.Field.IsStatic() {
			if k, ok := staticKinds[kind]; ok {
				kind = k
			}
		}
	}
	return ResolveHandle(h, summary.HandleName(kind, e.Class, e.Name))
}
