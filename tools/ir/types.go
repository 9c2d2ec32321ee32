package ir

import "strings"

// Type is a JVM field descriptor ("I", "J", "Ljava/lang/String;", "[I"), or
// one of the pseudo-types TypeNull and TypeRetAddr.
type Type string

// Primitive and pseudo types.
const (
	TypeBoolean Type = "Z"
	TypeByte    Type = "B"
	TypeChar    Type = "C"
	TypeShort   Type = "S"
	TypeInt     Type = "I"
	TypeLong    Type = "J"
	TypeFloat   Type = "F"
	TypeDouble  Type = "D"
	TypeVoid    Type = "V"
	TypeNull    Type = "null"          // the type of the null constant only
	TypeRetAddr Type = "returnAddress" // jsr/ret subroutine return addresses
	TypeObject  Type = "Ljava/lang/Object;"
	TypeString  Type = "Ljava/lang/String;"
	TypeClass   Type = "Ljava/lang/Class;"
	TypeThrow   Type = "Ljava/lang/Throwable;"
)

// Kind is the JVM computational category a value belongs to (JVMS §2.11.1):
// boolean, byte, char and short compute as int.
type Kind uint8

// Kinds of values.
const (
	KindVoid Kind = iota
	KindInt
	KindLong
	KindFloat
	KindDouble
	KindRef
	KindRetAddr
)

var kindNames = [...]string{"void", "int", "long", "float", "double", "ref", "retaddr"}

func (k Kind) String() string { return kindNames[k] }

// Wide reports whether values of kind k take two stack slots.
func (k Kind) Wide() bool { return k == KindLong || k == KindDouble }

// Kind returns the computational kind of t.
func (t Type) Kind() Kind {
	if len(t) == 0 {
		return KindVoid
	}
	switch t[0] {
	case 'Z', 'B', 'C', 'S', 'I':
		return KindInt
	case 'J':
		return KindLong
	case 'F':
		return KindFloat
	case 'D':
		return KindDouble
	case 'L', '[', 'n':
		return KindRef
	case 'r':
		return KindRetAddr
	}
	return KindVoid
}

// IsRef reports whether t is a reference type (including null).
func (t Type) IsRef() bool { return t.Kind() == KindRef }

// IsArray reports whether t is an array type.
func (t Type) IsArray() bool { return len(t) > 0 && t[0] == '[' }

// Elem returns the element type of an array type, or "" if t is not an array.
func (t Type) Elem() Type {
	if !t.IsArray() {
		return ""
	}
	return t[1:]
}

// ClassName returns the internal name of a class type ("java/lang/String"),
// the descriptor itself for arrays (as class files name array classes), and ""
// for primitives.
func (t Type) ClassName() string {
	switch {
	case len(t) > 2 && t[0] == 'L':
		return string(t[1 : len(t)-1])
	case t.IsArray():
		return string(t)
	}
	return ""
}

// ObjectType returns the type of instances of the named class (internal name
// or array descriptor, as in CONSTANT_Class entries).
func ObjectType(class string) Type {
	if strings.HasPrefix(class, "[") {
		return Type(class)
	}
	return Type("L" + class + ";")
}

// ArrayOf returns the array type with element type t.
func ArrayOf(t Type) Type { return "[" + t }

// String returns the type in Java source form, with internal names
// ("java/lang/String", "int[]").
func (t Type) String() string {
	dims := 0
	for dims < len(t) && t[dims] == '[' {
		dims++
	}
	base := t[dims:]
	var s string
	switch base {
	case "Z":
		s = "boolean"
	case "B":
		s = "byte"
	case "C":
		s = "char"
	case "S":
		s = "short"
	case "I":
		s = "int"
	case "J":
		s = "long"
	case "F":
		s = "float"
	case "D":
		s = "double"
	case "V":
		s = "void"
	default:
		if len(base) > 2 && base[0] == 'L' {
			s = string(base[1 : len(base)-1])
		} else {
			s = string(base)
		}
	}
	return s + strings.Repeat("[]", dims)
}
