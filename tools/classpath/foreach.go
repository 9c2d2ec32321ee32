package classpath

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// ForEach reads every entry of c and calls fn with its bytes. Entries are
// read by workers goroutines in parallel (GOMAXPROCS if workers <= 0), so fn
// may be called concurrently and in any order; fn owns data.
//
// On failure ForEach stops handing out entries and returns the error of the
// failing entry with the lowest index in c.Entries() — a read error (*Error)
// or fn's own error — so the result does not depend on scheduling: entries
// are handed out in index order, so every entry before a failing one has been
// handed out and completes.
func ForEach(c Container, workers int, fn func(e Entry, data []byte) error) error {
	list := entryList(c)
	read := func(i int) ([]byte, error) { return c.Read(list[i]) }
	if ic, ok := c.(indexed); ok {
		read = ic.readIndex
	}
	n := len(list)
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, n)
	if workers <= 1 {
		for i := 0; i < n; i++ {
			data, err := read(i)
			if err == nil {
				err = fn(list[i], data)
			}
			if err != nil {
				return err
			}
		}
		return nil
	}

	var (
		next     atomic.Int64
		failedAt atomic.Int64 // lowest failing index so far, n if none
		mu       sync.Mutex
		firstErr error
		wg       sync.WaitGroup
	)
	failedAt.Store(int64(n))
	for range workers {
		wg.Go(func() {
			for {
				i := next.Add(1) - 1
				if i >= int64(n) || i > failedAt.Load() {
					return
				}
				data, err := read(int(i))
				if err == nil {
					err = fn(list[i], data)
				}
				if err != nil {
					mu.Lock()
					if i < failedAt.Load() {
						failedAt.Store(i)
						firstErr = err
					}
					mu.Unlock()
				}
			}
		})
	}
	wg.Wait()
	return firstErr
}
