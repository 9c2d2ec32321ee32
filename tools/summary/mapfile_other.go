//go:build !linux

package summary

import "os"

// mapFile returns the bytes of the file at path (mapped on Linux).
func mapFile(path string) ([]byte, error) { return os.ReadFile(path) }

// fileID identifies a file's content for a Cache by path, size and
// modification time (Linux adds inode and change time).
type fileID struct {
	path  string
	size  int64
	mtime int64
}

func identify(path string, fi os.FileInfo) fileID {
	return fileID{path: path, size: fi.Size(), mtime: fi.ModTime().UnixNano()}
}
