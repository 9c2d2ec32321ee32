package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/rules-fragment/rules_fragment/tools/coverage"
	"github.com/rules-fragment/rules_fragment/tools/report"
)

// errBelow is returned when a run met less of the requirements than asked.
var errBelow = errors.New("coverage below the minimum")

// runCoverage measures how much of a linker result's polymorphism coverage
// requirements a traced run met (package coverage).
func runCoverage(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("coverage", flag.ContinueOnError)
	resultPath := fs.String("result", "", "the linker's JSON result (linker -json)")
	edgesPath := fs.String("edges", "", "the run's call edges (tools/tracer: out=FILE)")
	recvPath := fs.String("receivers", "", "the run's receiver classes (tools/tracer: recv=FILE); without it no RC is met")
	typesPath := fs.String("types", "", "the receiver classes' supertypes (tools/tracer: types=FILE): a test's own classes then meet the library-fragment placeholders they stand for")
	prefixes := fs.Bool("prefixes", false, "print the tracer's prefix options for the result's polymorphic sites (their classes' packages), one a line, and stop")
	jsonPath := fs.String("json", "", "write the coverage of every polymorphic site here")
	htmlPath := fs.String("html", "", "write the coverage as an HTML page here: the shares met, and per polymorphic site the requirements met and not")
	minRC := fs.Float64("min-rc", 0, "fail (exit status 3) when an analysis' receiver classes are met below this share (0-1)")
	minTM := fs.Float64("min-tm", 0, "fail (exit status 3) when an analysis' target methods are met below this share (0-1)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *resultPath == "" || (*edgesPath == "") == !*prefixes || fs.NArg() > 0 || (*typesPath != "" && *recvPath == "") {
		return errors.New(coverageUsage)
	}
	res, err := readResult(*resultPath)
	if err != nil {
		return err
	}
	if *prefixes {
		for _, p := range coverage.Packages(res) {
			fmt.Fprintf(stdout, "prefix=%s\n", p)
		}
		return nil
	}
	edges, err := os.Open(*edgesPath)
	if err != nil {
		return err
	}
	defer edges.Close()
	var recv io.Reader
	if *recvPath != "" {
		f, err := os.Open(*recvPath)
		if err != nil {
			return err
		}
		defer f.Close()
		recv = f
	}
	trace, err := coverage.ReadTrace(edges, *edgesPath, recv, *recvPath)
	if err != nil {
		return err
	}
	if *typesPath != "" {
		f, err := os.Open(*typesPath)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := trace.ReadTypes(f, *typesPath); err != nil {
			return err
		}
	}
	var all []*coverage.Result
	below := false
	for _, a := range res.Analyses {
		c := coverage.Measure(a, trace)
		all = append(all, c)
		unexpected, lambdaSites, lambdaRC, lambdaTM := 0, 0, 0, 0
		for _, s := range c.Sites {
			unexpected += len(s.Unexpected)
			if s.InLambdaClass {
				lambdaSites, lambdaRC, lambdaTM = lambdaSites+1, lambdaRC+len(s.RC), lambdaTM+len(s.TM)
			}
		}
		fmt.Fprintf(stdout, "%s: %d polymorphic sites, %d reached; receiver classes %d of %d (%.1f%%), target methods %d of %d (%.1f%%); %d observations outside the requirements",
			c.Analysis, len(c.Sites), c.Reached, c.RCCovered, c.RCRequired, 100*c.RCRatio(), c.TMCovered, c.TMRequired, 100*c.TMRatio(), unexpected)
		if lambdaSites > 0 {
			fmt.Fprintf(stdout, "; %d of the sites (%d receiver classes, %d target methods) are in lambda classes, which no run can observe", lambdaSites, lambdaRC, lambdaTM)
		}
		fmt.Fprintln(stdout)
		below = below || c.RCRatio() < *minRC || c.TMRatio() < *minTM
	}
	if *jsonPath != "" {
		b, err := json.MarshalIndent(all, "", " ")
		if err != nil {
			return err
		}
		if err := os.WriteFile(*jsonPath, append(b, '\n'), 0o644); err != nil {
			return err
		}
	}
	if *htmlPath != "" {
		var buf bytes.Buffer
		if err := coverage.WriteHTML(&buf, all); err != nil {
			return err
		}
		if err := os.WriteFile(*htmlPath, buf.Bytes(), 0o644); err != nil {
			return err
		}
	}
	if below {
		return errBelow
	}
	return nil
}

const coverageUsage = `usage: fragment coverage -result RESULT.json -edges EDGES.txt [-receivers RECV.txt [-types TYPES.txt]] [-json OUT] [-html OUT] [-min-rc F] [-min-tm F]
       fragment coverage -result RESULT.json -prefixes`

// readResult reads a linker JSON result of the schema this build writes.
func readResult(path string) (*report.Result, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var r report.Result
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if r.Schema != report.Schema {
		return nil, fmt.Errorf("%s: result schema %d, want %d (linker -json)", path, r.Schema, report.Schema)
	}
	return &r, nil
}
