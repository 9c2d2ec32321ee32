package corpus.unnamed;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiFunction;

/**
 * Unnamed variables and patterns `_` (Java 22): unnamed locals whose
 * value is still computed (side effects kept, no LocalVariableTable entry),
 * unnamed catch parameters, unnamed lambda parameters, unnamed loop
 * variables, unnamed try-with-resources variables, unnamed pattern
 * components in record patterns, and several patterns in one case label
 * when they declare no bindings (`case Circle _, Square _ ->`).
 */
public class UnnamedVariables {

    sealed interface Shape permits Circle, Square, Triangle {
    }

    record Circle(double r) implements Shape {
    }

    record Square(double side) implements Shape {
    }

    record Triangle(double a, double b, double c) implements Shape {
    }

    record Pair<A, B>(A first, B second) {
    }

    static int counter;

    static int sideEffect() {
        return ++counter;
    }

    static String corners(Shape s) {
        return switch (s) {
            case Circle _ -> "round";
            case Square _, Triangle _ -> "pointy";
        };
    }

    static int parseOr(String s, int fallback) {
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException _) {
            return fallback;
        }
    }

    static int count(Iterable<?> items) {
        int n = 0;
        for (var _ : items) {
            n++;
        }
        return n;
    }

    static String firsts(List<Pair<String, Integer>> pairs) {
        StringBuilder sb = new StringBuilder();
        for (Pair<String, Integer> p : pairs) {
            if (p instanceof Pair<String, Integer>(String f, _)) {
                sb.append(f);
            }
        }
        return sb.toString();
    }

    static int sumSeconds(Object o) {
        return switch (o) {
            case Pair(Pair(_, Integer a), Integer b) -> a + b;
            case Pair(_, Integer b) -> b;
            default -> 0;
        };
    }

    static final class Quiet implements AutoCloseable {
        static int closed;

        public void close() {
            closed++;
        }
    }

    public static void main(String[] args) {
        var _ = sideEffect();                 // value computed and discarded
        int _ = sideEffect();                 // a second unnamed local in the same scope
        System.out.println("counter=" + counter);
        System.out.println(corners(new Circle(1)) + " " + corners(new Square(2)) + " " + corners(new Triangle(3, 4, 5)));
        System.out.println(parseOr("12", -1) + " " + parseOr("x", -1));
        System.out.println(count(List.of("a", "b", "c")));
        System.out.println(firsts(List.of(new Pair<>("x", 1), new Pair<>("y", 2))));
        System.out.println(sumSeconds(new Pair<>(new Pair<>("q", 3), 4)) + " " + sumSeconds(new Pair<>("z", 5)) + " " + sumSeconds("no"));
        BiFunction<String, Integer, String> firstOnly = (s, _) -> s.toUpperCase();
        Map<String, List<Integer>> groups = new TreeMap<>();
        for (String k : List.of("a", "b", "a")) {
            groups.computeIfAbsent(k, _ -> new ArrayList<>()).add(k.length());
        }
        System.out.println(firstOnly.apply("up", 0) + " " + groups);
        try (var _ = new Quiet(); var _ = new Quiet()) {
            System.out.println("inside, closed=" + Quiet.closed);
        }
        System.out.println("closed=" + Quiet.closed);
    }
}
