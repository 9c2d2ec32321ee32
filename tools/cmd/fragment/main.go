// Command fragment is the rules_fragment command-line tool.
//
//	fragment stats [flags] CONTAINER...        class hierarchy and IR statistics of a classpath
//	fragment ir [flags] -cp PATHS CLASS [METHOD] a class's hierarchy facts and three-address IR
//	fragment coverage -result R.json -edges E.txt [-receivers V.txt [-types T.txt]]
//	                                             how much of the polymorphism coverage requirements a traced run met
//	fragment instrument -result R.json -o OUT.jar JAR...
//	                                             the classes of R's polymorphic call sites, instrumented to record them
//	fragment summarize FLAGS                     the summarizer (the same flags as its program)
//	fragment link FLAGS                          the linker (the same flags as its program)
//	fragment summary [-classes] [-class NAME [-bodies]] FILE.rfsum
//	                                             what a summary holds
//	fragment query -result R.json callees|callers|mod|use|pointsto METHOD, polymorphic, methods [PATTERN], unmodelled
//	                                             the call graph and requirements of a linker result
//
// CONTAINER is a directory, .class file, jar/zip/war, jmod, JDK runtime image
// (lib/modules) or JDK home. The summarizer and linker are also programs of
// their own (the Bazel actions run those).
package main

import (
	"errors"
	"fmt"
	"os"

	linker "github.com/rules-fragment/rules_fragment/linker/app"
	summarizer "github.com/rules-fragment/rules_fragment/summarizer/app"
)

func usage() {
	fmt.Fprintln(os.Stderr, `usage:
  fragment stats [-release N] [-workers N] CONTAINER...
  fragment ir [-release N] -cp PATH[:PATH...] CLASS [METHOD]
  fragment coverage -result RESULT.json -edges EDGES.txt [-receivers RECV.txt [-types TYPES.txt]] [-json OUT] [-html OUT] [-min-rc F] [-min-tm F]
  fragment coverage -result RESULT.json -prefixes
  fragment instrument -result RESULT.json -o OUT.jar JAR...
  fragment summarize -target NAME -jar JAR... [-dep DEP.rfsum...] -o OUT.rfsum   (summarizer -help)
  fragment link -client APP.jar -summary DEP.rfsum... [-analyses cha,rta,...] [-json OUT]   (linker -help)
  fragment summary [-classes] [-class NAME [-bodies]] FILE.rfsum
  fragment query -result RESULT.json [-analysis A] callees|callers|mod|use|pointsto METHOD | [-top N] polymorphic | methods [PATTERN] | unmodelled

CLASS is a binary name (java.util.ArrayList or java/util/ArrayList);
METHOD selects methods by name, or name+descriptor. coverage reads a
linker result (linker -json) and a run traced by tools/tracer's agent
(-prefixes: the agent's prefix options for the result's polymorphic sites).
summary prints a summary's header and counts, its classes, or a class with
its methods' summary statements; query answers questions about a linker
result's call graph and polymorphism coverage requirements.`)
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
	case "summarize":
		os.Exit(summarizer.Main(os.Args[2:], os.Stdout, os.Stderr, nil))
	case "link":
		os.Exit(linker.Main(os.Args[2:], os.Stdout, os.Stderr, nil))
	case "summary":
		err = runSummary(os.Args[2:], os.Stdout)
	case "query":
		err = runQuery(os.Args[2:], os.Stdout)
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
