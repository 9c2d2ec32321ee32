package corpus.pointsto;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

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

    static class Keeper {
        Creature feed(Creature a) { return a; }

        Creature feed(Creature a, Creature b) { return b; }
    }

    static final class Nest {
        Creature hatch(Creature c) { return c; }
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

    static void run() {
        try {
            constructed();
            statics();
            virtual();
            spread();
            collected();
            bound();
            boxed();
            named("joey");
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }
}
