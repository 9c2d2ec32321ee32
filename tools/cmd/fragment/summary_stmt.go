package main

import (
	"fmt"
	"strings"

	"github.com/rules-fragment/rules_fragment/tools/summary"
)

var callKinds = [...]string{summary.CallVirtual: "virtual", summary.CallInterface: "interface", summary.CallSpecial: "special", summary.CallStatic: "static"}

// formatStmt writes a summary statement the way the IR printer writes
// statements: vN for variables, _ for none (a primitive value).
func formatStmt(p *summary.Pool, s summary.Stmt) string {
	v := func(x int32) string {
		if x < 0 {
			return "_"
		}
		return fmt.Sprintf("v%d", x)
	}
	str := func(id int32) string {
		if id < 0 {
			return "*"
		}
		return p.StringAt(id)
	}
	at := fmt.Sprintf(" @%d", s.Site)
	switch s.Op {
	case summary.OpNew:
		return fmt.Sprintf("%s = new %s%s", v(s.Dst), str(s.Ref), at)
	case summary.OpNewArray:
		return fmt.Sprintf("%s = newarray %s (%d dimensions)%s", v(s.Dst), str(s.Ref), s.Kind, at)
	case summary.OpConst:
		if s.Kind == summary.ConstHandle {
			what := "method handle"
			if k, _, _, _ := summary.ParseHandleName(str(s.Ref)); k == summary.HandleOffset {
				what = "field offset"
			}
			return fmt.Sprintf("%s = %s %s", v(s.Dst), what, str(s.Ref))
		}
		return fmt.Sprintf("%s = const %s", v(s.Dst), str(s.Ref))
	case summary.OpCopy:
		return fmt.Sprintf("%s = %s", v(s.Dst), v(s.Src))
	case summary.OpCast:
		return fmt.Sprintf("%s = (%s) %s", v(s.Dst), str(s.Ref), v(s.Src))
	case summary.OpLoad:
		return fmt.Sprintf("%s = %s.%s", v(s.Dst), v(s.Base), p.FieldName(s.Ref))
	case summary.OpStore:
		return fmt.Sprintf("%s.%s = %s", v(s.Base), p.FieldName(s.Ref), v(s.Src))
	case summary.OpStaticLoad:
		return fmt.Sprintf("%s = %s", v(s.Dst), p.FieldName(s.Ref))
	case summary.OpStaticStore:
		return fmt.Sprintf("%s = %s", p.FieldName(s.Ref), v(s.Src))
	case summary.OpArrayLoad:
		return fmt.Sprintf("%s = %s[*]", v(s.Dst), v(s.Base))
	case summary.OpArrayStore:
		return fmt.Sprintf("%s[*] = %s", v(s.Base), v(s.Src))
	case summary.OpCall:
		kind := fmt.Sprintf("kind%d", s.Kind)
		if int(s.Kind) < len(callKinds) {
			kind = callKinds[s.Kind]
		}
		recv := ""
		if s.Base >= 0 {
			recv = v(s.Base) + "; "
		}
		return fmt.Sprintf("%s = %s %s(%s%s)%s%s", v(s.Dst), kind, p.MethodName(s.Ref), recv, vars(s.Args), at, line(s.Line))
	case summary.OpDynCall:
		return fmt.Sprintf("%s = dyncall %s(%s)%s%s", v(s.Dst), p.MethodName(s.Ref), vars(s.Args), at, line(s.Line))
	case summary.OpConcat:
		return fmt.Sprintf("%s = concat(%s)%s%s", v(s.Dst), vars(s.Args), at, line(s.Line))
	case summary.OpReturn:
		return "return " + v(s.Src)
	case summary.OpThrow:
		return "throw " + v(s.Src)
	case summary.OpCatch:
		return fmt.Sprintf("%s = catch %s", v(s.Dst), str(s.Ref))
	}
	return fmt.Sprintf("%s %+v", s.Op, s)
}

func vars(xs []int32) string {
	var b strings.Builder
	for i, x := range xs {
		if i > 0 {
			b.WriteString(", ")
		}
		if x < 0 {
			b.WriteString("_")
		} else {
			fmt.Fprintf(&b, "v%d", x)
		}
	}
	return b.String()
}

func line(l int32) string {
	if l <= 0 {
		return ""
	}
	return fmt.Sprintf(" line %d", l)
}
