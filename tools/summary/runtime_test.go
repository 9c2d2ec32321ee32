package summary

import (
	"slices"
	"testing"

	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
)

func unitOf(modules int, names ...string) *Unit {
	u := &Unit{}
	for range modules {
		u.Modules = append(u.Modules, &hierarchy.Module{Name: "java.base", Defined: true})
	}
	for _, n := range names {
		u.Classes = append(u.Classes, &Class{ClassSpec: hierarchy.ClassSpec{Name: n}})
	}
	return u
}

// TestVisible: a modular runtime hides another unit's classes of its
// packages, a runtime without modules only the classes it defines, and
// nothing of its own unit or of a unit it hides nothing of.
func TestVisible(t *testing.T) {
	jdk := unitOf(1, "java/lang/Object", "java/util/List")
	rt8 := unitOf(0, "java/lang/Object", "java/util/List")
	lib := unitOf(0, "org/x/A", "java/util/List", "java/util/Mine", "Unnamed")
	for _, c := range []struct {
		u, rt *Unit
		want  []bool
	}{
		{lib, jdk, []bool{true, false, false, true}},
		{lib, rt8, []bool{true, false, true, true}},
		{jdk, jdk, nil},
		{unitOf(0, "org/x/A"), jdk, nil},
		{lib, unitOf(0, "org/x/A"), nil}, // no java/lang/Object: not a runtime
	} {
		if got := c.u.Visible(c.rt.Runtime()); !slices.Equal(got, c.want) {
			t.Errorf("Visible = %v, want %v", got, c.want)
		}
	}
}
