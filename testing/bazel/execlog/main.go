// Command execlog summarises a Bazel execution log written with
// --execution_log_json_file (a stream of JSON SpawnExec objects), for the
// e2e test: one line per spawn with its mnemonic, whether it was a remote
// cache hit, its first output and its runner (such as "worker"),
// optionally only for one mnemonic.
//
//	go run ./testing/bazel/execlog LOG.json [MNEMONIC]
package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
)

// spawn is the part of a SpawnExec the test reads.
type spawn struct {
	Mnemonic       string   `json:"mnemonic"`
	RemoteCacheHit bool     `json:"remoteCacheHit"`
	ListedOutputs  []string `json:"listedOutputs"`
	Runner         string   `json:"runner"`
}

func main() {
	if len(os.Args) < 2 || len(os.Args) > 3 {
		fmt.Fprintln(os.Stderr, "usage: execlog LOG.json [MNEMONIC]")
		os.Exit(2)
	}
	f, err := os.Open(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, "execlog:", err)
		os.Exit(1)
	}
	defer f.Close()
	dec := json.NewDecoder(f)
	for {
		var s spawn
		if err := dec.Decode(&s); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			fmt.Fprintln(os.Stderr, "execlog:", os.Args[1], err)
			os.Exit(1)
		}
		if len(os.Args) == 3 && s.Mnemonic != os.Args[2] {
			continue
		}
		out := "-"
		if len(s.ListedOutputs) > 0 {
			out = s.ListedOutputs[0]
		}
		hit := "executed"
		if s.RemoteCacheHit {
			hit = "remote-cache-hit"
		}
		runner := s.Runner
		if runner == "" {
			runner = "-"
		}
		fmt.Printf("%s %s %s %s\n", s.Mnemonic, hit, out, runner)
	}
}
