package main

import (
	"flag"
	"fmt"
	"io"
	"sort"
	"sync"
	"time"

	"github.com/rules-fragment/rules_fragment/tools/frontend"
	"github.com/rules-fragment/rules_fragment/tools/ir"
)

// irStats counts what the IR of a classpath contains.
type irStats struct {
	mu                sync.Mutex
	methods, stmts    int
	synthMethods      int
	vars              int
	lambdas           int
	synthetic         int
	unresolvedDynamic int
	concat            int
	kinds             map[string]int
	abstractOrNative  int
	maxStmts          int
	maxStmtsMethod    string
}

func (s *irStats) add(c *frontend.Class, ic *ir.Class) {
	local := map[string]int{}
	var methods, stmts, vars, lambdas, dyn, concat, maxS int
	var maxM string
	count := func(m *ir.Method) {
		methods++
		stmts += len(m.Stmts)
		vars += len(m.Vars)
		if len(m.Stmts) > maxS {
			maxS, maxM = len(m.Stmts), m.Key()
		}
		for _, st := range m.Stmts {
			local[fmt.Sprintf("%T", st)[4:]]++
			switch st := st.(type) {
			case *ir.New:
				if st.Lambda != nil {
					lambdas++
				}
			case *ir.InvokeDynamic:
				dyn++
			case *ir.StringConcat:
				concat++
			}
		}
	}
	for _, m := range ic.Methods {
		count(m)
	}
	bodies := methods
	synth := 0
	for _, sc := range ic.Synthetic {
		synth++
		for _, m := range sc.Methods {
			count(m)
		}
	}
	bodyless := 0
	for _, m := range c.File.Methods {
		if m.Code == nil {
			bodyless++
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.methods += bodies
	s.synthMethods += methods - bodies
	s.stmts += stmts
	s.vars += vars
	s.lambdas += lambdas
	s.synthetic += synth
	s.unresolvedDynamic += dyn
	s.concat += concat
	s.abstractOrNative += bodyless
	for k, v := range local {
		s.kinds[k] += v
	}
	if maxS > s.maxStmts || (maxS == s.maxStmts && maxM < s.maxStmtsMethod) {
		s.maxStmts, s.maxStmtsMethod = maxS, maxM
	}
}

func runStats(args []string, w io.Writer) error {
	fs := flag.NewFlagSet("stats", flag.ExitOnError)
	release := fs.Int("release", 17, "Java release for multi-release jars")
	workers := fs.Int("workers", 0, "parallel workers (0: GOMAXPROCS)")
	fs.Parse(args)
	if fs.NArg() == 0 {
		return fmt.Errorf("stats: no containers given")
	}
	start := time.Now()
	p, err := frontend.Load(fs.Args(), frontend.Options{Release: *release, Workers: *workers})
	if err != nil {
		return err
	}
	defer p.Close()
	loaded := time.Since(start)
	st := &irStats{kinds: map[string]int{}}
	if err := p.ForEachIR(func(c *frontend.Class, ic *ir.Class) error {
		for _, m := range ic.Methods {
			if err := ir.Check(m); err != nil {
				return fmt.Errorf("%s: %w", c.Location(), err)
			}
		}
		st.add(c, ic)
		return nil
	}); err != nil {
		return err
	}
	built := time.Since(start) - loaded
	hs := p.Hierarchy.Stats()
	fmt.Fprintf(w, "containers        %d\n", len(p.Classpath.Containers()))
	for _, c := range p.Classpath.Containers() {
		fmt.Fprintf(w, "  %-60s %6d classes\n", c.Name(), len(c.Entries()))
	}
	fmt.Fprintf(w, "classes           %d (%d interfaces, %d shadowed by earlier containers, %d module descriptors)\n", len(p.Classes), hs.Interfaces, p.Shadowed, p.Modules)
	if p.Hidden > 0 || p.Misplaced > 0 {
		fmt.Fprintf(w, "left out          %d classes the runtime's packages or classes hide, %d class files at another class's path\n", p.Hidden, p.Misplaced)
	}
	fmt.Fprintf(w, "phantom classes   %d (referenced supertypes not on the classpath)\n", hs.Phantoms)
	fmt.Fprintf(w, "methods           %d declared in class files, %d with bodies, %d abstract or native\n", st.methods+st.abstractOrNative, st.methods, st.abstractOrNative)
	fmt.Fprintf(w, "hierarchy         %d classes incl. %d lambda classes, %d methods\n", hs.Classes, hs.Synthetic, hs.Methods)
	fmt.Fprintf(w, "fields            %d\n", hs.Fields)
	fmt.Fprintf(w, "lambda sites      %d (synthetic classes %d, methods %d)\n", st.lambdas, st.synthetic, st.synthMethods)
	fmt.Fprintf(w, "string concats    %d\n", st.concat)
	fmt.Fprintf(w, "unresolved indy   %d\n", st.unresolvedDynamic)
	fmt.Fprintf(w, "IR statements     %d, variables %d\n", st.stmts, st.vars)
	fmt.Fprintf(w, "largest method    %s (%d statements)\n", st.maxStmtsMethod, st.maxStmts)
	keys := make([]string, 0, len(st.kinds))
	for k := range st.kinds {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	fmt.Fprintf(w, "statements by kind\n")
	for _, k := range keys {
		fmt.Fprintf(w, "  %-18s %9d\n", k, st.kinds[k])
	}
	fmt.Fprintf(w, "time              load+link %v, IR+check %v\n", loaded.Round(time.Millisecond), built.Round(time.Millisecond))
	return nil
}
