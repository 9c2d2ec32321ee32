package corpus.pointsto;

/**
 * Hand-checked points-to expectations (tools/analysis/pointsto tests):
 * each method exercises one statement kind; its call site's receiver
 * classes are asserted. RTA, which ignores data flow, sees every
 * allocated Animal at each of these sites.
 */
public class Main {
    interface Animal {
        String sound();
    }

    static final class Dog implements Animal {
        public String sound() { return "woof"; }
    }

    static final class Cat implements Animal {
        public String sound() { return "meow"; }
    }

    static final class Cow implements Animal, Cloneable {
        public String sound() { return "moo"; }

        @Override
        public Cow clone() {
            try {
                return (Cow) super.clone(); // native Object.clone: a Cow
            } catch (CloneNotSupportedException e) {
                throw new AssertionError(e);
            }
        }
    }

    static final class Horse implements Animal {
        public String sound() { return "neigh"; }
    }

    public static final class Sheep implements Animal {
        public Sheep() {}

        public String sound() { return "baa"; }
    }

    static final class Box {
        Animal pet;
    }

    static Animal shared;

    static final class Oops extends RuntimeException {
        final Animal who;

        Oops(Animal who) { this.who = who; }
    }

    static final class Runner extends Thread {
        final Animal who;

        Runner(Animal who) { this.who = who; }

        @Override
        public void run() { // reached through the native Thread.start0
            who.sound();
        }
    }

    // copy: only a Dog reaches the call.
    static String copy() {
        Animal a = new Dog();
        Animal b = a;
        return b.sound();
    }

    // field: the Cat stored in one box, the Dog in another.
    static String field() {
        Box b1 = new Box();
        Box b2 = new Box();
        b1.pet = new Cat();
        b2.pet = new Dog();
        return b1.pet.sound();
    }

    // array elements, through System.arraycopy.
    static String array() {
        Animal[] src = {new Cow()};
        Animal[] dst = new Animal[1];
        System.arraycopy(src, 0, dst, 0, 1);
        return dst[0].sound();
    }

    // static field.
    static String statics() {
        shared = new Cat();
        return shared.sound();
    }

    // cast filtering: only the Dog passes (Dog) o.
    static String cast(Object o) {
        return ((Dog) o).sound();
    }

    // an exception carries a Cow from throw to catch.
    static String exception() {
        try {
            throw new Oops(new Cow());
        } catch (Oops e) {
            return e.who.sound();
        }
    }

    // Object.clone returns an object of the receiver's class.
    static String cloned() {
        Cow c = new Cow().clone();
        return c.sound();
    }

    // an array's clone (a virtual call selecting the native Object.clone)
    // is an object of the receiver's class: here the receiver itself.
    // (Lamb is no Animal: the other cases' receivers stay as they are.)
    static String arrayCloned() {
        Lamb[] a = {new Lamb()};
        Lamb[] b = a.clone();
        return b[0].sound();
    }

    static final class Lamb {
        String sound() { return "meh"; }
    }

    // Arrays.copyOfRange (and copyOf) make the copy with Array.newInstance:
    // the copy has the original's class and elements. (Kid is no Animal,
    // for the same reason as Lamb.)
    static String arrayCopied() {
        Kid[] a = {new Kid()};
        Kid[] b = java.util.Arrays.copyOfRange(a, 0, 1);
        return b[0].sound();
    }

    static final class Kid {
        String sound() { return "kid"; }
    }

    // Arrays of a class the analysis does not know (Array.newInstance's):
    // a generic helper's, filled by System.arraycopy; a typed copy of an
    // Object[]; nested arrays. Each is seen as its caller's array class.
    @SuppressWarnings("unchecked")
    static <T> T[] grown(T[] a, T x) {
        T[] r = (T[]) java.lang.reflect.Array.newInstance(a.getClass().getComponentType(), a.length + 1);
        System.arraycopy(a, 0, r, 0, a.length);
        r[a.length] = x;
        return r;
    }

    static String reflectiveArray() {
        Pup[] a = grown(new Pup[0], new Pup());
        return a[0].sound();
    }

    static String typedCopy() {
        Object[] os = {new Colt()};
        Colt[] a = java.util.Arrays.copyOf(os, 1, Colt[].class);
        return a[0].sound();
    }

    static String nestedArray() {
        Calf[][] a = (Calf[][]) java.lang.reflect.Array.newInstance(Calf.class, 1, 1);
        a[0][0] = new Calf();
        return a[0][0].sound();
    }

    // Exceptions the JVM throws itself, with no athrow: a handler's calls
    // on them have receivers.
    static String indexOut(int[] a) {
        try {
            return "" + a[5];
        } catch (ArrayIndexOutOfBoundsException e) {
            return e.getMessage();
        }
    }

    static int depth(int n) {
        return depth(n + 1) + 1;
    }

    static String overflow() {
        try {
            return "" + depth(0);
        } catch (StackOverflowError e) {
            return e.getMessage();
        }
    }

    static final class Pup {
        String sound() { return "yip"; }
    }

    static final class Colt {
        String sound() { return "neigh"; }
    }

    static final class Calf {
        String sound() { return "moo"; }
    }

    // Enum.valueOf finds the constant through values(), called by
    // reflection: the constants of the enum named (by its valueOf, or by
    // the cast of Enum.valueOf's result).
    static String enumNamed(String name) {
        return Tone.valueOf(name).sound();
    }

    static String enumCast(String name) {
        return Enum.valueOf(Tone.class, name).sound();
    }

    enum Tone {
        LOW { String sound() { return "low"; } },
        HIGH { String sound() { return "high"; } };
        abstract String sound();
    }

    // EnumSet and EnumMap hand out their elements and keys from the
    // enum's universe, which Class.getEnumConstantsShared gets by calling
    // values() through reflection. Mode is named by its class literal
    // alone: EnumSet.allOf initialises it.
    static String enumSet() {
        String out = "";
        for (Mode m : java.util.EnumSet.allOf(Mode.class)) out += m.label();
        return out;
    }

    static String enumMapKeys() {
        java.util.EnumMap<Tone, String> m = new java.util.EnumMap<>(Tone.class);
        m.put(Tone.LOW, "low");
        String out = "";
        for (Tone t : m.keySet()) out += t.sound();
        return out;
    }

    // The JVM hands what a thread's run() throws to its uncaught
    // exception handler (Thread.dispatchUncaughtException).
    static final class Uncaught extends RuntimeException {
        final Animal animal;
        Uncaught(Animal animal) { this.animal = animal; }
    }

    static final class Handler implements Thread.UncaughtExceptionHandler {
        public void uncaughtException(Thread t, Throwable e) {
            if (e instanceof Uncaught) System.out.println(((Uncaught) e).animal.sound());
        }
    }

    static void uncaught() throws InterruptedException {
        Thread t = new Thread(() -> { throw new Uncaught(new Horse()); });
        t.setUncaughtExceptionHandler(new Handler());
        t.start();
        t.join();
    }

    // The collector: a reference comes back from its queue (the JVM's
    // pending list holds it), and the JVM registers an object whose class
    // has a finalize() for finalization.
    static final class Tagged extends java.lang.ref.WeakReference<Object> {
        final Animal animal;
        Tagged(Object referent, java.lang.ref.ReferenceQueue<Object> q, Animal animal) {
            super(referent, q);
            this.animal = animal;
        }
    }

    static String collected() {
        java.lang.ref.ReferenceQueue<Object> q = new java.lang.ref.ReferenceQueue<>();
        Tagged t = new Tagged(new Object(), q, new Cow());
        java.lang.ref.Reference<?> r = q.poll();
        return r instanceof Tagged ? ((Tagged) r).animal.sound() : String.valueOf(t.get());
    }

    static final class Finalized {
        final Animal animal;
        Finalized(Animal animal) { this.animal = animal; }
        @SuppressWarnings("deprecation")
        @Override protected void finalize() { System.out.println(animal.sound()); }
    }

    static void finalized() {
        new Finalized(new Dog());
    }

    enum Mode {
        FAST { String label() { return "fast"; } },
        SLOW { String label() { return "slow"; } };
        abstract String label();
    }

    // a lambda's body is reached through its synthetic class.
    static String lambda() {
        java.util.function.Supplier<Animal> s = () -> new Cat();
        return s.get().sound();
    }

    // ConcurrentHashMap keeps its nodes in an array it writes and reads
    // through Unsafe (modelled for arrays).
    static String concurrentMap() {
        java.util.concurrent.ConcurrentHashMap<String, Animal> m = new java.util.concurrent.ConcurrentHashMap<>();
        m.put("k", new Horse());
        return m.get("k").sound();
    }

    // reflective construction: with the model on, the cast says the
    // result is one of Animal's instantiable classes (Sheep is created
    // nowhere else); with it off, the site is reported unmodelled.
    static String reflective() throws ReflectiveOperationException {
        Animal a = (Animal) Sheep.class.getConstructor().newInstance();
        return a.sound();
    }

    // Two reflective constructions into one variable: each is a site of
    // its own (both reported unmodelled with the model off).
    @SuppressWarnings("deprecation")
    static String reflectiveTwice(boolean b) throws ReflectiveOperationException {
        Object o = Sheep.class.getConstructor().newInstance();
        if (b) {
            o = Sheep.class.newInstance();
        }
        return ((Animal) o).sound();
    }

    // What the JVM provides: System.out (set by System.initPhase1 through
    // a native), main's String arguments, Object.getClass's Class object
    // and its class loader.
    static void out() {
        System.out.flush();
    }

    static int firstArg(String[] args) {
        return args.length > 0 ? args[0].length() : 0;
    }

    // Reflection's Method, Field and Constructor objects: the JDK copies
    // those of the JVM (Class.getDeclaredMethods0 and its siblings).
    static String reflectionApi() throws Exception {
        java.lang.reflect.Method m = Main.class.getDeclaredMethod("out");
        m.invoke(null);
        java.lang.reflect.Field f = Main.class.getDeclaredField("counter");
        return f.getName() + Main.class.getDeclaredConstructor().getName();
    }

    static int counter;

    // What the JVM stores in reflection's objects and in Class objects
    // (pointsto/jvm.go, jvmFields): a method's name and parameter types, a
    // class's module.
    static String reflectedNames() throws Exception {
        java.lang.reflect.Method m = Main.class.getDeclaredMethod("firstArg", String[].class);
        Class<?> p = m.getParameterTypes()[0];
        return m.getName().trim() + p.isArray() + Main.class.getModule().getName();
    }

    // A value stored through a VarHandle (AtomicReference.compareAndSet
    // writes the value field with VALUE.compareAndSet).
    static String varHandle() {
        java.util.concurrent.atomic.AtomicReference<Animal> ref = new java.util.concurrent.atomic.AtomicReference<>();
        ref.compareAndSet(null, new Horse());
        return ref.get().sound();
    }

    // A VarHandle of the program's own: the model stores the value into
    // every field that could hold it, the interface-typed friend too, but
    // a store filters by the field's type (an Animal is no Speaker) even
    // when no putfield of friend exists to make the filter first.
    static final class Kennel {
        Animal pet;
        Speaker friend;
        static final java.lang.invoke.VarHandle PET;
        static {
            try {
                PET = java.lang.invoke.MethodHandles.lookup().findVarHandle(Kennel.class, "pet", Animal.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }
    }

    static String varHandleFiltered() {
        Kennel k = new Kennel();
        Kennel.PET.compareAndSet(k, null, new Horse());
        String s = k.friend != null ? k.friend.speak(k.pet) : "";
        return s + k.pet.sound();
    }

    // A dynamic proxy (pointsto/proxy.go): its calls run the handler's
    // invoke, which gets the call's arguments in an array; the proxy is an
    // Animal (its cast) and no Runnable.
    static final class Voice implements java.lang.reflect.InvocationHandler {
        public Object invoke(Object proxy, java.lang.reflect.Method m, Object[] args) {
            return ((Animal) args[0]).sound();
        }
    }

    interface Speaker {
        String speak(Animal a);
    }

    static String proxy() {
        Speaker s = (Speaker) java.lang.reflect.Proxy.newProxyInstance(Main.class.getClassLoader(),
            new Class<?>[] {Speaker.class}, new Voice());
        Object o = s;
        if (o instanceof Runnable) {
            ((Runnable) o).run();
        }
        return s.speak(new Horse());
    }

    static String loaderName() {
        return new Dog().getClass().getClassLoader().getName();
    }

    // the main thread, or a started one (Runner).
    static String threadName() {
        return Thread.currentThread().getName();
    }

    // A record's toString, hashCode and equals (ObjectMethods call sites,
    // lowered by the IR) reach its components' methods: Tag's only
    // through them.
    static final class Tag {
        final String name;
        Tag(String name) { this.name = name; }
        @Override public String toString() { return name; }
        @Override public int hashCode() { return name.length(); }
        @Override public boolean equals(Object o) { return o instanceof Tag t && t.name.equals(name); }
    }

    record Labelled(int id, Tag tag) {}

    static String record() {
        Labelled a = new Labelled(1, new Tag("a"));
        return a + " " + a.hashCode() + " " + a.equals(new Labelled(1, new Tag("a")));
    }

    // A call whose argument flows to the variable of its own receiver:
    // binding w.walk to Walker.walk adds the Leaf to w, and the Leaf then
    // selects Leaf.walk; Walker.walk's this never holds it.
    static class Walker {
        String walk(Walker w) { return kind() + w.walk(new Leaf()); }
        String kind() { return "walker"; }
    }

    static final class Leaf extends Walker {
        @Override String walk(Walker w) { return "leaf"; }
        @Override String kind() { return "leaf"; }
    }

    static String selfFed() {
        Walker w = new Walker();
        return w.walk(w);
    }

    public static void main(String[] args) throws Exception {
        selfFed();
        record();
        threadName();
        out();
        firstArg(args);
        loaderName();
        reflectionApi();
        reflectedNames();
        varHandle();
        varHandleFiltered();
        proxy();
        concurrentMap();
        reflective();
        reflectiveTwice(args.length > 0);
        copy();
        field();
        array();
        statics();
        cast(new Dog());
        cast(new Cat()); // fails at run time; the Cat is filtered out
        exception();
        cloned();
        arrayCloned();
        arrayCopied();
        reflectiveArray();
        typedCopy();
        nestedArray();
        Handles.run();
        Offsets.all();
        indexOut(new int[1]);
        overflow();
        enumNamed("LOW");
        enumCast("HIGH");
        enumSet();
        enumMapKeys();
        uncaught();
        collected();
        finalized();
        lambda();
        Runner r = new Runner(new Dog());
        r.start();
        r.join();
    }
}
