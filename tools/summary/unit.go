package summary

import (
	"errors"
	"fmt"
	"github.com/rules-fragment/rules_fragment/tools/classpath"
	"io"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/vmihailenco/msgpack/v5"

	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
)

// Unit is the content of one summary: the type part (modules, classes with
// supertypes, members and flags) and, per method, the statement part
// (Body, encoded). See docs/SUMMARY_FORMAT.md.
type Unit struct {
	Pool    *Pool
	Modules []*hierarchy.Module
	// Services are the class-path provider configurations of the unit's
	// jars (META-INF/services), sorted by service.
	Services []Service
	// Classes of a decoded unit get their members on first use
	// (Complete; members.go).
	Classes []*Class
	chunks  []*chunk       // of the bodies of a decoded unit (chunks.go)
	members *memberDecoder // of a decoded unit

	sharedBytes atomic.Int64 // of the bodies kept by SharedBody
	runtime     runtimeOf    // Runtime's
}

// Class is one class of a unit. Origin is not stored (it would be a
// machine-specific path); the linker sets it.
type Class struct {
	hierarchy.ClassSpec
	// Bodies[i] is the encoded Body of Methods[i] (AppendBody, ids of the
	// unit's Pool), nil for methods without code. A decoded unit leaves
	// Bodies nil and finds them in its chunks (Unit.BodyBytes).
	Bodies [][]byte
	locs   []bodyLoc
	// Refs are the string ids (sorted, of the unit's Pool) of the classes
	// that the class's bodies and member descriptors name, besides its
	// own name and its spec's supertypes and nest (see ClassRefs). A
	// linker follows them from the client's references to add only the
	// classes a program can reach (link.Options.OnlyReferenced).
	Refs []int32
	lazy *lazyMembers // of a decoded unit's class (members.go)
	sels []int32      // of a decoded unit's class: its methods' selectors, numbered (members.go)
	// shared are the bodies decoded by SharedBody.
	shared atomic.Pointer[sharedBodies]
}

// Body decodes method i's statement part, translating ids with m (nil:
// keep the unit's ids). It returns nil for a method without code.
func (u *Unit) Body(c *Class, i int, m *Mapper) (*Body, error) {
	data, err := u.BodyBytes(c, i)
	if err != nil {
		return nil, fmt.Errorf("body of %s.%s%s: %w", c.Name, c.Methods[i].Name, c.Methods[i].Desc, err)
	}
	if data == nil {
		return nil, nil
	}
	b, err := DecodeBody(data, u.Pool, m)
	if err != nil {
		return nil, fmt.Errorf("body of %s.%s%s: %w", c.Name, c.Methods[i].Name, c.Methods[i].Desc, err)
	}
	return b, nil
}

// AddTo adds u's modules and classes to a hierarchy builder, with origin
// as their Origin, and calls added (if not nil) for each class the builder
// took (an earlier definition of a name wins). With keep, only the classes
// i with keep[i] are added.
func (u *Unit) AddTo(b *hierarchy.Builder, origin string, keep []bool, added func(*Class)) {
	for _, m := range u.Modules {
		b.AddModule(m)
	}
	for _, s := range u.Services {
		b.AddServices(s.Name, s.Providers)
	}
	classes, methods := 0, 0
	for i, c := range u.Classes {
		if keep == nil || keep[i] {
			classes, methods = classes+1, methods+len(u.Complete(c).Methods)
		}
	}
	b.Grow(classes, methods)
	for i, c := range u.Classes {
		if keep != nil && !keep[i] {
			continue
		}
		spec := u.Complete(c).ClassSpec
		spec.Origin = origin
		// The class's strings are the unit's string table's entries.
		var numbering *hierarchy.Selectors
		if u.members != nil {
			numbering = u.members.numbering
		}
		if b.AddSharedClass(&spec, numbering, c.sels) && added != nil {
			added(c)
		}
	}
}

// WriteUnit writes u as a summary with header h.
func WriteUnit(w io.Writer, h Header, u *Unit) error {
	// The class table is made first: it interns the names it uses, and the
	// string table must be complete when written. The bodies are attached
	// in chunks (chunks.go); their lengths are in the class table.
	types, err := u.classTable()
	if err != nil {
		return err
	}
	chunks, attached, err := u.encodeChunks()
	if err != nil {
		return err
	}
	return WriteAttached(w, h, func(enc *msgpack.Encoder) error { return u.encode(enc, types, chunks) }, attached)
}

func (u *Unit) classTable() ([]byte, error) {
	var types []byte
	types = putUint(types, uint64(len(u.Classes)))
	for _, c := range u.Classes {
		types = u.Complete(c).appendSpec(types, u.Pool)
		for i := range c.Methods {
			body, err := u.BodyBytes(c, i)
			if err != nil {
				return nil, err
			}
			types = putUint(types, uint64(len(body)))
		}
		types = putUint(types, uint64(len(c.Refs)))
		prev := int32(0)
		for _, id := range c.Refs {
			types = putUint(types, uint64(id-prev))
			prev = id
		}
	}
	return types, nil
}

func (u *Unit) encode(enc *msgpack.Encoder, types, chunks []byte) error {
	p := u.Pool
	if err := enc.EncodeBytes(appendStrings(nil, p.strTab)); err != nil {
		return err
	}
	// Reference tables: the class as a difference to the previous entry's,
	// the name as a difference to the previous one's of the same class
	// (the summarizer sorts both tables, so differences are small).
	var b []byte
	var rc refCoder
	b = putUint(b, uint64(len(p.fieldTab)))
	for _, f := range p.fieldTab {
		b = putUint(rc.put(b, f.Class, f.Name), uint64(f.Desc))
	}
	rc = refCoder{}
	b = putUint(b, uint64(len(p.methodTab)))
	for _, m := range p.methodTab {
		iface := uint64(0)
		if m.Interface {
			iface = 1
		}
		b = putUint(putUint(rc.put(b, m.Class, m.Name), uint64(m.Desc)), iface)
	}
	if err := enc.EncodeBytes(b); err != nil {
		return err
	}
	if err := enc.EncodeArrayLen(len(u.Modules)); err != nil {
		return err
	}
	for _, m := range u.Modules {
		if err := enc.Encode(moduleRecord(m)); err != nil {
			return err
		}
	}
	if err := enc.Encode(u.Services); err != nil {
		return err
	}
	if err := enc.EncodeBytes(types); err != nil {
		return err
	}
	return enc.EncodeBytes(chunks)
}

func (c *Class) appendSpec(b []byte, p *Pool) []byte {
	str := func(s string) int32 { return p.String(s) }
	opt := func(s string) int32 {
		if s == "" {
			return -1
		}
		return p.String(s)
	}
	list := func(b []byte, ss []string) []byte {
		b = putUint(b, uint64(len(ss)))
		for _, s := range ss {
			b = putUint(b, uint64(str(s)))
		}
		return b
	}
	flags := uint64(0)
	if c.Synthetic {
		flags |= 1
	}
	b = putUint(b, uint64(str(c.Name)))
	b = putOpt(b, opt(c.Super))
	b = putUint(b, uint64(c.Access))
	b = putUint(b, flags)
	b = putOpt(b, opt(c.Module))
	b = putOpt(b, opt(c.NestHost))
	b = list(b, c.Interfaces)
	b = list(b, c.NestMembers)
	b = list(b, c.PermittedSubclasses)
	b = putUint(b, uint64(len(c.Fields)))
	for _, f := range c.Fields {
		b = putUint(putUint(putUint(b, uint64(str(f.Name))), uint64(str(f.Desc))), uint64(f.Access))
	}
	b = putUint(b, uint64(len(c.Methods)))
	for _, m := range c.Methods {
		b = putUint(putUint(putUint(b, uint64(str(m.Name))), uint64(str(m.Desc))), uint64(m.Access))
	}
	return b
}

// module is the stored form of a module descriptor (maps as sorted pairs).
type module struct {
	Name      string      `msgpack:"name"`
	Version   string      `msgpack:"version"`
	Defined   bool        `msgpack:"defined"`
	Open      bool        `msgpack:"open"`
	Exports   []string    `msgpack:"exports"`
	Qualified []qualified `msgpack:"qualified"`
	Requires  []string    `msgpack:"requires"`
	Packages  []string    `msgpack:"packages"`
	Provides  []Service   `msgpack:"provides"` // sorted by service
}

// Service is a service with its providers (internal names, in declaration
// order): a module's provides directive or a META-INF/services file.
type Service struct {
	Name      string   `msgpack:"name"`
	Providers []string `msgpack:"providers"`
}

type qualified struct {
	Package string   `msgpack:"package"`
	To      []string `msgpack:"to"`
}

func moduleRecord(m *hierarchy.Module) *module {
	r := &module{Name: m.Name, Version: m.Version, Defined: m.Defined, Open: m.Open,
		Exports: m.Exports, Requires: m.Requires, Packages: m.Packages}
	for pkg, to := range m.QualifiedExports {
		r.Qualified = append(r.Qualified, qualified{pkg, to})
	}
	slices.SortFunc(r.Qualified, func(a, b qualified) int {
		switch {
		case a.Package < b.Package:
			return -1
		case a.Package > b.Package:
			return 1
		}
		return 0
	})
	for svc, ps := range m.Provides {
		r.Provides = append(r.Provides, Service{svc, ps})
	}
	slices.SortFunc(r.Provides, func(a, b Service) int { return strings.Compare(a.Name, b.Name) })
	return r
}

// ReadUnit reads a summary written by WriteUnit. file names it in errors.
func ReadUnit(file string, r io.Reader) (*Unit, Header, error) {
	return readUnit(NewReader(file, r))
}

// ReadUnitFile is ReadUnit of the file at path, mapped into memory where
// the system can (Open).
func ReadUnitFile(path string) (*Unit, Header, error) {
	return (*Cache)(nil).ReadUnit(path)
}

// ReadUnit is ReadUnitFile through the cache c: the unit it returns may be
// shared with other runs (Cache).
func (c *Cache) ReadUnit(path string) (*Unit, Header, error) {
	v, err := c.Load("summary", path, func(data []byte) (any, error) {
		u, h, err := readUnit(Decode(path, data))
		if err != nil {
			return nil, err
		}
		return &unitFile{u, h}, nil
	})
	if err != nil {
		return nil, Header{}, err
	}
	uf := v.(*unitFile)
	return uf.unit, uf.header, nil
}

type unitFile struct {
	unit   *Unit
	header Header
}

func readUnit(rd *Reader, err error) (*Unit, Header, error) {
	if err != nil {
		return nil, Header{}, err
	}
	file := rd.file
	if rd.Header.Kind != "" {
		return nil, rd.Header, &Error{File: file, What: fmt.Sprintf("not a summary but a %s file", rd.Header.Kind)}
	}
	u, err := decodeUnit(rd)
	if err == nil && rd.Dec.Skip() == nil {
		err = errors.New("values after the last part")
	}
	if err != nil {
		return nil, rd.Header, rd.Wrap("bad content", err)
	}
	if err := u.attach(rd.Attached); err != nil {
		return nil, rd.Header, rd.Wrap("bad content", err)
	}
	return u, rd.Header, nil
}

func decodeUnit(rd *Reader) (*Unit, error) {
	dec := rd.Dec
	u := &Unit{Pool: &Pool{}} // lookup maps only if interned into
	p := u.Pool
	strs, err := rd.Bytes()
	if err == nil && strs == nil {
		err = errors.New("missing")
	}
	if err != nil {
		return nil, fmt.Errorf("string table: %w", err)
	}
	refs, err := rd.Bytes()
	if err != nil {
		return nil, fmt.Errorf("reference tables: %w", err)
	}
	n, err := dec.DecodeArrayLen()
	if err != nil || n < 0 || n > 1<<16 {
		return nil, fmt.Errorf("modules: bad length %d: %v", n, err)
	}
	for i := 0; i < n; i++ {
		var m module
		if err := dec.Decode(&m); err != nil {
			return nil, fmt.Errorf("module %d: %w", i, err)
		}
		u.Modules = append(u.Modules, m.toHierarchy())
	}
	if err := dec.Decode(&u.Services); err != nil {
		return nil, fmt.Errorf("services: %w", err)
	}
	types, err := rd.Bytes()
	if err != nil {
		return nil, fmt.Errorf("class table: %w", err)
	}
	chunks, err := rd.Bytes()
	if err != nil {
		return nil, fmt.Errorf("chunk table: %w", err)
	}
	// The class table needs the strings, the reference tables only their
	// number: the two decode side by side (the JDK's take 29 and 10 ms).
	// Errors are reported in the order of the parts, whichever comes first.
	errChunks := u.decodeChunkTable(chunks)
	var errStrings, errClasses error
	var sortedStrings bool
	done := make(chan struct{})
	go func() {
		defer close(done)
		if p.strTab, errStrings = decodeStrings(strs); errStrings != nil {
			return
		}
		var i int
		if i, sortedStrings = repeated(p.strTab, strings.Compare); i >= 0 {
			errStrings = fmt.Errorf("string %d (%q) repeats", i, p.strTab[i])
			return
		}
		if errChunks == nil {
			errClasses = u.decodeClasses(types)
		}
	}()
	errRefs := p.decodeRefs(refs, (&varReader{b: strs}).count())
	<-done
	switch {
	case errStrings != nil:
		return nil, fmt.Errorf("string table: %w", errStrings)
	case errRefs != nil:
		return nil, fmt.Errorf("reference tables: %w", errRefs)
	case errChunks != nil:
		return nil, fmt.Errorf("chunk table: %w", errChunks)
	case errClasses != nil:
		return nil, fmt.Errorf("class table: %w", errClasses)
	}
	p.sorted = p.sorted && sortedStrings
	return u, nil
}

func (m *module) toHierarchy() *hierarchy.Module {
	h := &hierarchy.Module{Name: m.Name, Version: m.Version, Defined: m.Defined, Open: m.Open,
		Exports: m.Exports, Requires: m.Requires, Packages: m.Packages}
	for _, q := range m.Qualified {
		if h.QualifiedExports == nil {
			h.QualifiedExports = map[string][]string{}
		}
		h.QualifiedExports[q.Package] = q.To
	}
	for _, p := range m.Provides {
		if h.Provides == nil {
			h.Provides = map[string][]string{}
		}
		h.Provides[p.Name] = p.Providers
	}
	return h
}

func (p *Pool) decodeRefs(b []byte, nstrings int) error {
	r := &varReader{b: b}
	ns := int32(nstrings)
	str := func() int32 {
		v := r.int32()
		if v >= ns && r.err == nil {
			r.err = fmt.Errorf("string id %d out of range", v)
		}
		return v
	}
	check := func(v int32) int32 {
		if (v < 0 || v >= ns) && r.err == nil {
			r.err = fmt.Errorf("string id %d out of range", v)
		}
		return v
	}
	var rc refCoder
	n := r.count()
	p.fieldTab = make([]FieldRef, 0, n)
	for i := 0; i < n && r.err == nil; i++ {
		class, name := rc.get(r)
		p.fieldTab = append(p.fieldTab, FieldRef{check(class), check(name), str()})
	}
	i, sortedFields := repeated(p.fieldTab, compareFields)
	if i >= 0 && r.err == nil {
		r.err = fmt.Errorf("field reference %d repeats", i)
	}
	rc = refCoder{}
	n = r.count()
	p.methodTab = make([]MethodRef, 0, n)
	for i := 0; i < n && r.err == nil; i++ {
		class, name := rc.get(r)
		p.methodTab = append(p.methodTab, MethodRef{check(class), check(name), str(), r.uint() != 0})
	}
	i, sortedMethods := repeated(p.methodTab, compareMethods)
	if i >= 0 && r.err == nil {
		r.err = fmt.Errorf("method reference %d repeats", i)
	}
	if r.err == nil && r.off != len(b) {
		r.err = fmt.Errorf("%d bytes after the tables", len(b)-r.off)
	}
	p.sorted = sortedFields && sortedMethods // and the strings (decode)
	return r.err
}

func (u *Unit) decodeClasses(b []byte) error {
	r := &varReader{b: b}
	ss := u.Pool.strTab
	str := func() string {
		v := r.int32()
		if int(v) >= len(ss) {
			if r.err == nil {
				r.err = fmt.Errorf("string id %d out of range", v)
			}
			return ""
		}
		return ss[v]
	}
	opt := func() string {
		v := r.opt()
		if v < 0 {
			return ""
		}
		if int(v) >= len(ss) {
			if r.err == nil {
				r.err = fmt.Errorf("string id %d out of range", v)
			}
			return ""
		}
		return ss[v]
	}
	list := func() []string {
		n := r.count()
		if n == 0 {
			return nil
		}
		out := make([]string, n)
		for i := range out {
			out[i] = str()
		}
		return out
	}
	n := r.count()
	u.Classes = make([]*Class, 0, n)
	u.members = &memberDecoder{table: b, numbering: hierarchy.NewSelectors(), selNums: map[[2]int32]int32{}}
	// Classes and their members (members.go) come from a few large
	// allocations (slabs) rather than 100 k small ones: the JDK's class
	// table decodes faster, and the collector has fewer objects to mark.
	var structs []Class // slabs too: n is only bounded by the bytes left
	var lazies []lazyMembers
	var refs []int32
	var ck int32 // the chunk being filled, and its bytes placed
	var off uint64
	for i := 0; i < n && r.err == nil; i++ {
		var one []Class
		one, structs = slab(structs, 1)
		c := &one[0]
		c.Name = str()
		c.Super = opt()
		c.Access = uint16(r.uint())
		c.Synthetic = r.uint()&1 != 0
		c.Module = opt()
		c.NestHost = opt()
		c.Interfaces = list()
		c.NestMembers = list()
		c.PermittedSubclasses = list()
		var lazy []lazyMembers
		lazy, lazies = slab(lazies, 1)
		u.skipMembers(r, c, &lazy[0], &ck, &off)
		if k := r.count(); k > 0 && r.err == nil {
			c.Refs, refs = slab(refs, k)
			prev := int32(0)
			for j := range c.Refs {
				d := r.int32()
				if (d < 0 || (j > 0 && d == 0) || int(prev)+int(d) >= len(ss)) && r.err == nil {
					r.err = fmt.Errorf("class %s: reference %d is not a string id after %d", c.Name, j, prev)
				}
				prev += d
				c.Refs[j] = prev
			}
		}
		if r.err == nil && (c.Name == "" || c.Name[0] == '[') {
			r.err = fmt.Errorf("class %d has an invalid name %q", i, c.Name)
		}
		if r.err != nil {
			return fmt.Errorf("class %d (%q): %w", i, c.Name, r.err)
		}
		u.Classes = append(u.Classes, c)
	}
	if r.err != nil {
		return r.err
	}
	if r.off != len(b) {
		return fmt.Errorf("%d bytes after the class table", len(b)-r.off)
	}
	if len(u.chunks) > 0 && (int(ck) != len(u.chunks)-1 || off != u.chunks[ck].raw) {
		return fmt.Errorf("chunk %d: %d bytes belong to no method", ck, u.chunks[ck].raw-off)
	}
	return nil
}

// refCoder writes the class and name ids of a reference table entry as
// differences to the previous entry's.
type refCoder struct{ class, name int32 }

func (c *refCoder) put(b []byte, class, name int32) []byte {
	if class != c.class {
		c.name = 0
	}
	b, c.class = putDelta(b, class, c.class)
	b, c.name = putDelta(b, name, c.name)
	return b
}

func (c *refCoder) get(r *varReader) (class, name int32) {
	class = r.delta(c.class)
	if class != c.class {
		c.name = 0
	}
	c.class = class
	c.name = r.delta(c.name)
	return class, c.name
}

// slab cuts k elements off free, allocating a new slab if it has fewer;
// the result's capacity is k, so appending to it cannot touch the slab.
func slab[T any](free []T, k int) (taken, rest []T) {
	if len(free) < k {
		free = make([]T, max(k, 4096))
	}
	return free[:k:k], free[k:]
}

// Services merges class-path provider configurations (in class-path order)
// into a unit's sorted list: one entry per service, providers in order,
// each once.
func Services(list []classpath.Service) []Service {
	var out []Service
	for _, s := range list {
		i, found := slices.BinarySearchFunc(out, s.Name, func(x Service, n string) int { return strings.Compare(x.Name, n) })
		if !found {
			out = slices.Insert(out, i, Service{Name: s.Name})
		}
		for _, p := range s.Providers {
			if !slices.Contains(out[i].Providers, p) {
				out[i].Providers = append(out[i].Providers, p)
			}
		}
	}
	return out
}
