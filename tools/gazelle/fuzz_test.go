package gazelle

import (
	"flag"
	"io"
	"log"
	"os"
	"testing"

	"github.com/bazelbuild/bazel-gazelle/config"
	"github.com/bazelbuild/bazel-gazelle/language"
	"github.com/bazelbuild/bazel-gazelle/rule"
)

// FuzzGenerate: any BUILD file gazelle can parse, directives included,
// configures and generates without a panic, and every generated rule has a
// name and a target.
func FuzzGenerate(f *testing.F) {
	for _, seed := range []string{
		"java_library(name = \"a\", srcs = [\"A.java\"])\njava_test(name = \"T\", test_class = \"a.T\", deps = [\":a\"])\n",
		"# gazelle:fragment_analyses rta\n# gazelle:fragment_min_rc 2\njava_binary(name = \"b\")\n",
		"java_test(name = \"T\", use_testrunner = 0, deps = [\"@x//:y\", \"//p:q\", \":T\"])\n",
		"analysis_test(name = \"gone_analysis\", target = \":gone\")\npolymorphism_coverage_test(name = \"T_coverage\", tests = \"//:T\")\n",
		"java_library(name = \"h\", testonly = 1, srcs = [], deps = [\":h\"])\njava_test(name = \"T\", runtime_deps = [\":h\"])\n",
	} {
		f.Add("javatests/x", seed)
	}
	lang := NewLanguage()
	log.SetOutput(io.Discard)
	defer log.SetOutput(os.Stderr)
	f.Fuzz(func(t *testing.T, rel, build string) {
		file, err := rule.LoadData("BUILD.bazel", rel, []byte(build))
		if err != nil {
			return
		}
		c := config.New()
		lang.RegisterFlags(flag.NewFlagSet("gazelle", flag.ContinueOnError), "update", c)
		lang.Configure(c, rel, file)
		res := lang.GenerateRules(language.GenerateArgs{Config: c, Rel: rel, File: file, OtherGen: file.Rules})
		if len(res.Imports) != len(res.Gen) {
			t.Fatalf("%d imports for %d rules", len(res.Imports), len(res.Gen))
		}
		for _, r := range res.Gen {
			if r.Name() == "" || r.AttrString("target") == "" {
				t.Fatalf("generated %s without a name or target", r.Kind())
			}
		}
	})
}
