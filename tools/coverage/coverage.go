// Package coverage measures how much of the polymorphism coverage
// requirements an analysis computes a program run met (research/
// seed-002-004.md §1.1, seed 002's polymorphism testing): at each
// polymorphic call site c, the receiver classes RC(c) a test suite should
// make the call on and the target methods TM(c) it should reach, against
// those a run was seen to use. The run is a trace in the format of
// tools/tracer's JVMTI agent: its edges ("caller@bci -> callee") and
// its receivers ("caller@bci -> callee on Class").
//
// The JVM's lambda classes are hidden classes (Host$$Lambda$N.0x…, from
// Java 21 Host$$Lambda.0x…, as JVMTI names them) that the IR names
// Host$$Lambda$I$S: an observed one
// covers the RC entries of the same host, and a call entering a method of
// one covers the TM entries of the same host, name and descriptor.
// Observations outside the requirements (which a sound analysis never
// has, reflection aside) are listed as unexpected, not counted; entered
// methods of another name or descriptor than the site's method reference
// are the JVM's own calls at the instruction (class loading, exceptions
// it throws) and are ignored. One hidden lambda class covers every IR
// lambda class of its host at the site, so a host with several lambdas
// there may be credited too much.
//
// A library analysed for every client (linker -fragment) requires
// placeholder client classes; a test's own subclass of a library type
// meets the placeholder of its nearest library supertype, found through
// the supertypes the tracer records (types=FILE, Trace.ReadTypes;
// placeholders.go).
//
// WriteHTML shows the result as a page (fragment coverage -html), with the
// standard library's html/template.
package coverage

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/rules-fragment/rules_fragment/tools/report"
)

// SiteKey names a call site: the caller's key and the bytecode offset.
type SiteKey struct {
	Method string
	Site   int32
}

// Trace is what a run was seen to do, per call site.
type Trace struct {
	Targets   map[SiteKey][]string   // methods entered
	Receivers map[SiteKey][]Receiver // receiver classes, with the method entered
	// Supertypes are the direct supertypes of the receiver classes and of
	// theirs (ReadTypes; nil: none read).
	Supertypes map[string][]string
}

// Receiver is a receiver class seen at a site, and the method it entered.
type Receiver struct{ Callee, Class string }

// ReadTrace reads a tracer's edges and receivers (nil: none); each file is
// named in errors, with the line.
func ReadTrace(edges io.Reader, edgesName string, recv io.Reader, recvName string) (*Trace, error) {
	t := &Trace{Targets: map[SiteKey][]string{}, Receivers: map[SiteKey][]Receiver{}}
	read := func(r io.Reader, name string, withClass bool) error {
		return readLines(r, name, func(line string) error {
			k, callee, class, err := parseLine(line, withClass)
			if err != nil {
				return err
			}
			if withClass {
				if r := (Receiver{callee, class}); !slices.Contains(t.Receivers[k], r) {
					t.Receivers[k] = append(t.Receivers[k], r)
				}
			} else {
				t.Targets[k] = appendNew(t.Targets[k], callee)
			}
			return nil
		})
	}
	if err := read(edges, edgesName, false); err != nil {
		return nil, err
	}
	if recv != nil {
		if err := read(recv, recvName, true); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// ReadTypes reads a tracer's supertypes ("Class < Super Interface...", a
// class a line; tracer option types=FILE) into t.Supertypes; name is the
// file's, for errors.
func (t *Trace) ReadTypes(r io.Reader, name string) error {
	if t.Supertypes == nil {
		t.Supertypes = map[string][]string{}
	}
	return readLines(r, name, func(line string) error {
		class, supers, ok := strings.Cut(line, " <")
		if !ok || class == "" || strings.ContainsRune(class, ' ') || (supers != "" && supers[0] != ' ') {
			return fmt.Errorf("want CLASS < SUPERTYPE..., got %q", line)
		}
		for _, s := range strings.Fields(supers) {
			t.Supertypes[class] = appendNew(t.Supertypes[class], s)
		}
		return nil
	})
}

// readLines calls do for each non-empty line of r; its errors and the
// reader's are prefixed with the file's name (and the line's number).
func readLines(r io.Reader, name string, do func(string) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		if line := sc.Text(); line != "" {
			if err := do(line); err != nil {
				return fmt.Errorf("%s:%d: %v", name, n, err)
			}
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s: %v", name, err)
	}
	return nil
}

// parseLine splits "caller@bci -> callee[ on Class]".
func parseLine(line string, withClass bool) (SiteKey, string, string, error) {
	from, to, ok := strings.Cut(line, " -> ")
	at := strings.LastIndexByte(from, '@')
	if !ok || at < 0 {
		return SiteKey{}, "", "", fmt.Errorf("want CALLER@BCI -> CALLEE, got %q", line)
	}
	bci, err := strconv.ParseInt(from[at+1:], 10, 32)
	if err != nil {
		return SiteKey{}, "", "", fmt.Errorf("bad bytecode index in %q", line)
	}
	class := ""
	if withClass {
		if to, class, ok = strings.Cut(to, " on "); !ok || class == "" {
			return SiteKey{}, "", "", fmt.Errorf("want CALLER@BCI -> CALLEE on CLASS, got %q", line)
		}
	}
	return SiteKey{from[:at], int32(bci)}, to, class, nil
}

func appendNew(xs []string, x string) []string {
	if slices.Contains(xs, x) {
		return xs
	}
	return append(xs, x)
}

// Site is a polymorphic call site's requirements and what the run met.
type Site struct {
	Method string `json:"method"`
	Site   int32  `json:"site"`
	Line   int32  `json:"line,omitempty"`
	Ref    string `json:"ref"`
	// RC and TM are the requirements; CoveredRC and CoveredTM those met.
	RC        []string `json:"rc"`
	TM        []string `json:"tm"`
	CoveredRC []string `json:"covered_rc"`
	CoveredTM []string `json:"covered_tm"`
	// Unexpected are observed receiver classes and targets outside RC
	// and TM.
	Unexpected []string `json:"unexpected,omitempty"`
	// StandIns are the library-fragment placeholders met by classes and
	// methods of the run the requirements do not name ("placeholder by
	// observed"; placeholders.go).
	StandIns []string `json:"stand_ins,omitempty"`
	// InLambdaClass marks a site of an IR lambda class (Host$$Lambda$I$S):
	// the JVM runs that code in a hidden class of its own making, which
	// neither instrumentation nor the tracer can tie to the site, so its
	// requirements stay unmet.
	InLambdaClass bool `json:"in_lambda_class,omitempty"`
}

// Result is the coverage of one analysis' requirements.
type Result struct {
	Analysis string `json:"analysis"`
	// Sites are the polymorphic sites in scope, in the result's order.
	Sites []Site `json:"sites"`
	// Totals over Sites: requirements, those met, and sites the run
	// reached (any target entered).
	RCRequired int `json:"rc_required"`
	RCCovered  int `json:"rc_covered"`
	TMRequired int `json:"tm_required"`
	TMCovered  int `json:"tm_covered"`
	Reached    int `json:"sites_reached"`
}

// RCRatio and TMRatio are the shares of the requirements met (1 without
// requirements).
func (r *Result) RCRatio() float64 { return ratio(r.RCCovered, r.RCRequired) }
func (r *Result) TMRatio() float64 { return ratio(r.TMCovered, r.TMRequired) }

func ratio(a, b int) float64 {
	if b == 0 {
		return 1
	}
	return float64(a) / float64(b)
}

// Measure measures how much of a's requirements (its polymorphic virtual
// and interface sites) the trace met.
func Measure(a *report.Analysis, t *Trace) *Result {
	r := &Result{Analysis: a.Analysis}
	for _, m := range a.Methods {
		for _, s := range m.Sites {
			if !s.Polymorphic() {
				continue
			}
			k := SiteKey{m.Method, s.Site}
			site := Site{Method: m.Method, Site: s.Site, Line: s.Line, Ref: s.Ref, RC: s.RC, TM: s.TM,
				CoveredRC: []string{}, CoveredTM: []string{}}
			if class, _, _ := report.SplitKey(m.Method); LambdaHost(class) != "" && !Hidden(class) {
				site.InLambdaClass = true
			}
			_, sel, _ := report.SplitKey(s.Ref)
			for _, r := range t.Receivers[k] {
				if _, m, _ := report.SplitKey(r.Callee); m != sel {
					continue // the JVM's call at the instruction (class loading, exceptions)
				}
				if got := matching(s.RC, r.Class, classMatches); len(got) > 0 {
					site.CoveredRC = union(site.CoveredRC, got)
				} else if got := t.standInClasses(s.RC, s.TM, r); len(got) > 0 {
					site.CoveredRC = union(site.CoveredRC, got)
					site.StandIns = standIns(site.StandIns, got, r.Class)
				} else {
					site.Unexpected = appendNew(site.Unexpected, "receiver "+r.Class)
				}
			}
			reached := false
			for _, callee := range t.Targets[k] {
				if _, m, _ := report.SplitKey(callee); m != sel {
					continue
				}
				reached = true
				if got := matching(s.TM, callee, methodMatches); len(got) > 0 {
					site.CoveredTM = union(site.CoveredTM, got)
				} else if got := t.standInMethods(s.TM, callee); len(got) > 0 {
					site.CoveredTM = union(site.CoveredTM, got)
					site.StandIns = standIns(site.StandIns, got, callee)
				} else {
					site.Unexpected = appendNew(site.Unexpected, "target "+callee)
				}
			}
			slices.Sort(site.CoveredRC)
			slices.Sort(site.CoveredTM)
			slices.Sort(site.Unexpected)
			slices.Sort(site.StandIns)
			r.RCRequired += len(s.RC)
			r.TMRequired += len(s.TM)
			r.RCCovered += len(site.CoveredRC)
			r.TMCovered += len(site.CoveredTM)
			if reached {
				r.Reached++
			}
			r.Sites = append(r.Sites, site)
		}
	}
	return r
}

// matching returns the entries of required that observed x covers.
func matching(required []string, x string, matches func(req, x string) bool) []string {
	var out []string
	for _, r := range required {
		if matches(r, x) {
			out = append(out, r)
		}
	}
	return out
}

func union(xs, ys []string) []string {
	for _, y := range ys {
		xs = appendNew(xs, y)
	}
	return xs
}

// classMatches reports whether observed class x is required class req: the
// same name, or a hidden lambda class and an IR lambda class of one host.
func classMatches(req, x string) bool {
	if req == x {
		return true
	}
	h := LambdaHost(x)
	return Hidden(x) && h != "" && LambdaHost(req) == h
}

// methodMatches is classMatches for methods "pkg/C.name(desc)": the same
// key, or the same name and descriptor in lambda classes of one host.
func methodMatches(req, x string) bool {
	if req == x {
		return true
	}
	rc, rm, ok1 := report.SplitKey(req)
	xc, xm, ok2 := report.SplitKey(x)
	return ok1 && ok2 && rm == xm && classMatches(rc, xc)
}

// LambdaHost returns the class whose code defines a lambda class, for the
// JVM's hidden lambda classes as JVMTI names them (Host$$Lambda$N.0x… up
// to Java 20, Host$$Lambda.0x… from Java 21) and the IR's synthetic ones
// (Host$$Lambda$I$S); "" for other classes.
func LambdaHost(class string) string {
	host, rest, ok := strings.Cut(class, "$$Lambda")
	if !ok || !strings.HasPrefix(rest, "$") && !strings.HasPrefix(rest, ".0x") {
		return ""
	}
	return host
}

// Hidden reports whether class is a hidden class as JVMTI names it.
func Hidden(class string) bool { return strings.Contains(class, ".0x") }

// Packages returns the packages ("pkg/", internal form) of the methods with
// polymorphic sites in res, sorted: what a tracer must record to measure
// the coverage of res. A class of the unnamed package is its own entry.
func Packages(res *report.Result) []string {
	var out []string
	for _, a := range res.Analyses {
		for _, m := range a.Methods {
			if !slices.ContainsFunc(m.Sites, (*report.Site).Polymorphic) {
				continue
			}
			class, _, _ := report.SplitKey(m.Method)
			pkg := class
			if i := strings.LastIndexByte(class, '/'); i >= 0 {
				pkg = class[:i+1]
			}
			out = appendNew(out, pkg)
		}
	}
	slices.Sort(out)
	return out
}
