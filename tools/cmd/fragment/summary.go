package main

import (
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/rules-fragment/rules_fragment/tools/classfile"
	"github.com/rules-fragment/rules_fragment/tools/summary"
)

const summaryUsage = "usage: fragment summary [-classes] [-class NAME [-bodies]] FILE.rfsum"

// runSummary prints what a summary holds: its header and counts, its
// classes, or one class's members and, with -bodies, its methods'
// summary statements (docs/SUMMARY_FORMAT.md).
func runSummary(args []string, w io.Writer) error {
	fs := flag.NewFlagSet("summary", flag.ContinueOnError)
	classes := fs.Bool("classes", false, "list the classes: name, kind, superclass, method count")
	class := fs.String("class", "", "print this class (binary name, dots or slashes): supertypes, fields, methods")
	bodies := fs.Bool("bodies", false, "with -class: print each method's summary statements")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 || (*bodies && *class == "") {
		return errors.New(summaryUsage)
	}
	path := fs.Arg(0)
	st, err := os.Stat(path)
	if err != nil {
		return err
	}
	u, h, err := summary.ReadUnitFile(path)
	if err != nil {
		return err
	}
	switch {
	case *class != "":
		name := strings.ReplaceAll(*class, ".", "/")
		for _, c := range u.Classes {
			if c.Name == name {
				return printClass(w, u, u.Complete(c), *bodies)
			}
		}
		return fmt.Errorf("%s: no class %s", path, name)
	case *classes:
		for _, c := range u.Classes {
			c = u.Complete(c)
			super := c.Super
			if super == "" && c.Name != "java/lang/Object" {
				super = "java/lang/Object"
			}
			fmt.Fprintf(w, "%s %s extends %s, %d methods\n", classKind(c.Access), c.Name, super, len(c.Methods))
		}
		return nil
	}
	return printHeader(w, path, st.Size(), u, h)
}

func printHeader(w io.Writer, path string, size int64, u *summary.Unit, h summary.Header) error {
	fmt.Fprintf(w, "%s: summary of %s (schema %d, %s), %d bytes\n", path, h.Target, h.Schema, h.Producer, size)
	fmt.Fprintf(w, "  content sha256 %s; tables %d bytes (%d compressed), method bodies %d bytes compressed\n",
		hex.EncodeToString(h.BodySHA), h.BodySize, h.FrameSize, h.Attached)
	for _, d := range h.Deps {
		fmt.Fprintf(w, "  dependency %s (%s)\n", d.Target, shortSHA(d.BodySHA))
	}
	var methods, bodies, fields, stmts int
	for _, c := range u.Classes {
		c = u.Complete(c)
		methods += len(c.Methods)
		fields += len(c.Fields)
		for i := range c.Methods {
			b, err := u.Body(c, i, nil)
			if err != nil {
				return fmt.Errorf("%s: %s.%s%s: %v", path, c.Name, c.Methods[i].Name, c.Methods[i].Desc, err)
			}
			if b != nil {
				bodies++
				stmts += len(b.Stmts)
			}
		}
	}
	fmt.Fprintf(w, "  %d modules, %d classes, %d fields, %d methods, %d with statements (%d statements), %d service configurations\n",
		len(u.Modules), len(u.Classes), fields, methods, bodies, stmts, len(u.Services))
	fmt.Fprintf(w, "  pool: %d strings, %d field and %d method references\n", u.Pool.NumStrings(), u.Pool.NumFields(), u.Pool.NumMethods())
	return nil
}

func shortSHA(b []byte) string {
	s := hex.EncodeToString(b)
	if len(s) > 12 {
		s = s[:12]
	}
	return s
}

func printClass(w io.Writer, u *summary.Unit, c *summary.Class, bodies bool) error {
	fmt.Fprintf(w, "%s %s", classKind(c.Access), c.Name)
	if c.Super != "" {
		fmt.Fprintf(w, " extends %s", c.Super)
	}
	if len(c.Interfaces) > 0 {
		fmt.Fprintf(w, " implements %s", strings.Join(c.Interfaces, ", "))
	}
	if c.Module != "" {
		fmt.Fprintf(w, " (module %s)", c.Module)
	}
	fmt.Fprintln(w)
	for _, f := range c.Fields {
		fmt.Fprintf(w, "  field %s:%s [%s]\n", f.Name, f.Desc, access(f.Access))
	}
	for i, m := range c.Methods {
		b, err := u.Body(c, i, nil)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "  method %s%s [%s]", m.Name, m.Desc, access(m.Access))
		if b == nil {
			fmt.Fprintln(w)
			continue
		}
		fmt.Fprintf(w, ": %d statements\n", len(b.Stmts))
		if bodies {
			fmt.Fprintf(w, "    params %s\n", vars(b.Params))
			for _, s := range b.Stmts {
				fmt.Fprintf(w, "    %s\n", formatStmt(u.Pool, s))
			}
		}
	}
	return nil
}

func classKind(acc uint16) string {
	switch {
	case acc&classfile.AccAnnotation != 0:
		return "@interface"
	case acc&classfile.AccInterface != 0:
		return "interface"
	case acc&classfile.AccEnum != 0:
		return "enum"
	case acc&classfile.AccAbstract != 0:
		return "abstract class"
	case acc&classfile.AccFinal != 0:
		return "final class"
	}
	return "class"
}

var accessNames = []struct {
	bit  uint16
	name string
}{{classfile.AccPublic, "public"}, {classfile.AccPrivate, "private"}, {classfile.AccProtected, "protected"},
	{classfile.AccStatic, "static"}, {classfile.AccFinal, "final"}, {classfile.AccNative, "native"},
	{classfile.AccAbstract, "abstract"}, {classfile.AccSynthetic, "synthetic"}}

func access(acc uint16) string {
	var s []string
	for _, a := range accessNames {
		if acc&a.bit != 0 {
			s = append(s, a.name)
		}
	}
	if len(s) == 0 {
		return "package"
	}
	return strings.Join(s, " ")
}
