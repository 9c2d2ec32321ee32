// Package outfile writes the tools' output files whole or not at all: to a
// temporary file beside the destination, renamed over it once complete, so
// a failed or interrupted run never leaves a partial summary or result for
// a build system to pick up.
package outfile

import (
	"bufio"
	"io"
	"os"
	"path/filepath"
)

// Write calls write with a buffered writer to a temporary file in path's
// directory and, if it succeeds, renames that file to path (mode 0644).
func Write(path string, write func(io.Writer) error) (err error) {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	bw := bufio.NewWriterSize(tmp, 1<<20)
	if err := write(bw); err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	if err := tmp.Chmod(0o644); err != nil {
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// WriteBytes writes data to path as Write does.
func WriteBytes(path string, data []byte) error {
	return Write(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}
