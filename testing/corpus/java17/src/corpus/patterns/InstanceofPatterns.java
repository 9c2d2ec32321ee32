package corpus.patterns;

import java.util.List;
import java.util.Map;

/**
 * Pattern matching for instanceof (Java 16): the binding is a fresh local
 * stored after checkcast on the true branch; bindings used in && chains,
 * in the else-branch of a negated test (flow scoping: `if (!(o instanceof
 * T t)) return; use t`), in ternaries and in loop conditions; patterns
 * on generic types; and the same binding name reused in different scopes
 * (different local slots).
 */
public class InstanceofPatterns {

    static String describe(Object o) {
        if (o instanceof Integer i && i > 10) {
            return "big int " + (i + 1);
        } else if (o instanceof Integer i) {
            return "small int " + i;
        } else if (o instanceof String s && !s.isEmpty()) {
            return "string of " + s.length();
        } else if (o instanceof int[] arr) {
            return "int array " + arr.length;
        } else if (o instanceof List<?> list && list.size() > 1 && list.get(0) instanceof String first) {
            return "list starting with " + first;
        }
        return "other";
    }

    static int flowScoping(Object o) {
        if (!(o instanceof CharSequence cs)) {
            return -1;
        }
        // cs is in scope here
        return cs.length();
    }

    static long ternary(Object o) {
        return o instanceof Long l ? l * 2 : o instanceof Number n ? n.longValue() : 0L;
    }

    static int loopCondition(Object[] items) {
        int i = 0;
        int total = 0;
        while (i < items.length && items[i] instanceof Integer n) {
            total += n;
            i++;
        }
        return total;
    }

    static String mapEntry(Object o) {
        if (o instanceof Map.Entry<?, ?> e && e.getKey() instanceof String k && e.getValue() instanceof Double d) {
            return k + "->" + (d * 2);
        }
        return "no";
    }

    static boolean equalsLike(Object a, Object b) {
        return a instanceof Point p && b instanceof Point q && p.x == q.x && p.y == q.y;
    }

    static final class Point {
        final int x, y;

        Point(int x, int y) {
            this.x = x;
            this.y = y;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Point other && other.x == x && other.y == y;
        }

        @Override
        public int hashCode() {
            return 31 * x + y;
        }
    }

    public static void main(String[] args) {
        Object[] samples = {42, 3, "hello", "", new int[4], List.of("a", "b"), List.of(1, 2), 2.5};
        for (Object o : samples) {
            System.out.println(describe(o));
        }
        System.out.println(flowScoping("abc") + " " + flowScoping(new StringBuilder("xy")) + " " + flowScoping(5));
        System.out.println(ternary(21L) + " " + ternary(3.9) + " " + ternary("x"));
        System.out.println(loopCondition(new Object[] {1, 2, 3, "stop", 100}));
        System.out.println(mapEntry(Map.entry("k", 1.25)) + " " + mapEntry(Map.entry(1, 1.0)));
        System.out.println(equalsLike(new Point(1, 2), new Point(1, 2)) + " " + new Point(1, 2).equals(new Point(2, 1)));
    }
}
