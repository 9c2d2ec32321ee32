package app

import (
	"bytes"
	"fmt"

	"github.com/rules-fragment/rules_fragment/tools/analysis/pointsto"
	"github.com/rules-fragment/rules_fragment/tools/link"
	"github.com/rules-fragment/rules_fragment/tools/summary"
)

// writeWarm links the written summary with its dependencies and writes
// the warm starts of 0-CFA_f and AND_f (pointsto.Checkpoint).
func writeWarm(c *Config) error {
	p, err := link.Load(link.Options{Summaries: append(c.Deps[:len(c.Deps):len(c.Deps)], c.Out), Workers: c.Workers})
	if err != nil {
		return err
	}
	defer p.Close()
	if len(pointsto.StartupRoots(p.Hierarchy)) == 0 {
		return fmt.Errorf("-warm-start: %s has no JVM start-up code (java/lang/System.initPhase1): not a Java runtime", c.Target)
	}
	var states []*pointsto.Warm
	for _, perClass := range []bool{true, false} {
		w, err := pointsto.Checkpoint(p, pointsto.Options{PerClass: perClass})
		if err != nil {
			return err
		}
		states = append(states, w)
	}
	own := p.Summaries[len(p.Summaries)-1]
	var buf bytes.Buffer
	dep := summary.Dep{Target: own.Header.Target, BodySHA: own.Header.BodySHA}
	if err := pointsto.WriteWarm(&buf, Producer, dep, states); err != nil {
		return err
	}
	return writeFile(c.Warm, buf.Bytes())
}
