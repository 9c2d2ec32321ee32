package pointsto

import (
	"slices"

	"github.com/rules-fragment/rules_fragment/tools/analysis/internal/reach"
	"github.com/rules-fragment/rules_fragment/tools/analysis/warmstart"
	"github.com/rules-fragment/rules_fragment/tools/callgraph"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/summary"
)

// ServiceLoader (reach/services.go has the model and its sources). A
// reached call of a static load method, or of a wrapper passing its Class
// parameter on to one, requests the services of the class literals it
// passes. Where ServiceLoader$ProviderImpl.get() is reached
// too, each provider of a requested service gets one object (per class
// for 0-CFA_f), made by its public constructor at a hidden site of get(),
// or its static provider() method is called there; get() returns them, and
// ServiceLoader's own code hands them to its iterators and streams. The
// hidden sites have get() as their caller whichever method requested the
// service, so the result does not depend on the order of requests.

const (
	providerImpl = "java/util/ServiceLoader$ProviderImpl"
	// providerLevel marks the key of a provider's object.
	providerLevel = -5
)

// serviceState is the model's: the services requested (sorted), get()'s
// record once reached, and the providers made, by class id and in order.
type serviceState struct {
	requested []string
	get       *method
	made      map[int32]bool
	order     []*hierarchy.Class
}

func (s *solver) serviceInit() *serviceState {
	if s.services == nil {
		s.services = &serviceState{made: map[int32]bool{}}
	}
	return s.services
}

// isProviderGet reports whether m is ServiceLoader$ProviderImpl.get().
func isProviderGet(m *hierarchy.Method) bool {
	return m.Name == "get" && m.Desc == "()Ljava/lang/Object;" && m.Class.Name == providerImpl
}

// serviceCall applies the model to static or special call st of body b to
// m, a load method or a wrapper of one (reach.Forwards).
func (s *solver) serviceCall(mi *method, b *summary.Body, st *summary.Stmt, m *hierarchy.Method) {
	if s.forwards == nil {
		s.forwards = reach.NewForwards(s.sym, s.p.Body)
	}
	site, ok := s.forwards.ServiceCall(mi.m, b, st, m)
	if !ok {
		return
	}
	if site.Unknown {
		why := "ServiceLoader: the service is not a class literal"
		if reach.ServiceArg(m) < 0 {
			why += " (through " + m.Key() + ")"
		}
		s.unmodelled = append(s.unmodelled, callgraph.Unmodelled{Method: mi.m, Site: st.Site, Reason: why})
	}
	if len(site.Services) == 0 {
		return
	}
	state := s.serviceInit()
	for _, n := range site.Services {
		if j, found := slices.BinarySearch(state.requested, n); !found {
			state.requested = slices.Insert(state.requested, j, n)
		}
	}
	s.makeProviders()
}

// serviceGetter records reached ProviderImpl.get() mi.
func (s *solver) serviceGetter(mi *method) {
	s.serviceInit().get = mi
	s.makeProviders()
}

// makeProviders makes the providers of the requested services not made
// yet, once get() is reached.
func (s *solver) makeProviders() {
	state := s.services
	if state == nil || state.get == nil {
		return
	}
	for _, n := range state.requested {
		for _, p := range s.h.Providers(n, s.p.ModuleProviders) {
			c, m := reach.ProviderMethod(s.h, p)
			if m == nil || state.made[c.ID] {
				continue
			}
			state.made[c.ID] = true
			state.order = append(state.order, c)
			s.makeProvider(state.get, c, m)
		}
	}
}

// makeProvider calls provider class c's constructor or provider method m
// at a hidden site of get.
func (s *solver) makeProvider(get *method, c *hierarchy.Class, m *hierarchy.Method) {
	s.init.Init(c)
	kind, dst := callgraph.Static, get.ret
	if m.Name == "<init>" {
		kind, dst = callgraph.Special, -1
	}
	x := &site{cs: &callgraph.Site{Caller: get.m, ID: -1, Kind: kind, Ref: m.Key(), Callee: m},
		caller: get, resolved: m, base: -1, dst: dst, hidden: true, targets: map[int32]bool{}}
	s.addSite(x)
	tm := s.bind(x, m)
	if kind == callgraph.Static {
		return
	}
	k := objKey{method: get.m.ID, site: -1, level: providerLevel, class: c.ID}
	if s.opts.PerClass {
		k = objKey{method: -1, site: -1, level: 0, class: c.ID}
	}
	o := s.objectFor(k, c)
	if tm != nil && len(tm.params) > 0 {
		s.seed(tm.params[0], o)
	}
	if get.ret >= 0 {
		s.seed(get.ret, o)
	}
}

// checkpointServices stores the model's state in w.
func (s *solver) checkpointServices(w *Warm, nw *warmstart.NameWriter) {
	if s.services == nil {
		return
	}
	for _, sv := range s.services.requested {
		w.Services = append(w.Services, nw.Str(sv))
	}
	for _, c := range s.services.order {
		w.ServiceProviders = append(w.ServiceProviders, nw.Class(c))
	}
}

// restoreServices takes the model's state from w (classes: w's class
// indices) and makes the providers the other inputs add.
func (s *solver) restoreServices(w *Warm, classes []*hierarchy.Class) {
	if len(w.Services) == 0 && len(w.ServiceProviders) == 0 {
		return
	}
	state := s.serviceInit()
	for _, sv := range w.Services {
		state.requested = append(state.requested, w.Names.Strings[sv])
	}
	for _, x := range w.ServiceProviders {
		c := classes[x]
		state.made[c.ID] = true
		state.order = append(state.order, c)
	}
	if c := s.h.Lookup(providerImpl); c != nil {
		if get := c.DeclaredMethod("get", "()Ljava/lang/Object;"); get != nil {
			state.get = s.method(get)
		}
	}
	s.makeProviders()
}
