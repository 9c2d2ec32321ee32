package corpus.lambdas;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.IntPredicate;
import java.util.function.Supplier;

/**
 * Lambdas compiled to invokedynamic + LambdaMetafactory.metafactory:
 * non-capturing (static lambda$...), capturing locals (captured values
 * become indy arguments and leading lambda-method parameters), capturing
 * `this` (instance lambda method), wide captured values (long/double),
 * custom functional interfaces with primitive signatures, currying
 * (lambda returning lambda), lambdas in static initialisers and
 * constructors, and an intersection-cast serializable lambda
 * (altMetafactory + synthetic $deserializeLambda$).
 */
public class Lambdas {

    @FunctionalInterface
    interface LongDoubleOp {
        double apply(long a, double b, int c);
    }

    @FunctionalInterface
    interface TriConsumer<A, B, C> {
        void accept(A a, B b, C c);
    }

    static final Function<Integer, Integer> SQUARE;

    static {
        SQUARE = x -> x * x; // lambda in <clinit>
    }

    private final String prefix;
    private final Supplier<String> greeter;
    private int calls;

    Lambdas(String prefix) {
        this.prefix = prefix;
        this.greeter = () -> this.prefix + "!"; // captures this in constructor
    }

    // instance context: lambda body reads and writes fields -> captures this
    Function<String, String> decorator() {
        return s -> {
            calls++;
            return prefix + s + calls;
        };
    }

    static Runnable nonCapturing(List<String> log) {
        Runnable r = () -> System.out.println("static runnable");
        r.run();
        return () -> log.add("captured log"); // captures the parameter
    }

    static LongDoubleOp wideCapture(long base, double factor) {
        // captures two-slot values; parameters are also two-slot
        return (a, b, c) -> (base + a) * factor + b * c;
    }

    static Function<Integer, Function<Integer, Integer>> curriedAdd() {
        return a -> b -> a + b;
    }

    static IntPredicate between(int lo, int hi) {
        return v -> v >= lo && v < hi;
    }

    static <T> List<T> generate(int n, Supplier<T> s) {
        List<T> out = new ArrayList<T>();
        for (int i = 0; i < n; i++) {
            out.add(s.get());
        }
        return out;
    }

    static Runnable serializable(String msg) {
        return (Runnable & Serializable) () -> System.out.println("serializable " + msg);
    }

    public static void main(String[] args) {
        List<String> log = new ArrayList<String>();
        Runnable r = nonCapturing(log);
        r.run();
        r.run();
        System.out.println(log);

        Lambdas l = new Lambdas(">>");
        Function<String, String> dec = l.decorator();
        System.out.println(dec.apply("a") + " " + dec.apply("b") + " " + l.greeter.get());

        LongDoubleOp op = wideCapture(10L, 0.5);
        System.out.println(op.apply(4L, 2.0, 3));

        System.out.println(curriedAdd().apply(3).apply(4) + " " + SQUARE.apply(9));
        IntPredicate p = between(3, 6);
        System.out.println(p.test(2) + " " + p.test(3) + " " + p.negate().test(5));

        int[] counter = {0};
        List<Integer> gen = generate(4, () -> ++counter[0] * 10);
        System.out.println(gen);

        BiFunction<String, Integer, String> rep = (s, n) -> {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < n; i++) sb.append(s);
            return sb.toString();
        };
        System.out.println(rep.andThen(String::length).apply("ab", 3));

        StringBuilder out = new StringBuilder();
        TriConsumer<String, Character, Long> tri = (a, b, c) -> out.append(a).append(b).append(c);
        tri.accept("x", 'y', 7L);
        System.out.println(out);

        serializable("ok").run();
    }
}
