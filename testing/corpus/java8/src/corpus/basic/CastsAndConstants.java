package corpus.basic;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * checkcast and instanceof (classes, interfaces, arrays), class literals
 * (ldc Class, primitive class literals via Integer.TYPE etc., array class
 * literals), aconst_null in various positions, string constants,
 * long/float/double constants via ldc2_w / ldc, and the int constant
 * ladder (iconst_m1..5, bipush, sipush, ldc).
 */
public class CastsAndConstants {

    interface Shape { double area(); }

    static final class Square implements Shape, Serializable {
        private static final long serialVersionUID = 1L;
        final double side;
        Square(double side) { this.side = side; }
        public double area() { return side * side; }
    }

    static String describe(Object o) {
        if (o == null) {
            return "null";
        }
        if (o instanceof String) {
            String s = (String) o;
            return "String:" + s.length();
        }
        if (o instanceof Integer) {
            return "Integer:" + ((Integer) o + 1);
        }
        if (o instanceof int[]) {
            return "int[]:" + ((int[]) o).length;
        }
        if (o instanceof Object[][]) {
            return "Object[][]:" + ((Object[][]) o).length;
        }
        if (o instanceof Shape && o instanceof Serializable) {
            return "Shape+Serializable:" + ((Shape) o).area();
        }
        if (o instanceof List<?>) {
            List<?> l = (List<?>) o;
            return "List:" + l.size();
        }
        return "other:" + o.getClass().getSimpleName();
    }

    static Class<?>[] classLiterals() {
        return new Class<?>[] {
            String.class, int.class, long.class, void.class, boolean.class,
            int[].class, String[][].class, Shape.class, CastsAndConstants.class, Square.class
        };
    }

    static String nulls(String maybe) {
        String s = null;
        Object[] arr = null;
        if (maybe != null) {
            s = maybe;
        }
        String t = maybe == null ? null : maybe.trim();
        return s + "|" + arr + "|" + t + "|" + String.valueOf((Object) null);
    }

    static long intLadder() {
        int m1 = -1, z = 0, one = 1, five = 5, six = 6, bmax = 127, bmin = -128;
        int smax = 32767, smin = -32768, big = 32768, huge = Integer.MIN_VALUE;
        return (long) m1 + z + one + five + six + bmax + bmin + smax + smin + big + huge;
    }

    static double wideConstants() {
        long l1 = 0L, l2 = 1L, l3 = -1L, l4 = Long.MAX_VALUE;
        float f1 = 0.0f, f2 = 1.0f, f3 = 2.0f, f4 = 0.1f, f5 = Float.MIN_VALUE;
        double d1 = 0.0, d2 = 1.0, d3 = Math.PI, d4 = Double.MAX_VALUE, d5 = -0.0;
        return (l1 + l2 + l3 + (l4 >>> 62)) + f1 + f2 + f3 + f4 + (f5 > 0 ? 1 : 0) + d1 + d2 + d3
                + (d4 > 1 ? 1 : 0) + (1 / d5 < 0 ? 100 : 0);
    }

    static String strings() {
        String empty = "";
        String unicode = "h\u00e9llo \u4e16\u754c";
        String escapes = "tab\tnl\\n quote\" \0end";
        return empty.length() + " " + unicode.length() + " " + escapes.length() + " " + "lit".intern();
    }

    public static void main(String[] args) {
        List<Object> things = new ArrayList<Object>();
        things.add("hello");
        things.add(41);
        things.add(new int[3]);
        things.add(new String[2][5]);
        things.add(new Square(3));
        things.add(java.util.Collections.singletonList("only"));
        things.add(null);
        things.add(4.5);
        for (Object o : things) {
            System.out.println(describe(o));
        }
        for (Class<?> c : classLiterals()) {
            System.out.print(c.getName() + " ");
        }
        System.out.println();
        System.out.println(nulls(null) + " " + nulls(" x "));
        System.out.println(intLadder() + " " + wideConstants() + " " + strings());
        try {
            Object o = "not a number";
            Integer bad = (Integer) o;
            System.out.println(bad);
        } catch (ClassCastException e) {
            System.out.println("ClassCastException");
        }
    }
}
