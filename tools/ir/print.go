package ir

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/rules-fragment/rules_fragment/tools/classfile"
)

// FormatStmt renders one statement in a Jimple-like syntax.
func FormatStmt(s Stmt) string {
	switch s := s.(type) {
	case *Identity:
		switch s.Kind {
		case IdentThis:
			return fmt.Sprintf("%s = @this", s.Dst)
		case IdentParam:
			return fmt.Sprintf("%s = @param%d", s.Dst, s.Index)
		default:
			return fmt.Sprintf("%s = @caughtexception", s.Dst)
		}
	case *Assign:
		return fmt.Sprintf("%s = %s", s.Dst, s.Src)
	case *New:
		if s.Lambda != nil {
			return fmt.Sprintf("%s = new %s  // lambda %s via %s", s.Dst, s.Class, s.Lambda.Interface, s.Lambda.Impl)
		}
		return fmt.Sprintf("%s = new %s", s.Dst, s.Class)
	case *NewArray:
		elem := s.T
		for range s.Dims {
			elem = elem.Elem()
		}
		rest := strings.Repeat("[]", len(s.T)-len(elem)-len(s.Dims))
		return fmt.Sprintf("%s = newarray %s%s%s", s.Dst, elem, dims(s.Dims), rest)
	case *BinOp:
		return fmt.Sprintf("%s = %s %s %s", s.Dst, s.X, s.Op, s.Y)
	case *Neg:
		return fmt.Sprintf("%s = neg %s", s.Dst, s.X)
	case *Convert:
		return fmt.Sprintf("%s = (%s) %s", s.Dst, s.To, s.X)
	case *Cast:
		return fmt.Sprintf("%s = (%s) %s  // checkcast", s.Dst, s.To, s.X)
	case *InstanceOf:
		return fmt.Sprintf("%s = %s instanceof %s", s.Dst, s.X, s.T)
	case *Load:
		return fmt.Sprintf("%s = %s", s.Dst, fieldAccess(s.Base, s.Field))
	case *Store:
		return fmt.Sprintf("%s = %s", fieldAccess(s.Base, s.Field), s.Src)
	case *ArrayLoad:
		return fmt.Sprintf("%s = %s[%s]", s.Dst, s.Array, s.Index)
	case *ArrayStore:
		return fmt.Sprintf("%s[%s] = %s", s.Array, s.Index, s.Src)
	case *ArrayLength:
		return fmt.Sprintf("%s = lengthof %s", s.Dst, s.Array)
	case *Invoke:
		call := fmt.Sprintf("%s %s.%s%s(%s) @%d", s.Kind, s.Method.Class, s.Method.Name, s.Method.Desc, values(s.Args), s.Site)
		if s.Recv != nil {
			call = fmt.Sprintf("%s %s.<%s.%s%s>(%s) @%d", s.Kind, s.Recv, s.Method.Class, s.Method.Name, s.Method.Desc, values(s.Args), s.Site)
		}
		return withDst(s.Dst, call)
	case *InvokeDynamic:
		return withDst(s.Dst, fmt.Sprintf("dynamicinvoke %s%s(%s) [%s.%s] @%d", s.Name, s.Desc, values(s.Args), s.Bootstrap.Method.Class, s.Bootstrap.Method.Name, s.Site))
	case *TypeSwitch:
		kind := "typeswitch"
		if s.Enum {
			kind = "enumswitch"
		}
		labels := make([]string, len(s.Labels))
		for i, l := range s.Labels {
			labels[i] = l.String()
		}
		return fmt.Sprintf("%s = %s(%s) [%s] @%d", s.Dst, kind, values(s.Args), strings.Join(labels, ", "), s.Site)
	case *StringConcat:
		return fmt.Sprintf("%s = strconcat(%s) %s @%d", s.Dst, values(s.Args), strconv.Quote(s.Recipe), s.Site)
	case *Return:
		if s.Value == nil {
			return "return"
		}
		return "return " + s.Value.String()
	case *Throw:
		return "throw " + s.Value.String()
	case *MonitorEnter:
		return "entermonitor " + s.X.String()
	case *MonitorExit:
		return "exitmonitor " + s.X.String()
	case *If:
		return fmt.Sprintf("if %s %s %s goto %d", s.X, s.Cond, s.Y, s.Target)
	case *Goto:
		return fmt.Sprintf("goto %d", s.Target)
	case *Switch:
		var b strings.Builder
		fmt.Fprintf(&b, "switch %s {", s.Key)
		for i, k := range s.Keys {
			fmt.Fprintf(&b, " %d: %d;", k, s.Targets[i])
		}
		fmt.Fprintf(&b, " default: %d }", s.Default)
		return b.String()
	case *SubroutineReturn:
		return fmt.Sprintf("ret %s %v", s.Addr, s.Targets)
	}
	return fmt.Sprintf("<unknown %T>", s)
}

func withDst(dst *Var, rhs string) string {
	if dst == nil {
		return rhs
	}
	return dst.String() + " = " + rhs
}

func fieldAccess(base Value, f FieldRef) string {
	if base == nil {
		return fmt.Sprintf("<%s.%s:%s>", f.Class, f.Name, f.Desc)
	}
	return fmt.Sprintf("%s.<%s.%s:%s>", base, f.Class, f.Name, f.Desc)
}

func values(vs []Value) string {
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = v.String()
	}
	return strings.Join(parts, ", ")
}

func dims(ds []Value) string {
	var b strings.Builder
	for _, d := range ds {
		fmt.Fprintf(&b, "[%s]", d)
	}
	return b.String()
}

// Fprint writes a method's IR: its variables with types, its numbered
// statements with source lines, and its traps.
func Fprint(w io.Writer, m *Method) {
	kind := "method"
	if m.Synthetic {
		kind = "synthetic method"
	}
	fmt.Fprintf(w, "%s %s.%s%s\n", kind, m.Class, m.Name, m.Desc)
	var b strings.Builder
	for i, v := range m.Vars {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s: %s", v, v.T)
	}
	fmt.Fprintf(w, "  vars %s\n", b.String())
	for i, s := range m.Stmts {
		line := ""
		if p := s.Pos(); p.Line > 0 {
			line = fmt.Sprintf("  #%d", p.Line)
		}
		fmt.Fprintf(w, "  %4d: %s%s\n", i, FormatStmt(s), line)
	}
	for _, t := range m.Traps {
		typ := t.Type
		if typ == "" {
			typ = "any"
		}
		fmt.Fprintf(w, "  trap [%d, %d) -> %d %s\n", t.From, t.To, t.Handler, typ)
	}
}

// FprintClass writes the IR of all methods of c and of its synthetic classes.
func FprintClass(w io.Writer, c *Class) {
	for _, m := range c.Methods {
		Fprint(w, m)
	}
	for _, sc := range c.Synthetic {
		fmt.Fprintf(w, "synthetic class %s implements %s\n", sc.Name, strings.Join(sc.Interfaces, ", "))
		for _, f := range sc.Fields {
			fmt.Fprintf(w, "  field %s: %s\n", f.Name, f.Desc)
		}
		for _, m := range sc.Methods {
			Fprint(w, m)
		}
	}
}

// FprintHeader writes a class's declaration facts: version, flags,
// supertypes, nest, permitted subclasses, record components and fields.
func FprintHeader(w io.Writer, cf *classfile.ClassFile) {
	kind := "class"
	switch {
	case cf.Access&classfile.AccModule != 0:
		kind = "module"
	case cf.Access&classfile.AccAnnotation != 0:
		kind = "@interface"
	case cf.IsInterface():
		kind = "interface"
	case cf.Access&classfile.AccEnum != 0:
		kind = "enum"
	case cf.IsRecord:
		kind = "record"
	}
	fmt.Fprintf(w, "%s %s  // version %d.%d, flags %#04x\n", kind, cf.Name, cf.Major, cf.Minor, cf.Access)
	if cf.Super != "" {
		fmt.Fprintf(w, "  extends %s\n", cf.Super)
	}
	if len(cf.Interfaces) > 0 {
		fmt.Fprintf(w, "  implements %s\n", strings.Join(cf.Interfaces, ", "))
	}
	if cf.NestHost != "" {
		fmt.Fprintf(w, "  nesthost %s\n", cf.NestHost)
	}
	if len(cf.NestMembers) > 0 {
		fmt.Fprintf(w, "  nestmembers %s\n", strings.Join(cf.NestMembers, ", "))
	}
	if len(cf.PermittedSubclasses) > 0 {
		fmt.Fprintf(w, "  permits %s\n", strings.Join(cf.PermittedSubclasses, ", "))
	}
	if em := cf.EnclosingMethod; em != nil {
		fmt.Fprintf(w, "  enclosed by %s.%s%s\n", em.Class, em.Name, em.Desc)
	}
	for _, rc := range cf.Record {
		fmt.Fprintf(w, "  component %s: %s\n", rc.Name, Type(rc.Desc))
	}
	if m := cf.Module; m != nil {
		for _, e := range m.Exports {
			fmt.Fprintf(w, "  exports %s%s\n", e.Package, toList(e.To))
		}
	}
	for _, f := range cf.Fields {
		fmt.Fprintf(w, "  field %s: %s  // flags %#04x\n", f.Name, Type(f.Desc), f.Access)
	}
	for _, m := range cf.Methods {
		if m.Code == nil {
			fmt.Fprintf(w, "  method %s%s  // flags %#04x, no body\n", m.Name, m.Desc, m.Access)
		}
	}
}

func toList(to []string) string {
	if len(to) == 0 {
		return ""
	}
	return " to " + strings.Join(to, ", ")
}
