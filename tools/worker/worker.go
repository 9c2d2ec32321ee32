// Package worker runs a tool as a Bazel persistent worker: one long-lived
// process that serves action after action, so that what every action reads
// (the runtime's summary and warm start, decoded) is read once
// (summary.Cache) instead of once per action.
//
// The protocol is Bazel's (src/main/protobuf/worker_protocol.proto): Bazel
// starts the tool with --persistent_worker and writes WorkRequests to its
// standard input, each a protocol buffer preceded by its length as a
// varint; the tool answers each with a WorkResponse on standard output the
// same way, in order (a singleplex worker), and writes nothing else there.
// A request's arguments are the lines of the action's parameter file.
//
// The two messages are encoded and decoded with protowire
// (google.golang.org/protobuf): Bazel publishes no Go package of its worker
// protocol, and a singleplex worker reads three fields of a request and
// writes three of a response, so generated code would add a protoc step to
// the build for no gain. Other fields are skipped, as protocol buffers
// require.
package worker

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"slices"

	"google.golang.org/protobuf/encoding/protowire"

	"github.com/rules-fragment/rules_fragment/tools/summary"
)

// Flag is the argument with which Bazel starts a persistent worker.
const Flag = "--persistent_worker"

// IsPersistent reports whether args ask for a persistent worker.
func IsPersistent(args []string) bool { return slices.Contains(args, Flag) }

// Request is the part of a WorkRequest that a singleplex worker uses.
type Request struct {
	Arguments []string
	ID        int32
	Cancel    bool
}

// Response is a WorkResponse.
type Response struct {
	ExitCode int32
	Output   string
	ID       int32
}

// maxMessage bounds a message's length: a request's arguments are file
// names and flags.
const maxMessage = 64 << 20

// Handler runs one request's arguments, writing what the user should see
// (errors, warnings, reports meant for standard output) to out, and returns
// the exit code.
type Handler func(args []string, out io.Writer) int

// Serve answers requests from in on out until in ends, calling handle for
// each. A malformed request ends it with an error; so does a panic in
// handle, after its response (with the stack) is written, because what the
// process keeps may then be inconsistent: Bazel starts a new worker.
func Serve(in io.Reader, out io.Writer, handle Handler) error {
	r := bufio.NewReader(in)
	w := bufio.NewWriter(out)
	for {
		req, err := ReadRequest(r)
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if req.Cancel {
			continue // not announced (supports-worker-cancellation): never sent
		}
		var buf bytes.Buffer
		code, panicked := run(handle, req.Arguments, &buf)
		if err := WriteResponse(w, Response{ExitCode: code, Output: buf.String(), ID: req.ID}); err != nil {
			return err
		}
		if err := w.Flush(); err != nil {
			return err
		}
		if panicked {
			return errors.New("a request panicked (see its response)")
		}
	}
}

func run(handle Handler, args []string, out *bytes.Buffer) (code int32, panicked bool) {
	defer func() {
		if p := recover(); p != nil {
			fmt.Fprintf(out, "panic: %v\n%s", p, debug.Stack())
			code, panicked = 1, true
		}
	}()
	return int32(handle(args, out)), false
}

// ReadRequest reads one length-delimited WorkRequest; io.EOF at a message
// boundary.
func ReadRequest(r *bufio.Reader) (*Request, error) {
	msg, err := readDelimited(r)
	if err != nil {
		return nil, err
	}
	req, err := ParseRequest(msg)
	if err != nil {
		return nil, fmt.Errorf("bad WorkRequest: %w", err)
	}
	return req, nil
}

func readDelimited(r *bufio.Reader) ([]byte, error) {
	var n uint64
	for shift := 0; ; shift += 7 {
		b, err := r.ReadByte()
		if err != nil {
			if err == io.EOF && shift > 0 {
				err = io.ErrUnexpectedEOF
			}
			return nil, err
		}
		if shift == 63 && b > 1 {
			return nil, errors.New("message length overflows")
		}
		n |= uint64(b&0x7f) << shift
		if b < 0x80 {
			break
		}
	}
	if n > maxMessage {
		return nil, fmt.Errorf("message of %d bytes exceeds %d", n, maxMessage)
	}
	msg := make([]byte, n)
	if _, err := io.ReadFull(r, msg); err != nil {
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return nil, fmt.Errorf("reading a message of %d bytes: %w", n, err)
	}
	return msg, nil
}

// WorkRequest field numbers.
const (
	reqArguments = 1 // repeated string
	reqInputs    = 2 // repeated Input (path, digest): not used
	reqID        = 3 // int32
	reqCancel    = 4 // bool
)

// ParseRequest decodes a WorkRequest message.
func ParseRequest(b []byte) (*Request, error) {
	req := &Request{}
	err := eachField(b, func(num protowire.Number, typ protowire.Type, b []byte) int {
		switch {
		case num == reqArguments && typ == protowire.BytesType:
			v, n := protowire.ConsumeBytes(b)
			if n >= 0 {
				req.Arguments = append(req.Arguments, string(v))
			}
			return n
		case num == reqID && typ == protowire.VarintType:
			v, n := protowire.ConsumeVarint(b)
			req.ID = int32(v)
			return n
		case num == reqCancel && typ == protowire.VarintType:
			v, n := protowire.ConsumeVarint(b)
			req.Cancel = v != 0
			return n
		}
		return protowire.ConsumeFieldValue(num, typ, b)
	})
	if err != nil {
		return nil, err
	}
	return req, nil
}

// eachField calls field with each field's number, type and the bytes from
// its value on; field returns the value's length, negative for an error
// (protowire's convention). Fields it does not know it skips with
// protowire.ConsumeFieldValue.
func eachField(b []byte, field func(num protowire.Number, typ protowire.Type, b []byte) int) error {
	for len(b) > 0 {
		num, typ, n := protowire.ConsumeTag(b)
		if n < 0 {
			return protowire.ParseError(n)
		}
		b = b[n:]
		if n = field(num, typ, b); n < 0 {
			return fmt.Errorf("field %d: %w", num, protowire.ParseError(n))
		}
		b = b[n:]
	}
	return nil
}

// WorkResponse field numbers.
const (
	respExitCode = 1 // int32
	respOutput   = 2 // string
	respID       = 3 // int32
)

// AppendResponse appends the WorkResponse message (without its length).
func AppendResponse(b []byte, resp Response) []byte {
	if resp.ExitCode != 0 {
		b = protowire.AppendTag(b, respExitCode, protowire.VarintType)
		b = protowire.AppendVarint(b, uint64(int64(resp.ExitCode)))
	}
	if resp.Output != "" {
		b = protowire.AppendTag(b, respOutput, protowire.BytesType)
		b = protowire.AppendString(b, resp.Output)
	}
	if resp.ID != 0 {
		b = protowire.AppendTag(b, respID, protowire.VarintType)
		b = protowire.AppendVarint(b, uint64(int64(resp.ID)))
	}
	return b
}

// WriteResponse writes resp, length-delimited.
func WriteResponse(w io.Writer, resp Response) error {
	msg := AppendResponse(nil, resp)
	_, err := w.Write(append(protowire.AppendVarint(nil, uint64(len(msg))), msg...))
	return err
}

// AppendRequest appends the WorkRequest message of req (without its
// length): for drivers of a worker, such as tests and benchmarks.
func AppendRequest(b []byte, req Request) []byte {
	for _, a := range req.Arguments {
		b = protowire.AppendTag(b, reqArguments, protowire.BytesType)
		b = protowire.AppendString(b, a)
	}
	if req.ID != 0 {
		b = protowire.AppendTag(b, reqID, protowire.VarintType)
		b = protowire.AppendVarint(b, uint64(int64(req.ID)))
	}
	if req.Cancel {
		b = protowire.AppendTag(b, reqCancel, protowire.VarintType)
		b = protowire.AppendVarint(b, 1)
	}
	return b
}

// WriteRequest writes req, length-delimited.
func WriteRequest(w io.Writer, req Request) error {
	msg := AppendRequest(nil, req)
	_, err := w.Write(append(protowire.AppendVarint(nil, uint64(len(msg))), msg...))
	return err
}

// ReadResponse reads one length-delimited WorkResponse.
func ReadResponse(r *bufio.Reader) (*Response, error) {
	b, err := readDelimited(r)
	if err != nil {
		return nil, err
	}
	resp := &Response{}
	err = eachField(b, func(num protowire.Number, typ protowire.Type, b []byte) int {
		switch {
		case num == respOutput && typ == protowire.BytesType:
			v, n := protowire.ConsumeBytes(b)
			resp.Output = string(v)
			return n
		case num == respExitCode && typ == protowire.VarintType:
			v, n := protowire.ConsumeVarint(b)
			resp.ExitCode = int32(v)
			return n
		case num == respID && typ == protowire.VarintType:
			v, n := protowire.ConsumeVarint(b)
			resp.ID = int32(v)
			return n
		}
		return protowire.ConsumeFieldValue(num, typ, b)
	})
	if err != nil {
		return nil, err
	}
	return resp, nil
}

// CacheBudget is the size of the summary and warm-start files whose decoded
// contents a worker keeps (summary.Cache): the JDK 17 runtime's are 23 MB,
// and what they decode to is a few times that.
const CacheBudget = 512 << 20

// Tool runs one invocation of a tool: its arguments, where its standard
// output and errors go, and the worker's cache (nil in a process of its
// own); it returns the exit code.
type Tool func(args []string, stdout, stderr io.Writer, cache *summary.Cache) int

// Main is a tool's main: with --persistent_worker among the arguments it
// serves requests (Serve) with one cache for all of them, a request's
// output and errors going to its response; else it runs once and exits.
func Main(name string, tool Tool) {
	if !IsPersistent(os.Args[1:]) {
		os.Exit(tool(os.Args[1:], os.Stdout, os.Stderr, nil))
	}
	// Standard output carries the responses alone: what else would be
	// written there goes to standard error (the worker's log) instead.
	responses := os.Stdout
	os.Stdout = os.Stderr
	cache := summary.NewCache(CacheBudget)
	err := Serve(os.Stdin, responses, func(args []string, out io.Writer) int {
		return tool(args, out, out, cache)
	})
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", name, err)
		os.Exit(1)
	}
}
