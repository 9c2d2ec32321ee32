package summary

import (
	"bytes"
	"slices"
	"sync"
	"testing"
)

// TestMembersDecodedOnDemand: a read unit's classes have no members until
// used (Body, AddTo, Complete), then the members written; completing
// from many goroutines at once decodes each class once.
func TestMembersDecodedOnDemand(t *testing.T) {
	want, _ := sampleUnit()
	data := writeUnit(t, want)
	got, _, err := ReadUnit("s.sum", bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range got.Classes {
		if c.Methods != nil || c.Fields != nil || !c.lazy.pending.Load() {
			t.Fatalf("%s: members decoded by reading", c.Name)
		}
	}
	var with int // a class with a method body
	for i, c := range want.Classes {
		if slices.ContainsFunc(c.Bodies, func(b []byte) bool { return b != nil }) {
			with = i
			break
		}
	}
	c := got.Classes[with]
	for i := range want.Classes[with].Methods {
		if _, err := got.Body(c, i, nil); err != nil {
			t.Fatal(err)
		}
	}
	if c.lazy.pending.Load() || len(c.Methods) != len(want.Classes[with].Methods) {
		t.Fatalf("%s: members not decoded by Body", c.Name)
	}
	for i, d := range got.Classes {
		if i != with && !d.lazy.pending.Load() {
			t.Errorf("%s: members decoded by another class's body", d.Name)
		}
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, c := range got.Classes {
				got.Complete(c)
			}
		}()
	}
	wg.Wait()
	if err := sameUnit(want, got); err != nil {
		t.Fatal(err)
	}
}
