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
// service, resolving reflection by constants as Livshits, Whaley and Lam
// (APLAS 2005) do for Class.forName's strings: the providers of that
// service are instantiated and their constructors (or provider methods)
// reached. A
// service argument that is a parameter of a static or private method or
// a constructor is followed to that method's static and special calls
// (Forwards); any other (a field, a call's result, a parameter of a method
// virtual calls may reach) is reported by the points-to analyses
// (Unmodelled) and left out.

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

// Forwards finds the methods that pass a Class parameter on to a
// ServiceLoader load method's service argument, through static and
// special calls (wrappers such as "static <T> List<T> loadAll(Class<T> t)
// { return ...ServiceLoader.load(t)... }"): a call of one with a class
// literal requests that service as a direct call of load would. A
// method's forwarded parameters depend on its body and its callees'
// alone, never on the analysis's state, so a warm start needs none of
// this.
type Forwards struct {
	sym  *Symbols
	body func(*hierarchy.Method) (*summary.Body, error)
	memo map[int32][]int
	busy map[int32]bool
}

// maxForwardDepth bounds the chain of wrappers followed.
const maxForwardDepth = 4

// NewForwards returns the finder over a program's bodies.
func NewForwards(sym *Symbols, body func(*hierarchy.Method) (*summary.Body, error)) *Forwards {
	return &Forwards{sym: sym, body: body, memo: map[int32][]int{}, busy: map[int32]bool{}}
}

// ServiceParams returns the parameters (descriptor positions, sorted) of
// the service class of a call of m: ServiceArg for a load method, the
// forwarded ones for a wrapper, none for other methods.
func (f *Forwards) ServiceParams(m *hierarchy.Method) []int {
	if m == nil || !strings.Contains(m.Desc, "Ljava/lang/Class;") {
		return nil
	}
	if i := ServiceArg(m); i >= 0 {
		return []int{i}
	}
	out, _ := f.forwarded(m, 0)
	return out
}

// forwarded computes m's forwarded parameters; complete is false if a
// method on the current chain or the depth bound cut it short (such a
// result is not kept, so that it does not depend on which method asked
// first).
func (f *Forwards) forwarded(m *hierarchy.Method, depth int) (out []int, complete bool) {
	if ps, ok := f.memo[m.ID]; ok {
		return ps, true
	}
	if f.busy[m.ID] || depth >= maxForwardDepth || m.IsAbstract() || m.IsNative() {
		return nil, m.IsAbstract() || m.IsNative()
	}
	b, err := f.body(m)
	if err != nil || b == nil {
		return nil, true
	}
	f.busy[m.ID] = true
	defer delete(f.busy, m.ID)
	complete = true
	shift := 0
	if !m.IsStatic() {
		shift = 1 // b.Params has this first
	}
	for i := range b.Stmts {
		s := &b.Stmts[i]
		if s.Op != summary.OpCall || (s.Kind != summary.CallStatic && s.Kind != summary.CallSpecial) {
			continue
		}
		t := f.sym.Method(s.Ref).M
		if t == nil || !strings.Contains(t.Desc, "Ljava/lang/Class;") {
			continue
		}
		ps := []int{ServiceArg(t)}
		if ps[0] < 0 {
			var ok bool
			ps, ok = f.forwarded(t, depth+1)
			complete = complete && ok
		}
		for _, j := range ps {
			if j < 0 || j >= len(s.Args) {
				continue
			}
			if _, params, ok := summary.ClassSources(b, s.Args[j]); ok {
				for _, p := range params {
					if p >= shift {
						out = append(out, p-shift)
					}
				}
			}
		}
	}
	slices.Sort(out)
	out = slices.Compact(out)
	if complete {
		f.memo[m.ID] = out
	}
	return out, complete
}

// ServiceSite is what a call of a load method or wrapper requests.
type ServiceSite struct {
	Services []string // the class literals passed
	// Unknown is set if the service may also be something else than a
	// class literal or a parameter of a method only static and special
	// calls reach (whose callers are then followed instead).
	Unknown bool
}

// ServiceCall analyses call s of caller's body b to m.
func (f *Forwards) ServiceCall(caller *hierarchy.Method, b *summary.Body, s *summary.Stmt, m *hierarchy.Method) (ServiceSite, bool) {
	ps := f.ServiceParams(m)
	if len(ps) == 0 {
		return ServiceSite{}, false
	}
	var site ServiceSite
	for _, j := range ps {
		if j >= len(s.Args) {
			continue
		}
		lits, params, ok := summary.ClassSources(b, s.Args[j])
		for _, id := range lits {
			site.Services = append(site.Services, f.sym.Pool.StringAt(id))
		}
		if !ok || (len(params) > 0 && !directOnly(caller)) {
			site.Unknown = true
		}
	}
	slices.Sort(site.Services)
	site.Services = slices.Compact(site.Services)
	return site, true
}

// directOnly reports whether only static and special calls reach m (not
// virtual dispatch): a static or private method, or a constructor.
func directOnly(m *hierarchy.Method) bool {
	return m.IsStatic() || m.IsPrivate() || m.Name == "<init>"
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

// serviceCall applies the model to static or special call s of caller's
// body b to m.
func (e *engine) serviceCall(caller *hierarchy.Method, b *summary.Body, s *summary.Stmt, m *hierarchy.Method) {
	if e.forwards == nil {
		e.forwards = NewForwards(e.sym, e.p.Body)
	}
	site, _ := e.forwards.ServiceCall(caller, b, s, m)
	for _, n := range site.Services {
		e.requestService(n)
	}
}
