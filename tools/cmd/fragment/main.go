// Command fragment is the rules_fragment command-line tool.
//
//	fragment stats [flags] CONTAINER...        class hierarchy and IR statistics of a classpath
//	fragment ir [flags] -cp PATHS CLASS [METHOD] a class's hierarchy facts and three-address IR
//	fragment coverage -result R.json -edges E.txt [-receivers V.txt [-types T.txt]]
//	                                             how much of the polymorphism coverage requirements a traced run met
//	fragment instrument -result R.json -o OUT.jar JAR...
//	                                             the classes of R's polymorphic call sites, instrumented to record them
//
// CONTAINER is a directory, .class file, jar/zip/war, jmod, JDK runtime image
// (lib/modules) or JDK home. The summarizer and linker are programs of
// their own.
package main

import (
	"errors"
	"fmt"
	"os"
)

func usage() {
	fmt.Fprintln(os.Stderr, `usage:
  fragment stats [-release N] [-workers N] CONTAINER...
  fragment ir [-release N] -cp PATH[:PATH...] CLASS [METHOD]
  fragment coverage -result RESULT.json -edges EDGES.txt [-receivers RECV.txt [-types TYPES.txt]] [-json OUT] [-html OUT] [-min-rc F] [-min-tm F]
  fragment coverage -result RESULT.json -prefixes
  fragment instrument -result RESULT.json -o OUT.jar JAR...

CLASS is a binary name (java.util.ArrayList or java/util/ArrayList);
METHOD selects methods by name, or name+descriptor. coverage reads a
linker result (linker -json) and a run traced by tools/tracer's agent
(-prefixes: the agent's prefix options for the result's polymorphic sites).`)
	os.Exit(2)
}

func main() {
	if len(os.Args) < 2 {
		usage()
	}
	var err error
	switch os.Args[1] {
	case "stats":
		err = runStats(os.Args[2:], os.Stdout)
	case "ir":
		err = runIR(os.Args[2:], os.Stdout)
	case "coverage":
		err = runCoverage(os.Args[2:], os.Stdout)
	case "instrument":
		err = runInstrument(os.Args[2:], os.Stdout)
	case "-h", "-help", "--help", "help":
		usage()
	default:
		fmt.Fprintf(os.Stderr, "fragment: unknown command %q\n", os.Args[1])
		usage()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "fragment:", err)
		if errors.Is(err, errBelow) {
			os.Exit(3)
		}
		os.Exit(1)
	}
}
