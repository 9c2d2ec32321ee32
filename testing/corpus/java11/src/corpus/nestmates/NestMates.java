package corpus.nestmates;

/**
 * Nest-based access control (JEP 181, class files >= 55): nested classes
 * read and write each other's private fields, call private methods and
 * private constructors directly. javac emits NestHost / NestMembers
 * attributes instead of the synthetic access$NNN methods and access
 * constructors that --release 8 needs; private instance methods of other
 * nest members are invoked with invokevirtual (invokeinterface for
 * interfaces), and reflection agrees (getNestHost, isNestmateOf).
 */
public class NestMates {

    private int secret = 7;
    private static String registry = "";

    private NestMates() {
    }

    private int twice() {
        return secret * 2;
    }

    private static void register(String s) {
        registry += s + ";";
    }

    /** Inner (non-static) member: uses outer private state via this$0. */
    class Inner {
        private long hidden = 100L;

        private Inner() {
        }

        int peek() {
            secret++;                    // private field of the host
            register("inner");           // private static method of the host
            return twice();              // private instance method of the host
        }
    }

    /** Static nested member: calls private members of a sibling and of the host. */
    static class Sibling {
        private final String label;

        private Sibling(String label) {
            this.label = label;
        }

        long poke(Inner in) {
            in.hidden += 5;              // private field of a sibling
            return in.hidden;
        }

        static Sibling make() {
            return new Sibling("made");  // private constructor, no access constructor needed
        }
    }

    private interface Hidden {
        private int base() {             // private interface method (Java 9+)
            return 40;
        }

        default int value() {
            return base() + 2;
        }
    }

    static class Impl implements Hidden {
        private static int count;
    }

    static String run() {
        NestMates host = new NestMates();    // private constructor
        Inner in = host.new Inner();         // private inner constructor
        int p = in.peek();
        Sibling s = Sibling.make();
        long h = s.poke(in);
        Impl.count += 3;                     // private static field of a nested class
        return p + " " + h + " " + s.label + " " + new Impl().value() + " " + Impl.count + " " + registry;
    }

    public static void main(String[] args) {
        System.out.println(run());
        System.out.println(Inner.class.getNestHost().getSimpleName() + " "
                + Sibling.class.isNestmateOf(Impl.class) + " "
                + NestMates.class.getNestMembers().length);
    }
}
