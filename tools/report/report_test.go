package report

import "testing"

// TestSplitKey: class names may hold '.' (hidden classes), and anything
// that is no method key is refused, not sliced.
func TestSplitKey(t *testing.T) {
	for _, tc := range []struct {
		key, class, method string
		ok                 bool
	}{
		{"pkg/C.m(I)V", "pkg/C", "m(I)V", true},
		{"pkg/C$$Lambda$14.0x0000000800c01234.run()V", "pkg/C$$Lambda$14.0x0000000800c01234", "run()V", true},
		{"Top.<init>()V", "Top", "<init>()V", true},
		{"pkg/C", "", "", false},
		{"m()V", "", "", false},
	} {
		class, method, ok := SplitKey(tc.key)
		if class != tc.class || method != tc.method || ok != tc.ok {
			t.Errorf("SplitKey(%q) = %q, %q, %v", tc.key, class, method, ok)
		}
	}
}

func TestPolymorphic(t *testing.T) {
	two := []string{"a/A", "b/B"}
	for _, tc := range []struct {
		s    Site
		want bool
	}{
		{Site{Kind: "virtual", RC: two}, true},
		{Site{Kind: "interface", RC: two}, true},
		{Site{Kind: "concat", RC: two}, false},
		{Site{Kind: "virtual", RC: two[:1]}, false},
	} {
		if got := tc.s.Polymorphic(); got != tc.want {
			t.Errorf("%+v: %v", tc.s, got)
		}
	}
}
