package reach

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/link"
)

const jdk17 = "/usr/lib/jvm/java-17-openjdk-amd64"

// TestUniversesPendingAndRestore drives the enum universes' state as the
// engines do: class literals met before getEnumConstantsShared wait, a
// warm start hands them to a fresh model, and activation handles every
// initialised enum and initialises the waiting ones.
func TestUniversesPendingAndRestore(t *testing.T) {
	if _, err := os.Stat(filepath.Join(jdk17, "lib", "modules")); err != nil {
		t.Skipf("SKIP: no JDK 17 runtime image at %s", jdk17)
	}
	p, err := link.Load(link.Options{Libraries: []string{jdk17}, Release: 17})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	h := p.Hierarchy
	class := func(n string) *hierarchy.Class {
		c := h.Lookup(n)
		if c == nil {
			t.Fatalf("no class %s", n)
		}
		return c
	}
	unit, state, day, month := class("java/util/concurrent/TimeUnit"), class("java/lang/Thread$State"),
		class("java/time/DayOfWeek"), class("java/time/Month")
	model := func() (*Initializer, *Universes, *[]string, *[]string) {
		var reached, handled []string
		in := NewInitializer(h, func(m *hierarchy.Method) { reached = append(reached, m.Key()) })
		u := NewUniverses(in, func(c *hierarchy.Class) { handled = append(handled, c.Name) })
		return in, u, &reached, &handled
	}

	in, u, _, handled := model()
	u.Literal(unit)
	u.Literal(class("java/lang/String")) // not an enum
	u.Literal(unit)
	in.Init(state)
	if len(*handled) != 0 {
		t.Errorf("handled %q before getEnumConstantsShared was reached", *handled)
	}
	if got := u.Pending(); !slices.Equal(got, []*hierarchy.Class{unit}) {
		t.Fatalf("pending %v, want TimeUnit once", got)
	}
	if slices.Contains(in.Inited(), unit) {
		t.Errorf("a class literal initialised TimeUnit before getEnumConstantsShared was reached")
	}

	// A warm start: the classes initialised and the enums pending.
	in2, u2, reached2, handled2 := model()
	in2.MarkInited(state)
	u2.Restore(false, u.Pending())
	u2.Activate()
	if want := []string{state.Name, unit.Name}; !slices.Equal(*handled2, want) {
		t.Errorf("activation handled %q, want %q", *handled2, want)
	}
	if !slices.Contains(*reached2, unit.Name+".<clinit>()V") {
		t.Errorf("activation did not initialise the pending TimeUnit: reached %q", *reached2)
	}
	in2.Init(day)
	u2.Literal(month)
	u2.Activate() // once
	if want := []string{state.Name, unit.Name, day.Name, month.Name}; !slices.Equal(*handled2, want) {
		t.Errorf("after activation: handled %q, want %q", *handled2, want)
	}
	if len(u2.Pending()) != 0 {
		t.Errorf("pending %v after activation", u2.Pending())
	}

	// A warm start made after getEnumConstantsShared was reached: a
	// literal initialises and handles at once.
	_, u3, _, handled3 := model()
	u3.Restore(true, nil)
	u3.Literal(month)
	if !slices.Equal(*handled3, []string{month.Name}) {
		t.Errorf("active restore: handled %q", *handled3)
	}
	if m := EnumValues(month); m == nil || m.Key() != "java/time/Month.values()[Ljava/time/Month;" {
		t.Errorf("EnumValues(Month) = %v", m)
	}
	if IsEnumType(class("java/lang/Enum")) || !IsEnumType(month) {
		t.Errorf("IsEnumType: Enum %v, Month %v", IsEnumType(class("java/lang/Enum")), IsEnumType(month))
	}
}
