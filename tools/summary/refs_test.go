package summary

import (
	"slices"
	"testing"

	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
)

// TestClassRefs: every statement kind that names a class, array element
// classes and descriptors contribute; the class itself, primitives and
// arrays of primitives do not.
func TestClassRefs(t *testing.T) {
	p := NewPool()
	s := p.String
	spec := &hierarchy.ClassSpec{Name: "p/C",
		Fields:  []hierarchy.FieldSpec{{Name: "f", Desc: "[[Lp/FieldType;"}, {Name: "g", Desc: "I"}},
		Methods: []hierarchy.MethodSpec{{Name: "m", Desc: "(ILp/Param;[J)Lp/Ret;"}, {Name: "n", Desc: "(Lp/C;)V"}}}
	body := &Body{NumVars: 2, Stmts: []Stmt{
		sNew(0, s("p/New"), 0),
		sNewArray(1, 0, s("[Lp/Elem;"), 1),
		sNewArray(1, 0, s("[I"), 2),
		sConst(0, 0, s("java/lang/String")),
		sCast(0, 1, s("[[Lp/CastElem;")),
		sCatch(0, s("p/Exc")),
		sLoad(0, 1, p.Field("p/Owner", "x", "Lp/FieldDesc;")),
		sStaticStore(0, p.Field("p/C", "y", "I")),
		sCall(OpCall, CallVirtual, 0, 1, p.Method("[Lp/ArrElem;", "clone", "()Ljava/lang/Object;", false), 3, 0),
		sCall(OpCall, CallStatic, -1, -1, p.Method("p/Static", "s", "(Lp/Arg;)V", false), 4, 0, 0),
	}}
	var names []string
	for _, id := range ClassRefs(p, spec, []*Body{body, nil}) {
		names = append(names, p.strTab[id])
	}
	want := []string{"java/lang/Object", "java/lang/String", "p/Arg", "p/ArrElem", "p/CastElem", "p/Elem", "p/Exc", "p/FieldDesc",
		"p/FieldType", "p/New", "p/Owner", "p/Param", "p/Ret", "p/Static"}
	slices.Sort(names)
	if !slices.Equal(names, want) {
		t.Errorf("refs %q\nwant %q", names, want)
	}
}

func TestDescriptorClasses(t *testing.T) {
	for d, want := range map[string][]string{
		"(Ljava/lang/String;[I[[Lp/LinkedList;J)Lp/R;": {"java/lang/String", "p/LinkedList", "p/R"},
		"I":               nil,
		"[Z":              nil,
		"Lp/Broken":       nil,
		"(Lp/A;Lp/Broken": {"p/A"},
	} {
		var got []string
		DescriptorClasses(d, func(n string) { got = append(got, n) })
		if !slices.Equal(got, want) {
			t.Errorf("%s: %q, want %q", d, got, want)
		}
	}
}
