package coverage

import (
	"slices"

	"github.com/rules-fragment/rules_fragment/tools/link"
	"github.com/rules-fragment/rules_fragment/tools/report"
)

// A library analysed for every possible client (linker -fragment) has,
// for each type a client can extend, a placeholder client class that keeps
// the inherited code and an overriding subclass (link.Placeholders). A
// test's own class is not in the requirements, but it instantiates one of
// these: the placeholder of its nearest library supertypes, the overriding
// one when its own code ran. The functions below credit those, walking the
// class's supertypes as the tracer recorded them (Trace.Supertypes).

// standInClasses returns the placeholder classes in rc that observed
// receiver r stands for, when its class is a client's; tm are the site's
// target methods.
func (t *Trace) standInClasses(rc, tm []string, r Receiver) []string {
	byType := placeholdersByType(rc, "")
	if len(byType) == 0 {
		return nil
	}
	entered, sel, _ := report.SplitKey(r.Callee)
	var out []string
	t.nearest(r.Class, byType, func(super string, ph placeholderPair) {
		// The entered method is the library's (super's or above): the
		// client class kept the inherited code, as the plain placeholder
		// does. Its own method implements an abstract one, as the plain
		// placeholder does too (then a target), or overrides library code.
		inherited := entered == super || t.isSubtype(super, entered)
		implements := ph.client != "" && slices.Contains(tm, ph.client+"."+sel)
		out = append(out, ph.pick(!inherited && !implements))
	})
	return out
}

// standInMethods returns the placeholder methods in tm that observed
// callee (a method of a client class) stands for.
func (t *Trace) standInMethods(tm []string, callee string) []string {
	class, sel, ok := report.SplitKey(callee)
	if !ok {
		return nil
	}
	byType := placeholdersByType(tm, sel)
	if len(byType) == 0 {
		return nil
	}
	var out []string
	t.nearest(class, byType, func(_ string, ph placeholderPair) {
		out = append(out, ph.pick(true))
	})
	return out
}

// placeholderPair is a type's placeholder entries (classes or methods) in
// a requirement: the client class's and the overriding one's, "" if absent.
type placeholderPair struct{ client, overriding string }

// pick returns the overriding entry if wanted and present, else the other.
func (p placeholderPair) pick(overriding bool) string {
	if (overriding && p.overriding != "") || p.client == "" {
		return p.overriding
	}
	return p.client
}

// placeholdersByType indexes the placeholder entries of a requirement by
// the type they stand in for: classes when sel is "", else methods with
// selector sel ("name(desc)").
func placeholdersByType(req []string, sel string) map[string]placeholderPair {
	var by map[string]placeholderPair
	for _, e := range req {
		class := e
		if sel != "" {
			c, m, ok := report.SplitKey(e)
			if !ok || m != sel {
				continue
			}
			class = c
		}
		super, overriding, ok := link.PlaceholderOf(class)
		if !ok {
			continue
		}
		if by == nil {
			by = map[string]placeholderPair{}
		}
		p := by[super]
		if overriding {
			p.overriding = e
		} else {
			p.client = e
		}
		by[super] = p
	}
	return by
}

// nearest calls found for each supertype of class (breadth first, in the
// recorded order) that has placeholders in byType and no subtype of its on
// the way that has: the library types the client class extends directly.
func (t *Trace) nearest(class string, byType map[string]placeholderPair, found func(string, placeholderPair)) {
	seen := map[string]bool{class: true}
	queue := append([]string(nil), t.Supertypes[class]...)
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		if seen[s] {
			continue
		}
		seen[s] = true
		if p, ok := byType[s]; ok {
			found(s, p)
			continue
		}
		queue = append(queue, t.Supertypes[s]...)
	}
}

// isSubtype reports whether sub is a proper subtype of super in the
// recorded supertypes.
func (t *Trace) isSubtype(sub, super string) bool {
	seen := map[string]bool{}
	queue := append([]string(nil), t.Supertypes[sub]...)
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		if s == super {
			return true
		}
		if !seen[s] {
			seen[s] = true
			queue = append(queue, t.Supertypes[s]...)
		}
	}
	return false
}

// standIns adds "placeholder by observed" for each placeholder observed met.
func standIns(xs, placeholders []string, observed string) []string {
	for _, p := range placeholders {
		xs = appendNew(xs, p+" by "+observed)
	}
	return xs
}
