package app

import (
	"bytes"
	"fmt"

	"github.com/vmihailenco/msgpack/v5"

	"github.com/rules-fragment/rules_fragment/tools/analysis/cha"
	"github.com/rules-fragment/rules_fragment/tools/analysis/pointsto"
	"github.com/rules-fragment/rules_fragment/tools/analysis/rta"
	"github.com/rules-fragment/rules_fragment/tools/analysis/warmstart"
	"github.com/rules-fragment/rules_fragment/tools/link"
	"github.com/rules-fragment/rules_fragment/tools/outfile"
	"github.com/rules-fragment/rules_fragment/tools/progress"
	"github.com/rules-fragment/rules_fragment/tools/summary"
)

// writeWarm links the written summary with its dependencies and writes
// the warm starts of CHA, RTA, 0-CFA_f and AND_f (warmstart): each one's
// state at the fixpoint of the JVM's start-up code.
func writeWarm(c *Config) error {
	p, err := link.Load(link.Options{Summaries: append(c.Deps[:len(c.Deps):len(c.Deps)], c.Out), Workers: c.Workers})
	if err != nil {
		return err
	}
	defer p.Close()
	if len(pointsto.StartupRoots(p.Hierarchy)) == 0 {
		return fmt.Errorf("-warm-start: %s has no JVM start-up code (java/lang/System.initPhase1): not a Java runtime", c.Target)
	}
	var states []warmstart.State
	bar := progress.New(c.Progress, 4, c.Target+": warm starts (cha, rta, 0cfa, andersen)")
	defer bar.Done()
	add := func(analysis string, w any, err error) error {
		bar.Add(1)
		if err != nil {
			return err
		}
		raw, err := msgpack.Marshal(w)
		states = append(states, warmstart.State{Analysis: analysis, Raw: raw})
		return err
	}
	w1, err := cha.Checkpoint(p)
	if err := add("cha", w1, err); err != nil {
		return err
	}
	w2, err := rta.Checkpoint(p)
	if err := add("rta", w2, err); err != nil {
		return err
	}
	for _, perClass := range []bool{true, false} {
		opts := pointsto.Options{PerClass: perClass}
		w, err := pointsto.Checkpoint(p, opts)
		if err := add(opts.Name(), w, err); err != nil {
			return err
		}
	}
	own := p.Summaries[len(p.Summaries)-1]
	var buf bytes.Buffer
	dep := summary.Dep{Target: own.Header.Target, BodySHA: own.Header.BodySHA}
	if err := warmstart.Write(&buf, Producer, dep, states); err != nil {
		return err
	}
	return outfile.WriteBytes(c.Warm, buf.Bytes())
}
