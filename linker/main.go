// Command linker is the linker action of rules_fragment: it links a client
// (class files) with library summaries, or with library class files
// (whole-program mode), or alone with a placeholder for unknown clients
// (library-fragment mode, -fragment), runs the selected analyses from the
// roots, and writes the client-visible results as JSON (docs/RESULTS_FORMAT.md)
// and as a text report.
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
	"os"
	"runtime/pprof"

	"github.com/rules-fragment/rules_fragment/linker/app"
	"github.com/rules-fragment/rules_fragment/tools/flagx"
)

func main() {
	cpuprofile := flag.String("cpuprofile", "", "write a CPU profile here")
	memprofile := flag.String("memprofile", "", "write a heap profile (live and allocated bytes) here when done")
	args, err := flagx.ExpandParams(os.Args[1:])
	if err != nil {
		fmt.Fprintln(os.Stderr, "linker:", err)
		os.Exit(2)
	}
	cfg, err := app.ParseFlags(flag.CommandLine, args)
	if err != nil {
		fmt.Fprintln(os.Stderr, "linker:", err)
		os.Exit(2)
	}
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			fmt.Fprintln(os.Stderr, "linker:", err)
			os.Exit(1)
		}
		pprof.StartCPUProfile(f)
		defer pprof.StopCPUProfile()
	}
	if err := app.Run(cfg, os.Stdout); err != nil {
		pprof.StopCPUProfile()
		fmt.Fprintln(os.Stderr, "linker:", err)
		if errors.Is(err, app.ErrViolation) {
			os.Exit(3)
		}
		os.Exit(1)
	}
	if *memprofile != "" {
		if err := writeHeapProfile(*memprofile); err != nil {
			fmt.Fprintln(os.Stderr, "linker:", err)
			os.Exit(1)
		}
	}
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
