package reach

import (
	"slices"
	"strings"

	"github.com/rules-fragment/rules_fragment/tools/classfile"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/summary"
)

// Services. java.util.ServiceLoader instantiates the providers of a
// service reflectively (ServiceLoader$ProviderImpl: Constructor.newInstance,
// or Method.invoke of a static provider() method), choosing them from the
// modules' provides directives and the class path's META-INF/services
// files (hierarchy.Providers). The analyses model it where a reached call
// of one of ServiceLoader's static load methods gets a class literal as its
// service, like GraalVM's native-image and Tai-e's reflection analyses
// resolve constant class arguments: the providers of that service are
// instantiated and their constructors (or provider methods) reached. A
// service argument that is not a class literal in the calling method (a
// parameter, a field) is reported by the points-to analyses (Unmodelled)
// and left out.

// ServiceArg returns the parameter index of m's service class if m is a
// static load method of ServiceLoader (load, loadInstalled), -1 otherwise.
func ServiceArg(m *hierarchy.Method) int {
	if m == nil || !m.IsStatic() || m.Class.Name != summary.ServiceLoaderClass || !strings.HasPrefix(m.Name, "load") {
		return -1
	}
	params, _, err := classfile.ParseMethodDescriptor(m.Desc)
	if err != nil {
		return -1
	}
	return slices.Index(params, "Ljava/lang/Class;")
}

// ServiceRequest returns the services that call s of body b (ids of pool)
// requests through its argument arg: the class literals it may pass, and
// false if it may pass something else.
func ServiceRequest(pool *summary.Pool, b *summary.Body, s *summary.Stmt, arg int) ([]string, bool) {
	if arg < 0 || arg >= len(s.Args) {
		return nil, false
	}
	ids, ok := summary.ClassLiterals(b, s.Args[arg])
	if !ok {
		return nil, false
	}
	names := make([]string, len(ids))
	for i, id := range ids {
		names[i] = pool.StringAt(id)
	}
	return names, true
}

// ProviderMethod returns the method ServiceLoader calls to get provider
// p's object: a module provider's public static provider() method if it
// declares one, else the public constructor without parameters (nil if
// the class is missing or has neither: ServiceLoader fails then).
func ProviderMethod(h *hierarchy.Hierarchy, p hierarchy.Provider) (c *hierarchy.Class, m *hierarchy.Method) {
	c = h.Lookup(p.Class)
	if c == nil || c.IsArray() {
		return nil, nil
	}
	if p.Module {
		for _, x := range c.Methods {
			if x.Name == "provider" && x.IsStatic() && x.IsPublic() && strings.HasPrefix(x.Desc, "()L") {
				return c, x
			}
		}
	}
	if !c.IsInstantiable() {
		return c, nil
	}
	if x := c.DeclaredMethod("<init>", "()V"); x != nil && x.IsPublic() {
		return c, x
	}
	return c, nil
}

// requestService instantiates the providers of service name, once.
func (e *engine) requestService(name string) {
	if i, found := slices.BinarySearch(e.services, name); !found {
		e.services = slices.Insert(e.services, i, name)
	} else {
		return
	}
	for _, p := range e.h.Providers(name, e.p.ModuleProviders) {
		c, m := ProviderMethod(e.h, p)
		if m == nil {
			continue
		}
		e.init.Init(c)
		if m.Name == "<init>" {
			e.instantiate(c)
		}
		e.reach(m)
	}
}

// serviceCall applies the model to static call s of body b to m.
func (e *engine) serviceCall(m *hierarchy.Method, b *summary.Body, s *summary.Stmt) {
	if i := ServiceArg(m); i >= 0 {
		names, _ := ServiceRequest(e.pool, b, s, i)
		for _, n := range names {
			e.requestService(n)
		}
	}
}
