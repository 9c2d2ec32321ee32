// Package flagx has the flag types and command-line handling the action
// programs share.
package flagx

import (
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/pprof"
	"strings"
)

// List is a repeatable flag; each use appends one value.
type List []string

func (l *List) String() string { return strings.Join(*l, ",") }

// Set appends v.
func (l *List) Set(v string) error {
	*l = append(*l, v)
	return nil
}

// ExpandParams replaces each "@file" argument by the lines of file (one
// argument per line, as Bazel writes parameter files), so that actions can
// pass long input lists.
func ExpandParams(args []string) ([]string, error) {
	var out []string
	for _, a := range args {
		if len(a) < 2 || a[0] != '@' {
			out = append(out, a)
			continue
		}
		b, err := os.ReadFile(a[1:])
		if err != nil {
			return nil, fmt.Errorf("parameter file: %w", err)
		}
		for _, l := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
			if l != "" {
				out = append(out, l)
			}
		}
	}
	return out, nil
}

// Invocation is one run of a tool's command line: its FlagSet, which
// reports to stderr and returns errors, with the -cpuprofile flag, and its
// arguments. Parameter files are expanded unless expanded says Bazel did
// it already (a persistent worker's request, whose lines may start with @,
// as labels such as @maven//:guava do).
func Invocation(name string, args []string, stderr io.Writer, expanded bool) (fs *flag.FlagSet, cpuprofile *string, out []string, err error) {
	fs = flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	cpuprofile = fs.String("cpuprofile", "", "write a CPU profile here")
	if !expanded {
		args, err = ExpandParams(args)
	}
	return fs, cpuprofile, args, err
}

// StartCPUProfile writes a CPU profile to path ("": none) until stop.
func StartCPUProfile(path string) (stop func(), err error) {
	if path == "" {
		return func() {}, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() { pprof.StopCPUProfile(); f.Close() }, nil
}
