// Package progress shows how far the command-line tools' long steps have
// come (summarising a Java runtime, a library fragment's analyses), on a
// terminal only: under Bazel (actions and persistent workers), in pipes
// and in tests it writes nothing, so outputs and logs stay the same. It
// draws with github.com/schollz/progressbar rather than hand-written
// terminal code.
package progress

import (
	"io"
	"os"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// Bar is a progress bar or, when its writer is no terminal, nil: every
// method of a nil *Bar does nothing.
type Bar struct{ b *progressbar.ProgressBar }

// IsTerminal reports whether w is a terminal.
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// New starts a bar on w that counts to total, or a spinner with the
// elapsed time when total is negative (a step of unknown length). It is
// nil unless w is a terminal. Finish it with Done.
func New(w io.Writer, total int, desc string) *Bar {
	if !IsTerminal(w) {
		return nil
	}
	opts := []progressbar.Option{progressbar.OptionSetWriter(w), progressbar.OptionSetDescription(desc),
		progressbar.OptionSetWidth(30), progressbar.OptionThrottle(100 * time.Millisecond),
		progressbar.OptionSetElapsedTime(true), progressbar.OptionClearOnFinish()}
	if total >= 0 {
		opts = append(opts, progressbar.OptionShowCount())
	}
	b := progressbar.NewOptions(max(total, -1), opts...)
	_ = b.RenderBlank() // a spinner moves from now on
	return &Bar{b}
}

// Add counts n more done.
func (b *Bar) Add(n int) {
	if b != nil {
		_ = b.b.Add(n)
	}
}

// Describe changes the description.
func (b *Bar) Describe(desc string) {
	if b != nil {
		b.b.Describe(desc)
	}
}

// Done finishes the bar and clears its line.
func (b *Bar) Done() {
	if b != nil {
		_ = b.b.Finish()
		_ = b.b.Clear()
	}
}
