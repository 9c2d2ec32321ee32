package app

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/rules-fragment/rules_fragment/tools/flagx"
	"github.com/rules-fragment/rules_fragment/tools/summary"
)

// Main is one summarizer invocation, as a process or a persistent
// worker's request (cache: the worker's, nil for a process of its own); it
// returns the exit code: 2 for bad flags, 1 for bad input. `fragment
// summarize` runs it too.
func Main(args []string, _, stderr io.Writer, cache *summary.Cache) int {
	fail := func(code int, err error) int {
		fmt.Fprintln(stderr, "summarizer:", err)
		return code
	}
	fs, cpuprofile, args, err := flagx.Invocation("summarizer", args, stderr, cache != nil)
	if err != nil {
		return fail(2, err)
	}
	cfg, err := ParseFlags(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		return fail(2, err)
	}
	cfg.Cache, cfg.Progress = cache, stderr
	if cfg.Stats != nil {
		cfg.Stats = stderr
	}
	stop, err := flagx.StartCPUProfile(*cpuprofile)
	if err != nil {
		return fail(1, err)
	}
	defer stop()
	if err := Run(cfg); err != nil {
		return fail(1, err)
	}
	return 0
}
