package gazelle

import (
	"bytes"
	"flag"
	"log"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/bazelbuild/bazel-gazelle/config"
	"github.com/bazelbuild/bazel-gazelle/language"
	"github.com/bazelbuild/bazel-gazelle/merger"
	"github.com/bazelbuild/bazel-gazelle/rule"
	"golang.org/x/tools/txtar"
)

// run does what `gazelle update` does to each BUILD file of files (keyed by
// path): configure the directories from the root down, generate, merge the
// generated and stale rules, fix the loads. It returns the new files and
// what was logged.
func run(t *testing.T, files map[string]string) (map[string]string, string) {
	t.Helper()
	var logged bytes.Buffer
	log.SetOutput(&logged)
	log.SetFlags(0)
	defer log.SetOutput(os.Stderr)

	lang := NewLanguage()
	common := &config.CommonConfigurer{}
	root := config.New()
	root.RepoRoot = "/ws"
	fs := flag.NewFlagSet("gazelle", flag.ContinueOnError)
	for _, cr := range []config.Configurer{common, lang} {
		cr.RegisterFlags(fs, "update", root)
	}
	if err := fs.Parse([]string{"-repo_root", t.TempDir()}); err != nil {
		t.Fatal(err)
	}
	for _, cr := range []config.Configurer{common, lang} {
		if err := cr.CheckFlags(fs, root); err != nil {
			t.Fatal(err)
		}
	}
	var dirs []string
	for p := range files {
		dirs = append(dirs, path.Dir(p))
	}
	sort.Strings(dirs) // parents first
	configs := map[string]*config.Config{}
	out := map[string]string{}
	for _, dir := range dirs {
		rel := strings.TrimPrefix(dir, ".")
		name := path.Join(dir, "BUILD.bazel")
		f, err := rule.LoadData(name, rel, []byte(files[name]))
		if err != nil {
			t.Fatal(err)
		}
		c := root
		for d := dir; d != "."; {
			d = path.Dir(d)
			if pc := configs[d]; pc != nil {
				c = pc
				break
			}
		}
		c = c.Clone()
		common.Configure(c, rel, f)
		lang.Configure(c, rel, f)
		configs[dir] = c
		res := lang.GenerateRules(language.GenerateArgs{Config: c, Dir: filepath.Join("/ws", dir), Rel: rel, File: f})
		if len(res.Imports) != len(res.Gen) {
			t.Fatalf("%s: %d imports for %d rules", name, len(res.Imports), len(res.Gen))
		}
		merger.MergeFile(f, res.Empty, res.Gen, merger.PreResolve, lang.Kinds())
		merger.FixLoads(f, lang.Loads())
		out[name] = string(f.Format())
	}
	return out, logged.String()
}

// TestGenerate runs each testdata/*.txtar: its files DIR/BUILD.bazel are
// the input, DIR/BUILD.bazel.out the expected output, and each line of
// "log" must be in what was logged (which must be empty without it). A
// second run over the output must change nothing.
func TestGenerate(t *testing.T) {
	cases, _ := filepath.Glob("testdata/*.txtar")
	if len(cases) == 0 {
		t.Fatal("no test cases")
	}
	for _, file := range cases {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			in, want := map[string]string{}, map[string]string{}
			var wantLog string
			for _, f := range ar.Files {
				switch {
				case f.Name == "log":
					wantLog = string(f.Data)
				case strings.HasSuffix(f.Name, ".out"):
					want[strings.TrimSuffix(f.Name, ".out")] = string(f.Data)
				default:
					in[f.Name] = string(f.Data)
				}
			}
			got, logged := run(t, in)
			for name, w := range want {
				if got[name] != w {
					t.Errorf("%s:\n--- got\n%s--- want\n%s", name, got[name], w)
				}
			}
			for _, line := range strings.Split(strings.TrimSpace(wantLog), "\n") {
				if !strings.Contains(logged, line) {
					t.Errorf("log lacks %q:\n%s", line, logged)
				}
			}
			if wantLog == "" && logged != "" {
				t.Errorf("unexpected log:\n%s", logged)
			}
			again, _ := run(t, got)
			for name, g := range got {
				if again[name] != g {
					t.Errorf("%s: a second run changed it:\n%s", name, again[name])
				}
			}
		})
	}
}

// TestOtherLanguagesRules: rules another language generates in the same run
// (a Java extension's java_library, say) get their tests too, and a
// testonly = 1 library is read as testonly.
func TestOtherLanguagesRules(t *testing.T) {
	lang := NewLanguage()
	c := config.New()
	lang.RegisterFlags(flag.NewFlagSet("gazelle", flag.ContinueOnError), "update", c)
	lang.Configure(c, "lib", nil)
	lib := rule.NewRule("java_library", "lib")
	lib.SetAttr("srcs", []string{"Lib.java"})
	helper := rule.NewRule("java_library", "helper")
	helper.SetAttr("testonly", 1)
	test := rule.NewRule("java_test", "LibTest")
	test.SetAttr("test_class", "lib.LibTest")
	test.SetAttr("deps", []string{":helper"})
	helper.SetAttr("deps", []string{":lib"})
	res := lang.GenerateRules(language.GenerateArgs{Config: c, Rel: "lib", OtherGen: []*rule.Rule{lib, helper, test}})
	var got []string
	for _, r := range res.Gen {
		got = append(got, r.Kind()+" "+r.Name()+" "+r.AttrString("target"))
	}
	want := []string{"analysis_test lib_analysis :lib", "polymorphism_coverage_test LibTest_coverage :lib"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("generated %q, want %q", got, want)
	}
	if len(res.Empty) != 0 || len(res.Imports) != len(res.Gen) {
		t.Errorf("%d empty rules, %d imports", len(res.Empty), len(res.Imports))
	}
}
