// Package check evaluates the checks a build can impose on a linker result
// (the `checks` of the analysis_test rule): bounds on unresolved, phantom
// and unmodelled calls, forbidden call dependences between classes or
// packages, and precision bounds on the polymorphism coverage requirements
// (research/seed-002-004.md §1.1: a site with many receiver classes needs
// many tests). Checks read only the client-visible result, so they give the
// same verdict in every linker mode.
package check

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/rules-fragment/rules_fragment/tools/report"
)

// Kinds of checks, as written in "-check KIND=VALUE".
const (
	MaxUnresolved   = "max_unresolved"  // call sites whose reference does not resolve
	MaxPhantom      = "max_phantom"     // call edges into classes missing from the class path
	MaxUnmodelled   = "max_unmodelled"  // invokedynamic sites not modelled
	MaxPolymorphic  = "max_polymorphic" // polymorphic call sites
	MaxMeanRC       = "max_mean_rc"     // mean receiver classes over polymorphic sites
	MaxRC           = "max_rc"          // receiver classes at any one site
	Forbid          = "forbid"          // "FROM->TO": no call edge from FROM code to TO code
	maxListedDetail = 10
)

var kinds = []string{MaxUnresolved, MaxPhantom, MaxUnmodelled, MaxPolymorphic, MaxMeanRC, MaxRC, Forbid}

// Description describes a kind of check to readers of its verdicts (the
// rules of a SARIF log).
type Description struct {
	Name  string // a rule name: "ForbiddenCall"
	Short string // one sentence
	Full  string // what it counts, and how to fix a failure
}

var descriptions = map[string]Description{
	MaxUnresolved: {"UnresolvedCall", "A call does not resolve.",
		"A call site's method reference does not resolve in the linked program: the JVM would throw the error named (NoSuchMethodError, IncompatibleClassChangeError, …) when the call runs. Usually a dependency of another version than the code was compiled against."},
	MaxPhantom: {"CallIntoMissingClass", "Calls reach classes missing from the class path.",
		"Call edges lead into classes that no input defines (phantoms): the analysis cannot see their code, so its results are incomplete there. Add the missing dependency."},
	MaxUnmodelled: {"UnmodelledInvokedynamic", "invokedynamic sites are not modelled.",
		"invokedynamic call sites other than lambdas, string concatenation, records and pattern switches: the analyses do not know their targets."},
	MaxPolymorphic: {"TooManyPolymorphicSites", "Too many polymorphic call sites.",
		"Call sites with more than one receiver class each need a test per receiver class for polymorphism coverage (receiver classes RC and target methods TM per site)."},
	MaxMeanRC: {"MeanReceiverClassesTooHigh", "The mean number of receiver classes over polymorphic sites is too high.",
		"The mean |RC| over polymorphic call sites, a measure of how many tests polymorphism coverage requires."},
	MaxRC: {"TooManyReceiverClasses", "A call site has too many receiver classes.",
		"A virtual or interface call site may dispatch on more receiver classes than the limit: polymorphism coverage needs a test for each. A more precise analysis (andersen) or a narrower static type lowers the count."},
	Forbid: {"ForbiddenCall", "A call from one part of the code to another is forbidden.",
		"A call edge goes from code matching the check's FROM (a class or package) to code matching its TO: a dependency the build forbids."},
}

// Describe describes a kind of check (one of Parse's).
func Describe(kind string) Description { return descriptions[kind] }

// Check is one parsed check.
type Check struct {
	Kind     string
	Limit    float64 // for the max_ kinds
	From, To string  // for forbid: class-name prefixes in internal form
}

func (c Check) String() string {
	if c.Kind == Forbid {
		return fmt.Sprintf("%s=%s->%s", c.Kind, c.From, c.To)
	}
	return fmt.Sprintf("%s=%s", c.Kind, strconv.FormatFloat(c.Limit, 'g', -1, 64))
}

// Parse parses "KIND=VALUE". Forbid takes "FROM->TO" with class or package
// names in Java ("com.example.ui") or internal ("com/example/ui") form; a
// name matches itself and, as a package, everything under it.
func Parse(s string) (Check, error) {
	kind, val, ok := strings.Cut(s, "=")
	if !ok || !slices.Contains(kinds, kind) {
		return Check{}, fmt.Errorf("check %q: want KIND=VALUE with KIND one of %s", s, strings.Join(kinds, ", "))
	}
	c := Check{Kind: kind}
	if kind == Forbid {
		from, to, ok := strings.Cut(val, "->")
		from, to = internal(from), internal(to)
		if !ok || from == "" || to == "" {
			return Check{}, fmt.Errorf("check %q: want forbid=FROM->TO", s)
		}
		c.From, c.To = from, to
		return c, nil
	}
	v, err := strconv.ParseFloat(val, 64)
	if err != nil || v < 0 {
		return Check{}, fmt.Errorf("check %q: the limit must be a number >= 0", s)
	}
	c.Limit = v
	return c, nil
}

func internal(name string) string {
	return strings.ReplaceAll(strings.TrimSpace(name), ".", "/")
}

// Evaluate runs the checks on every analysis of r and returns one result
// per check and analysis, in check order.
func Evaluate(r *report.Result, checks []Check) []report.CheckResult {
	var out []report.CheckResult
	for _, c := range checks {
		for _, a := range r.Analyses {
			res := report.CheckResult{Check: c.String(), Analysis: a.Analysis, OK: true}
			t := a.Totals
			bound := func(what string, v float64) {
				res.Value = v
				if v > c.Limit {
					res.OK = false
					res.Detail = append(res.Detail, fmt.Sprintf("%s: %s > %s", what, strconv.FormatFloat(v, 'g', -1, 64), strconv.FormatFloat(c.Limit, 'g', -1, 64)))
				}
			}
			switch c.Kind {
			case MaxUnresolved:
				bound("unresolved call sites", float64(t.UnresolvedSites))
				res.Findings = findings(a, func(s *report.Site) string {
					if s.Error == "" {
						return ""
					}
					return fmt.Sprintf("%s does not resolve: %s", s.Ref, s.Error)
				})
			case MaxPhantom:
				bound("call edges into missing classes", float64(t.PhantomTargets))
			case MaxUnmodelled:
				bound("unmodelled invokedynamic sites", float64(t.UnmodelledDynamicSites))
				res.Findings = findings(a, func(s *report.Site) string {
					if s.Kind != "dynamic" {
						return ""
					}
					return "invokedynamic " + s.Ref + " is not modelled"
				})
			case MaxPolymorphic:
				bound("polymorphic call sites", float64(t.PolymorphicSites))
			case MaxMeanRC:
				bound("mean |RC| over polymorphic sites", t.MeanRC)
			case MaxRC:
				most := 0
				for _, m := range a.Methods {
					for _, s := range m.Sites {
						most = max(most, len(s.RC))
					}
				}
				bound("largest |RC| of a call site", float64(most))
				res.Findings = findings(a, func(s *report.Site) string {
					if float64(len(s.RC)) <= c.Limit {
						return ""
					}
					return fmt.Sprintf("the call of %s has %d receiver classes, more than %s", s.Ref, len(s.RC), strconv.FormatFloat(c.Limit, 'g', -1, 64))
				})
			case Forbid:
				// One finding per offending call site, naming its first
				// forbidden target; the value counts the edges.
				edges := 0
				res.Findings = findings(a, func(s *report.Site) string {
					var bad []string
					for _, tm := range s.TM {
						if matches(tm, c.To) {
							bad = append(bad, tm)
						}
					}
					if len(bad) == 0 {
						return ""
					}
					edges += len(bad)
					more := ""
					if len(bad) > 1 {
						more = fmt.Sprintf(" (and %d more targets there)", len(bad)-1)
					}
					return "calls " + bad[0] + more
				}, func(m *report.Method) bool { return matches(m.Method, c.From) })
				res.Value = float64(edges)
				res.OK = edges == 0
			}
			if res.OK {
				res.Detail, res.Findings = nil, nil
			}
			res.Detail = append(res.Detail, detail(res.Findings)...)
			out = append(out, res)
		}
	}
	return out
}

// findings lists the sites of a's methods (those callers accepts, all if
// none is given) for which problem returns a message.
func findings(a *report.Analysis, problem func(*report.Site) string, callers ...func(*report.Method) bool) []report.Finding {
	var out []report.Finding
	for _, m := range a.Methods {
		if len(callers) > 0 && !callers[0](m) {
			continue
		}
		for _, s := range m.Sites {
			if msg := problem(s); msg != "" {
				out = append(out, report.Finding{Method: m.Method, Site: s.Site, Line: s.Line, Message: msg})
			}
		}
	}
	return out
}

// detail names the first maxListedDetail findings, and how many more.
func detail(fs []report.Finding) []string {
	var out []string
	for i, f := range fs {
		if i == maxListedDetail {
			out = append(out, fmt.Sprintf("… %d more call sites", len(fs)-maxListedDetail))
			break
		}
		out = append(out, fmt.Sprintf("%s @%d (line %d) %s", f.Method, f.Site, f.Line, f.Message))
	}
	return out
}

// matches reports whether the class of a method key ("pkg/C.m(desc)") or a
// class name is prefix itself, or in package or nested in class prefix.
func matches(key, prefix string) bool {
	class, _, ok := report.SplitKey(key)
	if !ok {
		class = key
	}
	if !strings.HasPrefix(class, prefix) {
		return false
	}
	rest := class[len(prefix):]
	return rest == "" || rest[0] == '/' || rest[0] == '$' || strings.HasSuffix(prefix, "/")
}

// Passed reports whether every check result is OK.
func Passed(rs []report.CheckResult) bool {
	for _, r := range rs {
		if !r.OK {
			return false
		}
	}
	return true
}
