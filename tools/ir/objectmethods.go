package ir

import (
	"strings"

	cf "github.com/rules-fragment/rules_fragment/tools/classfile"
)

// A record's toString, hashCode and equals are invokedynamic call sites
// of java.lang.runtime.ObjectMethods.bootstrap (javac, Java 16+), with the
// record class, its component names ("a;b") and a getter method handle per
// component as static arguments. objectMethods lowers such a site into
// what the method handle that bootstrap links does (JDK 17–25), so that
// the analyses see the component reads and the calls into the components:
//
//   - toString: a new String made from every component, each through
//     String.valueOf: a StringConcat of the components with the recipe
//     "R[a=\1, b=\1]", R the simple name (the analyses dispatch toString() on its
//     references, as for string concatenation);
//   - hashCode: h = 31*h + hash(c) over the components, where hash is
//     Objects.hashCode(Object) for a reference and the wrapper's static
//     hashCode (Integer.hashCode(int), ...) for a primitive;
//   - equals: the other object is tested to be an instance of the record
//     class (modelled as a cast, and the result as that instanceof), then
//     each pair of reference components goes to Objects.equals(Object,
//     Object); primitive components are compared without calls.
//
// A site makes several calls: the first has the site id of the
// instruction (its bytecode offset), the k-th after it the id
// offset + k·65536, above every bytecode offset, so ids stay unique within
// the method. ok is false, and nothing is emitted, for a site not of this
// form; it then stays an InvokeDynamic, which analyses report.
func (b *builder) objectMethods(name string, bm *cf.BootstrapMethod, params []string, ret string, args []Value, site int32) (ok bool) {
	if len(bm.Args) < 2 || len(params) == 0 || len(args) != len(params) {
		return false
	}
	rc, err := b.cp.Loadable(bm.Args[0])
	if err != nil || rc.Tag != cf.TagClass || params[0] != "L"+rc.Str+";" {
		return false
	}
	names, err := b.cp.Loadable(bm.Args[1])
	if err != nil || names.Tag != cf.TagString {
		return false
	}
	var labels []string
	if names.Str != "" {
		labels = strings.Split(names.Str, ";")
	}
	if len(labels) != len(bm.Args)-2 {
		return false
	}
	fields := make([]FieldRef, len(labels))
	for i, a := range bm.Args[2:] {
		h, err := b.cp.Loadable(a)
		if err != nil || h.Tag != cf.TagMethodHandle || h.Handle.Kind != cf.RefGetField ||
			!cf.ValidFieldDescriptor(h.Handle.Ref.Desc) {
			return false
		}
		fields[i] = FieldRef{Class: h.Handle.Ref.Class, Name: h.Handle.Ref.Name, Desc: Type(h.Handle.Ref.Desc)}
	}
	switch {
	case name == "toString" && len(params) == 1 && ret == "Ljava/lang/String;":
		s := &StringConcat{Site: site}
		var recipe strings.Builder
		recipe.WriteString(simpleName(rc.Str) + "[")
		for i, f := range fields {
			if i > 0 {
				recipe.WriteString(", ")
			}
			recipe.WriteString(labels[i] + "=\x01")
			s.Args = append(s.Args, b.component(args[0], f))
		}
		recipe.WriteString("]")
		s.Recipe = recipe.String()
		s.Dst = b.result(TypeString)
		b.emit(s)
	case name == "hashCode" && len(params) == 1 && ret == "I":
		var h Value = intConst(0)
		calls := int32(0)
		for _, f := range fields {
			m := MethodRef{Class: "java/util/Objects", Name: "hashCode", Desc: "(Ljava/lang/Object;)I"}
			if !f.Desc.IsRef() {
				m = MethodRef{Class: wrappers[f.Desc].class, Name: "hashCode", Desc: "(" + string(f.Desc) + ")I"}
			}
			c := b.component(args[0], f)
			hc := b.temp(TypeInt)
			b.emit(b.scr.invokes.put(Invoke{Kind: InvokeStatic, Method: m, Args: []Value{c}, Dst: hc, Site: site + calls<<16}))
			calls++
			times := b.temp(TypeInt)
			b.emit(b.scr.binOps.put(BinOp{Dst: times, Op: OpMul, X: h, Y: intConst(31)}))
			sum := b.temp(TypeInt)
			b.emit(b.scr.binOps.put(BinOp{Dst: sum, Op: OpAdd, X: times, Y: hc}))
			h = sum
		}
		b.push(h)
	case name == "equals" && len(params) == 2 && params[1] == "Ljava/lang/Object;" && ret == "Z":
		is := b.temp(TypeInt)
		b.emit(&InstanceOf{Dst: is, X: args[1], T: ObjectType(rc.Str)})
		other := b.temp(ObjectType(rc.Str))
		b.emit(b.scr.casts.put(Cast{Dst: other, X: args[1], To: ObjectType(rc.Str)}))
		calls := int32(0)
		for _, f := range fields {
			if !f.Desc.IsRef() {
				continue
			}
			x, y := b.component(args[0], f), b.component(other, f)
			m := MethodRef{Class: "java/util/Objects", Name: "equals", Desc: "(Ljava/lang/Object;Ljava/lang/Object;)Z"}
			b.emit(b.scr.invokes.put(Invoke{Kind: InvokeStatic, Method: m, Args: []Value{x, y}, Dst: b.temp(TypeBoolean), Site: site + calls<<16}))
			calls++
		}
		b.push(is)
	default:
		return false
	}
	return true
}

// simpleName approximates Class.getSimpleName, which the JDK's toString
// prints, from a binary name: Outer$1Local is Local.
func simpleName(class string) string {
	s := class[strings.LastIndexAny(class, "/$")+1:]
	return strings.TrimLeft(s, "0123456789")
}

// component reads a record component: r.f.
func (b *builder) component(r Value, f FieldRef) *Var {
	t := b.temp(f.Desc)
	b.emit(b.scr.loads.put(Load{Dst: t, Base: r, Field: f}))
	return t
}
