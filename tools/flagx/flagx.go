// Package flagx has the flag types the action programs share.
package flagx

import "strings"

// List is a repeatable flag; each use appends one value.
type List []string

func (l *List) String() string { return strings.Join(*l, ",") }

// Set appends v.
func (l *List) Set(v string) error {
	*l = append(*l, v)
	return nil
}
