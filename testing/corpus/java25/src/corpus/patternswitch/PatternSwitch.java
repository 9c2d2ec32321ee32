package corpus.patternswitch;

import java.util.List;

/**
 * Pattern matching for switch (Java 21): switches over Object and over a
 * sealed interface compile to invokedynamic
 * java.lang.runtime.SwitchBootstraps.typeSwitch (labels: Class constants,
 * String and Integer constants) followed by a tableswitch on the returned
 * index; guards (`when`) that fail re-invoke the indy with restart index
 * + 1; `case null` and `case null, default`; dominance-ordered type
 * patterns; exhaustive switches over a sealed hierarchy without default
 * (compiler-generated MatchException arm); and pattern switches used as
 * statements and expressions.
 */
public class PatternSwitch {

    sealed interface Shape permits Circle, Square, Rect {
    }

    static final class Circle implements Shape {
        final double r;
        Circle(double r) { this.r = r; }
    }

    static final class Square implements Shape {
        final double side;
        Square(double side) { this.side = side; }
    }

    static non-sealed class Rect implements Shape {
        final double w, h;
        Rect(double w, double h) { this.w = w; this.h = h; }
    }

    // exhaustive over the sealed hierarchy: no default arm
    static double area(Shape s) {
        return switch (s) {
            case Circle c -> Math.PI * c.r * c.r;
            case Square sq -> sq.side * sq.side;
            case Rect r -> r.w * r.h;
        };
    }

    static String classify(Object o) {
        return switch (o) {
            case null -> "null!";
            case Integer i when i > 100 -> "big int " + i;
            case Integer i when i < 0 -> "negative int " + i;
            case Integer i -> "int " + i;
            case Long l -> "long " + (l + 1);
            case String s when s.isEmpty() -> "empty string";
            case String s -> "string " + s.length();
            case int[] arr when arr.length == 0 -> "empty int[]";
            case int[] arr -> "int[" + arr.length + "]";
            case Shape sh -> "shape with area " + Math.round(area(sh));
            case List<?> list -> "list of " + list.size();
            default -> "other " + o.getClass().getSimpleName();
        };
    }

    // constant labels mixed with type patterns on a String / Integer selector
    static int constantsAndPatterns(String s) {
        switch (s) {
            case "one" -> { return 1; }
            case "two" -> { return 2; }
            case String t when t.startsWith("x") -> { return 100 + t.length(); }
            case null, default -> { return -1; }
        }
    }

    static String boxed(Integer n) {
        return switch (n) {
            case 0 -> "zero";
            case 1 -> "one";
            case Integer i when i % 2 == 0 -> "even";
            case Integer i -> "odd";
        };
    }

    // pattern switch as a statement with fall-out (no value)
    static StringBuilder log = new StringBuilder();

    static void statement(Object o) {
        switch (o) {
            case CharSequence cs when cs.length() > 3:
                log.append("long-cs ");
                break;
            case CharSequence cs:
                log.append("cs:").append(cs).append(' ');
                break;
            case Number n:
                log.append("num:").append(n.intValue()).append(' ');
                break;
            default:
                log.append("? ");
        }
    }

    public static void main(String[] args) {
        Object[] samples = {null, 500, -3, 7, 9L, "", "abc", new int[0], new int[3],
                new Circle(1), new Square(2), new Rect(2, 3), List.of(1, 2), 1.5};
        for (Object o : samples) {
            System.out.println(classify(o));
        }
        System.out.println(constantsAndPatterns("one") + " " + constantsAndPatterns("two") + " "
                + constantsAndPatterns("xyz") + " " + constantsAndPatterns("q") + " " + constantsAndPatterns(null));
        System.out.println(boxed(0) + " " + boxed(1) + " " + boxed(8) + " " + boxed(9));
        for (Object o : List.of("hi", "hello", 3.7, new Object())) {
            statement(o);
        }
        System.out.println(log.toString().replace("java.lang.Object", "Object"));
    }
}
