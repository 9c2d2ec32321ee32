package corpus.basic;

/**
 * Arithmetic on every primitive type. Mixes one-slot (int, float) and
 * two-slot (long, double) locals and parameters so that local variable
 * indices are not contiguous, and uses iinc with small and wide increments.
 */
public class Arithmetic {

    static int intOps(int a, int b) {
        int r = a + b;
        r = r - a * b;
        r = r + a / b + a % b;
        r = r ^ (a & b) | (a | ~b);
        r += a << 3;
        r += b >> 1;
        r += -a >>> 28;
        return -r;
    }

    // long parameters occupy two slots: a in 0-1, b in 2-3, shift in 4.
    static long longOps(long a, long b, int shift) {
        long r = a + b;
        r = r - a * b;
        r = r + a / b + a % b;
        r = r ^ (a & b) | (a | ~b);
        r += a << shift;
        r += b >> shift;
        r += -a >>> (shift + 32);
        return -r;
    }

    static float floatOps(float a, float b) {
        float r = a + b;
        r = r - a * b;
        r = r + a / b + a % b;
        return -r;
    }

    // mixed slot widths: d0 (0-1), i (2), d1 (3-4), f (5)
    static double doubleOps(double d0, int i, double d1, float f) {
        double r = d0 + d1;
        r = r - d0 * d1;
        r = r + d0 / d1 + d0 % d1;
        r += i;   // i2d
        r *= f;   // f2d
        return -r;
    }

    static int smallTypes(byte b, short s, char c, boolean z) {
        byte b2 = (byte) (b + 1);
        short s2 = (short) (s * 2);
        char c2 = (char) (c + 1);
        boolean z2 = !z;
        int r = b2 + s2 + c2;
        if (z2) {
            r ^= 0x55;
        }
        return r;
    }

    static int iincs(int n) {
        int x = 0;
        x++;
        x += 7;
        x -= 128;       // still iinc (signed byte range)
        x += 1000;      // wide iinc
        x -= 40000;     // wide iinc, large
        for (int i = n; i > 0; i--) {
            x += i;
        }
        return x;
    }

    static long constants() {
        int i0 = -1, i1 = 0, i2 = 5, i3 = 100, i4 = 30000, i5 = 1234567;
        long l0 = 0L, l1 = 1L, l2 = 2L, l3 = 9876543210L;
        float f0 = 0f, f1 = 1f, f2 = 2f, f3 = 3.25f;
        double d0 = 0d, d1 = 1d, d2 = 0.1, d3 = 1e300;
        long sum = i0 + i1 + i2 + i3 + i4 + i5 + l0 + l1 + l2 + l3;
        double dsum = f0 + f1 + f2 + f3 + d0 + d1 + d2 + d3;
        return sum + (dsum > 1e299 ? 1 : 0);
    }

    static long wideMix(long a, int b, double c, char d, long e) {
        long acc = a;
        acc += b;
        acc += (long) c;
        acc += d;
        acc *= e;
        int idx = b;
        idx++;
        return acc + idx;
    }

    public static void main(String[] args) {
        System.out.println("int: " + intOps(17, 5));
        System.out.println("int neg: " + intOps(-17, 3));
        System.out.println("long: " + longOps(123456789012L, 97L, 3));
        System.out.println("float: " + floatOps(7.5f, 2.25f));
        System.out.println("double: " + doubleOps(10.5, 3, 4.0, 0.5f));
        System.out.println("small: " + smallTypes((byte) 127, (short) 300, 'a', false));
        System.out.println("iinc: " + iincs(10));
        System.out.println("const: " + constants());
        System.out.println("wide: " + wideMix(1L << 40, 3, 2.75, 'z', -2L));
        System.out.println("overflow: " + (Integer.MAX_VALUE + 1) + " " + (Long.MIN_VALUE - 1));
        System.out.println("divzero float: " + (1.0f / 0.0f) + " " + (0.0 / 0.0));
    }
}
