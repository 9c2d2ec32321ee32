package corpus.modref;

/**
 * Hand-checked MOD/USE expectations (tools/analysis/modref tests): each
 * static method below exercises one way a method may write (MOD) or read
 * (USE) the heap; the comments give the sets the test asserts, where
 * "A1" is a method's first allocation, "A2" its second, and so on.
 */
public class Main {
    static final class Box {
        Object val;
        int n;
    }

    static Object shared;
    static int counter;

    // alias: b aliases a, so the write goes to A1's n. MOD {A1.n}, USE {}.
    static void alias() {
        Box a = new Box();
        Box b = a;
        b.n = 1;
    }

    // readN only reads: MOD {}, USE {callsReader:A1.n}; the same at the
    // call in callsReader.
    static int readN(Box b) {
        return b.n;
    }

    static void callsReader() {
        Box x = new Box();
        readN(x);
    }

    // statics: MOD {shared, counter}, USE {counter}.
    static void statics() {
        shared = new Object();
        counter++;
    }

    // arrays: MOD {A1[]}, USE {A2[]}.
    static Object arrays() {
        int[] xs = new int[3];
        xs[0] = 1;
        Object[] os = new Object[1];
        return os[0];
    }

    // transitive: setN writes its parameter's n; MOD of transitive and of
    // its call: {transitive:A1.n}.
    static void setN(Box b, int v) {
        b.n = v;
    }

    static void transitive() {
        Box b = new Box();
        setN(b, 2);
    }

    // Virtual dispatch: dispatch(s) runs Sq.grow or Circ.grow.
    abstract static class Shape {
        abstract void grow();
    }

    static final class Sq extends Shape {
        int side;

        void grow() {
            side++;
        }
    }

    static final class Circ extends Shape {
        int r;

        void grow() {
            r++;
        }
    }

    static void dispatch(Shape s) {
        s.grow();
    }

    // virtual: MOD = USE = {virtual:A1.side, virtual:A2.r}: Sq.grow
    // (context-insensitive) writes the side of both Sq objects, but only
    // virtual's is accessible at the calls (the seed's accessible filter:
    // reachable from the actuals or a static field).
    static void virtual() {
        dispatch(new Sq());
        dispatch(new Circ());
    }

    // onlySq: only a Sq reaches its call, so Circ.r is not modified, and
    // only onlySq's Sq is accessible there. MOD = USE = {onlySq:A1.side};
    // MOD(Sq.grow) = {virtual:A1.side, onlySq:A1.side}.
    static void onlySq() {
        Shape s = new Sq();
        s.grow();
    }

    // copy: the initialiser writes A1's elements, arraycopy reads them and
    // writes A3's. MOD {A1[], A3[]}, USE {A1[]}; at the arraycopy call MOD
    // {A3[]}, USE {A1[]}.
    static void copy() {
        Object[] a = {new Object()};
        Object[] b = new Object[1];
        System.arraycopy(a, 0, b, 0, 1);
    }

    // An array of unknown class (Array.newInstance): written through a
    // cast to Box[], read as the Object[] it was made as. One array, one
    // location: MOD(writesView) and USE(readsRaw) name the same elements.
    static Object[] made() {
        return (Object[]) java.lang.reflect.Array.newInstance(Box.class, 1);
    }

    static void writesView(Object[] raw) {
        Box[] boxes = (Box[]) raw;
        boxes[0] = null;
    }

    static Object readsRaw(Object[] raw) {
        return raw[0];
    }

    static void anyArray() {
        Object[] raw = made();
        writesView(raw);
        readsRaw(raw);
    }

    // A thread's run() runs through the native Thread.start0: MOD of
    // thread() contains thread:A2.n.
    static final class Worker extends Thread {
        final Box box;

        Worker(Box box) {
            this.box = box;
        }

        @Override
        public void run() {
            box.n = 7;
        }
    }

    static void thread() throws InterruptedException {
        Worker w = new Worker(new Box());
        w.start();
        w.join();
    }

    // clone (native Object.clone) copies every field of its receiver: at
    // the call in Pt.copy, MOD = USE = {cloned:A1.x, cloned:A1.y}.
    static final class Pt implements Cloneable {
        int x;
        Object y;

        Pt copy() throws CloneNotSupportedException {
            return (Pt) clone();
        }
    }

    static Pt cloned() throws CloneNotSupportedException {
        Pt p = new Pt();
        return p.copy();
    }

    // Class initialisation: calling Init.get() runs Init's <clinit>. MOD
    // of initialised() and of its call: {Init.ready}.
    static final class Init {
        static int ready;

        static {
            ready = 1;
        }

        static int get() {
            return 0;
        }
    }

    static int initialised() {
        return Init.get();
    }

    // Accessible filter: fresh() modifies a Box it allocates; no caller's
    // object is modified by the call, so MOD(callsFresh) = {} while
    // MOD(fresh) = {fresh:A1.n}. kept() stores its Box in a static field,
    // so MOD(callsKept) = {kept:A1.n, shared}.
    static Box fresh() {
        Box b = new Box();
        b.n = 3;
        return b;
    }

    static Box callsFresh() {
        return fresh();
    }

    static Box kept() {
        Box b = new Box();
        b.n = 4;
        shared = b;
        return b;
    }

    static Box callsKept() {
        return kept();
    }

    // Natives modelled by their effects: System.setOut ends in the native
    // setOut0, which writes System.out; AtomicInteger.incrementAndGet in
    // Unsafe's native compareAndSetInt on the counter, which writes its
    // value. MOD of natives() contains both.
    static void natives() {
        java.util.concurrent.atomic.AtomicInteger n = new java.util.concurrent.atomic.AtomicInteger();
        n.incrementAndGet();
        java.util.concurrent.atomic.AtomicReference<Object> r = new java.util.concurrent.atomic.AtomicReference<>();
        r.compareAndSet(null, r); // a VarHandle's compareAndSet
        new java.util.concurrent.atomic.AtomicBoolean().compareAndSet(false, true); // on an int field
        System.setOut(System.out);
    }

    // Field handles: the setter's call writes the box's n and the
    // getter's reads it; the static setter's writes counter.
    static void fieldHandles() throws Throwable {
        java.lang.invoke.MethodHandles.Lookup l = java.lang.invoke.MethodHandles.lookup();
        Box b = new Box();
        l.findSetter(Box.class, "n", int.class).invokeExact(b, 3);
        int n = (int) l.findGetter(Box.class, "n", int.class).invokeExact(b);
        l.findStaticSetter(Main.class, "counter", int.class).invoke(n);
    }

    // VarHandles: compareAndSet on the box's n reads and writes it, the
    // static field handles' setRelease writes shared, getAndAdd reads and
    // writes counter.
    static void varHandles() throws Throwable {
        java.lang.invoke.MethodHandles.Lookup l = java.lang.invoke.MethodHandles.lookup();
        Box b = new Box();
        l.findVarHandle(Box.class, "n", int.class).compareAndSet(b, 0, 1);
        l.findStaticVarHandle(Main.class, "shared", Object.class).setRelease(b);
        l.findStaticVarHandle(Main.class, "counter", int.class).getAndAdd(1);
    }

    public static void main(String[] args) throws Exception {
        alias();
        callsReader();
        statics();
        arrays();
        transitive();
        virtual();
        onlySq();
        copy();
        anyArray();
        thread();
        cloned();
        initialised();
        natives();
        try {
            fieldHandles();
            varHandles();
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
        callsFresh();
        callsKept();
    }
}
