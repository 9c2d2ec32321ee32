package link

import (
	"github.com/rules-fragment/rules_fragment/tools/classfile"
	"github.com/rules-fragment/rules_fragment/tools/frontend"
	"github.com/rules-fragment/rules_fragment/tools/summary"
)

// Client + summaries mode links, by default, only the summary classes that
// the program can reach by reference (Options.OnlyReferenced): starting
// from the class files' names and the few classes the JVM model and the IR
// name by themselves, it follows each summary class's supertypes, nest and
// Class.Refs (the classes its bodies and member descriptors name). A
// JLex-sized client reaches ~5,300 of the JDK's 33,000 classes, and the
// hierarchy is built over those only.
//
// This cannot change an answer of the analyses that only look at classes
// a program reaches (RTA, 0-CFA_f, AND_f and MOD/USE without reflection
// models): every class they meet is named by a statement of a method they
// reach or by a supertype of such a class, and subtype lists differ only
// in classes no program object can have. Whatever is looked up nevertheless
// is recorded by the hierarchy (hierarchy.Builder.SetOmitted) and makes
// the linker link again in full (linker/app), so a missing seed costs time,
// never a wrong answer.

// ImplicitClasses are named by the analyses' JVM model and by the IR
// rather than by statements: start-up roots, objects the JVM makes,
// modelled natives, boxing in lambda adapters. The summarizer starts from
// them too (summarizer/app, depClasses).
var ImplicitClasses = []string{
	"java/lang/Object", "java/lang/String", "java/lang/Class", "java/lang/System", "java/lang/Thread",
	"java/lang/ThreadGroup", "java/lang/Runnable", "java/lang/Throwable", "java/lang/ClassLoader",
	"java/lang/Cloneable", "java/io/Serializable", "java/io/InputStream", "java/io/PrintStream",
	"java/lang/Boolean", "java/lang/Byte", "java/lang/Character", "java/lang/Short", "java/lang/Integer",
	"java/lang/Long", "java/lang/Float", "java/lang/Double", "java/lang/Number",
	"java/lang/invoke/LambdaMetafactory", "java/lang/invoke/StringConcatFactory", "java/lang/invoke/MethodHandle",
	"java/lang/invoke/VarHandle", "java/lang/invoke/MethodType", "java/lang/invoke/DirectMethodHandle",
	"java/lang/reflect/Constructor", "java/security/AccessController", "java/security/PrivilegedAction",
	"java/security/PrivilegedExceptionAction", "jdk/internal/misc/Unsafe", "sun/misc/Unsafe",
	"jdk/internal/loader/ClassLoaders", "jdk/internal/loader/ClassLoaders$AppClassLoader",
	// The classes of method handles (analysis/pointsto/handles.go).
	"java/lang/invoke/DirectMethodHandle$Interface", "java/lang/invoke/DirectMethodHandle$Constructor",
	"java/lang/invoke/DirectMethodHandle$Special", "java/lang/invoke/MethodHandleImpl$AsVarargsCollector",
	"java/lang/invoke/BoundMethodHandle$Species_LL", "java/lang/invoke/DirectMethodHandle$Accessor",
	"java/lang/invoke/DirectMethodHandle$StaticAccessor",
	"java/util/concurrent/atomic/AtomicReferenceFieldUpdater$AtomicReferenceFieldUpdaterImpl",
}

// The classes of the VarHandles of fields of every type.
func init() {
	for _, d := range "LIJZBSCFD" {
		ImplicitClasses = append(ImplicitClasses, VarHandleClass(string(d), false), VarHandleClass(string(d), true))
	}
}

// varHandleKinds name the JDK's VarHandle classes of a field by the first
// letter of its descriptor.
var varHandleKinds = map[byte]string{'L': "References", '[': "References", 'I': "Ints", 'J': "Longs",
	'Z': "Booleans", 'B': "Bytes", 'S': "Shorts", 'C': "Chars", 'F': "Floats", 'D': "Doubles"}

// VarHandleClass is the class of the VarHandle that the JDK's
// findVarHandle (findStaticVarHandle, if static) makes of a writable
// field of descriptor desc (the handles of analysis/pointsto/varhandle.go).
func VarHandleClass(desc string, static bool) string {
	f := "$FieldInstanceReadWrite"
	if static {
		f = "$FieldStaticReadWrite"
	}
	return "java/lang/invoke/VarHandle" + varHandleKinds[desc[0]] + f
}

// NamedClasses calls visit with every string of the class files'
// constant pools, and with the classes in those that are descriptors: more
// than the code names, never less.
func NamedClasses(files []*frontend.Class, visit func(string)) {
	for _, fc := range files {
		pool := &fc.File.Pool
		for i := 1; i < pool.Len(); i++ {
			if pool.Tag(uint16(i)) != classfile.TagUtf8 {
				continue
			}
			s, _ := pool.UTF8(uint16(i))
			visit(s)
			summary.DescriptorClasses(s, visit)
		}
	}
}

// summaryClass is the first definition of a name among the summaries.
type summaryClass struct {
	sum   *Summary
	index int // in sum.Unit.Classes
}

// indexSummaries maps each name the summaries define to its first
// definition (the runtime's first: Program.byPrecedence), and records in
// each summary the classes that an earlier input (class files, or a
// summary before it) defines instead or the runtime hides.
func (p *Program) indexSummaries(fromFiles map[string]bool) map[string]summaryClass {
	n := 0
	for _, s := range p.Summaries {
		n += len(s.Unit.Classes)
	}
	idx := make(map[string]summaryClass, n)
	for _, s := range p.byPrecedence() {
		rt := s.Unit.Runtime() == p.runtime && p.runtime != nil
		for i, c := range s.Unit.Classes {
			if _, dup := idx[c.Name]; dup || fromFiles[c.Name] || !rt && p.runtime.Hides(c.Name) {
				s.Shadowed = append(s.Shadowed, c.Name)
				continue
			}
			idx[c.Name] = summaryClass{s, i}
		}
	}
	return idx
}

// referenced marks in each summary's keep the classes reachable by
// reference from the class files, the client summaries, the entry classes,
// classes and ImplicitClasses, and returns whether a name was left out.
func (p *Program) referenced(idx map[string]summaryClass, files []*frontend.Class, entries, classes []string, providers map[string][]string) (omitted func(string) bool) {
	for _, s := range p.Summaries {
		s.keep = make([]bool, len(s.Unit.Classes))
		for _, sv := range s.Unit.Services {
			providers[sv.Name] = append(providers[sv.Name], sv.Providers...)
		}
		for _, m := range s.Unit.Modules {
			for sv, ps := range m.Provides {
				if p.ModuleProviders {
					providers[sv] = append(providers[sv], ps...)
				}
			}
		}
	}
	var work []summaryClass
	var visit func(string)
	visit = func(name string) {
		// A service's providers may be instantiated where its class is
		// named (a class literal of it: analysis/internal/reach/services.go).
		if ps, ok := providers[name]; ok {
			delete(providers, name)
			for _, pn := range ps {
				visit(pn)
			}
		}
		sc, ok := idx[name]
		if !ok || sc.sum.keep[sc.index] {
			return
		}
		sc.sum.keep[sc.index] = true
		work = append(work, sc)
	}
	for _, n := range ImplicitClasses {
		visit(n)
	}
	for _, e := range entries {
		c, _ := splitMember(e)
		visit(c)
	}
	for _, c := range classes {
		visit(c)
	}
	NamedClasses(files, visit)
	for _, s := range p.Summaries {
		if s.Client {
			for _, c := range s.Unit.Classes {
				visit(c.Name)
			}
		}
	}
	for len(work) > 0 {
		sc := work[len(work)-1]
		work = work[:len(work)-1]
		c := sc.sum.Unit.Classes[sc.index]
		visit(c.Super)
		visit(c.NestHost)
		for _, l := range [][]string{c.Interfaces, c.NestMembers, c.PermittedSubclasses} {
			for _, n := range l {
				visit(n)
			}
		}
		for _, id := range c.Refs {
			visit(sc.sum.Unit.Pool.StringAt(id))
		}
	}
	return func(name string) bool {
		sc, ok := idx[name]
		return ok && !sc.sum.keep[sc.index]
	}
}
