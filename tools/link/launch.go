package link

import (
	"slices"
	"strconv"
	"strings"

	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
)

// The java launcher's choice of main method (JLS §12.1.4), which decides a
// program's roots when no entry point is given. Up to Java 24 (without
// preview features) it is a "public static void main(String[])" of the
// launched class, declared or inherited. Java 25 (JEP 512) also launches a
// static or instance "main" with a String[] parameter or none, of any
// access but private, declared or inherited
// (jdk.internal.misc.MethodFinder.findMainMethod). For an instance main
// the launcher makes an object of the launched class with its no-argument
// constructor and calls main on it: the roots are then that constructor
// and the main method, and the analyses give both the object (a root
// constructor runs on an object of its class made by the JVM, see reach.Run
// and pointsto.Analyze).

// launchRelease is the first Java release whose launcher follows JEP 512.
const launchRelease = 25

const (
	mainArgs   = "([Ljava/lang/String;)" // main(String[]), any return type
	mainNoArgs = "()"
)

// MainMethods returns the roots of launching each client class that the
// runtime's launcher accepts as a main class (in class order, each once):
// its main method and, for an instance main, the class's no-argument
// constructor.
func (p *Program) MainMethods() []*hierarchy.Method {
	jep512 := RuntimeRelease(p.Hierarchy) >= launchRelease
	var out methodList
	add := out.add
	for _, c := range p.Hierarchy.Classes() {
		if !p.IsClient(c) || c.IsArray() {
			continue
		}
		if !jep512 {
			// LauncherHelper.validateMainClass: getMethod("main", String[].class),
			// which may be inherited; static and void.
			if m := findMethod(p.Hierarchy, c, mainArgs, true); m != nil && m.IsStatic() && strings.HasSuffix(m.Desc, ")V") {
				add(m)
			}
			continue
		}
		m := findMainMethod(p.Hierarchy, c)
		if m == nil {
			continue
		}
		if m.IsStatic() {
			add(m)
			continue
		}
		// LauncherHelper.validateMainMethod: a concrete class with a
		// non-private no-argument constructor (an inner class has none).
		k := c.DeclaredMethod("<init>", "()V")
		if c.IsAbstract() || k == nil || k.IsPrivate() {
			continue
		}
		add(k)
		add(m)
	}
	return out.list
}

// methodList is a list of methods, each once.
type methodList struct {
	list []*hierarchy.Method
	seen map[*hierarchy.Method]bool
}

func (l *methodList) add(m *hierarchy.Method) {
	if l.seen == nil {
		l.seen = map[*hierarchy.Method]bool{}
	}
	if !l.seen[m] {
		l.seen[m] = true
		l.list = append(l.list, m)
	}
}

// findMainMethod is MethodFinder.findMainMethod of Java 25: main(String[]),
// public ones first, then main(); nil unless the first found returns void
// and is not private.
func findMainMethod(h *hierarchy.Hierarchy, c *hierarchy.Class) *hierarchy.Method {
	valid := func(m *hierarchy.Method) bool {
		return m != nil && strings.HasSuffix(m.Desc, ")V") && !m.IsPrivate()
	}
	m := findMethod(h, c, mainArgs, true)
	if m == nil {
		m = findMethod(h, c, mainArgs, false)
	}
	if !valid(m) {
		m = findMethod(h, c, mainNoArgs, false)
	}
	if !valid(m) {
		return nil
	}
	return m
}

// findMethod is Class.findMethod (getMethodsRecursive): a method "main"
// with parameters params declared in c or its nearest superclass declaring
// one, else a default method of a superinterface (their static methods are
// not inherited) that no other one overrides. Interfaces are taken from
// the hierarchy's transitive list: a recursive walk would visit a diamond
// of interfaces exponentially often.
func findMethod(h *hierarchy.Hierarchy, c *hierarchy.Class, params string, publicOnly bool) *hierarchy.Method {
	match := func(m *hierarchy.Method, static bool) bool {
		return m.Name == "main" && strings.HasPrefix(m.Desc, params) &&
			(static || !m.IsStatic()) && (!publicOnly || m.IsPublic())
	}
	for k := c; k != nil; k = k.Super {
		for _, m := range k.Methods {
			if match(m, true) {
				return m
			}
		}
		if k.IsInterface() {
			break // an interface's Super is java/lang/Object
		}
	}
	var found []*hierarchy.Method
	for _, i := range h.Superinterfaces(c) {
		for _, m := range i.Methods {
			if match(m, false) {
				found = append(found, m)
			}
		}
	}
	for _, m := range found {
		if !slices.ContainsFunc(found, func(o *hierarchy.Method) bool { return o != m && h.IsSubclass(o.Class, m.Class) }) {
			return m
		}
	}
	return nil
}

// RuntimeRelease is the Java release of h's runtime: the major version of
// module java.base, 8 for a runtime without modules (or none linked).
func RuntimeRelease(h *hierarchy.Hierarchy) int {
	base := h.Module("java.base")
	if base == nil {
		return 8
	}
	v := base.Version
	if i := strings.IndexAny(v, ".+-"); i >= 0 {
		v = v[:i]
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return 9 // a modular runtime of unknown version
	}
	return n
}
