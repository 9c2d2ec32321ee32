package ir

import (
	"fmt"

	"github.com/rules-fragment/rules_fragment/tools/classfile"
)

// synthBody builds the statements of a synthetic method.
type synthBody struct {
	m    *Method
	site int32
}

func (s *synthBody) v(slot int, t Type, role VarRole) *Var {
	v := &Var{ID: int32(len(s.m.Vars)), T: t, Role: role, Slot: int32(slot), hint: t}
	s.m.Vars = append(s.m.Vars, v)
	return v
}

func (s *synthBody) temp(t Type) *Var {
	return s.v(-1, t, RoleTemp)
}

func (s *synthBody) emit(st Stmt) {
	*st.Pos() = Position{PC: -1}
	s.m.Stmts = append(s.m.Stmts, st)
}

func (s *synthBody) call(kind InvokeKind, ref MethodRef, recv Value, args []Value, ret Type) *Var {
	inv := &Invoke{Kind: kind, Method: ref, Recv: recv, Args: args, Site: s.site}
	s.site++
	if ret != TypeVoid {
		inv.Dst = s.temp(ret)
	}
	s.emit(inv)
	return inv.Dst
}

var wrappers = map[Type]struct{ class, unbox string }{
	TypeBoolean: {"java/lang/Boolean", "booleanValue"},
	TypeByte:    {"java/lang/Byte", "byteValue"},
	TypeChar:    {"java/lang/Character", "charValue"},
	TypeShort:   {"java/lang/Short", "shortValue"},
	TypeInt:     {"java/lang/Integer", "intValue"},
	TypeLong:    {"java/lang/Long", "longValue"},
	TypeFloat:   {"java/lang/Float", "floatValue"},
	TypeDouble:  {"java/lang/Double", "doubleValue"},
}

// WrapperClass is the class boxing values of primitive type t
// ("java/lang/Integer" for I), "" for a reference type or void.
func WrapperClass(t Type) string { return wrappers[t].class }

func primOfWrapper(t Type) Type {
	for p, w := range wrappers {
		if ObjectType(w.class) == t {
			return p
		}
	}
	return ""
}

// adapt converts v to type to as LambdaMetafactory does: casts between
// references, boxing, unboxing and primitive widening.
func (s *synthBody) adapt(v Value, to Type) (Value, error) {
	from := v.Type()
	switch {
	case from == to:
		return v, nil
	case from.IsRef() && to.IsRef():
		if to == TypeObject {
			return v, nil
		}
		t := s.temp(to)
		s.emit(&Cast{Dst: t, X: v, To: to})
		return t, nil
	case !from.IsRef() && to.IsRef():
		w, ok := wrappers[from]
		if !ok {
			return nil, fmt.Errorf("cannot box %s", from)
		}
		wt := ObjectType(w.class)
		boxed := s.call(InvokeStatic, MethodRef{Class: w.class, Name: "valueOf", Desc: "(" + string(from) + ")" + string(wt)}, nil, []Value{v}, wt)
		return s.adapt(boxed, to)
	case from.IsRef() && !to.IsRef():
		p := primOfWrapper(from)
		if p == "" { // cast to the wrapper of the target first
			w, ok := wrappers[to]
			if !ok {
				return nil, fmt.Errorf("cannot unbox to %s", to)
			}
			c, err := s.adapt(v, ObjectType(w.class))
			if err != nil {
				return nil, err
			}
			v, p = c, to
		}
		w := wrappers[p]
		u := s.call(InvokeVirtual, MethodRef{Class: w.class, Name: w.unbox, Desc: "()" + string(p)}, v, nil, p)
		return s.adapt(u, to)
	default: // primitive widening
		if from.Kind() == to.Kind() {
			return v, nil
		}
		t := s.temp(to)
		s.emit(&Convert{Dst: t, X: v, To: to})
		return t, nil
	}
}

// lambdaMethod builds the functional method of a lambda class: load the
// captured values, adapt the arguments, call the implementation, adapt and
// return the result.
func lambdaMethod(sc *SyntheticClass, name, desc, instantiated string, impl classfile.MethodHandle) (*Method, error) {
	params, ret, err := classfile.ParseMethodDescriptor(desc)
	if err != nil {
		return nil, err
	}
	iparams, iret, err := classfile.ParseMethodDescriptor(impl.Ref.Desc)
	if err != nil {
		return nil, err
	}
	m := &Method{Class: sc.Name, Name: name, Desc: desc, Access: classfile.AccPublic | classfile.AccSynthetic, Synthetic: true}
	s := &synthBody{m: m}
	this := s.v(0, ObjectType(sc.Name), RoleLocal)
	s.emit(&Identity{Dst: this, Kind: IdentThis})
	m.Params = append(m.Params, this)
	for i, p := range params {
		v := s.v(1+i, Type(p), RoleLocal)
		s.emit(&Identity{Dst: v, Kind: IdentParam, Index: i})
		m.Params = append(m.Params, v)
	}
	var args []Value
	for i, f := range sc.Fields {
		c := s.v(1+len(params)+i, f.Desc, RoleLocal)
		s.emit(&Load{Dst: c, Base: this, Field: f})
		args = append(args, c)
	}
	for _, p := range m.Params[1:] {
		args = append(args, p)
	}
	ref := MethodRef{Class: impl.Ref.Class, Name: impl.Ref.Name, Desc: impl.Ref.Desc, Interface: impl.Ref.Tag == classfile.TagInterfaceMethodref}
	var recv Value
	var kind InvokeKind
	switch impl.Kind {
	case classfile.RefInvokeStatic:
		kind = InvokeStatic
	case classfile.RefInvokeVirtual, classfile.RefInvokeInterface, classfile.RefInvokeSpecial:
		kind = map[uint8]InvokeKind{classfile.RefInvokeVirtual: InvokeVirtual, classfile.RefInvokeInterface: InvokeInterface, classfile.RefInvokeSpecial: InvokeSpecial}[impl.Kind]
		if len(args) == 0 {
			return nil, fmt.Errorf("instance implementation method without a receiver")
		}
		r, err := s.adapt(args[0], ObjectType(impl.Ref.Class))
		if err != nil {
			return nil, err
		}
		recv, args = r, args[1:]
	case classfile.RefNewInvokeSpecial:
		kind = InvokeSpecial
	default:
		return nil, fmt.Errorf("implementation handle of kind %d", impl.Kind)
	}
	if len(args) != len(iparams) {
		return nil, fmt.Errorf("%d arguments for implementation %s", len(args), impl)
	}
	for i := range args {
		a, err := s.adapt(args[i], Type(iparams[i]))
		if err != nil {
			return nil, err
		}
		args[i] = a
	}
	var result Value
	if impl.Kind == classfile.RefNewInvokeSpecial {
		obj := s.temp(ObjectType(impl.Ref.Class))
		s.emit(&New{Dst: obj, Class: impl.Ref.Class})
		s.call(InvokeSpecial, ref, obj, args, TypeVoid)
		result = obj
	} else if r := s.call(kind, ref, recv, args, Type(iret)); r != nil {
		result = r
	}
	if ret == "V" {
		s.emit(&Return{})
		return m, nil
	}
	if result == nil {
		return nil, fmt.Errorf("void implementation for non-void %s", desc)
	}
	out, err := s.adapt(result, Type(ret))
	if err != nil {
		return nil, err
	}
	s.emit(&Return{Value: out})
	_ = instantiated
	return m, nil
}
