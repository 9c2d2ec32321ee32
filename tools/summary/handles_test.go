package summary

import "testing"

func TestHandleNames(t *testing.T) {
	for _, c := range []struct {
		k           byte
		class, name string
	}{
		{HandleVirtual, "a/B", "m"},
		{HandleStatic, "a/B$C", "of"},
		{HandleConstructor, "B", "<init>"},
		{HandleSpecial, "[La/B;", "clone"},
		{HandleGetter, "a/B", "f"},
		{HandleSetter, "a/B", AnyName},
		{HandleStaticGet, "a/B$C", "F"},
		{HandleStaticSet, "B", "f"},
		{HandleUpdater, "a/B", "f"},
		{HandleVar, "a/B", "next"},
		{HandleStaticVar, "a/B$C", AnyName},
		{HandleOffset, "a/B", "next"},
		{HandleReflectField, "sun/misc/Unsafe", "theUnsafe"},
	} {
		k, class, name, ok := ParseHandleName(HandleName(c.k, c.class, c.name))
		if !ok || k != c.k || class != c.class || name != c.name {
			t.Errorf("%c %s %s: parsed as %c %s %s %v", c.k, c.class, c.name, k, class, name, ok)
		}
	}
	for _, bad := range []string{"", "V", "V.m", "Va/B.", "Xa/B.m", "a/B.m", "xa/B.f"} {
		if _, _, _, ok := ParseHandleName(bad); ok {
			t.Errorf("%q: parsed", bad)
		}
	}
}
