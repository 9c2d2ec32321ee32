// Command workerdrive drives a tool as a Bazel persistent worker, as Bazel
// does (tools/worker), and times each request: the benchmark of links and
// summaries in a worker (testing/bench/run-worker-bench.sh).
//
//	workerdrive -runs 5 [-shuffle SEED] TOOL REQUESTS
//
// REQUESTS is a file with one request per line: a label, then the tool's
// arguments, separated by spaces. The tool is started once with
// --persistent_worker; the requests are sent in file order, the whole file
// runs times over. With -shuffle, every run after the first sends them in
// an order drawn from SEED and the run's number: in a fixed order the
// collector's cycles tend to fall on the same links, and a change that
// allocates less moves them to others, which a link's median then shows
// as its own change. For each request it prints the wall time of its first
// run (decoding what the worker had not yet cached) and the median of the
// others (the steady state of a build's later actions), then the worker's
// peak RSS and CPU time.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/rules-fragment/rules_fragment/tools/worker"
)

func main() {
	runs := flag.Int("runs", 5, "times each request is sent")
	shuffle := flag.Uint64("shuffle", 0, "seed of the order of the runs after the first (0: file order)")
	flag.Parse()
	if flag.NArg() != 2 || *runs < 1 {
		fmt.Fprintln(os.Stderr, "usage: workerdrive [-runs N] [-shuffle SEED] TOOL REQUESTS")
		os.Exit(2)
	}
	if err := drive(flag.Arg(0), flag.Arg(1), *runs, *shuffle); err != nil {
		fmt.Fprintln(os.Stderr, "workerdrive:", err)
		os.Exit(1)
	}
}

type request struct {
	label string
	args  []string
	times []time.Duration
}

func drive(tool, requests string, runs int, seed uint64) error {
	data, err := os.ReadFile(requests)
	if err != nil {
		return err
	}
	var reqs []*request
	for _, line := range strings.Split(string(data), "\n") {
		if f := strings.Fields(line); len(f) > 0 {
			reqs = append(reqs, &request{label: f[0], args: f[1:]})
		}
	}
	cmd := exec.Command(tool, worker.Flag)
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	r := bufio.NewReader(out)
	for run := range runs {
		order := slices.Clone(reqs)
		if seed != 0 && run > 0 {
			rng := rand.New(rand.NewPCG(seed, uint64(run)))
			rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		}
		for _, q := range order {
			t := time.Now()
			if err := worker.WriteRequest(in, worker.Request{Arguments: q.args}); err != nil {
				return err
			}
			resp, err := worker.ReadResponse(r)
			if err != nil {
				return fmt.Errorf("%s: %w", q.label, err)
			}
			q.times = append(q.times, time.Since(t))
			if resp.ExitCode != 0 {
				return fmt.Errorf("%s: exit code %d: %s", q.label, resp.ExitCode, resp.Output)
			}
		}
	}
	in.Close()
	if err := cmd.Wait(); err != nil {
		return err
	}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		fmt.Printf("worker peak RSS %d MB, CPU time %.1f s\n", ru.Maxrss>>10,
			time.Duration(syscall.TimevalToNsec(ru.Utime)+syscall.TimevalToNsec(ru.Stime)).Seconds())
	}
	for _, q := range reqs {
		rest := slices.Clone(q.times[1:])
		slices.Sort(rest)
		med := "-"
		if len(rest) > 0 {
			med = fmt.Sprintf("%.3f", rest[(len(rest)-1)/2].Seconds())
		}
		fmt.Printf("%-40s first %7.3f s  then median %s s  (runs: %d)\n", q.label, q.times[0].Seconds(), med, len(q.times))
	}
	return nil
}
