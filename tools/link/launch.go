package link

import (
	"strconv"
	"strings"

	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
)

// The java launcher's choice of main method (JLS §12.1.4), which decides a
// program's roots when no entry point is given. Up to Java 24 (without
// preview features) it is a "public static void main(String[])" of the
// launched class, declared or inherited. Java 25 (JEP 512) also launches a static or instance
// "main" with a String[] parameter or none, of any access but private,
// declared or inherited (jdk.internal.misc.MethodFinder.findMainMethod).
// For an instance main the launcher makes an object of the launched class
// with its no-argument constructor and calls main on it: the roots are then
// that constructor and the main method, and the analyses give both the
// object (a root constructor runs on an object of its class made by the
// JVM, see reach.Run and pointsto.Analyze).

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
	var out []*hierarchy.Method
	seen := map[*hierarchy.Method]bool{}
	add := func(m *hierarchy.Method) {
		if !seen[m] {
			seen[m] = true
			out = append(out, m)
		}
	}
	for _, c := range p.Hierarchy.Classes() {
		if !p.IsClient(c) || c.IsInterface() || c.IsArray() {
			continue
		}
		if !jep512 {
			// LauncherHelper.validateMainClass: getMethod("main", String[].class),
			// which may be inherited; static and void.
			if m := findMethod(c, mainArgs, true, true); m != nil && m.IsStatic() && strings.HasSuffix(m.Desc, ")V") {
				add(m)
			}
			continue
		}
		m := findMainMethod(c)
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
	return out
}

// findMainMethod is MethodFinder.findMainMethod of Java 25: main(String[]),
// public ones first, then main(); nil unless the first found returns void
// and is not private.
func findMainMethod(c *hierarchy.Class) *hierarchy.Method {
	valid := func(m *hierarchy.Method) bool {
		return m != nil && strings.HasSuffix(m.Desc, ")V") && !m.IsPrivate()
	}
	m := findMethod(c, mainArgs, true, true)
	if m == nil {
		m = findMethod(c, mainArgs, false, true)
	}
	if !valid(m) {
		m = findMethod(c, mainNoArgs, false, true)
	}
	if !valid(m) {
		return nil
	}
	return m
}

// findMethod is Class.findMethod (getMethodsRecursive): a method "main"
// with parameters params declared in c, else found in its superclass, else
// in its superinterfaces (their static methods are not inherited). Of
// several, the superclass's comes first (a class method is more specific
// than a default method), then the interfaces' in declaration order.
func findMethod(c *hierarchy.Class, params string, publicOnly, withStatic bool) *hierarchy.Method {
	for _, m := range c.Methods {
		if m.Name == "main" && strings.HasPrefix(m.Desc, params) &&
			(withStatic || !m.IsStatic()) && (!publicOnly || m.IsPublic()) {
			return m
		}
	}
	if c.Super != nil && !c.IsInterface() {
		if m := findMethod(c.Super, params, publicOnly, withStatic); m != nil {
			return m
		}
	}
	for _, i := range c.Interfaces {
		if m := findMethod(i, params, publicOnly, false); m != nil {
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
