package pointsto

import (
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
// the caller. Still unmodelled: the other users of the constants table,
// EnumSet.allOf and noneOf and EnumMap, whose universes come from it
// (their elements are found only where the program adds them).

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
