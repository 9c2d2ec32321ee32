// Package classpath reads JVM class files out of every kind of container a
// JVM class path or module path can name, so that analyses can treat them
// uniformly:
//
//   - directories of .class files (class name from the relative path),
//   - single .class files (class name from the file's this_class),
//   - jar, zip and war archives, including multi-release jars
//     (JEP 238: META-INF/versions/N, selected per Options.Release),
//   - jmod files (JDK 9+ "JM\x01\x00" + zip; classes live under classes/),
//   - the JDK 9+ runtime image lib/modules (see package jimage), and
//   - JDK home directories (lib/modules, or jmods/*.jmod when an image is
//     absent).
//
// The kind of a file is detected from its first bytes rather than its name
// where possible. Containers list their classes eagerly at Open, sorted by
// class name, so that every listing is deterministic; class bytes are read on
// demand and are safe to read concurrently (ForEach does so in parallel).
//
// Malformed input never panics: every problem is reported as an *Error that
// names the container, the entry (when there is one) and what is wrong.
package classpath

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"sort"
	"strings"
	"sync"
)

// Options for opening containers.
type Options struct {
	// Release selects META-INF/versions/N entries of multi-release jars
	// (Multi-Release: true in the manifest). 0 means "ignore versioned
	// entries" (base entries only). For release R, for each class the entry
	// from the highest versions/N with 9 <= N <= R wins over the base entry.
	// Versioned entries apply only if the manifest says Multi-Release: true;
	// as in java.util.jar.JarFile, directories whose N is not a decimal
	// number of at least 9 are ignored.
	Release int
}

// Entry is one class in a container.
type Entry struct {
	// Class is the internal binary name, e.g. "java/lang/Object",
	// "module-info" for module descriptors, "p/package-info".
	Class string
	// Path is the entry's path inside the container, e.g.
	// "META-INF/versions/11/a/B.class", "classes/java/lang/Object.class",
	// "/java.base/java/lang/Object.class".
	Path string
	// Module is the module name for jmod and jimage entries, "" otherwise.
	Module string
}

// Container is a source of class files.
type Container interface {
	// Name returns the path given to Open.
	Name() string
	// Entries returns the classes, sorted by Class and then Module, with
	// exactly one entry per (Module, Class). The slice is a copy.
	Entries() []Entry
	// Read returns the class file bytes of e, which must come from Entries
	// (an Entry with an empty Path matches on Class and Module alone).
	// Errors are *Error values. The result always starts with 0xCAFEBABE.
	Read(e Entry) ([]byte, error)
	// Close releases the container's files.
	Close() error
}

// Error names the container, the entry and what is wrong.
type Error struct {
	Container string // the path given to Open
	Entry     string // the entry's Path, or "" for problems with the container
	Err       error
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("classpath: ")
	b.WriteString(e.Container)
	if e.Entry != "" {
		b.WriteString(": entry ")
		b.WriteString(e.Entry)
	}
	b.WriteString(": ")
	if e.Err != nil {
		b.WriteString(e.Err.Error())
	} else {
		b.WriteString("unknown error")
	}
	return b.String()
}

func (e *Error) Unwrap() error { return e.Err }

// ErrNotFound is wrapped by Read errors for entries the container does not
// have.
var ErrNotFound = errors.New("no such entry")

// ErrNotClass is wrapped by Read errors for entries whose content does not
// start with the class file magic 0xCAFEBABE.
var ErrNotClass = errors.New("not a class file")

// unwrapPath drops the *fs.PathError layer (whose path is the container
// name again) so messages do not repeat the path.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// indexed is implemented by every container of this package: Read by the
// index into the (sorted) entries avoids a search per entry in ForEach.
type indexed interface {
	Container
	entryList() []Entry // the internal slice; must not be modified
	readIndex(i int) ([]byte, error)
}

// entries is the sorted entry list shared by the container implementations.
type entries []Entry

func compareEntries(a, b Entry) int {
	if c := strings.Compare(a.Class, b.Class); c != 0 {
		return c
	}
	return strings.Compare(a.Module, b.Module)
}

// find returns the index of e in the sorted list.
func (es entries) find(e Entry) (int, bool) {
	i := sort.Search(len(es), func(i int) bool { return compareEntries(es[i], e) >= 0 })
	if i < len(es) && es[i].Class == e.Class && es[i].Module == e.Module && (e.Path == "" || es[i].Path == e.Path) {
		return i, true
	}
	return 0, false
}

// sortDedup sorts items by key (class, module), keeping for each key the
// item that sorts first under tiebreak.
func sortDedup[T any](items []T, key func(T) Entry, tiebreak func(a, b T) int) []T {
	slices.SortFunc(items, func(a, b T) int {
		ka, kb := key(a), key(b)
		if c := compareEntries(ka, kb); c != 0 {
			return c
		}
		return tiebreak(a, b)
	})
	out := items[:0]
	for i := range items {
		if len(out) > 0 {
			prev, cur := key(out[len(out)-1]), key(items[i])
			if prev.Class == cur.Class && prev.Module == cur.Module {
				continue
			}
		}
		out = append(out, items[i])
	}
	return out
}

// checkClass verifies the class file magic.
func checkClass(data []byte) error {
	if len(data) < 4 || data[0] != 0xCA || data[1] != 0xFE || data[2] != 0xBA || data[3] != 0xBE {
		n := min(len(data), 4)
		return &notClassError{prefix: append([]byte(nil), data[:n]...)}
	}
	return nil
}

type notClassError struct{ prefix []byte }

func (e *notClassError) Error() string {
	if len(e.prefix) < 4 {
		return fmt.Sprintf("not a class file (only %d bytes)", len(e.prefix))
	}
	return fmt.Sprintf("not a class file (starts with %x, want cafebabe)", e.prefix)
}

func (e *notClassError) Is(target error) bool { return target == ErrNotClass }

// Classpath is an ordered list of containers; Lookup finds the first
// container defining a class, as a JVM class loader searching a class path
// would.
type Classpath struct {
	containers []Container

	once  sync.Once
	index map[string]classRef
}

type classRef struct {
	container int
	entry     Entry
}

// New returns a Classpath over already opened containers. Close closes them.
func New(containers ...Container) *Classpath {
	return &Classpath{containers: slices.Clone(containers)}
}

// OpenAll opens every path in order. On error it closes what it opened and
// returns the error of the first path that failed.
func OpenAll(paths []string, opts Options) (*Classpath, error) {
	cs := make([]Container, 0, len(paths))
	for _, p := range paths {
		c, err := Open(p, opts)
		if err != nil {
			for _, o := range cs {
				o.Close()
			}
			return nil, err
		}
		cs = append(cs, c)
	}
	return &Classpath{containers: cs}, nil
}

// Containers returns the containers in class path order.
func (cp *Classpath) Containers() []Container { return slices.Clone(cp.containers) }

// Lookup returns the first container (in class path order) that has class,
// and its entry. Within a container holding several modules (a jimage) the
// entry of the alphabetically first module wins. The index is built on the
// first call; Lookup is safe for concurrent use.
func (cp *Classpath) Lookup(class string) (Container, Entry, bool) {
	cp.once.Do(cp.buildIndex)
	r, ok := cp.index[class]
	if !ok {
		return nil, Entry{}, false
	}
	return cp.containers[r.container], r.entry, true
}

func (cp *Classpath) buildIndex() {
	n := 0
	for _, c := range cp.containers {
		n += len(entryList(c))
	}
	cp.index = make(map[string]classRef, n)
	for ci, c := range cp.containers {
		for _, e := range entryList(c) {
			if _, dup := cp.index[e.Class]; !dup {
				cp.index[e.Class] = classRef{container: ci, entry: e}
			}
		}
	}
}

// Close closes every container and returns their errors joined.
func (cp *Classpath) Close() error {
	var errs []error
	for _, c := range cp.containers {
		if err := c.Close(); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// entryList returns c's entries without copying when c is one of ours.
func entryList(c Container) []Entry {
	if ic, ok := c.(indexed); ok {
		return ic.entryList()
	}
	return c.Entries()
}

// cmpInt is cmp.Compare for tiebreaks.
func cmpInt(a, b int) int { return cmp.Compare(a, b) }
