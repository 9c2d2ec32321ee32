package pointsto

import (
	"github.com/vmihailenco/msgpack/v5"

	"github.com/rules-fragment/rules_fragment/tools/analysis/warmstart"
	"github.com/rules-fragment/rules_fragment/tools/summary"
)

// ReadWarm reads the state for 0-CFA_f (perClass) or AND_f from a
// warm-start file (warmstart.Read): nil if it has none. Errors name the
// file.
func ReadWarm(file string, perClass bool) (*Warm, error) {
	raw, err := warmstart.Read(file, Options{PerClass: perClass}.Name())
	if err != nil || raw == nil {
		return nil, err
	}
	w := &Warm{}
	if err := msgpack.Unmarshal(raw, w); err != nil {
		return nil, &summary.Error{File: file, What: "bad warm start of " + Options{PerClass: perClass}.Name(), Err: err}
	}
	return w, nil
}
