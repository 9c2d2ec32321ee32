package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
)

// WriteJSON writes r as indented JSON (one space per level, as
// encoding/json's Encoder with SetIndent("", " ") writes it), the methods
// of each analysis one at a time: the document of a library fragment can
// take gigabytes, which encoding/json would hold in memory whole.
func WriteJSON(w io.Writer, r *Result) error {
	shell := *r
	shell.Analyses = make([]*Analysis, len(r.Analyses))
	for i, a := range r.Analyses {
		c := *a
		c.Methods = nil
		shell.Analyses[i] = &c
	}
	doc, err := json.MarshalIndent(&shell, "", " ")
	if err != nil {
		return err
	}
	// Each analysis's "methods": null, in order (a quote inside a string
	// value is escaped, so the marker is always a key), is where its
	// methods go.
	const key, marker = `"methods": `, `"methods": null`
	bw := bufio.NewWriterSize(w, 1<<20)
	for _, a := range r.Analyses {
		i := bytes.Index(doc, []byte(marker))
		if i < 0 {
			return errors.New("report: an analysis has no methods key")
		}
		bw.Write(doc[:i+len(key)])
		if err := writeMethods(bw, a.Methods, lineIndent(doc[:i])); err != nil {
			return err
		}
		doc = doc[i+len(marker):]
	}
	bw.Write(doc)
	bw.WriteByte('\n')
	return bw.Flush()
}

// writeMethods writes ms as the value of a key indented by indent.
func writeMethods(w *bufio.Writer, ms []*Method, indent []byte) error {
	switch {
	case ms == nil:
		_, err := w.WriteString("null")
		return err
	case len(ms) == 0:
		_, err := w.WriteString("[]")
		return err
	}
	inner := append(append([]byte(nil), indent...), ' ')
	mw := newMethodWriter(w, inner)
	w.WriteByte('[')
	for i, m := range ms {
		if i > 0 {
			w.WriteByte(',')
		}
		w.WriteByte('\n')
		w.Write(inner)
		if err := mw.method(m); err != nil {
			return err
		}
	}
	w.WriteByte('\n')
	w.Write(indent)
	_, err := w.WriteString("]")
	return err
}

// lineIndent returns the spaces that begin the last line of doc.
func lineIndent(doc []byte) []byte {
	line := doc[bytes.LastIndexByte(doc, '\n')+1:]
	return line[:len(line)-len(bytes.TrimLeft(line, " "))]
}
