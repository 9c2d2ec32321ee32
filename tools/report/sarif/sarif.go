// Package sarif writes the verdicts of a linker result's checks (package
// check) as a SARIF 2.1.0 log, the OASIS Static Analysis Results
// Interchange Format that code-scanning services and IDEs read. It uses
// github.com/owenrumney/go-sarif's object model (v3) rather than a
// hand-written one; its constructors give every array and index the
// format's defaults, and it validates a log against the format's JSON
// schema (TestLogValid).
//
// One rule per kind of check asked for, one result per call site a failed
// check found (an unresolved call, a forbidden call, a site with too many
// receiver classes, an unmodelled invokedynamic), located at the caller's
// source file and line, and one result without a location for a failed
// bound on a total (polymorphic sites, mean |RC|, phantom targets).
// Passed checks make no results. The log is byte-deterministic: results
// come in the order of the checks, analyses and methods of the result,
// sorted by name.
package sarif

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	s "github.com/owenrumney/go-sarif/v3/pkg/report/v210/sarif"

	"github.com/rules-fragment/rules_fragment/tools/check"
	"github.com/rules-fragment/rules_fragment/tools/report"
)

// The uriBaseIds of the source files results point to. A path that
// Options.Sources gives is relative to the checkout ("%SRCROOT%", the
// name code-scanning tools use for it); otherwise the path is the class's
// package directory and source file ("com/example/Main.java"), relative to
// the source root it was compiled from ("SOURCEPATH", as javac's
// -sourcepath).
const (
	CheckoutRoot = "%SRCROOT%"
	SourceRoot   = "SOURCEPATH"
)

// Options tell Log where the client's sources are.
type Options struct {
	// Sources are the paths of the client's source files from the
	// checkout's root ("app/src/main/java/com/example/Main.java"). A
	// result in class com/example/Main points to the one path that ends
	// in "/com/example/Main.java" (or is it); with none or several, it
	// points to the package path under SourceRoot.
	Sources []string
}

// fingerprintKey names the results' partial fingerprint: a hash of the
// check, analysis, caller and bytecode offset, which does not change when
// only lines above the caller move.
const fingerprintKey = "rulesFragmentSite/v1"

// Log builds the SARIF log of r's check verdicts.
func Log(r *report.Result, opts Options) *s.Report {
	driver := s.NewToolComponent().WithName("rules_fragment").WithFullName(r.Producer)
	if _, v, ok := strings.Cut(r.Producer, " linker "); ok {
		driver.WithVersion(v)
	}
	run := s.NewRun().WithTool(s.NewTool().WithDriver(driver))
	run.WithOriginalUriBaseIds(map[string]s.ArtifactLocation{
		CheckoutRoot: *s.NewArtifactLocation().WithDescription(s.NewTextMessage("the root of the checkout (the Bazel workspace)")),
		SourceRoot:   *s.NewArtifactLocation().WithDescription(s.NewTextMessage("the source root of the class's package directories (javac's -sourcepath)")),
	})
	sources := index(opts.Sources)
	rules := map[string]int{}
	for _, c := range r.Checks {
		kind, _, _ := strings.Cut(c.Check, "=")
		if _, ok := rules[kind]; !ok {
			rules[kind] = len(driver.Rules)
			driver.AddRule(rule(kind))
		}
	}
	for _, c := range r.Checks {
		if c.OK {
			continue
		}
		kind, _, _ := strings.Cut(c.Check, "=")
		newResult := func(text string) *s.Result {
			return s.NewRuleResult(kind).WithRuleIndex(rules[kind]).WithLevel(s.LevelError).
				WithMessage(s.NewTextMessage(fmt.Sprintf("%s (%s): %s", c.Check, c.Analysis, text))).
				WithProperties(s.NewPropertyBag().Add("analysis", c.Analysis).Add("check", c.Check))
		}
		if len(c.Findings) == 0 {
			run.AddResult(newResult(strings.Join(c.Detail, "; ")))
			continue
		}
		for _, f := range c.Findings {
			res := newResult(f.Method + " " + f.Message).AddLocation(location(r, f, sources))
			res.Properties.Add("site", f.Site)
			sum := sha256.Sum256([]byte(strings.Join([]string{c.Check, c.Analysis, f.Method, fmt.Sprint(f.Site)}, "\x00")))
			res.WithPartialFingerprints(map[string]string{fingerprintKey: hex.EncodeToString(sum[:16])})
			run.AddResult(res)
		}
	}
	run.AddInvocation(s.NewInvocation().WithExecutionSuccessful(true))
	return s.NewReport().AddRun(run)
}

// Write writes the SARIF log of r's check verdicts, indented.
func Write(w io.Writer, r *report.Result, opts Options) error { return encode(w, Log(r, opts)) }

// encode writes v as indented JSON, leaving "<", ">" and "&" (of
// "<init>" and "a->b") as they are.
func encode(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// location is the caller's source line, and the caller as a logical
// location: Java's dotted name, with the JVM key as its decorated name.
func location(r *report.Result, f report.Finding, sources map[string][]string) *s.Location {
	class, method, ok := report.SplitKey(f.Method)
	if !ok {
		class = f.Method
	}
	method, _, _ = strings.Cut(method, "(")
	uri, base := SourcePath(class, r.Sources[class]), SourceRoot
	if p := match(sources, uri); p != "" {
		uri, base = p, CheckoutRoot
	}
	phys := s.NewPhysicalLocation().WithArtifactLocation(s.NewArtifactLocation().WithURI(uri).WithURIBaseID(base))
	if f.Line > 0 {
		phys.WithRegion(s.NewRegion().WithStartLine(int(f.Line)))
	}
	logical := s.NewLogicalLocation().WithKind("function").WithName(method).
		WithFullyQualifiedName(strings.ReplaceAll(class, "/", ".") + "." + method).WithDecoratedName(f.Method)
	return s.NewLocation().WithPhysicalLocation(phys).AddLogicalLocation(logical)
}

// SourcePath is the path of class's source file relative to its source
// root: its package's directory and sourceFile (the class file's
// SourceFile attribute), or, when that is unknown, the top-level class's
// name with ".java", javac's convention.
func SourcePath(class, sourceFile string) string {
	pkg, name := "", class
	if i := strings.LastIndexByte(class, '/'); i >= 0 {
		pkg, name = class[:i+1], class[i+1:]
	}
	if sourceFile == "" || strings.ContainsAny(sourceFile, "/\\") {
		if i := strings.IndexByte(name, '$'); i > 0 {
			name = name[:i]
		}
		sourceFile = name + ".java"
	}
	return pkg + sourceFile
}

// index groups source paths by file name.
func index(paths []string) map[string][]string {
	out := map[string][]string{}
	for _, p := range paths {
		name := p[strings.LastIndexByte(p, '/')+1:]
		out[name] = append(out[name], p)
	}
	return out
}

// match returns the one source path that is rel or ends in "/"+rel, or "".
func match(sources map[string][]string, rel string) string {
	found := ""
	for _, p := range sources[rel[strings.LastIndexByte(rel, '/')+1:]] {
		if p == rel || strings.HasSuffix(p, "/"+rel) {
			if found != "" && found != p {
				return ""
			}
			found = p
		}
	}
	return found
}

// rule describes a kind of check.
func rule(kind string) *s.ReportingDescriptor {
	d := check.Describe(kind)
	return s.NewRule(kind).WithName(d.Name).
		WithShortDescription(s.NewMultiformatMessageString().WithText(d.Short)).
		WithFullDescription(s.NewMultiformatMessageString().WithText(d.Full)).
		WithDefaultConfiguration(s.NewReportingConfiguration().WithLevel(s.LevelError))
}
