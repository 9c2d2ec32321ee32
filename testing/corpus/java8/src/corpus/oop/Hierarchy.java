package corpus.oop;

import java.util.ArrayList;
import java.util.List;

/**
 * A small class hierarchy: abstract base class with an abstract and a
 * template method, a three-level override chain called through base
 * references (invokevirtual dispatch), super.m() calls (invokespecial),
 * interfaces with default methods, static interface methods
 * (invokestatic on an interface), Iface.super.m() default-super calls,
 * final and private methods, and static vs instance dispatch.
 */
public class Hierarchy {

    interface Named {
        String name();

        default String greet() {
            return "Hello, " + name();
        }

        static String shout(Named n) {
            return n.greet().toUpperCase();
        }
    }

    interface Polite extends Named {
        @Override
        default String greet() {
            return "Dear " + name();
        }
    }

    abstract static class Animal implements Named {
        private final String name;

        protected Animal(String name) {
            this.name = name;
        }

        public String name() {
            return name;
        }

        abstract String sound();

        int legs() {
            return 4;
        }

        // template method: dispatches to sound() and legs() virtually
        final String describe() {
            return name() + " says " + sound() + " on " + legs() + " legs" + suffix();
        }

        private String suffix() {
            return ".";
        }

        static String kingdom() {
            return "animalia";
        }
    }

    static class Dog extends Animal {
        Dog(String name) { super(name); }
        String sound() { return "woof"; }
    }

    static class Puppy extends Dog {
        Puppy(String name) { super(name + " jr"); }

        @Override
        String sound() { return super.sound() + "-yip"; } // invokespecial Dog.sound
    }

    static class Bird extends Animal implements Polite {
        Bird(String name) { super(name); }
        String sound() { return "tweet"; }
        @Override int legs() { return 2; }

        @Override
        public String greet() {
            return Polite.super.greet() + "!"; // invokespecial on interface default
        }
    }

    static final class Parrot extends Bird {
        Parrot() { super("polly"); }
        @Override String sound() { return "hello " + super.sound(); }
        @Override public String name() { return "parrot " + super.name(); }
    }

    static class Snake extends Animal {
        Snake() { super("sid"); }
        String sound() { return "hiss"; }
        @Override int legs() { return 0; }
    }

    static int totalLegs(List<? extends Animal> animals) {
        int total = 0;
        for (Animal a : animals) {
            total += a.legs(); // megamorphic virtual call site
        }
        return total;
    }

    public static void main(String[] args) {
        List<Animal> zoo = new ArrayList<Animal>();
        zoo.add(new Dog("rex"));
        zoo.add(new Puppy("rex"));
        zoo.add(new Bird("tweety"));
        zoo.add(new Parrot());
        zoo.add(new Snake());
        for (Animal a : zoo) {
            System.out.println(a.describe() + " | " + a.greet() + " | " + Named.shout(a));
        }
        Named anon = new Named() {
            public String name() { return "anon"; }
        };
        System.out.println(anon.greet() + " " + totalLegs(zoo) + " " + Animal.kingdom());
        Animal ref = new Parrot();
        Bird bird = (Bird) ref;
        System.out.println(ref.sound() + " / " + bird.greet() + " / " + ((Polite) bird).name());
    }
}
