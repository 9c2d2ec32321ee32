package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/rules-fragment/rules_fragment/tools/instrument"
)

// runInstrument writes the instrumented classes of a linker result's
// polymorphic call sites (package instrument).
func runInstrument(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("instrument", flag.ContinueOnError)
	resultPath := fs.String("result", "", "the linker's JSON result (linker -json): its polymorphic sites are instrumented")
	outPath := fs.String("o", "", "write the instrumented classes here, as a jar to put before JAR... on the class path")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *resultPath == "" || *outPath == "" || fs.NArg() == 0 {
		return errors.New("usage: fragment instrument -result RESULT.json -o OUT.jar JAR...")
	}
	res, err := readResult(*resultPath)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	st, err := instrument.Jars(fs.Args(), instrument.Sites(res, true), &buf)
	if err != nil {
		return err
	}
	if err := os.WriteFile(*outPath, buf.Bytes(), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "instrumented %d call sites in %d classes; %d skipped\n", st.Sites, st.Classes, len(st.Skipped))
	for _, s := range st.Skipped {
		fmt.Fprintf(stdout, "  skipped %s\n", s)
	}
	return nil
}
