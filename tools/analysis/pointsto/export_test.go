package pointsto

import (
	"fmt"

	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/link"
)

// CheckFilters solves from roots (continuing from opts.Warm if set) and
// checks that every type filter's set holds exactly the objects whose
// class is a subtype of the filter's class. It returns the numbers of
// filters and objects checked.
func CheckFilters(p *link.Program, roots []*hierarchy.Method, opts Options) (filters, objects int, err error) {
	s := newSolver(p, opts)
	if opts.Warm != nil {
		if err := s.restore(opts.Warm); err != nil {
			return 0, 0, err
		}
	}
	s.start(roots)
	if err := s.run(); err != nil {
		return 0, 0, err
	}
	for _, f := range s.filters {
		for o, c := range s.objClass {
			if got, want := f.objs.Contains(uint32(o)), s.h.IsSubclass(c, f.class); got != want {
				return 0, 0, fmt.Errorf("filter %s: object %d of class %s: in set %v, subtype %v", f.class.Name, o, c.Name, got, want)
			}
		}
	}
	return len(s.filters), len(s.objClass), nil
}
