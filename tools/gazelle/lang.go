// Package gazelle is a Gazelle extension (language "fragment") that writes
// rules_fragment's test targets into BUILD files, next to the JVM targets
// they analyse (PRODUCT.md, "How people use it" 5):
//
//   - every java_binary B gets analysis_test B_analysis, a whole-program
//     link from its main methods;
//   - every java_library L with srcs that is not testonly gets analysis_test
//     L_analysis with fragment = True: the library analysed for every
//     possible client (seed 000 §2, seed 002 §1.3);
//   - every java_test T gets polymorphism_coverage_test T_coverage: T's
//     run measured against the fragment polymorphism coverage requirements
//     (RC and TM, seed 002 §1) of the one library it tests, by default
//     with AND_f and for clients that use only the library's API.
//
// Gazelle owns the targets of those names: it keeps their attributes in
// step with the directives below and deletes them when their JVM target is
// gone or no longer gets one (a directive turned it off, the library
// became testonly). A `# keep` comment on a rule or an attribute keeps the user's.
// Other analysis_test and polymorphism_coverage_test rules are never
// touched. Directives (each applies to its directory and those below):
//
//	# gazelle:fragment on|off             generate (default on)
//	# gazelle:fragment_libraries on|off   libraries' fragment analysis tests (default on)
//	# gazelle:fragment_coverage on|off    tests' coverage tests (default on)
//	# gazelle:fragment_analyses rta andersen   analysis tests' analyses (default: the rule's, rta)
//	# gazelle:fragment_coverage_analyses 0cfa  coverage tests' analyses (default andersen: seed 002 §5,
//	                                      CHA and RTA requirements are too coarse for a coverage gate)
//	# gazelle:fragment_checks max_unresolved=0 ...   the checks attribute of analysis tests
//	# gazelle:fragment_coverage_closed_world on|off  coverage tests' closed_world (default on: seed
//	                                      000 §7.1's closedness; off counts every JDK class a client could pass)
//	# gazelle:fragment_min_rc 0.5         coverage tests' min_rc (and fragment_min_tm)
//	# gazelle:fragment_binary_kinds java_binary ...   kinds read as binaries
//	# gazelle:fragment_library_kinds java_library ... kinds read as libraries
//	# gazelle:fragment_test_kinds java_test ...       kinds read as tests
//
// A list directive with no value clears the list.
package gazelle

import (
	"github.com/bazelbuild/bazel-gazelle/config"
	"github.com/bazelbuild/bazel-gazelle/label"
	"github.com/bazelbuild/bazel-gazelle/language"
	"github.com/bazelbuild/bazel-gazelle/repo"
	"github.com/bazelbuild/bazel-gazelle/resolve"
	"github.com/bazelbuild/bazel-gazelle/rule"
)

const (
	langName     = "fragment"
	analysisKind = "analysis_test"
	coverageKind = "polymorphism_coverage_test"
	// defsLabel is where both rules are loaded from; map_kind serves a
	// repository that names rules_fragment otherwise.
	defsLabel = "@rules_fragment//rules:defs.bzl"

	analysisSuffix = "_analysis"
	coverageSuffix = "_coverage"
)

type fragmentLang struct{}

// NewLanguage is the entry point gazelle_binary calls.
func NewLanguage() language.Language { return fragmentLang{} }

func (fragmentLang) Name() string { return langName }

// Kinds: rules match only by name, so the user's own analysis tests of
// the same target are never merged into.
func (fragmentLang) Kinds() map[string]rule.KindInfo {
	owned := func(attrs ...string) map[string]bool {
		m := map[string]bool{}
		for _, a := range attrs {
			m[a] = true
		}
		return m
	}
	return map[string]rule.KindInfo{
		analysisKind: {
			NonEmptyAttrs:  owned("target"),
			MergeableAttrs: owned("target", "fragment", "analyses", "checks"),
		},
		coverageKind: {
			NonEmptyAttrs:  owned("target", "tests"),
			MergeableAttrs: owned("target", "tests", "fragment", "closed_world", "analyses", "args", "main_class", "min_rc", "min_tm"),
		},
	}
}

func (fragmentLang) Loads() []rule.LoadInfo {
	return []rule.LoadInfo{{
		Name:    defsLabel,
		Symbols: []string{analysisKind, coverageKind},
	}}
}

func (fragmentLang) Fix(*config.Config, *rule.File) {}

// The rules name their targets directly: nothing to index or resolve.

func (fragmentLang) Imports(*config.Config, *rule.Rule, *rule.File) []resolve.ImportSpec {
	return nil
}

func (fragmentLang) Embeds(*rule.Rule, label.Label) []label.Label { return nil }

func (fragmentLang) Resolve(*config.Config, *resolve.RuleIndex, *repo.RemoteCache, *rule.Rule, interface{}, label.Label) {
}
