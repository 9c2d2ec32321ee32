package pointsto

import (
	"slices"
	"strings"

	"github.com/rules-fragment/rules_fragment/tools/analysis/internal/reach"
	"github.com/rules-fragment/rules_fragment/tools/callgraph"
	"github.com/rules-fragment/rules_fragment/tools/classfile"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
)

// Enum.valueOf(Class, String), which every enum's valueOf(String) calls,
// finds the constant in a table Class.enumConstantDirectory fills from the
// constants that the enum's values() returns, called by Method.invoke:
// reflection the analysis does not follow, so Op.valueOf(name).apply()
// had no target. The model: a call of Enum.valueOf returns the constants
// (the objects of the enum's ACC_ENUM static fields) of the enum whose
// valueOf(String) makes it, or else of the enums its result is cast to in
// the caller. (The table itself, and the universes of EnumSet and EnumMap,
// come from the model of getEnumConstantsShared in reach/enums.go; the
// table is a HashMap, whose values merge every map's.)

const enumValueOf = "java/lang/Enum.valueOf(Ljava/lang/Class;Ljava/lang/String;)Ljava/lang/Enum;"

// enumValueOfCall adds to the result of call st of Enum.valueOf the
// constants of the enums it returns.
func (s *solver) enumValueOfCall(st *site) {
	if st.dst < 0 {
		return
	}
	caller := st.caller.m
	if c := caller.Class; c.IsEnum() && caller.IsStatic() && caller.Name == "valueOf" {
		s.enumConstants(c, st.dst)
		return
	}
	for _, c := range s.resultCasts(caller, st.cs.ID) {
		if c.IsEnum() {
			s.enumConstants(c, st.dst)
		}
	}
}

// enumConstants adds the constants of enum c to node dst.
func (s *solver) enumConstants(c *hierarchy.Class, dst int32) {
	s.init.Init(c)
	for _, f := range c.Fields {
		if f.IsStatic() && f.Access&classfile.AccEnum != 0 {
			s.addEdge(s.staticNode(f), dst, nil)
		}
	}
}

// enumValues makes enum c's values() a callee of getEnumConstantsShared,
// whose result is its result (the enum universes' model, reach/enums.go).
func (s *solver) enumValues(c *hierarchy.Class) {
	if tm := s.reach(reach.EnumValues(c)); tm != nil && s.ecs != nil {
		s.addEdge(tm.ret, s.ecs.ret, nil)
	}
}

// restoreEnums takes the enum universes' state from w (classes: w's class
// indices): getEnumConstantsShared reached, or the enums pending.
func (s *solver) restoreEnums(w *Warm, classes []*hierarchy.Class) {
	s.ecs = s.method(reach.EnumConstantsSharedOf(s.h))
	pending := make([]*hierarchy.Class, len(w.EnumLiterals))
	for i, x := range w.EnumLiterals {
		pending[i] = classes[x]
	}
	s.enums.Restore(s.ecs != nil, pending)
}

// enumTargets adds to getEnumConstantsShared's Method.invoke site x the
// values() methods the model calls there (graph): those of the
// initialised enums, every one of which the model handled (a warm start
// holds no list of them). MOD/USE then charges their effects to it.
func (s *solver) enumTargets(x *site, ranks *callgraph.Ranks) {
	if s.ecs == nil || x.caller != s.ecs || !strings.HasPrefix(x.cs.Ref, "java/lang/reflect/Method.invoke(") {
		return
	}
	n := len(x.cs.Targets)
	for _, c := range s.init.Inited() {
		if m := reach.EnumValues(c); m != nil && reach.IsEnumType(c) && s.method(m) != nil {
			x.cs.Targets = append(x.cs.Targets, m)
		}
	}
	if len(x.cs.Targets) > n {
		ranks.SortMethods(x.cs.Targets)
		x.cs.Targets = slices.Compact(x.cs.Targets)
	}
}
