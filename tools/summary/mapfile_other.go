//go:build !linux

package summary

import "os"

// mapFile returns the bytes of the file at path (mapped on Linux).
func mapFile(path string) ([]byte, error) { return os.ReadFile(path) }
