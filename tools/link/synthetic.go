package link

import "github.com/rules-fragment/rules_fragment/tools/summary"

// syntheticClass is a class made by link itself (the placeholder client of
// the library-fragment mode): its bodies are built directly.
type syntheticClass struct {
	bodies []*summary.Body // by method index
}
