// Command summarizer is the summarizer action of rules_fragment: it reads
// one library target's class files (jars, directories, jmods or a JDK
// runtime image) and the summaries of its direct dependencies, and writes
// the target's summary (docs/SUMMARY_FORMAT.md). It fails only on bad
// input, never because of what the code does.
//
// Usage:
//
//	summarizer -target //lib:a -jar liba.jar -dep b.rfsum -dep jdk.rfsum -o a.rfsum
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime/pprof"

	"github.com/rules-fragment/rules_fragment/summarizer/app"
	"github.com/rules-fragment/rules_fragment/tools/flagx"
)

func main() {
	cpuprofile := flag.String("cpuprofile", "", "write a CPU profile here")
	args, err := flagx.ExpandParams(os.Args[1:])
	if err != nil {
		fmt.Fprintln(os.Stderr, "summarizer:", err)
		os.Exit(2)
	}
	cfg, err := app.ParseFlags(flag.CommandLine, args)
	if err != nil {
		fmt.Fprintln(os.Stderr, "summarizer:", err)
		os.Exit(2)
	}
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			fmt.Fprintln(os.Stderr, "summarizer:", err)
			os.Exit(1)
		}
		pprof.StartCPUProfile(f)
	}
	err = app.Run(cfg)
	pprof.StopCPUProfile()
	if err != nil {
		fmt.Fprintln(os.Stderr, "summarizer:", err)
		os.Exit(1)
	}
}
