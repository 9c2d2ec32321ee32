package hierarchy

import "slices"

// Services: the providers java.util.ServiceLoader may instantiate. Named
// modules declare them in module-info (Module.Provides); class-path
// containers in META-INF/services files (Builder.AddServices).

// Provider is a class ServiceLoader may instantiate for a service.
type Provider struct {
	Class string // internal name
	// Module is set for a provider a named module declares: ServiceLoader
	// calls its public static provider() method if it has one, and its
	// public no-argument constructor otherwise. Class-path providers are
	// always constructed.
	Module bool
}

// AddServices adds a class-path provider configuration of service (both
// internal names), in class-path order.
func (b *Builder) AddServices(service string, providers []string) {
	if b.built != nil || service == "" || len(providers) == 0 {
		return
	}
	if b.services == nil {
		b.services = map[string][]string{}
	}
	b.services[b.intern(service)] = append(b.services[service], b.internAll(providers)...)
}

// Providers returns the providers of service: with modules those the
// modules declare (modules by name), then the class path's, each class
// once.
func (h *Hierarchy) Providers(service string, modules bool) []Provider {
	var out []Provider
	add := func(cls string, module bool) {
		if !slices.ContainsFunc(out, func(p Provider) bool { return p.Class == cls }) {
			out = append(out, Provider{Class: cls, Module: module})
		}
	}
	if modules {
		for _, m := range h.modList {
			for _, p := range m.Provides[service] {
				add(p, true)
			}
		}
	}
	for _, p := range h.cpServices[service] {
		add(p, false)
	}
	return out
}

// AddedServices returns the providers added so far by service, from
// class-path configurations and, with modules, module-infos (modules by
// name): what a linker follows before the hierarchy is built.
func (b *Builder) AddedServices(modules bool) map[string][]string {
	out := map[string][]string{}
	if modules {
		for _, name := range sortedKeys(b.modules) {
			for sv, ps := range b.modules[name].Provides {
				out[sv] = append(out[sv], ps...)
			}
		}
	}
	for sv, ps := range b.services {
		out[sv] = append(out[sv], ps...)
	}
	return out
}
