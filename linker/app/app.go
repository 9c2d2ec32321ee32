// Package app is the linker program: flags, loading, analyses, outputs.
// It is a package so that tests (the equality oracle) call it in-process.
package app

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/rules-fragment/rules_fragment/tools/analysis/cha"
	"github.com/rules-fragment/rules_fragment/tools/analysis/modref"
	"github.com/rules-fragment/rules_fragment/tools/analysis/pointsto"
	"github.com/rules-fragment/rules_fragment/tools/analysis/rta"
	"github.com/rules-fragment/rules_fragment/tools/callgraph"
	"github.com/rules-fragment/rules_fragment/tools/check"
	"github.com/rules-fragment/rules_fragment/tools/flagx"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/link"
	"github.com/rules-fragment/rules_fragment/tools/outfile"
	"github.com/rules-fragment/rules_fragment/tools/progress"
	"github.com/rules-fragment/rules_fragment/tools/reflog"
	"github.com/rules-fragment/rules_fragment/tools/report"
	"github.com/rules-fragment/rules_fragment/tools/report/htmlreport"
	"github.com/rules-fragment/rules_fragment/tools/report/sarif"
	"github.com/rules-fragment/rules_fragment/tools/summary"
)

// Producer names this program in outputs.
const Producer = "rules_fragment linker 0.1"

// Config is the parsed command line.
type Config struct {
	Client, Libraries, Summaries, Entries flagx.List
	Analyses                              []string
	Scope                                 string
	JSON, Text                            string
	// SARIF, if set, receives the checks' verdicts as a SARIF 2.1.0 log,
	// whose results point into Sources (sarif.Options) where they can.
	SARIF   string
	Sources flagx.List
	// HTML, if set, receives the result as an HTML page of the
	// polymorphism coverage requirements (package htmlreport).
	HTML    string
	Release int
	// Fragment: the -client containers are a library analysed for every
	// possible client (library-fragment mode, link.Placeholders).
	Fragment                   bool
	SplitPackages, ClosedWorld bool
	// Checks to evaluate (tools/check); Verdict, if set, receives "PASS"
	// or "FAIL" and the failures; with FailOnViolation, Run returns
	// ErrViolation when a check fails.
	Checks          []check.Check
	Verdict         string
	FailOnViolation bool
	// ModRef adds MOD/USE sets (tools/analysis/modref) and PointsTo the
	// points-to sets of the variables of methods in scope to the results
	// of the points-to analyses (0cfa, andersen).
	ModRef, PointsTo bool
	// ReflectiveTypes is pointsto.Options.ReflectiveTypes (linker
	// -reflection).
	ReflectiveTypes int
	// ReflectionLog is a reflection log in TamiFlex's format (package
	// reflog) for every analysis to resolve reflective calls with (linker
	// -reflection-log).
	ReflectionLog string
	// ModuleProviders: the ServiceLoader model also instantiates the
	// providers named modules declare (-module-providers).
	ModuleProviders bool
	// Warm is a warm-start file of the runtime's summary (summarizer
	// -warm-start): each analysis continues from its state there when it
	// applies to the program, else starts cold (with a warning).
	Warm string
	// LinkAll links every class of the summaries even where the analyses
	// need only those the program reaches by reference (the default; see
	// Analyze). The results are the same.
	LinkAll bool
	// Cache, if set, keeps decoded summaries and warm starts for later
	// runs (a persistent worker).
	Cache *summary.Cache
	// Stderr receives warnings (nil: os.Stderr).
	Stderr io.Writer
	// Progress, if a terminal, shows the step the link is at (package
	// progress).
	Progress io.Writer
}

func (c *Config) stderr() io.Writer {
	if c.Stderr != nil {
		return c.Stderr
	}
	return os.Stderr
}

// ErrViolation is returned by Run when a check fails and FailOnViolation
// is set.
var ErrViolation = errors.New("a check failed")

// ParseFlags parses the command line into a Config.
func ParseFlags(fs *flag.FlagSet, args []string) (*Config, error) {
	c := &Config{}
	fs.Var(&c.Client, "client", "client class-file container (jar, directory, jmod) or client summary; repeatable")
	fs.Var(&c.Libraries, "lib", "library container analysed from class files (whole-program mode); repeatable")
	fs.Var(&c.Summaries, "summary", "library summary (transitively closed set); repeatable")
	fs.Var(&c.Entries, "entry", "entry point pkg/C.m or pkg/C.m(desc), an instance method on an object of C made by C() if C has one; repeatable (default: the client's main methods, as the runtime's launcher picks them: Java 25's instance mains too)")
	analyses := fs.String("analyses", "cha,rta", "comma-separated analyses: cha, rta, 0cfa (0-CFA_f), andersen (AND_f)")
	fs.StringVar(&c.Scope, "scope", "client", "methods reported: client or all")
	fs.StringVar(&c.JSON, "json", "", "write the JSON result here")
	fs.StringVar(&c.Text, "text", "-", "write the text report here (- for stdout, empty for none)")
	fs.StringVar(&c.SARIF, "sarif", "", "write the checks' verdicts here as a SARIF 2.1.0 log (a result per call site a failed check found, at its source line)")
	fs.StringVar(&c.HTML, "html", "", "write the result here as an HTML page: per analysis the polymorphic call sites in scope with their receiver classes and target methods, a precision table, the checks")
	fs.Var(&c.Sources, "source", "a client source file's path from the checkout's root, for -sarif's results to point to (else they name the package path, pkg/Main.java); repeatable")
	fs.IntVar(&c.Release, "release", 17, "Java release for multi-release jars")
	var checks flagx.List
	fs.Var(&checks, "check", "check to evaluate, KIND=VALUE (max_unresolved, max_phantom, max_unmodelled, max_polymorphic, max_mean_rc, max_rc: a number; forbid: FROM->TO); repeatable")
	fs.StringVar(&c.Verdict, "verdict", "", "write PASS or FAIL and the failed checks here")
	fs.BoolVar(&c.FailOnViolation, "fail", false, "exit with status 3 when a check fails")
	fs.BoolVar(&c.Fragment, "fragment", false, "library-fragment mode: the -client containers are a library; placeholder code stands for every client using its API")
	fs.BoolVar(&c.SplitPackages, "split-packages", false, "with -fragment: clients may declare classes in the library's (unnamed-module) packages")
	fs.BoolVar(&c.ClosedWorld, "closed-world", false, "with -fragment: clients use only the library's API, never its dependencies' (more precise, not safe for every client)")
	fs.BoolVar(&c.ModRef, "modref", false, "add MOD/USE sets of the methods and call sites in scope to the points-to analyses (0cfa, andersen)")
	fs.IntVar(&c.ReflectiveTypes, "reflection", 0, "points-to: model Class.newInstance/Constructor.newInstance by the casts of their results when the cast type has at most this many instantiable subtypes (0: off; unmodelled sites are listed)")
	fs.BoolVar(&c.ModuleProviders, "module-providers", false, "ServiceLoader: also instantiate the providers that named modules declare in module-info (the Java runtime's own, such as zip file systems, charsets and security providers), not only the class path's META-INF/services ones")
	fs.StringVar(&c.ReflectionLog, "reflection-log", "", "reflection log in TamiFlex's format (KIND;TARGET;CALLER;LINE, as testing/tracer writes): every analysis resolves the logged reflective calls (Method.invoke, Constructor/Class.newInstance, Field.get*/set*, Class.forName, Array.newInstance, and the method handles of MethodHandles.Lookup find*/unreflect*)")
	fs.StringVar(&c.Warm, "warm-start", "", "continue every analysis from this warm start of the runtime's summary (summarizer -warm-start): same results, less work")
	fs.BoolVar(&c.LinkAll, "link-all", false, "link every class of the summaries, not only those the program reaches by reference (same results, slower; for comparison)")
	fs.BoolVar(&c.PointsTo, "points-to", false, "add the points-to sets of the variables of the methods in scope to the points-to analyses (0cfa, andersen)")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	if len(c.Client) == 0 {
		return nil, errors.New("no -client given")
	}
	for _, a := range strings.Split(*analyses, ",") {
		switch a {
		case "cha", "rta", "0cfa", "andersen":
			c.Analyses = append(c.Analyses, a)
		default:
			return nil, fmt.Errorf("unknown analysis %q (have cha, rta, 0cfa, andersen)", a)
		}
	}
	for _, s := range checks {
		k, err := check.Parse(s)
		if err != nil {
			return nil, err
		}
		c.Checks = append(c.Checks, k)
	}
	if (c.SplitPackages || c.ClosedWorld) && !c.Fragment {
		return nil, errors.New("-split-packages and -closed-world need -fragment")
	}
	if (c.ModRef || c.PointsTo || c.ReflectiveTypes > 0) && !slices.ContainsFunc(c.Analyses, isPointsTo) {
		return nil, errors.New("-modref, -points-to and -reflection need a points-to analysis (0cfa or andersen) in -analyses")
	}
	if c.Scope != "client" && c.Scope != "all" {
		return nil, fmt.Errorf("-scope must be client or all, not %q", c.Scope)
	}
	return c, nil
}

func isPointsTo(analysis string) bool { return analysis == "0cfa" || analysis == "andersen" }

// Mode names how the program was assembled.
func (c *Config) Mode() string {
	if c.Fragment {
		return "library-fragment"
	}
	if len(c.Summaries) > 0 {
		return "client+summaries"
	}
	if len(c.Libraries) > 0 {
		return "whole-program"
	}
	return "client-only"
}

// Run links, analyses and writes the outputs; the text report goes to
// stdout when Text is "-".
func Run(c *Config, stdout io.Writer) (err error) {
	res, err := Analyze(c)
	if err != nil {
		return err
	}
	res.Checks = check.Evaluate(res, c.Checks)
	passed := check.Passed(res.Checks)
	if c.Verdict != "" {
		var v strings.Builder
		if passed {
			v.WriteString("PASS\n")
		} else {
			v.WriteString("FAIL\n")
			for _, r := range res.Checks {
				if !r.OK {
					fmt.Fprintf(&v, "%s (%s)\n", r.Check, r.Analysis)
					for _, d := range r.Detail {
						fmt.Fprintf(&v, "  %s\n", d)
					}
				}
			}
		}
		if err := outfile.WriteBytes(c.Verdict, []byte(v.String())); err != nil {
			return err
		}
	}
	defer func() {
		if err == nil && !passed && c.FailOnViolation {
			err = ErrViolation
		}
	}()
	if c.JSON != "" {
		if err := outfile.Write(c.JSON, func(w io.Writer) error { return report.WriteJSON(w, res) }); err != nil {
			return err
		}
	}
	if c.HTML != "" {
		if err := outfile.Write(c.HTML, func(w io.Writer) error { return htmlreport.Write(w, res) }); err != nil {
			return err
		}
	}
	if c.SARIF != "" {
		if err := outfile.Write(c.SARIF, func(w io.Writer) error { return sarif.Write(w, res, sarif.Options{Sources: c.Sources}) }); err != nil {
			return err
		}
	}
	switch c.Text {
	case "":
	case "-":
		return report.WriteText(stdout, res)
	default:
		return outfile.Write(c.Text, func(w io.Writer) error { return report.WriteText(w, res) })
	}
	return nil
}

// Analyze links the inputs and runs the analyses. Where the analyses
// allow it, it links only the summary classes the program reaches by
// reference (link.Options.OnlyReferenced); if an analysis looked up a class
// left out, it links and analyses again in full, so the results are those
// of the whole hierarchy either way.
func Analyze(c *Config) (*report.Result, error) {
	res, _, err := AnalyzeLinked(c)
	return res, err
}

// Linked tells how Analyze linked the summaries.
type Linked struct {
	// OnlyReferenced: only the classes reached by reference were linked.
	OnlyReferenced bool
	// Relinked lists the classes left out that the analyses looked up,
	// which made Analyze link everything and analyse again.
	Relinked []string
}

// AnalyzeLinked is Analyze, also telling how the summaries were linked.
func AnalyzeLinked(c *Config) (*report.Result, Linked, error) {
	only := !c.LinkAll && onlyReferenced(c)
	var log []reflog.Entry
	if c.ReflectionLog != "" { // read once, for a relink too
		var err error
		if log, err = reflog.ReadFile(c.ReflectionLog); err != nil {
			return nil, Linked{}, err
		}
	}
	res, missed, err := analyze(c, only, log)
	if len(missed) == 0 {
		return res, Linked{OnlyReferenced: only}, err
	}
	fmt.Fprintf(c.stderr(), "linker: linking all summary classes: the analyses looked up %d left out (%s)\n", len(missed), missed[0])
	res, _, err = analyze(c, false, log)
	return res, Linked{Relinked: missed}, err
}

// onlyReferenced reports whether c's analyses look at reached classes
// alone: CHA's targets and the reflection model's candidates are every
// subtype of a type, and the fragment's placeholders use the whole API.
func onlyReferenced(c *Config) bool {
	return !c.Fragment && c.ReflectiveTypes == 0 && !slices.Contains(c.Analyses, "cha")
}

// seedEntries: the entry classes are starting points of OnlyReferenced
// (tests turn it off to make the analyses look up a class left out).
var seedEntries = true

// analyze is Analyze with only as link.Options.OnlyReferenced and log
// as c.ReflectionLog's entries; missed are
// the classes left out that were looked up, also when it fails (a missing
// entry class, for example).
func analyze(c *Config, only bool, log []reflog.Entry) (res *report.Result, missed []string, err error) {
	opts := link.Options{Libraries: c.Libraries, Summaries: c.Summaries, Release: c.Release, OnlyReferenced: only, Cache: c.Cache,
		Classes: reflog.Classes(log), ModuleProviders: c.ModuleProviders}
	if seedEntries {
		opts.Entries = c.Entries
	}
	for _, f := range c.Client {
		if summary.IsSummaryFile(f) {
			opts.ClientSummaries = append(opts.ClientSummaries, f)
		} else {
			opts.Client = append(opts.Client, f)
		}
	}
	if c.Fragment {
		opts.Fragment = &link.Placeholders{SplitPackages: c.SplitPackages, ClosedWorld: c.ClosedWorld}
	}
	// The warm starts are read and decoded while the program is linked.
	var warm *warmStates
	if c.Warm != "" {
		warm = loadWarm(c.Cache, c.Warm, c.Analyses)
	}
	bar := progress.New(c.Progress, -1, "linking")
	defer bar.Done()
	p, err := link.Load(opts)
	if err != nil {
		return nil, nil, err
	}
	defer p.Close()
	defer func() { missed = p.Hierarchy.OmittedLookups() }()
	var roots []*hierarchy.Method
	switch {
	case len(c.Entries) > 0:
		if roots, err = p.Entries(c.Entries); err != nil {
			return nil, nil, err
		}
	case !c.Fragment:
		roots = p.MainMethods()
	}
	if p.FragmentMain != nil {
		roots = append([]*hierarchy.Method{p.FragmentMain}, roots...)
	}
	if len(roots) == 0 {
		return nil, nil, errors.New("no entry points: the client has no main method; give -entry")
	}
	res = &report.Result{Schema: report.Schema, Producer: Producer, Mode: c.Mode(),
		Inputs: report.Inputs{Client: c.Client, Libraries: c.Libraries, ReflectionLog: c.ReflectionLog, ModuleProviders: c.ModuleProviders}, Placeholders: p.Fragment}
	for _, s := range p.Summaries {
		if !s.Client {
			res.Inputs.Summaries = append(res.Inputs.Summaries, s.Header.Target)
		}
	}
	for _, m := range roots {
		res.Roots = append(res.Roots, m.Key())
	}
	scope := p.IsClient
	// The callers whose sites the graphs list: the report leaves out the others.
	sites := func(m *hierarchy.Method) bool { return scope(m.Class) }
	if c.Scope == "all" {
		scope, sites = func(*hierarchy.Class) bool { return true }, nil
	}
	for _, a := range c.Analyses {
		bar.Describe("analysing: " + a)
		var g *callgraph.Graph
		var pt *pointsto.Result
		switch a {
		case "cha":
			g, err = warmOrCold(c.stderr(), warm, a, func(w *cha.Warm) (*callgraph.Graph, error) {
				return cha.CallGraph(p, roots, cha.Options{Warm: w, Sites: sites, Log: log})
			})
		case "rta":
			g, err = warmOrCold(c.stderr(), warm, a, func(w *rta.Warm) (*callgraph.Graph, error) {
				return rta.Analyze(p, roots, rta.Options{Warm: w, Sites: sites, Log: log})
			})
		case "0cfa", "andersen":
			opts := pointsto.Options{PerClass: a == "0cfa", ReflectiveTypes: c.ReflectiveTypes, Log: log}
			if !c.ModRef {
				opts.Sites = sites // MOD/USE reads every caller's sites
			}
			pt, err = warmOrCold(c.stderr(), warm, a, func(w *pointsto.Warm) (*pointsto.Result, error) {
				o := opts
				o.Warm = w
				return pointsto.Analyze(p, roots, o)
			})
			if err == nil {
				g = pt.Graph
			}
		}
		if err != nil {
			return nil, nil, err
		}
		an := report.Build(g, scope)
		if pt != nil && c.ModRef {
			mr, err := modref.Analyze(p, pt)
			if err != nil {
				return nil, nil, err
			}
			report.AddModRef(an, mr)
		}
		if pt != nil && c.PointsTo {
			if err := report.AddPointsTo(an, p, pt); err != nil {
				return nil, nil, err
			}
		}
		res.Analyses = append(res.Analyses, an)
		if pt != nil {
			pt.Release() // its nodes' memory serves a worker's next link
		}
	}
	if c.SARIF != "" {
		res.Sources = sourceFiles(p.Hierarchy, res)
	}
	return res, nil, nil
}

// sourceFiles maps the classes of the methods res reports to their
// SourceFile attributes.
func sourceFiles(h *hierarchy.Hierarchy, res *report.Result) map[string]string {
	out := map[string]string{}
	for _, a := range res.Analyses {
		for _, m := range a.Methods {
			class, _, ok := report.SplitKey(m.Method)
			if _, seen := out[class]; !ok || seen {
				continue
			}
			if c := h.Lookup(class); c != nil && c.SourceFile != "" {
				out[class] = c.SourceFile
			} else {
				out[class] = ""
			}
		}
	}
	return out
}
