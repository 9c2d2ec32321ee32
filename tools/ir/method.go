package ir

import "github.com/rules-fragment/rules_fragment/tools/classfile"

// Method is the IR of one method body.
type Method struct {
	Class  string // internal name of the declaring class
	Name   string
	Desc   string
	Access uint16
	// Params are the variables bound at entry: this (for instance methods)
	// followed by one per declared parameter.
	Params []*Var
	Vars   []*Var
	Stmts  []Stmt
	Traps  []Trap
	// Synthetic methods (lambda bodies) have no bytecode.
	Synthetic bool
}

// IsStatic reports whether m has no receiver.
func (m *Method) IsStatic() bool { return m.Access&classfile.AccStatic != 0 }

// Key is "pkg/C.name(desc)", unique per method in a classpath.
func (m *Method) Key() string { return m.Class + "." + m.Name + m.Desc }

// Trap is an exception-table entry over statement indices: exceptions of
// type Type (or any, when Type is "") thrown by statements in [From, To)
// transfer to the Identity(IdentCaught) statement at Handler. Traps are in
// exception-table order, which is the order the JVM searches them.
type Trap struct {
	From, To int
	Handler  int
	Type     string // internal class name, "" for catch-all
}

// Lambda describes a synthetic class made for a LambdaMetafactory call site.
type Lambda struct {
	Class     *SyntheticClass
	Impl      classfile.MethodHandle // the implementation method
	Site      int32                  // the invokedynamic's call-site id in the enclosing method
	Interface string                 // the functional interface
}

// SyntheticClass is a class that exists only at run time (a lambda's class).
// It extends java/lang/Object and has one final field per captured value.
type SyntheticClass struct {
	Name       string
	Interfaces []string // functional interface first, then marker interfaces
	Fields     []FieldRef
	Methods    []*Method // the functional method, then bridges
}

// Class is the IR of one class file's method bodies.
type Class struct {
	File    *classfile.ClassFile
	Methods []*Method // one per method with a Code attribute, in class-file order
	// Synthetic lists the lambda classes made while building Methods, in
	// call-site order.
	Synthetic []*SyntheticClass
}
