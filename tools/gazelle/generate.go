package gazelle

import (
	"log"
	"strings"

	"github.com/bazelbuild/bazel-gazelle/label"
	"github.com/bazelbuild/bazel-gazelle/language"
	"github.com/bazelbuild/bazel-gazelle/rule"
	bzl "github.com/bazelbuild/buildtools/build"
)

// GenerateRules reads the JVM rules of a directory's BUILD file (and those
// other languages generate into it) and makes the tests of the package doc.
func (fragmentLang) GenerateRules(args language.GenerateArgs) language.GenerateResult {
	var res language.GenerateResult
	s := getSettings(args.Config)
	if !s.enabled {
		return res
	}
	p := newPackage(args)
	// claimed: the JVM targets whose owned test is generated, or left to
	// the user because this directory lacks what the test needs.
	claimed := map[string]bool{}
	for _, r := range p.rules {
		name, kind := r.Name(), r.Kind()
		switch {
		case name == "":
			continue // not a target gazelle can name
		case has(s.binaryKinds, kind):
			claimed[name] = true
			res.Gen = append(res.Gen, s.analysisTest(name, false))
		case has(s.libraryKinds, kind) && s.libraries && !isTrue(r.Attr("testonly")) && r.Attr("srcs") != nil:
			// A library without srcs (exports or runtime_deps only) has
			// no classes of its own to analyse.
			claimed[name] = true
			res.Gen = append(res.Gen, s.analysisTest(name, true))
		case has(s.testKinds, kind) && s.coverage:
			claimed[name] = true
			if t := s.coverageTest(p, r); t != nil {
				res.Gen = append(res.Gen, t)
			}
		}
	}
	// A generated test must not take the name of a rule of another kind.
	gen := res.Gen[:0]
	for _, g := range res.Gen {
		if r := p.byName[g.Name()]; r != nil && r.Kind() != g.Kind() {
			log.Printf("%s: %s %s already exists: no %s generated", p.path, r.Kind(), g.Name(), g.Kind())
			continue
		}
		gen = append(gen, g)
	}
	res.Gen = gen
	res.Empty = p.stale(claimed)
	res.Imports = make([]interface{}, len(res.Gen))
	return res
}

func (s *settings) analysisTest(target string, fragment bool) *rule.Rule {
	r := rule.NewRule(analysisKind, target+analysisSuffix)
	r.SetAttr("target", ":"+target)
	if fragment {
		r.SetAttr("fragment", true)
	}
	if len(s.analyses) > 0 {
		r.SetAttr("analyses", s.analyses)
	}
	if len(s.checks) > 0 {
		r.SetAttr("checks", s.checks)
	}
	return r
}

// coverageTest measures test t against the fragment requirements of the one
// library it tests, or returns nil (and says why) when that is not clear.
func (s *settings) coverageTest(p *pkg, t *rule.Rule) *rule.Rule {
	mainClass, runArgs := testRun(t, p.rel)
	if mainClass == "" && len(runArgs) == 0 {
		log.Printf("%s: %s %s: no test_class, and its package is under no java or javatests directory: write its %s by hand", p.path, t.Kind(), t.Name(), coverageKind)
		return nil
	}
	libs := p.testedLibraries(s, t)
	if len(libs) != 1 {
		log.Printf("%s: %s %s depends on %d libraries of this repository %v: write its %s by hand", p.path, t.Kind(), t.Name(), len(libs), libs, coverageKind)
		return nil
	}
	r := rule.NewRule(coverageKind, t.Name()+coverageSuffix)
	r.SetAttr("target", libs[0])
	r.SetAttr("tests", []string{":" + t.Name()})
	r.SetAttr("fragment", true)
	if s.coverageClosedWorld {
		r.SetAttr("closed_world", true)
	}
	if mainClass != "" {
		r.SetAttr("main_class", mainClass)
	}
	if len(runArgs) > 0 {
		r.SetAttr("args", runArgs)
	}
	if len(s.coverageAnalyses) > 0 {
		r.SetAttr("analyses", s.coverageAnalyses)
	}
	if s.minRC != "" {
		r.SetAttr("min_rc", s.minRC)
	}
	if s.minTM != "" {
		r.SetAttr("min_tm", s.minTM)
	}
	return r
}

// pkg is a directory's rules, in file order: the BUILD file's, then those
// other languages generate that it does not have yet.
type pkg struct {
	path, rel string
	rules     []*rule.Rule
	byName    map[string]*rule.Rule
	file      *rule.File
}

func newPackage(args language.GenerateArgs) *pkg {
	p := &pkg{path: args.Rel, rel: args.Rel, byName: map[string]*rule.Rule{}, file: args.File}
	if p.path == "" {
		p.path = "//"
	}
	add := func(r *rule.Rule) {
		if p.byName[r.Name()] == nil {
			p.byName[r.Name()] = r
			p.rules = append(p.rules, r)
		}
	}
	if args.File != nil {
		p.path = args.File.Path
		for _, r := range args.File.Rules {
			add(r)
		}
	}
	for _, r := range args.OtherGen {
		add(r)
	}
	return p
}

// stale lists the owned tests of JVM targets no longer claimed, for gazelle
// to delete: a rule named T_analysis or T_coverage, of its kind, that names
// T of this package as its target or among its tests.
func (p *pkg) stale(claimed map[string]bool) []*rule.Rule {
	if p.file == nil {
		return nil
	}
	var empty []*rule.Rule
	for _, r := range p.file.Rules {
		var base, attr string
		switch {
		case r.Kind() == analysisKind && strings.HasSuffix(r.Name(), analysisSuffix):
			base, attr = strings.TrimSuffix(r.Name(), analysisSuffix), "target"
		case r.Kind() == coverageKind && strings.HasSuffix(r.Name(), coverageSuffix):
			base, attr = strings.TrimSuffix(r.Name(), coverageSuffix), "tests"
		default:
			continue
		}
		if claimed[base] || !p.names(r, attr, base) {
			continue
		}
		empty = append(empty, rule.NewRule(r.Kind(), r.Name()))
	}
	return empty
}

// names reports whether r's attribute (a label or a list of them) holds
// the target name of this package.
func (p *pkg) names(r *rule.Rule, attr, name string) bool {
	values := r.AttrStrings(attr)
	if v := r.AttrString(attr); v != "" {
		values = []string{v}
	}
	for _, v := range values {
		if l, ok := p.local(v); ok && l == name {
			return true
		}
	}
	return false
}

// local returns the target name of a label of this package.
func (p *pkg) local(v string) (string, bool) {
	l, err := label.Parse(v)
	if err != nil || (l.Repo != "" && l.Repo != "@") {
		return "", false
	}
	if l.Relative || l.Pkg == p.rel {
		return l.Name, true
	}
	return "", false
}

// testedLibraries returns the libraries of this repository that test t
// exercises: the non-testonly libraries of this package it depends on,
// through testonly libraries of this package (test helpers); when there are
// none, the libraries of other packages of this repository it names.
// External repositories are third-party code, never the code under test.
func (p *pkg) testedLibraries(s *settings, t *rule.Rule) []string {
	var here, elsewhere []string
	seen, visited := map[string]bool{}, map[string]bool{}
	queue := []*rule.Rule{t}
	for len(queue) > 0 {
		r := queue[0]
		queue = queue[1:]
		for _, v := range append(r.AttrStrings("deps"), r.AttrStrings("runtime_deps")...) {
			if seen[v] {
				continue
			}
			seen[v] = true
			l, err := label.Parse(v)
			if err != nil || (l.Repo != "" && l.Repo != "@") {
				continue
			}
			name, ok := p.local(v)
			if !ok {
				elsewhere = append(elsewhere, v)
				continue
			}
			dep := p.byName[name]
			if dep == nil || !has(s.libraryKinds, dep.Kind()) || visited[name] {
				continue
			}
			visited[name] = true
			if isTrue(dep.Attr("testonly")) {
				queue = append(queue, dep)
			} else {
				here = append(here, ":"+name)
			}
		}
	}
	if len(here) > 0 {
		return here
	}
	return elsewhere
}

// testRun is how polymorphism_coverage_test runs t: its own main class and
// args when it has no test runner, else JUnit 4's runner (the rule's
// default) with t's test class.
func testRun(t *rule.Rule, rel string) (mainClass string, args []string) {
	if isFalse(t.Attr("use_testrunner")) {
		return t.AttrString("main_class"), t.AttrStrings("args")
	}
	if c := t.AttrString("test_class"); c != "" {
		return "", []string{c}
	}
	if c := defaultTestClass(rel, t.Name()); c != "" {
		return "", []string{c}
	}
	return "", nil
}

// defaultTestClass is Bazel's test_class default: the rule's name in its
// package's Java package, the path below the first java or javatests
// directory (src/test/java in Maven's layout).
func defaultTestClass(rel, name string) string {
	parts := strings.Split(rel, "/")
	for i, d := range parts {
		if d == "java" || d == "javatests" {
			return strings.Join(append(append([]string{}, parts[i+1:]...), name), ".")
		}
	}
	return ""
}

func isTrue(e bzl.Expr) bool  { return boolValue(e, "True", "1") }
func isFalse(e bzl.Expr) bool { return boolValue(e, "False", "0") }

func boolValue(e bzl.Expr, ident, number string) bool {
	switch v := e.(type) {
	case *bzl.Ident:
		return v.Name == ident
	case *bzl.LiteralExpr:
		return v.Token == number
	}
	return false
}
