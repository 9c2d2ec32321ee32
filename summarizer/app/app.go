// Package app is the summarizer program: flags, loading, summarising. It is
// a package so that tests call it in-process.
package app

import (
	"bytes"
	"cmp"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/rules-fragment/rules_fragment/tools/flagx"
	"github.com/rules-fragment/rules_fragment/tools/frontend"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/ir"
	"github.com/rules-fragment/rules_fragment/tools/outfile"
	"github.com/rules-fragment/rules_fragment/tools/progress"
	"github.com/rules-fragment/rules_fragment/tools/summary"
)

// Producer names this program in summary headers.
const Producer = "rules_fragment summarizer 0.1"

// Config is the parsed command line.
type Config struct {
	Target  string
	Jars    flagx.List
	Deps    flagx.List
	Out     string
	Release int
	Workers int
	// Stats, if set, receives one line of figures about the summary.
	Stats io.Writer
	// Progress, if a terminal, shows how far the summary has come
	// (package progress).
	Progress io.Writer
	// Warm, if set, is where the warm starts of the points-to analyses go
	// (a runtime's summary only: pointsto.Checkpoint).
	Warm string
	// Cache, if set, keeps decoded dependency summaries for later runs (a
	// persistent worker).
	Cache *summary.Cache
	// AllDeps adds every class of the dependencies to the target's
	// hierarchy, not only those it needs (depClasses); the summary is the
	// same.
	AllDeps bool
}

// ParseFlags parses the command line.
func ParseFlags(fs *flag.FlagSet, args []string) (*Config, error) {
	c := &Config{}
	fs.StringVar(&c.Target, "target", "", "name of the summarised target, e.g. a Bazel label (required)")
	fs.Var(&c.Jars, "jar", "class-file container of the target: jar, directory, jmod, JDK home or lib/modules; repeatable")
	fs.Var(&c.Deps, "dep", "summary of a direct dependency; repeatable")
	fs.StringVar(&c.Out, "o", "", "output summary file (required)")
	fs.IntVar(&c.Release, "release", 17, "Java release for multi-release jars")
	fs.IntVar(&c.Workers, "workers", 0, "parallelism (0: GOMAXPROCS); the output does not depend on it")
	stats := fs.Bool("stats", false, "print figures about the summary to stderr")
	fs.BoolVar(&c.AllDeps, "all-deps", false, "add every class of the dependencies to the hierarchy, not only those the target needs (same summary, slower; for comparison)")
	fs.StringVar(&c.Warm, "warm-start", "", "also write the warm starts of the points-to analyses here (for a Java runtime: the fixpoint of the JVM's start-up code, which every program reaches)")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	if *stats {
		c.Stats = os.Stderr
	}
	switch {
	case c.Target == "":
		return nil, errors.New("no -target given")
	case c.Out == "":
		return nil, errors.New("no -o given")
	case len(c.Jars) == 0:
		return nil, errors.New("no -jar given")
	}
	return c, nil
}

// Run writes the summary of the configured target.
func Run(c *Config) error {
	var buf bytes.Buffer
	if err := Summarize(c, &buf); err != nil {
		return err
	}
	if err := outfile.WriteBytes(c.Out, buf.Bytes()); err != nil {
		return err
	}
	if c.Warm != "" {
		return writeWarm(c)
	}
	return nil
}

// Summarize writes the summary to w.
func Summarize(c *Config, w *bytes.Buffer) error {
	var deps []*summary.Unit
	h := summary.Header{Producer: Producer, Target: c.Target}
	for _, d := range c.Deps {
		u, dh, err := c.Cache.ReadUnit(d)
		if err != nil {
			return err
		}
		deps = append(deps, u)
		h.Deps = append(h.Deps, summary.Dep{Target: dh.Target, BodySHA: dh.BodySHA})
	}
	u, fe, added, err := summarize(c, deps, h, !c.AllDeps)
	if !c.AllDeps && (err != nil || fe.Hierarchy.OmittedLookups() != nil) {
		// A class left out was looked up (or the target failed, which
		// then is not for want of a class): again with all of them.
		if fe != nil {
			fe.Close()
		}
		u, fe, added, err = summarize(c, deps, h, false)
	}
	if err != nil {
		return err
	}
	defer fe.Close()
	bar := progress.New(c.Progress, -1, c.Target+": compressing the summary")
	err = summary.WriteUnit(w, h, u)
	bar.Done()
	if err != nil {
		return err
	}
	if c.Stats != nil {
		var bodies, stmts int
		for _, k := range u.Classes {
			for _, b := range k.Bodies {
				if b != nil {
					bodies++
				}
			}
		}
		stmts = countStatements(u)
		all := 0
		for _, d := range deps {
			all += len(d.Classes)
		}
		fmt.Fprintf(c.Stats, "summary %s: %d classes, %d bodies, %d statements; class bytes %d, summary bytes %d (%.2f%%); %d of %d dependency classes in its hierarchy\n",
			c.Target, len(u.Classes), bodies, stmts, fe.ClassBytes, w.Len(), 100*float64(w.Len())/float64(max(fe.ClassBytes, 1)), added, all)
		if fe.Hidden > 0 || fe.Misplaced > 0 {
			fmt.Fprintf(c.Stats, "summary %s: left out %d classes the runtime's packages or classes hide, %d class files at another class's path\n", c.Target, fe.Hidden, fe.Misplaced)
		}
	}
	return nil
}

// summarize loads the target with its dependencies (only the classes it
// needs, depClasses, or all) and builds its unit; added counts the
// dependency classes given to the hierarchy.
func summarize(c *Config, deps []*summary.Unit, h summary.Header, only bool) (u *summary.Unit, fe *frontend.Program, added int, err error) {
	bar := progress.New(c.Progress, -1, c.Target+": reading class files")
	fe, err = frontend.Load(c.Jars, frontend.Options{Release: c.Release, Workers: c.Workers, Runtime: runtimeAmong(deps),
		More: func(b *hierarchy.Builder, fp *frontend.Program) error {
			// Dependencies join the hierarchy so that the IR is typed as in
			// the whole program: the runtime's classes first, and none it
			// hides (hierarchy.Runtime).
			order := precedence(deps, fp.Runtime)
			var keep [][]bool
			if only {
				var omitted func(string) bool
				keep, omitted = depClasses(deps, order, fp.Classes, fp.Runtime)
				b.SetOmitted(omitted)
			}
			for _, i := range order {
				d := deps[i]
				var k []bool
				if keep != nil {
					k = keep[i]
				} else {
					k = d.Visible(fp.Runtime)
				}
				if k != nil {
					added += countTrue(k)
				} else {
					added += len(d.Classes)
				}
				d.AddTo(b, h.Deps[i].Target, k, nil)
			}
			return nil
		}})
	bar.Done()
	if err != nil {
		return nil, nil, 0, err
	}
	bar = progress.New(c.Progress, len(fe.Classes), c.Target+": summarizing classes")
	u, err = build(fe, bar)
	bar.Done()
	if err != nil {
		fe.Close()
		return nil, nil, 0, err
	}
	return u, fe, added, nil
}

func countTrue(bs []bool) int {
	n := 0
	for _, b := range bs {
		if b {
			n++
		}
	}
	return n
}

func countStatements(u *summary.Unit) int {
	n := 0
	for _, k := range u.Classes {
		for i := range k.Bodies {
			if b, err := u.Body(k, i, nil); err == nil && b != nil {
				n += len(b.Stmts)
			}
		}
	}
	return n
}

// classBodies is the projected bodies of one class file and its lambda
// classes, encoded with ids of a pool of their own (so classes can be
// projected in parallel and merged in a fixed order).
type classBodies struct {
	pool   *summary.Pool
	bodies map[string]map[string][]byte // class → name+desc → body
}

// build summarises fe's classes, counting them on bar.
func build(fe *frontend.Program, bar *progress.Bar) (*summary.Unit, error) {
	index := make(map[*frontend.Class]int, len(fe.Classes))
	for i, c := range fe.Classes {
		index[c] = i
	}
	slots := make([]*classBodies, len(fe.Classes))
	err := fe.ForEachIR(func(c *frontend.Class, ic *ir.Class) error {
		defer bar.Add(1)
		cb := &classBodies{pool: summary.NewPool(), bodies: map[string]map[string][]byte{}}
		add := func(class string, m *ir.Method) {
			if cb.bodies[class] == nil {
				cb.bodies[class] = map[string][]byte{}
			}
			cb.bodies[class][m.Name+m.Desc] = summary.AppendBody(nil, summary.Optimize(summary.FromIR(m, cb.pool)))
		}
		for _, m := range ic.Methods {
			add(c.File.Name, m)
		}
		for _, sc := range ic.Synthetic {
			for _, m := range sc.Methods {
				add(sc.Name, m)
			}
		}
		slots[index[c]] = cb
		return nil
	})
	if err != nil {
		return nil, err
	}
	// The unit's classes: those of the target's class files (with their
	// lambda classes), in hierarchy order (sorted by name).
	h := fe.Hierarchy
	inTarget := map[string]*frontend.Class{}
	for _, c := range fe.Classes {
		inTarget[c.File.Name] = c
	}
	for name, host := range fe.LambdaHosts {
		inTarget[name] = host
	}
	var classes []*hierarchy.Class
	var specs []*hierarchy.ClassSpec
	for _, c := range h.Classes() {
		if inTarget[c.Name] != nil && !c.Phantom && !c.IsArray() {
			spec := hierarchy.SpecOf(c)
			spec.Origin = ""
			classes, specs = append(classes, c), append(specs, spec)
		}
	}
	u := &summary.Unit{Pool: summary.NewPool()}
	internSorted(u.Pool, specs, slots)
	mappers := map[*classBodies]*summary.Mapper{}
	for k, c := range classes {
		host := inTarget[c.Name]
		spec := specs[k]
		uc := &summary.Class{ClassSpec: *spec, Bodies: make([][]byte, len(spec.Methods))}
		cb := slots[index[host]]
		mp := mappers[cb]
		if mp == nil {
			mp = summary.NewMapper(cb.pool, u.Pool)
			mappers[cb] = mp
		}
		bodies := make([]*summary.Body, len(spec.Methods))
		for i, m := range spec.Methods {
			blob := cb.bodies[c.Name][m.Name+m.Desc]
			if blob == nil {
				continue
			}
			b, err := summary.DecodeBody(blob, cb.pool, mp)
			if err != nil {
				return nil, fmt.Errorf("%s: %s.%s%s: %w", host.Location(), c.Name, m.Name, m.Desc, err)
			}
			uc.Bodies[i], bodies[i] = summary.AppendBody(nil, b), b
		}
		uc.Refs = summary.ClassRefs(u.Pool, spec, bodies)
		u.Classes = append(u.Classes, uc)
	}
	isJar := map[string]bool{}
	for _, cont := range fe.Classpath.Containers() {
		isJar[cont.Name()] = true
	}
	for _, m := range h.Modules() {
		if m.Defined && isJar[m.Origin] {
			u.Modules = append(u.Modules, m)
		}
	}
	u.Services = summary.Services(fe.Services)
	return u, nil
}

// internSorted puts every string the unit will use into its pool in sorted
// order: a sorted table compresses better and does not depend on the order
// in which classes were projected.
func internSorted(p *summary.Pool, specs []*hierarchy.ClassSpec, slots []*classBodies) {
	set := map[string]bool{}
	for _, cb := range slots {
		for id := range int32(cb.pool.NumStrings()) {
			set[cb.pool.StringAt(id)] = true
		}
	}
	for _, spec := range specs {
		for _, s := range slices.Concat([]string{spec.Name, spec.Super, spec.Module, spec.NestHost}, spec.Interfaces, spec.NestMembers, spec.PermittedSubclasses) {
			set[s] = true
		}
		for _, m := range spec.Methods {
			set[m.Name], set[m.Desc] = true, true
		}
		for _, f := range spec.Fields {
			set[f.Name], set[f.Desc] = true, true
		}
	}
	// The classes that descriptors name, for Class.Refs (also the
	// element classes of array descriptors).
	var named []string
	for s := range set {
		if strings.HasPrefix(s, "(") || strings.HasPrefix(s, "[") || strings.HasPrefix(s, "L") && strings.HasSuffix(s, ";") {
			summary.DescriptorClasses(s, func(n string) { named = append(named, n) })
		}
	}
	for _, n := range named {
		set[n] = true
	}
	delete(set, "")
	for _, s := range slices.Sorted(maps.Keys(set)) {
		p.String(s)
	}
	// Reference tables sorted by class, name and descriptor: the encoding
	// stores differences, and ids no longer depend on projection order.
	type ref struct {
		class, name, desc string
		iface             bool
	}
	fields, methods := map[ref]bool{}, map[ref]bool{}
	for _, cb := range slots {
		ps := cb.pool.StringAt
		for id := range int32(cb.pool.NumFields()) {
			f := cb.pool.FieldAt(id)
			fields[ref{ps(f.Class), ps(f.Name), ps(f.Desc), false}] = true
		}
		for id := range int32(cb.pool.NumMethods()) {
			m := cb.pool.MethodAt(id)
			methods[ref{ps(m.Class), ps(m.Name), ps(m.Desc), m.Interface}] = true
		}
	}
	byName := func(a, b ref) int {
		return cmp.Or(strings.Compare(a.class, b.class), strings.Compare(a.name, b.name), strings.Compare(a.desc, b.desc), cmp.Compare(boolInt(a.iface), boolInt(b.iface)))
	}
	for _, f := range slices.SortedFunc(maps.Keys(fields), byName) {
		p.Field(f.class, f.name, f.desc)
	}
	for _, m := range slices.SortedFunc(maps.Keys(methods), byName) {
		p.Method(m.class, m.name, m.desc, m.iface)
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
