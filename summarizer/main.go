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
	"github.com/rules-fragment/rules_fragment/summarizer/app"
	"github.com/rules-fragment/rules_fragment/tools/worker"
)

func main() { worker.Main("summarizer", app.Main) }
