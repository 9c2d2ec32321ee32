package corpus.pointsto;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;

/**
 * Method handles of lookups with constant arguments, kept in static final
 * fields as libraries keep them (tools/analysis/pointsto/handles.go): each
 * method's last call site has the receiver classes the handle's method
 * gives it, and none without the model.
 */
final class Handles {
    /** Apart from Creature, whose every class other cases count. */
    interface Creature {
        String sound();
    }

    static final class Foal implements Creature {
        public String sound() { return "whinny"; }
    }

    static final class Joey implements Creature {
        public String sound() { return "chortle"; }
    }

    static final class Kit implements Creature {
        public String sound() { return "squeak"; }
    }

    static final class Cub implements Creature {
        public String sound() { return "growl"; }
    }

    static final class Chick implements Creature {
        public String sound() { return "cheep"; }
    }

    static final class Wombat implements Creature {
        public String sound() { return "hiss"; }
    }

    static final class Pika implements Creature {
        public String sound() { return "pika"; }
    }

    static final class Quokka implements Creature {
        public String sound() { return "click"; }
    }

    static final class Lamb implements Creature {
        public String sound() { return "baa"; }
    }

    static final class Gosling implements Creature {
        public String sound() { return "honk"; }
    }

    static final class Calf implements Creature {
        public String sound() { return "moo"; }
    }

    /** Its fields are written and read through field handles only. */
    static final class Pen {
        Creature occupant;
        Creature visitor;
    }

    static final class Hare implements Creature {
        public String sound() { return "thump"; }
    }

    /** Its field is written and read by its updater only. */
    static final class Cell {
        volatile Creature held;
        static final AtomicReferenceFieldUpdater<Cell, Creature> HELD =
            AtomicReferenceFieldUpdater.newUpdater(Cell.class, Creature.class, "held");
    }

    /** Initialised only by the invocation of a handle of its field. */
    static final class Zoo {
        static Creature star = new Kid();
    }

    static final class Kid implements Creature {
        public String sound() { return "bleat"; }
    }

    /** Written and read through static field handles only. */
    static Creature mascot;

    /** Read through a static field's VarHandle only. */
    static int tally;

    /** Its fields are written and read through their VarHandles only. */
    static final class Hutch {
        Creature front;
        Creature back;
        static final VarHandle FRONT;
        static final VarHandle BACK;

        static {
            try {
                MethodHandles.Lookup l = MethodHandles.lookup();
                FRONT = l.findVarHandle(Hutch.class, "front", Creature.class);
                BACK = l.findVarHandle(Hutch.class, "back", Creature.class);
            } catch (ReflectiveOperationException e) {
                throw new AssertionError(e);
            }
        }
    }

    static final class Mole implements Creature {
        public String sound() { return "snuffle"; }
    }

    static final class Vole implements Creature {
        public String sound() { return "squeak"; }
    }

    /** Initialised only by an access through its field's VarHandle. */
    static final class Warren {
        static Creature resident = new Otter();
    }

    static final class Otter implements Creature {
        public String sound() { return "whistle"; }
    }

    static final class Stoat implements Creature {
        public String sound() { return "chitter"; }
    }

    static class Keeper {
        Creature feed(Creature a) { return a; }

        Creature feed(Creature a, Creature b) { return b; }
    }

    static final class Nest {
        Creature hatch(Creature c) { return c; }
    }

    static final class Burrow {
        Creature dig(Creature c) { return c; }
    }

    static final class Tamer extends Keeper {
        @Override Creature feed(Creature a) { return new Cub(); }
    }

    private static final MethodHandle NEW_FOAL;
    private static final MethodHandle JOEY;
    private static final MethodHandle FEED;
    private static final MethodHandle ANY_FEED;
    private static final MethodHandle FIRST;
    private static final MethodHandle HATCH;
    private static final MethodHandle SIZE;
    private static final MethodHandle ADAPTED_DIG;
    private static final MethodHandle GET_OCCUPANT;
    private static final MethodHandle SET_OCCUPANT;
    private static final MethodHandle GET_MASCOT;
    private static final MethodHandle SET_MASCOT;
    private static final MethodHandle GET_VISITOR;
    private static final MethodHandle SET_VISITOR;
    private static final MethodHandle GET_STAR;
    private static final VarHandle RESIDENT;
    private static final VarHandle TALLY;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            NEW_FOAL = l.findConstructor(Foal.class, MethodType.methodType(void.class));
            JOEY = l.findStatic(Handles.class, "joey", MethodType.methodType(Creature.class));
            FEED = l.findVirtual(Keeper.class, "feed", MethodType.methodType(Creature.class, Creature.class));
            SIZE = l.findStatic(Handles.class, "size", MethodType.methodType(int.class, String.class));
            HATCH = l.findVirtual(Nest.class, "hatch", MethodType.methodType(Creature.class, Creature.class));
            FIRST = l.findStatic(Handles.class, "first", MethodType.methodType(Creature.class, Creature[].class));
            ANY_FEED = FEED.asType(MethodType.methodType(Object.class, Object.class, Object.class));
            ADAPTED_DIG = l.findVirtual(Burrow.class, "dig", MethodType.methodType(Creature.class, Creature.class))
                .asType(MethodType.methodType(Object.class, Burrow.class, Object.class));
            GET_OCCUPANT = l.findGetter(Pen.class, "occupant", Creature.class);
            SET_OCCUPANT = l.findSetter(Pen.class, "occupant", Creature.class);
            GET_MASCOT = l.findStaticGetter(Handles.class, "mascot", Creature.class);
            SET_MASCOT = l.findStaticSetter(Handles.class, "mascot", Creature.class);
            GET_VISITOR = l.findGetter(Pen.class, "visitor", Creature.class);
            SET_VISITOR = l.findSetter(Pen.class, "visitor", Creature.class);
            GET_STAR = l.findStaticGetter(Zoo.class, "star", Creature.class);
            RESIDENT = l.findStaticVarHandle(Warren.class, "resident", Creature.class);
            TALLY = l.findStaticVarHandle(Handles.class, "tally", int.class);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    static Creature joey() {
        return new Joey();
    }

    static Creature first(Creature... cs) {
        return cs[0];
    }

    static int size(String s) {
        return s.length();
    }

    /** invoke boxes a primitive result it returns as an Object. */
    static String boxed() throws Throwable {
        Object n = SIZE.invoke("four");
        return n.toString();
    }

    /** invoke converts the boxed result to the call's type: an Integer is no String. */
    static String unboxable() throws Throwable {
        try {
            Object s = (String) SIZE.invoke("four");
            return s.toString();
        } catch (ClassCastException e) {
            return "";
        }
    }

    /** bindTo: the bound value is the receiver, the call's argument hatch's. */
    static String bound() throws Throwable {
        MethodHandle h = HATCH.bindTo(new Nest());
        Creature a = (Creature) h.invokeExact((Creature) new Wombat());
        return a.sound();
    }

    /** A varargs method's handle: invoke collects the argument into an array. */
    static String collected() throws Throwable {
        Creature a = (Creature) FIRST.invoke((Creature) new Pika());
        return a.sound();
    }

    /** A constructor handle: its object is a Foal. */
    static String constructed() throws Throwable {
        Creature a = (Creature) NEW_FOAL.invoke();
        return a.sound();
    }

    /** A static handle: its method's result. */
    static String statics() throws Throwable {
        Creature a = (Creature) JOEY.invokeExact();
        return a.sound();
    }

    /**
     * A virtual handle dispatched on a Keeper (not a Tamer, whose override
     * would give a Cub), its argument the result; feed's two-argument
     * overload takes no part (the call passes two values, receiver and one).
     */
    static String virtual() throws Throwable {
        Creature a = (Creature) FEED.invokeExact(new Keeper(), (Creature) new Kit());
        return a.sound();
    }

    /** asType keeps the handle; invokeWithArguments spreads its array. */
    static String spread() throws Throwable {
        Object a = ANY_FEED.invokeWithArguments(new Tamer(), new Chick());
        return ((Creature) a).sound();
    }

    /**
     * A name that is not a constant: the handle stands for every static
     * method of the class, of which invokeExact's type selects joey.
     */
    static String named(String name) throws Throwable {
        MethodHandle h = MethodHandles.lookup().findStatic(Handles.class, name, MethodType.methodType(Creature.class));
        Creature a = (Creature) h.invokeExact();
        return a.sound();
    }

    /**
     * asType: invokeExact of the adapted type calls dig as invoke would,
     * returning its argument.
     */
    static String adapted() throws Throwable {
        Object a = (Object) ADAPTED_DIG.invokeExact(new Burrow(), (Object) new Quokka());
        return ((Creature) a).sound();
    }

    /** A setter and a getter of an instance field. */
    static String fields() throws Throwable {
        Pen p = new Pen();
        SET_OCCUPANT.invokeExact(p, (Creature) new Lamb());
        Creature a = (Creature) GET_OCCUPANT.invokeExact(p);
        return a.sound();
    }

    /** A static field's setter (invoke) and getter (invokeExact). */
    static String statics2() throws Throwable {
        SET_MASCOT.invoke(new Gosling());
        Creature a = (Creature) GET_MASCOT.invokeExact();
        return a.sound();
    }

    /** Field handles bound to their holder. */
    static String boundFields() throws Throwable {
        Pen p = new Pen();
        SET_VISITOR.bindTo(p).invoke(new Calf());
        Object a = GET_VISITOR.bindTo(p).invoke();
        return ((Creature) a).sound();
    }

    /** A static getter initialises the field's class. */
    static String initialised() throws Throwable {
        Creature a = (Creature) GET_STAR.invokeExact();
        return a.sound();
    }

    /** An AtomicReferenceFieldUpdater: what it stores, get returns. */
    static String updated() {
        Cell c = new Cell();
        Cell.HELD.compareAndSet(c, null, new Hare());
        return Cell.HELD.get(c).sound();
    }

    /** A VarHandle of a field: what it stores there, get returns, and not
     * what another field's handle stores in the other field of the type. */
    static String varNamed() {
        Hutch h = new Hutch();
        Hutch.FRONT.set(h, new Mole());
        Hutch.BACK.setRelease(h, new Vole());
        return ((Creature) Hutch.FRONT.getAcquire(h)).sound();
    }

    /** A static field's VarHandle: what the class's initialiser stores and
     * what compareAndSet stores, get returns. */
    static String varStatic() {
        Creature before = (Creature) RESIDENT.getVolatile();
        RESIDENT.compareAndSet(before, new Stoat());
        return ((Creature) RESIDENT.get()).sound();
    }

    /** A primitive static field's VarHandle returns its value boxed. */
    static String varBoxed() {
        TALLY.getAndAdd(1);
        Object n = TALLY.get();
        return n.toString();
    }

    static void run() {
        try {
            constructed();
            statics();
            virtual();
            spread();
            collected();
            bound();
            boxed();
            unboxable();
            named("joey");
            adapted();
            fields();
            statics2();
            boundFields();
            initialised();
            updated();
            varNamed();
            varStatic();
            varBoxed();
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }
}
