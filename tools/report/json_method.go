package report

import (
	"bufio"
	"encoding/json"
	"strconv"
)

// methodWriter writes Methods byte for byte as json.MarshalIndent(m,
// prefix, " ") does, without reflection and without MarshalIndent's second
// pass that indents what Marshal wrote: a large program's result is
// gigabytes of call sites (CHA's receiver lists name most of the JDK), and
// encoding/json took most of such a link's time (Jython's RTA link: 29 of
// its 42 s of CPU time). Each distinct string is escaped once, by
// encoding/json itself (class and method names repeat across the sites'
// RC and TM lists). TestWriteJSONMatchesEncoder checks the bytes.
type methodWriter struct {
	w      *bufio.Writer
	prefix []byte // what starts each line of a method, before its indent
	quoted map[string][]byte
	num    []byte
}

func newMethodWriter(w *bufio.Writer, prefix []byte) *methodWriter {
	return &methodWriter{w: w, prefix: prefix, quoted: map[string][]byte{}}
}

// line starts a new line at depth (in units of one space).
func (mw *methodWriter) line(depth int) {
	mw.w.WriteByte('\n')
	mw.w.Write(mw.prefix)
	for range depth {
		mw.w.WriteByte(' ')
	}
}

// key starts the member key at depth, after a comma unless first.
func (mw *methodWriter) key(depth int, first bool, key string) {
	if !first {
		mw.w.WriteByte(',')
	}
	mw.line(depth)
	mw.w.WriteByte('"')
	mw.w.WriteString(key) // the keys need no escaping
	mw.w.WriteString(`": `)
}

func (mw *methodWriter) str(s string) error {
	q, ok := mw.quoted[s]
	if !ok {
		var err error
		if q, err = json.Marshal(s); err != nil {
			return err
		}
		mw.quoted[s] = q
	}
	_, err := mw.w.Write(q)
	return err
}

func (mw *methodWriter) int(v int64) {
	mw.num = strconv.AppendInt(mw.num[:0], v, 10)
	mw.w.Write(mw.num)
}

// strings writes ss as an array whose elements are at depth+1; nil is null.
func (mw *methodWriter) strings(ss []string, depth int) error {
	switch {
	case ss == nil:
		mw.w.WriteString("null")
		return nil
	case len(ss) == 0:
		mw.w.WriteString("[]")
		return nil
	}
	return mw.array(depth, len(ss), func(i int) error { return mw.str(ss[i]) })
}

// array writes n > 0 elements at depth+1, each by elem.
func (mw *methodWriter) array(depth, n int, elem func(i int) error) error {
	mw.w.WriteByte('[')
	for i := range n {
		if i > 0 {
			mw.w.WriteByte(',')
		}
		mw.line(depth + 1)
		if err := elem(i); err != nil {
			return err
		}
	}
	mw.line(depth)
	mw.w.WriteByte(']')
	return nil
}

// method writes m, its opening brace where the writer is.
func (mw *methodWriter) method(m *Method) error {
	if m == nil {
		mw.w.WriteString("null")
		return nil
	}
	mw.w.WriteByte('{')
	mw.key(1, true, "method")
	if err := mw.str(m.Method); err != nil {
		return err
	}
	mw.index(1, "mod", m.Mod)
	mw.index(1, "use", m.Use)
	if len(m.PointsTo) > 0 {
		mw.key(1, false, "points_to")
		mw.array(1, len(m.PointsTo), func(i int) error { mw.int(int64(m.PointsTo[i])); return nil })
	}
	if len(m.Sites) > 0 {
		mw.key(1, false, "sites")
		if err := mw.array(1, len(m.Sites), func(i int) error { return mw.site(m.Sites[i]) }); err != nil {
			return err
		}
	}
	mw.line(0)
	mw.w.WriteByte('}')
	return nil
}

// index writes an omitempty *int member at depth.
func (mw *methodWriter) index(depth int, key string, v *int) {
	if v != nil {
		mw.key(depth, false, key)
		mw.int(int64(*v))
	}
}

// site writes s, an element of a method's sites (depth 2).
func (mw *methodWriter) site(s *Site) error {
	if s == nil {
		mw.w.WriteString("null")
		return nil
	}
	mw.w.WriteByte('{')
	mw.key(3, true, "site")
	mw.int(int64(s.Site))
	if s.Line != 0 {
		mw.key(3, false, "line")
		mw.int(int64(s.Line))
	}
	mw.key(3, false, "kind")
	if err := mw.str(s.Kind); err != nil {
		return err
	}
	mw.key(3, false, "ref")
	if err := mw.str(s.Ref); err != nil {
		return err
	}
	if s.Error != "" {
		mw.key(3, false, "error")
		if err := mw.str(s.Error); err != nil {
			return err
		}
	}
	if len(s.RC) > 0 {
		mw.key(3, false, "rc")
		if err := mw.strings(s.RC, 3); err != nil {
			return err
		}
	}
	mw.key(3, false, "tm")
	if err := mw.strings(s.TM, 3); err != nil {
		return err
	}
	mw.index(3, "mod", s.Mod)
	mw.index(3, "use", s.Use)
	mw.line(2)
	mw.w.WriteByte('}')
	return nil
}
