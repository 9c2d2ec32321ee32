package summary

import (
	"slices"
	"strings"

	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
)

// ClassRefs returns the sorted ids in p of the classes that c's member
// descriptors and bodies (decoded with ids of p) name, other than c, for
// Class.Refs. Array types name their element class. Names missing from p
// are interned.
func ClassRefs(p *Pool, c *hierarchy.ClassSpec, bodies []*Body) []int32 {
	var ids []int32
	add := func(name string) {
		if name != "" && name != c.Name {
			ids = append(ids, p.String(name))
		}
	}
	for _, m := range c.Methods {
		DescriptorClasses(m.Desc, add)
	}
	for _, f := range c.Fields {
		DescriptorClasses(f.Desc, add)
	}
	for _, b := range bodies {
		if b == nil {
			continue
		}
		// Class literals name classes a linker needs only where they may
		// request a service (their providers follow, link/referenced.go).
		literals := callsServiceLoader(p, b)
		for i := range b.Stmts {
			s := &b.Stmts[i]
			if s.Op == OpConst && s.Kind == ConstHandle { // the class its methods are in
				if _, class, _, ok := ParseHandleName(p.StringAt(s.Ref)); ok {
					TypeClass(class, add)
				}
				continue
			}
			if s.Op == OpConst && s.Kind == ConstClass {
				add("java/lang/Class")
				if !literals {
					continue
				}
			}
			switch s.Op.refKind() {
			case refString:
				if s.Ref >= 0 {
					TypeClass(p.StringAt(s.Ref), add)
				}
			case refField:
				f := p.FieldAt(s.Ref)
				add(p.StringAt(f.Class))
				DescriptorClasses(p.StringAt(f.Desc), add)
			case refMethod:
				m := p.MethodAt(s.Ref)
				TypeClass(p.StringAt(m.Class), add) // methods of arrays (clone) have an array class
				DescriptorClasses(p.StringAt(m.Desc), add)
			}
		}
	}
	slices.Sort(ids)
	return slices.Clip(slices.Compact(ids))
}

// TypeClass calls fn with the class a class name or array descriptor
// names: the name itself, or an array's element class (none for arrays of
// primitives).
func TypeClass(s string, fn func(string)) {
	if !strings.HasPrefix(s, "[") {
		fn(s)
		return
	}
	DescriptorClasses(s, fn)
}

// DescriptorClasses calls fn with each class a field or method descriptor
// names ("(Ljava/lang/String;[I)Ljava/util/List;": java/lang/String and
// java/util/List). It stops at a malformed class type.
func DescriptorClasses(d string, fn func(string)) {
	for i := 0; i < len(d); i++ {
		if d[i] != 'L' {
			continue // '(', ')', '[' and primitive types are one byte each
		}
		end := strings.IndexByte(d[i:], ';')
		if end < 0 {
			return
		}
		fn(d[i+1 : i+end])
		i += end
	}
}
