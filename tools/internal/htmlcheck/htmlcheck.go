// Package htmlcheck checks the HTML pages the tools write, for their
// tests: every element they open they close, in order (void elements such
// as <br> and <meta> aside).
package htmlcheck

import (
	"encoding/xml"
	"fmt"
	"io"
	"strings"
)

// Balanced returns an error naming the first element closed out of order
// or left open.
func Balanced(page string) error {
	d := xml.NewDecoder(strings.NewReader(page))
	d.Strict, d.AutoClose, d.Entity = false, xml.HTMLAutoClose, xml.HTMLEntity
	var open []string
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		switch e := tok.(type) {
		case xml.StartElement:
			open = append(open, e.Name.Local)
		case xml.EndElement:
			if len(open) == 0 || open[len(open)-1] != e.Name.Local {
				return fmt.Errorf("</%s> closes %v", e.Name.Local, open)
			}
			open = open[:len(open)-1]
		}
	}
	if len(open) != 0 {
		return fmt.Errorf("left open: %v", open)
	}
	return nil
}
