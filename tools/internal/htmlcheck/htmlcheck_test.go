package htmlcheck

import "testing"

func TestBalanced(t *testing.T) {
	for page, ok := range map[string]bool{
		`<!DOCTYPE html><html><head><meta charset="utf-8"></head><body><p>a<br>b</p><ul><li>x</li></ul></body></html>`: true,
		`<html><body><td>x</tr></body></html>`:      false,
		`<html><body><details><summary>x</summary>`: false,
	} {
		if err := Balanced(page); (err == nil) != ok {
			t.Errorf("%s: got %v", page, err)
		}
	}
}
