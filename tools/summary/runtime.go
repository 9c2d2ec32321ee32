package summary

import (
	"sync"

	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
)

// runtimeOf is Unit.Runtime's memo: a worker links many programs with the
// same runtime summary.
type runtimeOf struct {
	once sync.Once
	rt   *hierarchy.Runtime
}

// Runtime describes u as the runtime of the programs it is linked into
// (hierarchy.Runtime) if it defines java/lang/Object, or returns nil.
func (u *Unit) Runtime() *hierarchy.Runtime {
	u.runtime.once.Do(func() {
		names := make([]string, 0, len(u.Classes))
		found := false
		for _, c := range u.Classes {
			names = append(names, c.Name)
			found = found || c.Name == hierarchy.RuntimeRoot
		}
		if found {
			u.runtime.rt = hierarchy.NewRuntime(len(u.Modules) > 0, names)
		}
	})
	return u.runtime.rt
}

// Visible returns which of u's classes rt leaves visible (AddTo's keep),
// or nil if it hides none of them; the runtime's own unit hides nothing.
func (u *Unit) Visible(rt *hierarchy.Runtime) []bool {
	if rt == nil || u.Runtime() == rt {
		return nil
	}
	var keep []bool
	for i, c := range u.Classes {
		if rt.Hides(c.Name) {
			if keep == nil {
				keep = make([]bool, len(u.Classes))
				for j := range i {
					keep[j] = true
				}
			}
		} else if keep != nil {
			keep[i] = true
		}
	}
	return keep
}
