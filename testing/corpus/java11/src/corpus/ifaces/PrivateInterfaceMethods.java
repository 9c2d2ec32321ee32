package corpus.ifaces;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntUnaryOperator;

/**
 * Private interface methods (Java 9): private instance methods called
 * from default methods (invokeinterface on the interface itself), private
 * static methods called from static and default methods, lambdas inside
 * default methods (the lambda body becomes a private synthetic method of
 * the interface), and an implementation hierarchy that overrides some
 * defaults while inheriting others.
 */
public class PrivateInterfaceMethods {

    interface Pipeline {
        int seed();

        default int run(int steps) {
            int v = seed();
            for (int i = 0; i < steps; i++) {
                v = step(v, i);
            }
            return clamp(v);
        }

        default List<Integer> trace(int steps) {
            List<Integer> out = new ArrayList<>();
            IntUnaryOperator op = v -> step(v, out.size()); // lambda capturing this (interface instance)
            int v = seed();
            for (int i = 0; i < steps; i++) {
                v = op.applyAsInt(v);
                out.add(v);
            }
            return out;
        }

        private int step(int v, int i) {
            return (i % 2 == 0) ? v * factor() : v - offset(i);
        }

        default int factor() {
            return 2;
        }

        private static int offset(int i) {
            return i + 1;
        }

        private static int clamp(int v) {
            return Math.max(-1000, Math.min(1000, v));
        }

        static Pipeline of(int seed) {
            return () -> seed;
        }

        static String describe(Pipeline p) {
            return "seed=" + p.seed() + " clamp(5000)=" + clamp(5000);
        }
    }

    static class Tripler implements Pipeline {
        public int seed() {
            return 3;
        }

        @Override
        public int factor() {
            return 3;
        }
    }

    public static void main(String[] args) {
        Pipeline p = Pipeline.of(5);
        System.out.println(p.run(4) + " " + p.trace(4));
        Pipeline t = new Tripler();
        System.out.println(t.run(4) + " " + t.trace(5) + " " + t.run(20));
        System.out.println(Pipeline.describe(t));
    }
}
