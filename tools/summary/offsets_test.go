package summary

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"github.com/rules-fragment/rules_fragment/tools/classfile"
	"github.com/rules-fragment/rules_fragment/tools/ir"
)

func TestUnsafeAccess(t *testing.T) {
	const u, o = "sun/misc/Unsafe", "Ljava/lang/Object;"
	for _, c := range []struct {
		class, name, desc string
		store             int
		load, ok          bool
	}{
		{u, "putObject", "(" + o + "J" + o + ")V", 2, false, true},
		{u, "getObjectVolatile", "(" + o + "J)" + o, -1, true, true},
		{u, "compareAndSwapObject", "(" + o + "J" + o + o + ")Z", 3, false, true},
		{u, "getAndSetObject", "(" + o + "J" + o + ")" + o, 2, true, true},
		{"jdk/internal/misc/Unsafe", "compareAndExchangeReference", "(" + o + "J" + o + o + ")" + o, 3, true, true},
		{"jdk/internal/misc/Unsafe", "putReferenceRelease", "(" + o + "J" + o + ")V", 2, false, true},
		{u, "getInt", "(" + o + "J)I", -1, false, false},
		{u, "copyMemory", "(" + o + "J" + o + "JJ)V", -1, false, false},
		{u, "putObject", "(JLjava/lang/Object;)V", -1, false, false},
		{"a/Unsafe", "putObject", "(" + o + "J" + o + ")V", -1, false, false},
	} {
		store, load, ok := UnsafeAccess(c.class, c.name, c.desc)
		if ok != c.ok || ok && (store != c.store || load != c.load) {
			t.Errorf("%s.%s%s: store %d load %v ok %v, want %d %v %v", c.class, c.name, c.desc, store, load, ok, c.store, c.load, c.ok)
		}
	}
}

// offsetSource keeps offsets as Guava's AbstractFuture does (through a
// local Class variable) and as the JDK does (a field's class literal).
const offsetSource = `
import java.lang.reflect.Field;
import sun.misc.Unsafe;
class Off {
  Object head; int count; Object other;
  static final Unsafe U;
  static final long HEAD, COUNT, OTHER, HELPED = fieldOffset(Off.class, "other");
  static {
    try {
      Field f = Unsafe.class.getDeclaredField("theUnsafe");
      f.setAccessible(true);
      U = (Unsafe) f.get(null);
      Class<?> k = Off.class;
      HEAD = U.objectFieldOffset(k.getDeclaredField("head"));
      COUNT = U.objectFieldOffset(Off.class.getDeclaredField("count"));
      long x = U.objectFieldOffset(Off.class.getDeclaredField(name()));
      OTHER = x;
    } catch (ReflectiveOperationException e) { throw new Error(e); }
  }
  static String name() { return "other"; }
  static long fieldOffset(Class<?> c, String n) {
    try { return U.objectFieldOffset(c.getDeclaredField(n)); } catch (NoSuchFieldException e) { throw new Error(e); }
  }
  static void put(Off o, Object v) { U.putObject(o, HEAD, v); }
  static void computed(Off o, Object v) { U.putObject(o, HEAD + 0 * COUNT, v); }
  static long plain() { return HEAD + 1; }
}
`

// TestOffsetProjection checks that objectFieldOffset calls of constants
// become offset handles stored in their static fields, and that Unsafe's
// accesses take their offset from the static field's load.
func TestOffsetProjection(t *testing.T) {
	if _, err := exec.LookPath("javac"); err != nil {
		t.Skip("SKIP: javac not found")
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "Off.java")
	if err := os.WriteFile(src, []byte(offsetSource), 0o644); err != nil {
		t.Fatal(err)
	}
	if b, err := exec.Command("javac", "-nowarn", "-d", dir, src).CombinedOutput(); err != nil {
		t.Fatalf("javac: %v\n%s", err, b)
	}
	data, err := os.ReadFile(filepath.Join(dir, "Off.class"))
	if err != nil {
		t.Fatal(err)
	}
	cf, err := classfile.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	p := NewPool()
	bodies := map[string]*Body{}
	for i := range cf.Methods {
		m, _, err := ir.BuildMethod(cf, i, nil)
		if err != nil {
			t.Fatal(err)
		}
		if m != nil {
			bodies[m.Name] = FromIR(m, p)
		}
	}
	// <clinit>: the offsets of head and count (of constants) are stored in
	// HEAD and COUNT, other's (a helper's of constants) in HELPED; OTHER's
	// name is no constant.
	var stored []string
	b := bodies["<clinit>"]
	for _, s := range b.Stmts {
		if s.Op != OpStaticStore || s.Src < 0 {
			continue
		}
		field := p.FieldName(s.Ref)
		for _, d := range b.Stmts {
			if d.Op == OpConst && d.Kind == ConstHandle && d.Dst == s.Src {
				stored = append(stored, field+"="+p.StringAt(d.Ref))
			}
		}
	}
	if want := []string{"Off.HELPED:J=OOff.other", "Off.HEAD:J=OOff.head", "Off.COUNT:J=OOff.count"}; !slices.Equal(stored, want) {
		t.Errorf("<clinit> stores offsets %q, want %q", stored, want)
	}
	// The Field of theUnsafe is a reflective field handle (handles.go).
	if !slices.ContainsFunc(b.Stmts, func(s Stmt) bool {
		return s.Op == OpConst && s.Kind == ConstHandle && p.StringAt(s.Ref) == "Fsun/misc/Unsafe.theUnsafe"
	}) {
		t.Error("<clinit>: no handle Fsun/misc/Unsafe.theUnsafe")
	}
	// put: the offset argument is the variable HEAD is loaded into.
	offsetArg := func(name string) (loaded []string) {
		for _, s := range bodies[name].Stmts {
			if s.Op != OpCall || p.MethodName(s.Ref) != "sun/misc/Unsafe.putObject(Ljava/lang/Object;JLjava/lang/Object;)V" {
				continue
			}
			if len(s.Args) != 3 || s.Args[1] < 0 {
				t.Fatalf("%s: putObject's offset argument has no variable: %v", name, s.Args)
			}
			for _, d := range bodies[name].Stmts {
				if d.Op == OpStaticLoad && d.Dst == s.Args[1] {
					loaded = append(loaded, p.FieldName(d.Ref))
				}
			}
		}
		return loaded
	}
	if got := offsetArg("put"); !slices.Equal(got, []string{"Off.HEAD:J"}) {
		t.Errorf("put: offset loaded from %q, want Off.HEAD", got)
	}
	if got := offsetArg("computed"); len(got) != 0 {
		t.Errorf("computed: offset loaded from %q, want none (arithmetic)", got)
	}
	// A long no Unsafe access takes keeps no variable.
	if b := bodies["plain"]; b.NumVars != 0 {
		t.Errorf("plain: %d variables, want 0", b.NumVars)
	}
}
