package main

import (
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/rules-fragment/rules_fragment/tools/frontend"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/ir"
)

func runIR(args []string, w io.Writer) error {
	fs := flag.NewFlagSet("ir", flag.ExitOnError)
	cpFlag := fs.String("cp", "", "classpath: containers separated by "+string(filepath.ListSeparator))
	release := fs.Int("release", 17, "Java release for multi-release jars")
	fs.Parse(args)
	if fs.NArg() < 1 || *cpFlag == "" {
		return fmt.Errorf("ir: need -cp and a class name")
	}
	name := strings.ReplaceAll(fs.Arg(0), ".", "/")
	method := fs.Arg(1)
	p, err := frontend.Load(filepath.SplitList(*cpFlag), frontend.Options{Release: *release})
	if err != nil {
		return err
	}
	defer p.Close()
	var found *frontend.Class
	for _, c := range p.Classes {
		if c.File.Name == name {
			found = c
			break
		}
	}
	if found == nil {
		return fmt.Errorf("ir: class %s is not on the classpath", name)
	}
	h := p.Hierarchy
	hc := h.Lookup(name)
	fmt.Fprintf(w, "// %s\n", found.Location())
	ir.FprintHeader(w, found.File)
	printHierarchyFacts(w, h, hc)
	ic, err := ir.BuildClass(found.File, p.IROptions())
	if err != nil {
		return err
	}
	for _, m := range ic.Methods {
		if method != "" && m.Name != method && m.Name+m.Desc != method {
			continue
		}
		ir.Fprint(w, m)
		if err := ir.Check(m); err != nil {
			fmt.Fprintf(w, "  CHECK FAILED: %v\n", err)
		}
	}
	for _, sc := range ic.Synthetic {
		if method != "" {
			continue
		}
		fmt.Fprintf(w, "synthetic class %s implements %s\n", sc.Name, strings.Join(sc.Interfaces, ", "))
		for _, m := range sc.Methods {
			ir.Fprint(w, m)
		}
	}
	return nil
}

func printHierarchyFacts(w io.Writer, h *hierarchy.Hierarchy, c *hierarchy.Class) {
	if c == nil {
		return
	}
	var chain []string
	for s := c.Super; s != nil; s = s.Super {
		n := s.Name
		if s.Phantom {
			n += " (phantom)"
		}
		chain = append(chain, n)
	}
	fmt.Fprintf(w, "  // superclass chain: %s\n", strings.Join(chain, " < "))
	var sup []string
	for _, s := range h.Supertypes(c) {
		sup = append(sup, s.Name)
	}
	fmt.Fprintf(w, "  // all supertypes (%d): %s\n", len(sup), strings.Join(sup, ", "))
	fmt.Fprintf(w, "  // direct subtypes %d, all subtypes %d\n", len(h.DirectSubtypes(c)), len(h.Subtypes(c))-1)
	mod := "unnamed module"
	if c.Module != nil {
		mod = "module " + c.Module.Name
	}
	fmt.Fprintf(w, "  // %s, exported to clients: %v\n", mod, h.IsExported(c))
}
