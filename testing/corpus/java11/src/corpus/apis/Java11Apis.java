package corpus.apis;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * APIs added in 9-11 used the way ordinary code uses them: immutable
 * collection factories (List.of / Map.of / Set.of: static interface
 * method calls, varargs overloads), String.repeat/strip/isBlank/lines,
 * Optional.ifPresentOrElse/or/stream, Stream.takeWhile/iterate with a
 * predicate, Predicate.not, Collectors.toUnmodifiableList, plus a
 * diamond on an anonymous class (Java 9).
 */
public class Java11Apis {

    interface Shape {
        double area();
    }

    abstract static class Box<T> {
        abstract T get();
    }

    public static void main(String[] args) {
        List<String> words = List.of("  alpha ", "", "beta", "   ", "gamma");
        List<String> clean = words.stream()
                .filter(Predicate.not(String::isBlank))
                .map(String::strip)
                .collect(Collectors.toUnmodifiableList());
        System.out.println(clean + " " + "ab".repeat(3) + " " + "x\ny\nz".lines().count());

        Map<String, Integer> m = new TreeMap<>(Map.of("one", 1, "two", 2, "three", 3));
        System.out.println(m + " " + Set.of(5).contains(5));

        Optional<String> first = clean.stream().filter(s -> s.startsWith("g")).findFirst();
        first.ifPresentOrElse(s -> System.out.println("found " + s), () -> System.out.println("none"));
        Optional<String> missing = Optional.<String>empty().or(() -> Optional.of("fallback"));
        System.out.println(missing.get() + " " + missing.stream().count());

        List<Integer> powers = Stream.iterate(1, i -> i < 1000, i -> i * 3).collect(Collectors.toList());
        List<Integer> small = powers.stream().takeWhile(i -> i < 50).collect(Collectors.toList());
        System.out.println(powers + " " + small);

        // diamond with an anonymous class (allowed since Java 9)
        Box<String> box = new Box<>() {
            String get() {
                return "boxed";
            }
        };
        Shape unit = () -> 1.0;
        System.out.println(box.get() + " " + unit.area());

        try {
            List.of(1, 2).add(3);
        } catch (UnsupportedOperationException e) {
            System.out.println("immutable");
        }
    }
}
