package corpus.basic;

/**
 * All conditional branch opcodes (ifeq ifne iflt ifge ifgt ifle,
 * if_icmpXX, if_acmpeq/ne, ifnull/ifnonnull) plus nested ternaries and
 * short-circuit boolean expressions whose values live on the operand stack
 * across control-flow joins (stack merges).
 */
public class Branches {

    static int zeroCompares(int x) {
        int r = 0;
        if (x == 0) r += 1;
        if (x != 0) r += 2;
        if (x < 0) r += 4;
        if (x >= 0) r += 8;
        if (x > 0) r += 16;
        if (x <= 0) r += 32;
        return r;
    }

    static int intCompares(int a, int b) {
        int r = 0;
        if (a == b) r += 1;
        if (a != b) r += 2;
        if (a < b) r += 4;
        if (a >= b) r += 8;
        if (a > b) r += 16;
        if (a <= b) r += 32;
        return r;
    }

    static int refCompares(Object a, Object b) {
        int r = 0;
        if (a == b) r += 1;
        if (a != b) r += 2;
        if (a == null) r += 4;
        if (b != null) r += 8;
        return r;
    }

    // nested ternaries: value merges at several join points
    static String classify(int n) {
        return n < 0 ? "negative" : n == 0 ? "zero" : n < 10 ? "small" : n < 100 ? "medium" : "large";
    }

    // ternary values as operands while other values are already on the stack
    static int stackMerge(int a, int b, boolean c) {
        return a * (c ? b : -b) + (a > b ? a : b) - (c && a > 0 ? 1 : c || b > 0 ? 2 : 3);
    }

    // call argument computed by a ternary after the receiver and first arg are pushed
    static String argMerge(StringBuilder sb, int v) {
        sb.append(v > 0 ? "pos" : "non-pos").append(',').append(v % 2 == 0 ? 'e' : 'o');
        return sb.toString();
    }

    // ternary with different reference types merges to a common supertype
    static Object mixedTypes(int k) {
        Object o = k == 0 ? "string" : k == 1 ? (Object) Integer.valueOf(k) : new StringBuilder("sb");
        return o;
    }

    // boolean values materialised on the stack (iconst_1 / iconst_0 joins)
    static boolean logic(boolean p, boolean q, int x) {
        boolean a = p && q;
        boolean b = p || q;
        boolean c = !p & q | p ^ q;
        boolean d = (x > 3 && x < 10) || (x == -1 && !p);
        return a ^ b ^ c ^ d;
    }

    static long longTernary(long x, double y) {
        long l = x > 0 ? x : -x;
        double d = y >= 0 ? y : Double.NaN;
        return l + (long) (d != d ? -1 : d);
    }

    static int earlyReturns(String s) {
        if (s == null) {
            return -1;
        } else if (s.isEmpty()) {
            return 0;
        }
        if (s.length() > 3 && s.charAt(0) == 'x' || s.endsWith("!")) {
            return 2;
        }
        return 1;
    }

    public static void main(String[] args) {
        System.out.println(zeroCompares(0) + " " + zeroCompares(-5) + " " + zeroCompares(5));
        System.out.println(intCompares(1, 2) + " " + intCompares(2, 2) + " " + intCompares(3, 2));
        Object o = new Object();
        System.out.println(refCompares(o, o) + " " + refCompares(null, o) + " " + refCompares(o, null));
        for (int n : new int[] {-3, 0, 7, 42, 1000}) {
            System.out.print(classify(n) + " ");
        }
        System.out.println();
        System.out.println(stackMerge(3, 4, true) + " " + stackMerge(-3, 4, false) + " " + stackMerge(5, -1, false));
        System.out.println(argMerge(new StringBuilder(), 4) + " " + argMerge(new StringBuilder(">"), -3));
        System.out.println(mixedTypes(0) + " " + mixedTypes(1) + " " + mixedTypes(2));
        System.out.println(logic(true, false, 5) + " " + logic(false, false, -1) + " " + logic(true, true, 0));
        System.out.println(longTernary(-7L, -1.0) + " " + longTernary(7L, 2.5));
        System.out.println(earlyReturns(null) + " " + earlyReturns("") + " " + earlyReturns("xyzw") + " " + earlyReturns("ab"));
    }
}
