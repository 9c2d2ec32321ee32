package corpus.concat;

/**
 * String concatenation on --release 9+ compiles to invokedynamic with the
 * StringConcatFactory.makeConcatWithConstants bootstrap: the recipe string
 * uses \1 for each dynamic argument and \2 for constants passed as
 * bootstrap arguments (javac does this for literals that themselves
 * contain \1 or \2). Covers every argument type (all primitives, null,
 * Object, char[] as Object), compound += in a loop, constant folding, and a
 * concatenation with more than 200 argument slots, which javac splits into
 * several indy calls.
 */
public class IndyConcat {

    static String allTypes(boolean z, byte b, char c, short s, int i, long l, float f, double d,
                           Object o, String str) {
        return "z=" + z + " b=" + b + " c=" + c + " s=" + s + " i=" + i + " l=" + l
                + " f=" + f + " d=" + d + " o=" + o + " str=" + str;
    }

    static String recipeSpecialChars(int x) {
        // \u0001 and \u0002 are recipe tags; javac must pass these literals as constants
        return "tag\u0001" + x + "\u0002end";
    }

    static String loop(int n) {
        String s = "";
        for (int i = 0; i < n; i++) {
            s += i;
            s += ',';
        }
        return s;
    }

    static final String CONST = "con" + "st" + 42; // folded at compile time, no indy

    static String onlyDynamic(String a, String b) {
        return a + b;
    }

    static String withNull() {
        String n = null;
        Object o = null;
        return n + "/" + o;
    }

    static String longChain(long[] v) {
        // 105 long values = 210 argument slots > 200: split into several indy calls
        return "" + v[0] + v[1] + v[2] + v[3] + v[4] + v[5] + v[6] + v[7] + v[8] + v[9]
                + v[10] + v[11] + v[12] + v[13] + v[14] + v[15] + v[16] + v[17] + v[18] + v[19]
                + v[20] + v[21] + v[22] + v[23] + v[24] + v[25] + v[26] + v[27] + v[28] + v[29]
                + v[30] + v[31] + v[32] + v[33] + v[34] + v[35] + v[36] + v[37] + v[38] + v[39]
                + v[40] + v[41] + v[42] + v[43] + v[44] + v[45] + v[46] + v[47] + v[48] + v[49]
                + v[50] + v[51] + v[52] + v[53] + v[54] + v[55] + v[56] + v[57] + v[58] + v[59]
                + v[60] + v[61] + v[62] + v[63] + v[64] + v[65] + v[66] + v[67] + v[68] + v[69]
                + v[70] + v[71] + v[72] + v[73] + v[74] + v[75] + v[76] + v[77] + v[78] + v[79]
                + v[80] + v[81] + v[82] + v[83] + v[84] + v[85] + v[86] + v[87] + v[88] + v[89]
                + v[90] + v[91] + v[92] + v[93] + v[94] + v[95] + v[96] + v[97] + v[98] + v[99]
                + v[100] + v[101] + v[102] + v[103] + v[104];
    }

    private String name = "obj";
    private int hits;

    @Override
    public String toString() {
        hits++;
        return name + "#" + hits; // concat inside toString called by another concat
    }

    public static void main(String[] args) {
        System.out.println(allTypes(true, (byte) -1, 'q', (short) 300, 42, 1L << 40, 1.5f, -0.25,
                new StringBuilder("sb"), "s"));
        String special = recipeSpecialChars(5);
        System.out.println(special.length() + " " + (int) special.charAt(3) + " " + (int) special.charAt(5));
        System.out.println(loop(5) + " " + CONST + " " + onlyDynamic("a", "b") + " " + withNull());
        IndyConcat ic = new IndyConcat();
        System.out.println("first " + ic + " second " + ic);
        long[] v = new long[105];
        for (int i = 0; i < v.length; i++) {
            v[i] = i % 10;
        }
        String chain = longChain(v);
        System.out.println(chain.length() + " " + chain.substring(0, 20));
        char[] cs = {'h', 'i'};
        System.out.println("chars=" + String.valueOf(cs) + " arrayIsObject=" + (("" + (Object) cs).startsWith("[C@")));
    }
}
