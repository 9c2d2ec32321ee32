// Package reflog reads reflection logs in the format of TamiFlex (Bodden,
// Sewe, Sinschek, Oueslati and Mezini, "Taming reflection", ICSE 2011),
// which Soot, Doop, OPAL and Tai-e read too: what a program's reflective
// calls did in runs of it, for the analyses to resolve (linker
// -reflection-log). tools/tracer's agent writes such logs.
//
// A line is "KIND;TARGET;CALLER;LINE;…": KIND names the reflective API
// ("Method.invoke"), TARGET what it reached (a class "pkg.C", a method
// "<pkg.C: int m(java.lang.String,int[])>", a field "<pkg.C: int f>" or,
// for Array.newInstance, an array type "pkg.C[]"),
// CALLER the method that called the API ("pkg.C.run") and LINE the line
// of that call, empty when unknown. Further fields are ignored. Kinds
// that do not change what a program calls or allocates (Class.getMethods,
// Method.getName, …) are read and kept with Kind Other.
//
// Beyond TamiFlex's kinds, the log names the method handles a program
// made of members it found at run time: "Lookup.findVirtual" and the
// other find methods of MethodHandles.Lookup (findStatic, findSpecial,
// findConstructor, findGetter, findSetter, findStaticGetter,
// findStaticSetter, findVarHandle, findStaticVarHandle) and its
// unreflect methods (unreflect, unreflectSpecial, unreflectConstructor,
// unreflectGetter, unreflectSetter, unreflectVarHandle), whose TARGET is
// the member as the call named it: the class passed, a method's name and
// MethodType ("<pkg.C: void <init>(int)>" for a constructor), a field's
// name and type.
package reflog

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
)

// Kind is the reflective API of an entry.
type Kind uint8

// Kinds the analyses model; Other is any other API the log names.
const (
	Other                  Kind = iota
	ClassForName                // Class.forName: the class is initialised
	ClassNewInstance            // Class.newInstance: an object, its no-argument constructor
	ConstructorNewInstance      // Constructor.newInstance: an object, that constructor
	MethodInvoke                // Method.invoke: a call of the method
	FieldGet                    // Field.get*: a load of the field
	FieldSet                    // Field.set*: a store to the field
	ArrayNewInstance            // Array.newInstance: an array of the type
	MethodHandle                // a Lookup's find* or unreflect*: a handle of the member
)

// handleAPIs are the KINDs of MethodHandle entries and whether each
// names a field (else a method).
var handleAPIs = map[string]bool{
	"Lookup.findVirtual": false, "Lookup.findStatic": false, "Lookup.findSpecial": false,
	"Lookup.findConstructor": false, "Lookup.findGetter": true, "Lookup.findSetter": true,
	"Lookup.findStaticGetter": true, "Lookup.findStaticSetter": true, "Lookup.findVarHandle": true,
	"Lookup.findStaticVarHandle": true, "Lookup.unreflect": false, "Lookup.unreflectSpecial": false,
	"Lookup.unreflectConstructor": false, "Lookup.unreflectGetter": true, "Lookup.unreflectSetter": true,
	"Lookup.unreflectVarHandle": true,
}

var kinds = map[string]Kind{
	"Class.forName": ClassForName, "Class.newInstance": ClassNewInstance,
	"Constructor.newInstance": ConstructorNewInstance, "Method.invoke": MethodInvoke,
	"Field.get*": FieldGet, "Field.set*": FieldSet, "Array.newInstance": ArrayNewInstance,
}

// Entry is one line of a log, with names in the JVM's internal form.
type Entry struct {
	Kind Kind
	API  string // the KIND field as written
	// Class is the target class ("pkg/C"; an array class as a
	// descriptor, "[Lpkg/C;", for Array.newInstance). Name and Desc are
	// the method's name and descriptor ("(Ljava/lang/String;[I)I") or the
	// field's name and type descriptor; empty for a class target.
	Class, Name, Desc string
	// CallerClass and CallerName name the calling method (every method of
	// that name in the class); Line is the call's line, -1 if unknown.
	CallerClass, CallerName string
	Line                    int32
}

// ReadFile reads the log at path.
func ReadFile(path string) ([]Entry, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Parse(f, path)
}

// Parse reads a log; errors name the file and line. The entries come back
// sorted and without repeats, so that results do not depend on the order
// of the runs that made the log.
func Parse(r io.Reader, name string) ([]Entry, error) {
	var out []Entry
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		e, err := parseEntry(line)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, n, err)
		}
		out = append(out, e)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	slices.SortFunc(out, compare)
	return slices.Compact(out), nil
}

func compare(a, b Entry) int {
	return cmp.Or(cmp.Compare(a.CallerClass, b.CallerClass), cmp.Compare(a.CallerName, b.CallerName),
		cmp.Compare(a.Line, b.Line), cmp.Compare(a.API, b.API), cmp.Compare(a.Class, b.Class),
		cmp.Compare(a.Name, b.Name), cmp.Compare(a.Desc, b.Desc))
}

func parseEntry(line string) (Entry, error) {
	f := strings.Split(line, ";")
	if len(f) < 4 {
		return Entry{}, fmt.Errorf("%q: want KIND;TARGET;CALLER;LINE", line)
	}
	e := Entry{API: f[0], Kind: kinds[f[0]], Line: -1}
	if _, ok := handleAPIs[f[0]]; ok {
		e.Kind = MethodHandle
	}
	if l := strings.TrimSpace(f[3]); l != "" && l != "-1" {
		n, err := strconv.ParseInt(l, 10, 32)
		if err != nil || n < 0 {
			return Entry{}, fmt.Errorf("line number %q", f[3])
		}
		e.Line = int32(n)
	}
	caller := strings.TrimSpace(f[2])
	if i := strings.LastIndexByte(caller, '.'); i > 0 && i < len(caller)-1 {
		e.CallerClass, e.CallerName = internal(caller[:i]), caller[i+1:]
	} else {
		return Entry{}, fmt.Errorf("caller %q: want pkg.Class.method", caller)
	}
	target := strings.TrimSpace(f[1])
	var err error
	switch {
	case strings.HasPrefix(target, "<"):
		e.Class, e.Name, e.Desc, err = member(target)
	case e.Kind == ArrayNewInstance:
		// The array's type; a log naming the component type instead
		// means an array of it.
		if e.Class, err = descriptor(target); err == nil && e.Class[0] != '[' {
			e.Class = "[" + e.Class
		}
	default:
		if !isName(target) {
			err = fmt.Errorf("class %q", target)
		}
		e.Class = internal(target)
	}
	if err != nil {
		return Entry{}, fmt.Errorf("target of %s: %v", e.API, err)
	}
	switch e.Kind {
	case MethodInvoke, ConstructorNewInstance, FieldGet, FieldSet:
		if e.Name == "" {
			return Entry{}, fmt.Errorf("target of %s: %q is not a member signature", e.API, target)
		}
	case ClassForName, ClassNewInstance:
		if e.Name != "" {
			return Entry{}, fmt.Errorf("target of %s: %q is not a class", e.API, target)
		}
	case MethodHandle:
		isField := handleAPIs[e.API]
		if e.Name == "" || isField == strings.HasPrefix(e.Desc, "(") || strings.HasSuffix(e.API, "Constructor") != (e.Name == "<init>") {
			what := "method"
			if isField {
				what = "field"
			} else if strings.HasSuffix(e.API, "Constructor") {
				what = "constructor"
			}
			return Entry{}, fmt.Errorf("target of %s: %q is not a %s signature", e.API, target, what)
		}
	}
	return e, nil
}

// member parses "<pkg.C: int m(java.lang.String,int[])>" (a method) or
// "<pkg.C: int f>" (a field).
func member(s string) (class, name, desc string, err error) {
	body, ok := strings.CutSuffix(s[1:], ">")
	cls, rest, ok2 := strings.Cut(body, ": ")
	typ, nameArgs, ok3 := strings.Cut(rest, " ")
	if !ok || !ok2 || !ok3 || !isName(cls) || nameArgs == "" {
		return "", "", "", fmt.Errorf("signature %q", s)
	}
	t, err := descriptor(typ)
	if err != nil {
		return "", "", "", fmt.Errorf("signature %q: %v", s, err)
	}
	name, args, isMethod := strings.Cut(nameArgs, "(")
	if !isMethod {
		if t == "V" || !isName(name) || strings.Contains(name, ".") {
			return "", "", "", fmt.Errorf("field signature %q", s)
		}
		return internal(cls), name, t, nil
	}
	args, ok = strings.CutSuffix(args, ")")
	if !ok || name == "" || strings.ContainsAny(name, ".;[/ <>") && name != "<init>" && name != "<clinit>" {
		return "", "", "", fmt.Errorf("method signature %q", s)
	}
	var d strings.Builder
	d.WriteByte('(')
	if args != "" {
		for _, a := range strings.Split(args, ",") {
			p, err := descriptor(strings.TrimSpace(a))
			if err != nil || p == "V" {
				return "", "", "", fmt.Errorf("method signature %q: parameter %q", s, a)
			}
			d.WriteString(p)
		}
	}
	d.WriteByte(')')
	d.WriteString(t)
	return internal(cls), name, d.String(), nil
}

var primitives = map[string]string{"void": "V", "boolean": "Z", "byte": "B", "char": "C", "short": "S",
	"int": "I", "long": "J", "float": "F", "double": "D"}

// descriptor turns a Java type name ("int", "java.lang.String[]") into a
// field descriptor.
func descriptor(t string) (string, error) {
	dims := 0
	for strings.HasSuffix(t, "[]") {
		t, dims = t[:len(t)-2], dims+1
	}
	d, ok := primitives[t]
	switch {
	case ok && (d != "V" || dims == 0):
	case !ok && isName(t):
		d = "L" + internal(t) + ";"
	default:
		return "", fmt.Errorf("type %q", t)
	}
	return strings.Repeat("[", dims) + d, nil
}

// isName reports whether s can be a binary class name.
func isName(s string) bool {
	return s != "" && !strings.ContainsAny(s, ";[]/<>() :,") && s[0] != '.' && s[len(s)-1] != '.' && !strings.Contains(s, "..")
}

func internal(dotted string) string { return strings.ReplaceAll(dotted, ".", "/") }

// Classes lists the classes entries name, callers and targets (an array
// target by its element class), in entry order with repeats: a link that
// leaves out classes no code names must keep them.
func Classes(entries []Entry) []string {
	var out []string
	for _, e := range entries {
		out = append(out, e.CallerClass)
		if c := strings.TrimLeft(e.Class, "["); len(c) < len(e.Class) {
			if len(c) > 2 && c[0] == 'L' {
				out = append(out, c[1:len(c)-1])
			}
		} else {
			out = append(out, c)
		}
	}
	return out
}
