package app

import (
	"errors"
	"fmt"
	"io"

	"github.com/vmihailenco/msgpack/v5"

	"github.com/rules-fragment/rules_fragment/tools/analysis/cha"
	"github.com/rules-fragment/rules_fragment/tools/analysis/pointsto"
	"github.com/rules-fragment/rules_fragment/tools/analysis/rta"
	"github.com/rules-fragment/rules_fragment/tools/analysis/warmstart"
	"github.com/rules-fragment/rules_fragment/tools/summary"
)

// warmStates are the decoded warm starts of a link's analyses, read in the
// background (loadWarm): decoding them does not depend on the program and
// takes about as long as linking the JDK's summary. Analyses only read
// their states, so a worker decodes each once (warmstart.File.Decoded).
type warmStates struct {
	done   chan struct{}
	err    error          // reading the file
	file   string         // its name
	states map[string]any // by analysis: *cha.Warm, *rta.Warm or *pointsto.Warm; nil if the file has none
	errs   map[string]error
}

// loadWarm starts reading the warm-start file's states of analyses.
func loadWarm(cache *summary.Cache, file string, analyses []string) *warmStates {
	ws := &warmStates{done: make(chan struct{}), file: file, states: map[string]any{}, errs: map[string]error{}}
	go func() {
		defer close(ws.done)
		f, err := warmstart.OpenCached(cache, file)
		if err != nil {
			ws.err = err
			return
		}
		for _, a := range analyses {
			if _, done := ws.errs[a]; !done {
				ws.states[a], ws.errs[a] = f.Decoded(a, func(raw []byte) (any, error) { return ws.decode(a, raw) })
			}
		}
	}()
	return ws
}

func (ws *warmStates) decode(analysis string, raw []byte) (any, error) {
	var w any
	switch analysis {
	case "cha":
		w = new(cha.Warm)
	case "rta":
		w = new(rta.Warm)
	default:
		w = new(pointsto.Warm)
	}
	if err := msgpack.Unmarshal(raw, w); err != nil {
		return nil, &summary.Error{File: ws.file, What: "bad warm start of " + analysis, Err: err}
	}
	return w, nil
}

// state waits for the analysis's warm start: nil if the file has none.
func (ws *warmStates) state(analysis string) (any, error) {
	<-ws.done
	if ws.err != nil {
		return nil, ws.err
	}
	return ws.states[analysis], ws.errs[analysis]
}

// warmOrCold runs an analysis from its state in the warm-start file, if
// the file has one and it applies to the program, else cold (run with
// nil); the results are the same.
func warmOrCold[W any, R any](stderr io.Writer, warm *warmStates, analysis string, run func(*W) (R, error)) (R, error) {
	if warm != nil {
		st, err := warm.state(analysis)
		if err != nil {
			var zero R
			return zero, err
		}
		if st == nil {
			fmt.Fprintf(stderr, "linker: %s: starting cold: the warm-start file has no state for it\n", analysis)
			return run(nil)
		}
		r, err := run(st.(*W))
		if !errors.Is(err, warmstart.ErrMismatch) {
			return r, err
		}
		fmt.Fprintf(stderr, "linker: %s: starting cold: %v\n", analysis, err)
	}
	return run(nil)
}
