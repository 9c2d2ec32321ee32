package gazelle

import (
	"flag"
	"fmt"
	"log"
	"strconv"
	"strings"

	"github.com/bazelbuild/bazel-gazelle/config"
	"github.com/bazelbuild/bazel-gazelle/rule"
)

// settings is one directory's configuration, inherited by those below it.
type settings struct {
	enabled, libraries, coverage         bool
	coverageClosedWorld                  bool
	analyses, checks                     []string
	coverageAnalyses                     []string
	minRC, minTM                         string
	binaryKinds, libraryKinds, testKinds []string
}

var knownAnalyses = map[string]bool{"cha": true, "rta": true, "0cfa": true, "andersen": true}

func defaultSettings() *settings {
	return &settings{
		enabled:      true,
		libraries:    true,
		coverage:     true,
		binaryKinds:  []string{"java_binary"},
		libraryKinds: []string{"java_library"},
		testKinds:    []string{"java_test"},
		// Seed 002 §5: CHA and RTA requirements are too coarse for a
		// coverage gate; allocation-site points-to (AND_f) is the default.
		coverageAnalyses: []string{"andersen"},
		// And the seeds' closedness assumption (seed 000 §7.1): clients
		// hand the library no dependency objects but strings and their own.
		// Open, every JDK class a client could pass is a requirement.
		coverageClosedWorld: true,
	}
}

func getSettings(c *config.Config) *settings {
	if s, ok := c.Exts[langName].(*settings); ok {
		return s
	}
	return defaultSettings()
}

func (fragmentLang) RegisterFlags(_ *flag.FlagSet, _ string, c *config.Config) {
	c.Exts[langName] = defaultSettings()
}

func (fragmentLang) CheckFlags(*flag.FlagSet, *config.Config) error { return nil }

func (fragmentLang) KnownDirectives() []string {
	return []string{
		"fragment", "fragment_libraries", "fragment_coverage", "fragment_coverage_closed_world",
		"fragment_analyses", "fragment_coverage_analyses", "fragment_checks", "fragment_min_rc", "fragment_min_tm",
		"fragment_binary_kinds", "fragment_library_kinds", "fragment_test_kinds",
	}
}

// Configure copies the parent's settings and applies f's directives. A bad
// value is reported with the file's path and leaves the setting unchanged,
// as gazelle does with its own directives.
func (fragmentLang) Configure(c *config.Config, _ string, f *rule.File) {
	s := *getSettings(c)
	if f != nil {
		for _, d := range f.Directives {
			if err := s.apply(d.Key, d.Value); err != nil {
				log.Printf("%s: gazelle:%s %s: %v", f.Path, d.Key, d.Value, err)
			}
		}
	}
	c.Exts[langName] = &s
}

func (s *settings) apply(key, value string) error {
	switch key {
	case "fragment":
		return onOff(value, &s.enabled)
	case "fragment_libraries":
		return onOff(value, &s.libraries)
	case "fragment_coverage":
		return onOff(value, &s.coverage)
	case "fragment_coverage_closed_world":
		return onOff(value, &s.coverageClosedWorld)
	case "fragment_analyses":
		return analysesList(value, &s.analyses)
	case "fragment_coverage_analyses":
		return analysesList(value, &s.coverageAnalyses)
	case "fragment_checks":
		s.checks = words(value)
	case "fragment_min_rc":
		return share(value, &s.minRC)
	case "fragment_min_tm":
		return share(value, &s.minTM)
	case "fragment_binary_kinds":
		s.binaryKinds = words(value)
	case "fragment_library_kinds":
		s.libraryKinds = words(value)
	case "fragment_test_kinds":
		s.testKinds = words(value)
	}
	return nil
}

func analysesList(v string, to *[]string) error {
	list := words(v)
	for _, a := range list {
		if !knownAnalyses[a] {
			return fmt.Errorf("unknown analysis %q (cha, rta, 0cfa, andersen)", a)
		}
	}
	*to = list
	return nil
}

func onOff(v string, to *bool) error {
	switch strings.TrimSpace(v) {
	case "on", "true":
		*to = true
	case "off", "false":
		*to = false
	default:
		return fmt.Errorf("want on or off")
	}
	return nil
}

// share checks a coverage threshold; "" clears it (the rule's default, 0).
func share(v string, to *string) error {
	v = strings.TrimSpace(v)
	if v != "" {
		x, err := strconv.ParseFloat(v, 64)
		if err != nil || !(x >= 0 && x <= 1) {
			return fmt.Errorf("want a share from 0 to 1")
		}
	}
	*to = v
	return nil
}

// words splits a list directive at spaces and commas.
func words(v string) []string {
	return strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' })
}

func has(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
