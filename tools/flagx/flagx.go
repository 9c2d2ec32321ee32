// Package flagx has the flag types the action programs share.
package flagx

import (
	"fmt"
	"os"
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
