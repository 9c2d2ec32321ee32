package app

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/pprof"

	"github.com/rules-fragment/rules_fragment/tools/flagx"
	"github.com/rules-fragment/rules_fragment/tools/summary"
)

// Main is one linker invocation, as a process or a persistent worker's
// request (cache: the worker's, nil for a process of its own); it returns
// the exit code: 2 for bad flags, 3 for a violated check, 1 otherwise.
// `fragment link` runs it too.
func Main(args []string, stdout, stderr io.Writer, cache *summary.Cache) int {
	fail := func(code int, err error) int {
		fmt.Fprintln(stderr, "linker:", err)
		return code
	}
	fs, cpuprofile, args, err := flagx.Invocation("linker", args, stderr, cache != nil)
	if err != nil {
		return fail(2, err)
	}
	memprofile := fs.String("memprofile", "", "write a heap profile (live and allocated bytes) here when done")
	cfg, err := ParseFlags(fs, args)
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
	if err := Run(cfg, stdout); err != nil {
		if errors.Is(err, ErrViolation) {
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
