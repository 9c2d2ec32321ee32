package corpus.basic;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Autoboxing (valueOf), unboxing (xxxValue), boxed arithmetic and
 * increments (Integer i++ => unbox, add, box), boxed comparisons, varargs
 * calls (implicit array creation, empty varargs, explicit array, null),
 * and string concatenation, which on --release 8 is compiled to a
 * StringBuilder append chain.
 */
public class BoxingAndVarargs {

    static int sum(int... xs) {
        int s = 0;
        for (int x : xs) s += x;
        return s;
    }

    static String join(String sep, Object... parts) {
        if (parts == null) return "<null>";
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < parts.length; i++) {
            if (i > 0) sb.append(sep);
            sb.append(parts[i]);
        }
        return sb.toString();
    }

    static long longs(long first, long... rest) {
        long s = first;
        for (long r : rest) s += r;
        return s;
    }

    static String boxing() {
        Integer a = 5;              // Integer.valueOf
        int b = a;                  // intValue
        Long l = 10L;
        Double d = 2.5;
        Character c = 'x';
        Boolean z = true;
        Byte by = (byte) 3;
        Short sh = (short) 4;
        Float f = 1.5f;
        a++;                        // unbox, iadd, box, store
        l += a;                     // mixed: unbox both, i2l, ladd, box
        double mixed = d * b + f;   // unbox + widen
        boolean eq = a.equals(6) && z;
        Integer big1 = 1000, big2 = 1000;
        boolean same = big1.intValue() == big2; // unboxing comparison
        return a + " " + l + " " + mixed + " " + c + " " + eq + " " + by + " " + sh + " " + same;
    }

    static int collections() {
        List<Integer> xs = new ArrayList<Integer>();
        for (int i = 0; i < 5; i++) xs.add(i * 3);   // boxing into generic call
        Map<String, Long> m = new HashMap<String, Long>();
        m.put("a", 1L);
        m.put("a", m.get("a") + 41L);                // unbox, ladd, box
        int total = 0;
        for (int x : xs) total += x;                 // checkcast Integer + intValue
        return total + m.get("a").intValue();
    }

    static String concat(int i, long l, char c, double d, boolean z, Object o, String s, float f) {
        String r = "i=" + i + " l=" + l + " c=" + c + " d=" + d + " z=" + z + " o=" + o + " s=" + s + " f=" + f;
        r += '!';
        r += 1 + 2;           // constant folded: "3"
        r = 1 + 2 + r;        // numeric add first, then concat
        String n = null;
        r = r + n;
        return r;
    }

    public static void main(String[] args) {
        System.out.println(sum() + " " + sum(1) + " " + sum(1, 2, 3) + " " + sum(new int[] {4, 5}));
        System.out.println(join(",", "a", 1, 'c', 2.0) + " " + join("-") + " " + join("-", (Object[]) null));
        System.out.println(join("/", (Object) new String[] {"arr"}.length));
        System.out.println(longs(1L) + " " + longs(1L, 2L, 3L));
        System.out.println(boxing());
        System.out.println(collections());
        System.out.println(concat(1, 2L, 'c', 3.5, true, null, "str", 0.25f));
    }
}
