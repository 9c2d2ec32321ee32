package hierarchy

import (
	"slices"
	"testing"
)

// TestOmittedLookups: looking up a name left out on purpose finds nothing
// and is recorded, also as an array's element class, as a phantom and as
// an interface every array has; unknown names and built classes are not.
func TestOmittedLookups(t *testing.T) {
	b := NewBuilder()
	b.AddClass(&ClassSpec{Name: "java/lang/Object"})
	b.AddClass(&ClassSpec{Name: "p/Kept", Super: "java/lang/Object"})
	left := map[string]bool{"p/Left": true, "p/Elem": true, "p/Phantom": true, "java/lang/Cloneable": true}
	b.SetOmitted(func(name string) bool { return left[name] })
	h := b.Build()
	if got := h.OmittedLookups(); got != nil {
		t.Fatalf("before any lookup: %q", got)
	}
	if h.Lookup("p/Kept") == nil || h.Lookup("p/Unknown") != nil || h.Lookup("p/Left") != nil {
		t.Fatal("lookups")
	}
	h.Lookup("[[Lp/Elem;")
	if c := h.LookupOrPhantom("p/Phantom"); c == nil || !c.Phantom {
		t.Fatal("no phantom")
	}
	h.ArrayOfPrimitive('I') // implements java/lang/Cloneable
	want := []string{"java/lang/Cloneable", "p/Elem", "p/Left", "p/Phantom"}
	if got := h.OmittedLookups(); !slices.Equal(got, want) {
		t.Errorf("omitted lookups %q, want %q", got, want)
	}
}

// TestOmittedSupertypes: a supertype left out on purpose, which Build
// makes a phantom, is recorded as looked up.
func TestOmittedSupertypes(t *testing.T) {
	b := NewBuilder()
	b.AddClass(&ClassSpec{Name: "java/lang/Object"})
	b.AddClass(&ClassSpec{Name: "p/Sub", Super: "p/LeftSuper", Interfaces: []string{"p/LeftIface", "p/Unknown"}})
	left := map[string]bool{"p/LeftSuper": true, "p/LeftIface": true}
	b.SetOmitted(func(name string) bool { return left[name] })
	h := b.Build()
	want := []string{"p/LeftIface", "p/LeftSuper"}
	if got := h.OmittedLookups(); !slices.Equal(got, want) {
		t.Errorf("omitted lookups %q, want %q", got, want)
	}
}
