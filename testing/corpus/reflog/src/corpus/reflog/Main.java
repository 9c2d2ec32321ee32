package corpus.reflog;

import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;

/**
 * Reflective calls whose targets only a reflection log tells
 * (testing/corpus/reflog/refl.log; tools/analysis checks what each
 * analysis makes of it). Class names are built at run time, so no
 * analysis can read them from constants. Each shape class is made in one
 * place only.
 */
public class Main {
    interface Shape { String name(); }

    static class Circle implements Shape { public String name() { return "circle"; } }
    static class Square implements Shape { public String name() { return "square"; } }
    static class Triangle implements Shape { public String name() { return "triangle"; } }
    static class Star implements Shape { public String name() { return "star"; } }
    static class Octagon implements Shape { public String name() { return "octagon"; } }
    static class Nonagon implements Shape { public String name() { return "nonagon"; } }
    static class Pentagon implements Shape { public String name() { return "pentagon"; } }
    static class Kite implements Shape { public String name() { return "kite"; } }

    static class Hexagon implements Shape {
        final Shape inner;
        public Hexagon(Shape inner) { this.inner = inner; }
        public String name() { return "hexagon around " + inner.name(); }
    }

    static class Registry {
        static Shape created;
        Shape held;
        static Shape make() { return new Triangle(); }
        Shape wrap(Shape s) { held = s; return new Hexagon(s); }
    }

    static class Loaded {
        static { loaded = new Pentagon(); }
    }

    static Shape loaded;

    static String name(String simple) {
        return Main.class.getName() + "$" + simple;
    }

    static String construct() throws Exception {
        Object s = Class.forName(name("Square")).getDeclaredConstructor().newInstance();
        return ((Shape) s).name();
    }

    static String constructWithArgs() throws Exception {
        Constructor<?> k = Class.forName(name("Hexagon")).getConstructor(Shape.class);
        Object h = k.newInstance(new Object[] {new Circle()});
        return ((Shape) h).name();
    }

    static String invokeStatic() throws Exception {
        Method m = Registry.class.getDeclaredMethod(new StringBuilder("ekam").reverse().toString());
        Object t = m.invoke(null);
        return ((Shape) t).name();
    }

    static String invokeVirtual() throws Exception {
        Method m = Registry.class.getDeclaredMethod(new StringBuilder("parw").reverse().toString(), Shape.class);
        Object h = m.invoke(new Registry(), new Object[] {new Star()});
        return ((Shape) h).name();
    }

    static String fields() throws Exception {
        Field held = Registry.class.getDeclaredField(new StringBuilder("dleh").reverse().toString());
        Registry r = new Registry();
        held.set(r, new Octagon());
        Object got = held.get(r);
        Field created = Registry.class.getDeclaredField(new StringBuilder("detaerc").reverse().toString());
        created.set(null, new Nonagon());
        return ((Shape) got).name() + Registry.created.name();
    }

    static String initialise() throws Exception {
        Class.forName(name("Loaded"));
        return loaded.name();
    }

    @SuppressWarnings("deprecation")
    static String classNewInstance() throws Exception {
        Object k = Class.forName(name("Kite")).newInstance();
        return ((Shape) k).name();
    }

    static String array() throws Exception {
        Object[] a = (Object[]) Array.newInstance(Class.forName(name("Shape")), 1);
        a[0] = new Main().shape();
        return ((Shape) a[0]).name();
    }

    Shape shape() { return new Circle(); }

    public static void main(String[] args) throws Throwable {
        System.out.println(construct());
        System.out.println(constructWithArgs());
        System.out.println(invokeStatic());
        System.out.println(invokeVirtual());
        System.out.println(fields());
        System.out.println(initialise());
        System.out.println(classNewInstance());
        System.out.println(array());
        System.out.println(boxed() + " " + handles());
    }

    /** Called only by a log entry whose caller is the JVM's start-up code. */
    static Shape spare() {
        return new Kite();
    }

    static int count() {
        return 3;
    }

    /** Method.invoke of a method returning an int: the result is an Integer. */
    static String boxed() throws Exception {
        Object n = Main.class.getDeclaredMethod(new StringBuilder("tnuoc").reverse().toString()).invoke(null);
        return n.toString();
    }

    static class Oval implements Shape { public String name() { return "oval"; } }
    static class Rhombus implements Shape { public String name() { return "rhombus"; } }
    static class Ellipse implements Shape { public String name() { return "ellipse"; } }

    /** Found by name, as libraries find their generated classes. */
    static class Factory {
        static final Shape FACTORY = new Oval();
        final Shape made = new Ellipse();
        static Shape build() { return new Rhombus(); }
    }

    /**
     * Handles of the members of a class a Lookup finds by name: a static
     * VarHandle (whose read initialises the class), a static method's, a
     * constructor's, an unreflected field getter's and an unreflected
     * static method's.
     */
    static String handles() throws Throwable {
        java.lang.invoke.MethodHandles.Lookup lookup = java.lang.invoke.MethodHandles.lookup();
        Class<?> c = lookup.findClass(name("Factory"));
        Shape f = (Shape) lookup.findStaticVarHandle(c, "FACTORY", Shape.class).get();
        Shape b = (Shape) lookup.findStatic(c, "build", java.lang.invoke.MethodType.methodType(Shape.class)).invoke();
        Object o = lookup.findConstructor(c, java.lang.invoke.MethodType.methodType(void.class)).invoke();
        Shape m = (Shape) lookup.unreflectGetter(c.getDeclaredField("made")).invoke(o);
        Shape u = (Shape) lookup.unreflect(c.getDeclaredMethod("build")).invoke();
        return f.name() + b.name() + m.name() + u.name();
    }
}
