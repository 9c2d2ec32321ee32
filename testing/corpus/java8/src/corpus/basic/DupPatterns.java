package corpus.basic;

/**
 * Expressions that make javac emit the dup family: dup, dup_x1, dup_x2,
 * dup2, dup2_x1, dup2_x2 (post/pre increment of fields and array elements
 * whose value is also used, compound assignment on array elements,
 * chained assignment), plus pop/pop2 of discarded results.
 */
public class DupPatterns {

    int f;
    long lf;
    double df;
    static int sf;
    static long slf;

    // a[i++] = x : iinc on a local inside an array store
    static int[] storeIncIndex(int[] a, int x) {
        int i = 0;
        a[i++] = x;
        a[i++] = x + 1;
        a[i] = i;
        return a;
    }

    // arr[i] += 5L : dup2 (array ref + index), laload, ladd, lastore
    static long compoundLongElem(long[] arr, int i) {
        arr[i] += 5L;
        arr[i] *= 2;
        return arr[i];
    }

    // value of arr[i]++ used: dup2_x2 for long element (2 words under 2 words)
    static long postIncLongElem(long[] arr, int i) {
        long old = arr[i]++;
        return old * 10 + arr[i];
    }

    // value of a[i]++ used: dup_x2 for int element
    static int postIncIntElem(int[] a, int i) {
        int old = a[i]++;
        int neu = ++a[i];
        return old * 100 + neu;
    }

    // this.f += x and value used: dup, getfield, iadd, dup_x1, putfield
    int compoundField(int x) {
        this.f += x;
        int v = (this.f += x);
        return v;
    }

    // long l = x.lf++ : dup, getfield J, dup2_x1, lconst_1, ladd, putfield
    static long postIncLongField(DupPatterns x) {
        long l = x.lf++;
        long m = ++x.lf;
        return l * 1000 + m;
    }

    static double doubleField(DupPatterns x) {
        double d = x.df += 1.5;  // dup2_x1
        return d + x.df--;
    }

    // static fields: dup / dup2 without objectref
    static long staticIncs() {
        int a = sf++;
        int b = ++sf;
        long c = slf++;
        long d = (slf += 10);
        return a + b + c + d;
    }

    // chained assignment: value duplicated for multiple stores
    static long chained(DupPatterns x, int[] a) {
        int i, j;
        i = j = a[0] = x.f = 9;      // dup_x2, dup_x1, dup
        long k;
        long m = k = x.lf = 77L;     // dup2_x1
        return i + j + a[0] + k + m;
    }

    // results discarded: pop / pop2
    static void discards(StringBuilder sb, long[] arr) {
        sb.append("x");               // pop
        Long.valueOf(arr[0]).longValue(); // pop2
        Math.max(1.0, 2.0);           // pop2
    }

    // char and short element compound ops (caload/castore, i2c narrowing)
    static String narrow(char[] cs, short[] ss) {
        cs[0] += 2;
        char prev = cs[1]++;
        ss[0] -= 300;
        short sp = ss[1]--;
        return new String(cs) + prev + ss[0] + " " + sp;
    }

    public static void main(String[] args) {
        int[] a = storeIncIndex(new int[3], 10);
        System.out.println(a[0] + " " + a[1] + " " + a[2]);
        long[] la = {1L, 2L, 3L};
        System.out.println(compoundLongElem(la, 1) + " " + postIncLongElem(la, 2));
        System.out.println(postIncIntElem(new int[] {4, 5}, 1));
        DupPatterns d = new DupPatterns();
        System.out.println(d.compoundField(3) + " " + d.f);
        d.lf = 5;
        System.out.println(postIncLongField(d) + " " + d.lf);
        System.out.println(doubleField(d) + " " + d.df);
        System.out.println(staticIncs() + " " + sf + " " + slf);
        System.out.println(chained(d, a) + " " + a[0]);
        StringBuilder sb = new StringBuilder();
        discards(sb, la);
        System.out.println(sb);
        System.out.println(narrow(new char[] {'a', 'b'}, new short[] {1000, 7}));
    }
}
