package classpath

import (
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/rules-fragment/rules_fragment/tools/classpath/jimage"
)

// imageContainer is a JDK runtime image (lib/modules), opened directly or
// through its JDK home. Entries are the module resources with extension
// "class"; Path is the resource's full name, /module/parent/base.class.
type imageContainer struct {
	name    string
	im      *jimage.Image
	closer  io.Closer
	entries entries
	locs    []jimage.Location // parallel to entries
}

// openImage opens the jimage in r; name is the container name (the JDK home
// or the image file) and file the image's path. On success the container
// owns r.
func openImage(name, file string, r io.ReadCloser, size int64) (*imageContainer, error) {
	ra, ok := r.(io.ReaderAt)
	if !ok {
		return nil, &Error{Container: name, Err: errors.New("image reader does not support ReadAt")}
	}
	im, err := jimage.NewImage(ra, size, file)
	if err != nil {
		return nil, &Error{Container: name, Err: imageError(err)}
	}
	c, err := newImageContainer(name, im)
	if err != nil {
		return nil, err
	}
	c.closer = r
	return c, nil
}

// newImageContainer lists the classes of an open image.
func newImageContainer(name string, im *jimage.Image) (*imageContainer, error) {
	res, err := im.Resources()
	if err != nil {
		return nil, &Error{Container: name, Err: imageError(err)}
	}
	type item struct {
		entry Entry
		loc   int
	}
	items := make([]item, 0, len(res))
	for i := range res {
		l := &res[i]
		if l.Extension != "class" {
			continue
		}
		cls := l.Base
		if l.Parent != "" {
			cls = l.Parent + "/" + l.Base
		}
		if !ValidClassName(cls) {
			continue
		}
		items = append(items, item{Entry{Class: cls, Path: l.Name(), Module: l.Module}, i})
	}
	items = sortDedup(items, func(it item) Entry { return it.entry },
		func(a, b item) int { return cmpInt(a.loc, b.loc) })
	c := &imageContainer{
		name:    name,
		im:      im,
		entries: make(entries, len(items)),
		locs:    make([]jimage.Location, len(items)),
	}
	for i, it := range items {
		c.entries[i] = it.entry
		c.locs[i] = res[it.loc]
	}
	return c, nil
}

// imageError strips the *jimage.Error layer, whose file and resource names
// the *Error repeats, keeping what is wrong.
func imageError(err error) error {
	var je *jimage.Error
	if errors.As(err, &je) {
		if je.Resource != "" {
			return je.Err
		}
		return fmt.Errorf("jimage: %w", je.Err)
	}
	return err
}

func (c *imageContainer) Name() string       { return c.name }
func (c *imageContainer) Entries() []Entry   { return slices.Clone(c.entries) }
func (c *imageContainer) entryList() []Entry { return c.entries }

// Image returns the underlying runtime image.
func (c *imageContainer) Image() *jimage.Image { return c.im }

func (c *imageContainer) Read(e Entry) ([]byte, error) {
	i, ok := c.entries.find(e)
	if !ok {
		return nil, &Error{Container: c.name, Entry: entryLabel(e), Err: ErrNotFound}
	}
	return c.readIndex(i)
}

func (c *imageContainer) readIndex(i int) ([]byte, error) {
	data, err := c.im.Read(c.locs[i])
	if err == nil {
		err = checkClass(data)
	}
	if err != nil {
		return nil, &Error{Container: c.name, Entry: c.entries[i].Path, Err: imageError(err)}
	}
	return data, nil
}

func (c *imageContainer) Close() error {
	if c.closer == nil {
		return nil
	}
	cl := c.closer
	c.closer = nil
	if err := cl.Close(); err != nil {
		return &Error{Container: c.name, Err: unwrapPath(err)}
	}
	return nil
}

// multiContainer joins several containers (the jmods of a JDK home).
type multiContainer struct {
	name    string
	parts   []indexed
	entries entries
	refs    []partRef // parallel to entries
}

type partRef struct{ part, index int }

func newMultiContainer(name string, parts []indexed) *multiContainer {
	type item struct {
		entry Entry
		ref   partRef
	}
	var items []item
	for pi, p := range parts {
		for ei, e := range p.entryList() {
			items = append(items, item{e, partRef{pi, ei}})
		}
	}
	items = sortDedup(items, func(it item) Entry { return it.entry },
		func(a, b item) int {
			if a.ref.part != b.ref.part {
				return cmpInt(a.ref.part, b.ref.part)
			}
			return cmpInt(a.ref.index, b.ref.index)
		})
	m := &multiContainer{
		name:    name,
		parts:   parts,
		entries: make(entries, len(items)),
		refs:    make([]partRef, len(items)),
	}
	for i, it := range items {
		m.entries[i] = it.entry
		m.refs[i] = it.ref
	}
	return m
}

func (m *multiContainer) Name() string       { return m.name }
func (m *multiContainer) Entries() []Entry   { return slices.Clone(m.entries) }
func (m *multiContainer) entryList() []Entry { return m.entries }

func (m *multiContainer) Read(e Entry) ([]byte, error) {
	i, ok := m.entries.find(e)
	if !ok {
		return nil, &Error{Container: m.name, Entry: entryLabel(e), Err: ErrNotFound}
	}
	return m.readIndex(i)
}

func (m *multiContainer) readIndex(i int) ([]byte, error) {
	r := m.refs[i]
	return m.parts[r.part].readIndex(r.index)
}

func (m *multiContainer) Close() error {
	var errs []error
	for _, p := range m.parts {
		if err := p.Close(); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}
