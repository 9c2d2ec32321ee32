// Command summarizer is the summarizer action of rules_fragment: it reads
// one library target's class files (jars, directories, jmods or a JDK
// runtime image) and the summaries of its direct dependencies, and writes
// the target's summary (docs/SUMMARY_FORMAT.md). It fails only on bad
// input, never because of what the code does. With --persistent_worker it
// is a Bazel persistent worker (tools/worker) that keeps decoded dependency
// summaries between actions.
//
// Usage:
//
//	summarizer -target //lib:a -jar liba.jar -dep b.rfsum -dep jdk.rfsum -o a.rfsum
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/rules-fragment/rules_fragment/summarizer/app"
	"github.com/rules-fragment/rules_fragment/tools/flagx"
	"github.com/rules-fragment/rules_fragment/tools/summary"
	"github.com/rules-fragment/rules_fragment/tools/worker"
)

func main() { worker.Main("summarizer", run) }

// run is one summarizer invocation; it returns the exit code: 2 for bad
// flags, 1 for bad input. cache is the worker's (nil for a process of
// its own).
func run(args []string, _, stderr io.Writer, cache *summary.Cache) int {
	fail := func(code int, err error) int {
		fmt.Fprintln(stderr, "summarizer:", err)
		return code
	}
	fs, cpuprofile, args, err := flagx.Invocation("summarizer", args, stderr, cache != nil)
	if err != nil {
		return fail(2, err)
	}
	cfg, err := app.ParseFlags(fs, args)
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
	if err := app.Run(cfg); err != nil {
		return fail(1, err)
	}
	return 0
}
