package summary

import (
	"container/list"
	"os"
	"sync"
)

// Cache keeps what was decoded from summary and warm-start files for the
// next runs of a long-lived process: a Bazel persistent worker (tools/worker)
// links or summarises target after target, and most of them read the same
// runtime summary and warm start. A file's entry is found by its identity,
// not its path alone: path, device, inode, size and modification and change
// times (fileID), which differ when a file is replaced or rewritten. Bazel
// replaces outputs rather than rewriting them, and the tools write theirs by
// renaming (tools/outfile).
//
// Files are read into memory, not mapped (mapFile): an evicted entry's
// memory is then freed, where a mapping would stay for the life of the
// process. Entries are evicted, least recently used first, when the cached
// files' sizes exceed the budget; the decoded values are a few times
// larger. A cached value is shared by every later run: what is cached must
// not be changed by its users (a Unit is not; a warm start's state is
// decoded again for each analysis run).
//
// A Cache is safe for concurrent use. A nil *Cache caches nothing.
type Cache struct {
	mu      sync.Mutex
	budget  int64
	used    int64
	entries map[cacheKey]*list.Element
	lru     list.List // of *cacheEntry, most recently used first
	hits    int
}

type cacheKey struct {
	kind string
	id   fileID
}

type cacheEntry struct {
	key   cacheKey
	size  int64
	value any
}

// NewCache makes a cache of at most budget bytes of files.
func NewCache(budget int64) *Cache {
	return &Cache{budget: budget, entries: map[cacheKey]*list.Element{}}
}

// Hits counts the values found in the cache.
func (c *Cache) Hits() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.hits
}

// Load returns decode's value of the file at path (its bytes, read into
// memory), from the cache when the same file was decoded before under the
// same kind. Errors are not cached; neither is a file that changed while
// it was read.
func (c *Cache) Load(kind, path string, decode func(data []byte) (any, error)) (any, error) {
	if c == nil {
		data, err := mapFile(path)
		if err != nil {
			return nil, err
		}
		return decode(data)
	}
	before, err := statID(path)
	if err != nil {
		return nil, err
	}
	key := cacheKey{kind, before}
	c.mu.Lock()
	if e, ok := c.entries[key]; ok {
		c.lru.MoveToFront(e)
		c.hits++
		c.mu.Unlock()
		return e.Value.(*cacheEntry).value, nil
	}
	c.mu.Unlock()
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	v, err := decode(data)
	if err != nil {
		return nil, err
	}
	if after, err := statID(path); err != nil || after != before {
		return v, nil
	}
	c.put(&cacheEntry{key: key, size: int64(len(data)), value: v})
	return v, nil
}

func (c *Cache) put(e *cacheEntry) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.entries[e.key]; ok || e.size > c.budget {
		return
	}
	c.entries[e.key] = c.lru.PushFront(e)
	c.used += e.size
	for c.used > c.budget {
		old := c.lru.Back()
		oe := old.Value.(*cacheEntry)
		c.lru.Remove(old)
		delete(c.entries, oe.key)
		c.used -= oe.size
	}
}

// statID is the identity of the file at path.
func statID(path string) (fileID, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return fileID{}, err
	}
	return identify(path, fi), nil
}
