package corpus.basic;

/**
 * Every primitive conversion opcode (i2l i2f i2d l2i l2f l2d f2i f2l f2d
 * d2i d2l d2f i2b i2c i2s) and every comparison opcode (lcmp, fcmpl,
 * fcmpg, dcmpl, dcmpg), including NaN behaviour.
 */
public class Conversions {

    static String fromInt(int i) {
        long l = i;          // i2l
        float f = i;         // i2f
        double d = i;        // i2d
        byte b = (byte) i;   // i2b
        char c = (char) i;   // i2c
        short s = (short) i; // i2s
        return l + "," + f + "," + d + "," + b + "," + (int) c + "," + s;
    }

    static String fromLong(long l) {
        int i = (int) l;     // l2i
        float f = l;         // l2f
        double d = l;        // l2d
        return i + "," + f + "," + d;
    }

    static String fromFloat(float f) {
        int i = (int) f;     // f2i
        long l = (long) f;   // f2l
        double d = f;        // f2d
        return i + "," + l + "," + d;
    }

    static String fromDouble(double d) {
        int i = (int) d;     // d2i
        long l = (long) d;   // d2l
        float f = (float) d; // d2f
        byte b = (byte) d;   // d2i + i2b
        return i + "," + l + "," + f + "," + b;
    }

    // lcmp
    static int cmpLong(long a, long b) {
        if (a < b) return -1;
        if (a > b) return 1;
        return a == b ? 0 : 99;
    }

    // fcmpg for < and <=, fcmpl for > and >=
    static int cmpFloat(float a, float b) {
        int r = 0;
        if (a < b) r |= 1;
        if (a <= b) r |= 2;
        if (a > b) r |= 4;
        if (a >= b) r |= 8;
        if (a == b) r |= 16;
        if (a != b) r |= 32;
        return r;
    }

    // dcmpg / dcmpl
    static int cmpDouble(double a, double b) {
        int r = 0;
        if (a < b) r |= 1;
        if (a <= b) r |= 2;
        if (a > b) r |= 4;
        if (a >= b) r |= 8;
        if (a == b) r |= 16;
        if (a != b) r |= 32;
        return r;
    }

    static boolean boolFromCompare(long a, double x) {
        boolean p = a > 10L;
        boolean q = x <= 0.5;
        return p ^ q;
    }

    public static void main(String[] args) {
        System.out.println(fromInt(300));
        System.out.println(fromInt(-70000));
        System.out.println(fromLong(1L << 33 | 7));
        System.out.println(fromFloat(-3.99f));
        System.out.println(fromFloat(Float.NaN));
        System.out.println(fromDouble(1e20));
        System.out.println(fromDouble(-129.7));
        System.out.println(cmpLong(3L, 4L) + " " + cmpLong(4L, 3L) + " " + cmpLong(5L, 5L));
        System.out.println(cmpFloat(1f, 2f) + " " + cmpFloat(2f, 2f) + " " + cmpFloat(Float.NaN, 1f));
        System.out.println(cmpDouble(2.0, 1.0) + " " + cmpDouble(1.0, Double.NaN));
        System.out.println(boolFromCompare(11L, 0.25) + " " + boolFromCompare(1L, 0.25));
    }
}
