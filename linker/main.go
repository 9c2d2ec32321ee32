// Command linker is the linker action of rules_fragment: it links a client
// (class files) with library summaries, or with library class files
// (whole-program mode), or alone with a placeholder for unknown clients
// (library-fragment mode, -fragment), runs the selected analyses from the
// roots, and writes the client-visible results as JSON (docs/RESULTS_FORMAT.md)
// and as a text report. With --persistent_worker it is a Bazel persistent
// worker (tools/worker) that keeps decoded summaries and warm starts
// between actions.
//
// Usage:
//
//	linker -client app.jar -summary jdk.rfsum -summary lib.rfsum -analyses cha,rta -json out.json
//	linker -client app.jar -lib lib.jar -lib /usr/lib/jvm/java-17-openjdk-amd64 -json out.json
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/pprof"

	"github.com/rules-fragment/rules_fragment/linker/app"
	"github.com/rules-fragment/rules_fragment/tools/flagx"
	"github.com/rules-fragment/rules_fragment/tools/summary"
	"github.com/rules-fragment/rules_fragment/tools/worker"
)

func main() { worker.Main("linker", run) }

// run is one linker invocation; it returns the exit code: 2 for bad
// flags, 3 for a failed check with -fail, 1 for other errors. cache is
// the worker's (nil for a process of its own).
func run(args []string, stdout, stderr io.Writer, cache *summary.Cache) int {
	fail := func(code int, err error) int {
		fmt.Fprintln(stderr, "linker:", err)
		return code
	}
	fs, cpuprofile, args, err := flagx.Invocation("linker", args, stderr, cache != nil)
	if err != nil {
		return fail(2, err)
	}
	memprofile := fs.String("memprofile", "", "write a heap profile (live and allocated bytes) here when done")
	cfg, err := app.ParseFlags(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		return fail(2, err)
	}
	cfg.Cache, cfg.Stderr, cfg.Progress = cache, stderr, stderr
	stop, err := flagx.StartCPUProfile(*cpuprofile)
	if err != nil {
		return fail(1, err)
	}
	defer stop()
	if err := app.Run(cfg, stdout); err != nil {
		if errors.Is(err, app.ErrViolation) {
			return fail(3, err)
		}
		return fail(1, err)
	}
	if *memprofile != "" {
		if err := writeHeapProfile(*memprofile); err != nil {
			return fail(1, err)
		}
	}
	return 0
}

// writeHeapProfile writes the heap profile: the allocations since the
// start (alloc_space) show what the analyses copy, in-use what they keep.
func writeHeapProfile(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := pprof.WriteHeapProfile(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
