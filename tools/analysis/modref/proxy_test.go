package modref_test

import (
	"slices"
	"testing"
)

// TestProxy: a call on a dynamic proxy writes what its handler's invoke
// writes (pointsto/proxy.go): the field of the object in the call's
// argument array and the handler's own field, which the caller reaches
// through the proxy's h.
func TestProxy(t *testing.T) {
	p, pt, r := analyzeMain(t, "proxy/*.java")
	const q = pkg + "proxy/Proxied"
	main := q + ".main([Ljava/lang/String;)V"
	s := site(t, pt.Graph, method(t, p, main).Key(), q+"$Store.put(L"+q+"$Cell;Ljava/lang/Object;)V")
	mod, _ := r.Site(s)
	got := names(r, mod)
	for _, w := range []string{alloc(t, p, main, 3) + "." + q + "$Cell.value:Ljava/lang/Object;", alloc(t, p, main, 2) + "." + q + "$Writer.calls:I"} {
		if !slices.Contains(got, w) {
			t.Errorf("MOD of the call on the proxy %q lacks %s", got, w)
		}
	}
}
