package corpus.vars;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.BinaryOperator;

/**
 * Local variable type inference (var, Java 10) and var in lambda
 * parameters (Java 11): var for primitives (slot width inferred: long and
 * double still take two slots), generic types, loop variables, enhanced
 * for, try-with-resources, a non-denotable anonymous class type whose
 * extra members remain callable, intersection types, and
 * (var a, var b) -> ... lambdas with annotations on the parameters.
 */
public class LocalVarInference {

    @interface NonNull {
    }

    static long primitives() {
        var i = 10;          // int
        var l = 20L;         // long: two slots
        var d = 0.5;         // double: two slots
        var c = 'c';         // char
        var f = 1.5f;        // float
        var sum = i + l;     // long
        sum += (long) (d * f) + c;
        return sum;
    }

    static String collections() {
        var list = new ArrayList<String>();          // ArrayList<String>
        list.add("b");
        list.add("a");
        var map = new LinkedHashMap<String, List<Integer>>();
        for (var s : list) {
            map.computeIfAbsent(s, k -> new ArrayList<>()).add(s.charAt(0) - 'a');
        }
        for (var i = 0; i < 3; i++) {
            map.get("a").add(i);
        }
        var entries = map.entrySet();
        var sb = new StringBuilder();
        for (var e : entries) {
            sb.append(e.getKey()).append('=').append(e.getValue()).append(' ');
        }
        return sb.toString().trim();
    }

    static int anonymousType() {
        // the inferred type is the anonymous class: count() and bump() stay accessible
        var counter = new Object() {
            int count;

            void bump(int by) {
                count += by;
            }
        };
        counter.bump(3);
        counter.bump(4);
        return counter.count;
    }

    static int resources() throws IOException {
        try (var in = new ByteArrayInputStream(new byte[] {1, 2, 3});
             var in2 = (InputStream) new ByteArrayInputStream(new byte[] {9})) {
            var total = 0;
            int b;
            while ((b = in.read()) != -1) {
                total += b;
            }
            return total * 10 + in2.read();
        }
    }

    static String lambdaParams() {
        BiFunction<String, Integer, String> rep = (var s, var n) -> s.repeat(n);
        BinaryOperator<Long> add = (@NonNull var a, @NonNull var b) -> a + b;
        var mixed = (Comparable<String> & java.io.Serializable) "inter"; // intersection type
        return rep.apply("ab", 3) + " " + add.apply(40L, 2L) + " " + mixed.compareTo("inter");
    }

    public static void main(String[] args) throws IOException {
        System.out.println(primitives());
        System.out.println(collections());
        System.out.println(anonymousType());
        System.out.println(resources());
        System.out.println(lambdaParams());
    }
}
