package worker

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
)

// TestWireFormat checks the encodings against bytes written out from
// worker_protocol.proto's field numbers and types.
func TestWireFormat(t *testing.T) {
	// arguments "a", an inputs entry {path "p", digest "d"} (skipped),
	// request_id 5, verbosity 10 (skipped).
	msg := []byte{0x0a, 0x01, 'a', 0x12, 0x06, 0x0a, 0x01, 'p', 0x12, 0x01, 'd', 0x18, 0x05, 0x28, 0x0a}
	req, err := ParseRequest(msg)
	if err != nil || !slices.Equal(req.Arguments, []string{"a"}) || req.ID != 5 || req.Cancel {
		t.Fatalf("ParseRequest: %+v, %v", req, err)
	}
	got := AppendResponse(nil, Response{ExitCode: 1, Output: "x", ID: 5})
	if want := []byte{0x08, 0x01, 0x12, 0x01, 'x', 0x18, 0x05}; !bytes.Equal(got, want) {
		t.Fatalf("AppendResponse: % x, want % x", got, want)
	}
	// A negative int32 is ten bytes, sign-extended.
	if got := AppendResponse(nil, Response{ExitCode: -1}); len(got) != 11 {
		t.Fatalf("exit code -1: % x", got)
	}
	if got := AppendResponse(nil, Response{}); len(got) != 0 {
		t.Fatalf("an empty response: % x (proto3 leaves zero fields out)", got)
	}
}

func TestServe(t *testing.T) {
	var in bytes.Buffer
	reqs := []Request{
		{Arguments: []string{"-client", "a.jar", "-o", "x"}},
		{Arguments: []string{"fail"}, ID: 0},
		{Arguments: nil},
		{Arguments: []string{"ignored"}, Cancel: true},
		{Arguments: []string{strings.Repeat("long ", 100)}},
	}
	for _, r := range reqs {
		if err := WriteRequest(&in, r); err != nil {
			t.Fatal(err)
		}
	}
	var seen [][]string
	var out bytes.Buffer
	err := Serve(&in, &out, func(args []string, w io.Writer) int {
		seen = append(seen, args)
		fmt.Fprintf(w, "ran %q", args)
		if slices.Contains(args, "fail") {
			return 3
		}
		return 0
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(seen) != 4 {
		t.Fatalf("handled %d requests, want 4 (the cancel request is not run)", len(seen))
	}
	r := bufio.NewReader(&out)
	for i, args := range seen {
		resp, err := ReadResponse(r)
		if err != nil {
			t.Fatal(err)
		}
		code := int32(0)
		if slices.Contains(args, "fail") {
			code = 3
		}
		if resp.ExitCode != code || resp.Output != fmt.Sprintf("ran %q", args) {
			t.Errorf("response %d: %+v", i, resp)
		}
	}
	if _, err := ReadResponse(r); err != io.EOF {
		t.Fatalf("after the last response: %v, want EOF", err)
	}
}

func TestServeBadInput(t *testing.T) {
	var good bytes.Buffer
	WriteRequest(&good, Request{Arguments: []string{"x"}})
	g := good.Bytes()
	for name, in := range map[string][]byte{
		"truncated length":  {0x80},
		"truncated message": g[:len(g)-1],
		"bad tag":           {0x02, 0x00, 0x00},
		"bad string length": {0x02, 0x0a, 0x05},
		"huge length":       {0xff, 0xff, 0xff, 0xff, 0x7f},
		"overlong varint":   bytes.Repeat([]byte{0xff}, 11),
	} {
		ran := 0
		err := Serve(bytes.NewReader(in), io.Discard, func([]string, io.Writer) int { ran++; return 0 })
		if err == nil || ran != 0 {
			t.Errorf("%s: %v after %d requests, want an error before any", name, err, ran)
		}
	}
}

func TestServePanic(t *testing.T) {
	var in, out bytes.Buffer
	WriteRequest(&in, Request{Arguments: []string{"boom"}, ID: 7})
	WriteRequest(&in, Request{Arguments: []string{"never"}})
	ran := 0
	err := Serve(&in, &out, func(args []string, _ io.Writer) int {
		ran++
		panic("boom")
	})
	if err == nil || ran != 1 {
		t.Fatalf("Serve: %v after %d requests; want it to stop after the panic", err, ran)
	}
	resp, err := ReadResponse(bufio.NewReader(&out))
	if err != nil || resp.ExitCode != 1 || resp.ID != 7 || !strings.Contains(resp.Output, "panic: boom") {
		t.Fatalf("the panic's response: %+v, %v", resp, err)
	}
}

func FuzzParseRequest(f *testing.F) {
	f.Add(AppendRequest(nil, Request{Arguments: []string{"-client", "a.jar"}, ID: 3}))
	f.Add([]byte{0x0a, 0x01, 'a', 0x12, 0x06, 0x0a, 0x01, 'p', 0x12, 0x01, 'd', 0x18, 0x05})
	f.Fuzz(func(t *testing.T, b []byte) {
		req, err := ParseRequest(b)
		if err != nil {
			return
		}
		again, err := ParseRequest(AppendRequest(nil, *req))
		if err != nil || !slices.Equal(again.Arguments, req.Arguments) || again.ID != req.ID || again.Cancel != req.Cancel {
			t.Fatalf("round trip of %+v: %+v, %v", req, again, err)
		}
	})
}
