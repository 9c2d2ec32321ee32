// Command fragment is the rules_fragment command-line tool.
//
//	fragment stats [flags] CONTAINER...        class hierarchy and IR statistics of a classpath
//	fragment ir [flags] -cp PATHS CLASS [METHOD] a class's hierarchy facts and three-address IR
//
// CONTAINER is a directory, .class file, jar/zip/war, jmod, JDK runtime image
// (lib/modules) or JDK home. Later subcommands (summarize, link, coverage)
// share these front-end flags.
package main

import (
	"fmt"
	"os"
)

func usage() {
	fmt.Fprintln(os.Stderr, `usage:
  fragment stats [-release N] [-workers N] CONTAINER...
  fragment ir [-release N] -cp PATH[:PATH...] CLASS [METHOD]

CLASS is a binary name (java.util.ArrayList or java/util/ArrayList);
METHOD selects methods by name, or name+descriptor.`)
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
	case "-h", "-help", "--help", "help":
		usage()
	default:
		fmt.Fprintf(os.Stderr, "fragment: unknown command %q\n", os.Args[1])
		usage()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "fragment:", err)
		os.Exit(1)
	}
}
