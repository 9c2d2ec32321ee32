package reflog

import (
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	log := `# a comment
Method.invoke;<rt.Impl: java.lang.String[] m(int,java.lang.Object[][],boolean)>;rt.Main.main;12;;
Constructor.newInstance;<rt.P$Q: void <init>(int,java.lang.String)>;rt.Main.make;;;
Class.newInstance;rt.X;java.util.ServiceLoader$ProviderImpl.newInstance;-1;;
Class.forName;rt.X;rt.Main.<clinit>;7
Field.set*;<rt.X: java.util.List items>;rt.Main.main;30;;
Array.newInstance;java.lang.String[][];rt.Main.main;31;;
Array.newInstance;int;rt.Main.main;32;;
Class.getDeclaredMethods;rt.X;rt.Main.main;5;;
Method.invoke;<rt.Impl: java.lang.String[] m(int,java.lang.Object[][],boolean)>;rt.Main.main;12;;
Lookup.findStaticVarHandle;<rt.X: rt.Factory FACTORY>;rt.Main.load;40;;
Lookup.unreflectConstructor;<rt.P$Q: void <init>(int,java.lang.String)>;rt.Main.make;41;;
Lookup.findVirtual;<rt.Impl: int size()>;rt.Main.make;42;;
`
	got, err := Parse(strings.NewReader(log), "refl.log")
	if err != nil {
		t.Fatal(err)
	}
	want := []Entry{
		{Kind: ClassNewInstance, API: "Class.newInstance", Class: "rt/X", CallerClass: "java/util/ServiceLoader$ProviderImpl", CallerName: "newInstance", Line: -1},
		{Kind: ClassForName, API: "Class.forName", Class: "rt/X", CallerClass: "rt/Main", CallerName: "<clinit>", Line: 7},
		{Kind: MethodHandle, API: "Lookup.findStaticVarHandle", Class: "rt/X", Name: "FACTORY", Desc: "Lrt/Factory;", CallerClass: "rt/Main", CallerName: "load", Line: 40},
		{Kind: Other, API: "Class.getDeclaredMethods", Class: "rt/X", CallerClass: "rt/Main", CallerName: "main", Line: 5},
		{Kind: MethodInvoke, API: "Method.invoke", Class: "rt/Impl", Name: "m", Desc: "(I[[Ljava/lang/Object;Z)[Ljava/lang/String;", CallerClass: "rt/Main", CallerName: "main", Line: 12},
		{Kind: FieldSet, API: "Field.set*", Class: "rt/X", Name: "items", Desc: "Ljava/util/List;", CallerClass: "rt/Main", CallerName: "main", Line: 30},
		{Kind: ArrayNewInstance, API: "Array.newInstance", Class: "[[Ljava/lang/String;", CallerClass: "rt/Main", CallerName: "main", Line: 31},
		{Kind: ArrayNewInstance, API: "Array.newInstance", Class: "[I", CallerClass: "rt/Main", CallerName: "main", Line: 32},
		{Kind: ConstructorNewInstance, API: "Constructor.newInstance", Class: "rt/P$Q", Name: "<init>", Desc: "(ILjava/lang/String;)V", CallerClass: "rt/Main", CallerName: "make", Line: -1},
		{Kind: MethodHandle, API: "Lookup.unreflectConstructor", Class: "rt/P$Q", Name: "<init>", Desc: "(ILjava/lang/String;)V", CallerClass: "rt/Main", CallerName: "make", Line: 41},
		{Kind: MethodHandle, API: "Lookup.findVirtual", Class: "rt/Impl", Name: "size", Desc: "()I", CallerClass: "rt/Main", CallerName: "make", Line: 42},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d entries, want %d: %+v", len(got), len(want), got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("entry %d:\n got %+v\nwant %+v", i, got[i], want[i])
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, line := range []string{
		"Method.invoke;<rt.X: void m()>;rt.Main.main",         // too few fields
		"Method.invoke;<rt.X: void m()>;main;3;;",             // caller without a class
		"Method.invoke;<rt.X: void m()>;rt.Main.main;x;;",     // line
		"Method.invoke;rt.X;rt.Main.main;3;;",                 // a class, not a method
		"Method.invoke;<rt.X: void m(void)>;rt.Main.main;3;;", // void parameter
		"Method.invoke;<rt.X: foo[ m()>;rt.Main.main;3;;",     // return type
		"Class.forName;<rt.X: int f>;rt.Main.main;3;;",        // a member, not a class
		"Class.forName;rt/X;rt.Main.main;3;;",                 // internal name
		"Field.get*;<rt.X: void f>;rt.Main.main;3;;",          // void field
		"Field.get*;<rt.X int f>;rt.Main.main;3;;",            // no colon
		"Array.newInstance;void[;rt.Main.main;3;;",
		"Lookup.findGetter;<rt.X: int f()>;rt.Main.main;3;;",        // a method, not a field
		"Lookup.unreflect;<rt.X: int f>;rt.Main.main;3;;",           // a field, not a method
		"Lookup.findConstructor;<rt.X: void m()>;rt.Main.main;3;;",  // not a constructor
		"Lookup.findVirtual;<rt.X: void <init>()>;rt.Main.main;3;;", // a constructor
		"Lookup.findStatic;rt.X;rt.Main.main;3;;",                   // a class
	} {
		_, err := Parse(strings.NewReader("\n"+line+"\n"), "bad.log")
		if err == nil || !strings.HasPrefix(err.Error(), "bad.log:2: ") {
			t.Errorf("%q: got %v, want an error naming bad.log:2", line, err)
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Add("Method.invoke;<rt.Impl: java.lang.String[] m(int,java.lang.Object[][])>;rt.Main.main;12;;\n")
	f.Add("Constructor.newInstance;<rt.P: void <init>(int)>;rt.Main.make;;;\nClass.forName;rt.X;rt.M.<clinit>;7\n")
	f.Add("Field.get*;<rt.X: int f>;a.B.c;1;;\nArray.newInstance;int[];a.B.c;2;;\n")
	f.Add("Lookup.findStaticGetter;<rt.X: int f>;a.B.c;1;;\nLookup.unreflectConstructor;<rt.X: void <init>()>;a.B.c;2;;\n")
	f.Fuzz(func(t *testing.T, s string) {
		es, err := Parse(strings.NewReader(s), "fuzz.log")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz.log") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		for _, e := range es {
			if e.CallerClass == "" || e.CallerName == "" || e.Line < -1 {
				t.Fatalf("bad entry %+v", e)
			}
			if (e.Kind == MethodInvoke || e.Kind == ConstructorNewInstance) && (e.Desc == "" || e.Desc[0] != '(') {
				t.Fatalf("method entry without a descriptor: %+v", e)
			}
			if e.Kind == MethodHandle && (e.Name == "" || handleAPIs[e.API] == (e.Desc[0] == '(')) {
				t.Fatalf("handle entry of the wrong member: %+v", e)
			}
		}
	})
}
