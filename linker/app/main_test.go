package app

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rules-fragment/rules_fragment/tools/summary"
	"github.com/rules-fragment/rules_fragment/tools/worker"
)

// TestWorker: the linker as a persistent worker answers each request as a
// process of its own would, and takes its arguments as Bazel sends them,
// without expanding a leading @ (Bazel has expanded the parameter file).
func TestWorker(t *testing.T) {
	const jlex = "/usr/share/java/JLex.jar"
	if _, err := os.Stat(jlex); err != nil {
		t.Skipf("SKIP: %s not installed (Debian jlex)", jlex)
	}
	dir := t.TempDir()
	params := filepath.Join(dir, "link.params")
	link := []string{"-client", jlex, "-analyses", "rta", "-text", "-"}
	os.WriteFile(params, []byte(strings.Join(link, "\n")+"\n"), 0o644)
	var want, stderr bytes.Buffer
	if code := Main([]string{"@" + params}, &want, &stderr, nil); code != 0 || want.Len() == 0 {
		t.Fatalf("a process of its own: exit code %d: %s", code, stderr.String())
	}

	var in, out bytes.Buffer
	reqs := [][]string{link, {"-client", jlex, "-entry", "@maven//:not-a-file"}, link}
	for _, args := range reqs {
		worker.WriteRequest(&in, worker.Request{Arguments: args})
	}
	cache := summary.NewCache(worker.CacheBudget)
	if err := worker.Serve(&in, &out, func(args []string, w io.Writer) int { return Main(args, w, w, cache) }); err != nil {
		t.Fatal(err)
	}
	r := bufio.NewReader(&out)
	for i := range reqs {
		resp, err := worker.ReadResponse(r)
		if err != nil {
			t.Fatal(err)
		}
		switch i {
		case 1:
			if resp.ExitCode != 1 || strings.Contains(resp.Output, "parameter file") || !strings.Contains(resp.Output, "@maven//:not-a-file") {
				t.Errorf("request with an @ argument: exit code %d: %s; want the entry named, not read as a file", resp.ExitCode, resp.Output)
			}
		default:
			if resp.ExitCode != 0 || resp.Output != want.String() {
				t.Errorf("request %d: exit code %d, output differs from the process's:\n%s", i, resp.ExitCode, resp.Output)
			}
		}
	}
}
