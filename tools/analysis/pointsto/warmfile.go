package pointsto

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/vmihailenco/msgpack/v5"

	"github.com/rules-fragment/rules_fragment/tools/summary"
)

// WarmKind is the kind (summary.Header.Kind) of a warm-start file: the
// summary container holding a count and that many Warm states.
const WarmKind = "pointsto warm start"

// WriteWarm writes warm states of the runtime summarised as target
// (whose summary is dep) in the summary container.
func WriteWarm(w io.Writer, producer string, dep summary.Dep, states []*Warm) error {
	h := summary.Header{Producer: producer, Target: dep.Target, Kind: WarmKind, Deps: []summary.Dep{dep}}
	return summary.Write(w, h, func(enc *msgpack.Encoder) error {
		if err := enc.EncodeArrayLen(len(states)); err != nil {
			return err
		}
		for _, st := range states {
			raw, err := msgpack.Marshal(st)
			if err != nil {
				return err
			}
			if err := enc.EncodeBool(st.PerClass); err != nil {
				return err
			}
			if err := enc.EncodeBytes(raw); err != nil {
				return err
			}
		}
		return nil
	})
}

// ReadWarm reads the state for 0-CFA_f (perClass) or AND_f from a
// warm-start file: nil if it has none. Errors name the file.
func ReadWarm(file string, perClass bool) (*Warm, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rd, err := summary.NewReader(file, f)
	if err != nil {
		return nil, err
	}
	if rd.Header.Kind != WarmKind {
		rd.Finish()
		return nil, &summary.Error{File: file, What: fmt.Sprintf("not a warm start (kind %q)", rd.Header.Kind)}
	}
	n, err := rd.Dec.DecodeArrayLen()
	if err == nil && (n < 0 || n > 16) {
		err = fmt.Errorf("%d states", n)
	}
	var out *Warm
	for i := 0; err == nil && i < n; i++ {
		var pc bool
		var raw []byte
		if pc, err = rd.Dec.DecodeBool(); err == nil {
			raw, err = rd.Dec.DecodeBytes()
		}
		if err == nil && pc == perClass && out == nil {
			out = &Warm{}
			if err = msgpack.Unmarshal(raw, out); err == nil && out.PerClass != perClass {
				err = errors.New("state of another analysis")
			}
		}
	}
	if err != nil {
		rd.Finish()
		return nil, rd.Wrap("bad content", err)
	}
	if err := rd.Finish(); err != nil {
		return nil, err
	}
	return out, nil
}
