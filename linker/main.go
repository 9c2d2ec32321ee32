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
	"github.com/rules-fragment/rules_fragment/linker/app"
	"github.com/rules-fragment/rules_fragment/tools/worker"
)

func main() { worker.Main("linker", app.Main) }
