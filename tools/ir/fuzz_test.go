package ir

import (
	"os"
	"strings"
	"testing"

	"github.com/rules-fragment/rules_fragment/tools/classfile"
)

// FuzzBuild checks that IR construction never panics (a recovered panic is
// reported as an "internal error") and that whatever it builds passes Check.
func FuzzBuild(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := classfile.Parse(data)
		if err != nil {
			return
		}
		for i := range c.Methods {
			if c.Methods[i].Code == nil {
				continue
			}
			m, synth, err := BuildMethod(c, i, nil)
			if err != nil {
				if strings.Contains(err.Error(), "internal error") {
					t.Fatal(err)
				}
				continue
			}
			if err := Check(m); err != nil {
				t.Fatalf("built IR fails the checker: %v", err)
			}
			for _, s := range synth {
				for _, sm := range s.Methods {
					if err := Check(sm); err != nil {
						t.Fatalf("synthetic method fails the checker: %v", err)
					}
				}
			}
		}
	})
}

// FuzzBytecode runs the builder on arbitrary bytecode placed in a real
// class (testdata/template.class), so that every input reaches the
// translator with a valid constant pool. The first bytes choose the
// method, max_locals and an exception handler.
func FuzzBytecode(f *testing.F) {
	tmpl, err := os.ReadFile("testdata/template.class")
	if err != nil {
		f.Fatal(err)
	}
	base, err := classfile.Parse(tmpl)
	if err != nil {
		f.Fatal(err)
	}
	for i, m := range base.Methods {
		if m.Code != nil {
			f.Add(append([]byte{byte(i), byte(m.Code.MaxLocals), 0, 0, 0}, m.Code.Bytecode...))
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 6 {
			return
		}
		c, _ := classfile.Parse(tmpl)
		mi := int(data[0]) % len(c.Methods)
		m := &c.Methods[mi]
		if m.Code == nil {
			return
		}
		code := data[5:]
		m.Code.MaxLocals = uint16(data[1])
		m.Code.Bytecode = code
		m.Code.Handlers = nil
		if s, e, h := int(data[2]), int(data[3]), int(data[4]); s < e && e <= len(code) && h < len(code) {
			m.Code.Handlers = []classfile.Handler{{Start: uint16(s), End: uint16(e), HandlerPC: uint16(h)}}
		}
		im, synth, err := BuildMethod(c, mi, nil)
		if err != nil {
			if strings.Contains(err.Error(), "internal error") {
				t.Fatal(err)
			}
			return
		}
		if err := Check(im); err != nil {
			t.Fatalf("built IR fails the checker: %v", err)
		}
		for _, s := range synth {
			for _, sm := range s.Methods {
				if err := Check(sm); err != nil {
					t.Fatalf("synthetic method fails the checker: %v", err)
				}
			}
		}
	})
}
