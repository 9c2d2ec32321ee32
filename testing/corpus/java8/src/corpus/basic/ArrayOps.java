package corpus.basic;

/**
 * Arrays: newarray for all eight primitive element types, anewarray,
 * multianewarray (fully and partially dimensioned), array initialisers,
 * load/store of every element kind (baload/bastore for byte AND boolean,
 * caload, saload, iaload, laload, faload, daload, aaload), arraylength,
 * clone() on arrays and covariant array stores.
 */
public class ArrayOps {

    static String primitives(int n) {
        boolean[] z = new boolean[n];
        byte[] b = new byte[n];
        char[] c = new char[n];
        short[] s = new short[n];
        int[] i = new int[n];
        long[] l = new long[n];
        float[] f = new float[n];
        double[] d = new double[n];
        for (int k = 0; k < n; k++) {
            z[k] = k % 2 == 0;
            b[k] = (byte) (k * 50);
            c[k] = (char) ('a' + k);
            s[k] = (short) (k * 1000);
            i[k] = k * k;
            l[k] = (long) k << 40;
            f[k] = k / 4f;
            d[k] = k / 8.0;
        }
        int last = n - 1;
        return z[last] + " " + b[last] + " " + c[last] + " " + s[last] + " " + i[last] + " "
                + l[last] + " " + f[last] + " " + d[last];
    }

    static int multi() {
        int[][] grid = new int[3][4];          // multianewarray dims=2
        long[][][] cube = new long[2][3][2];  // multianewarray dims=3
        String[][] names = new String[2][2];   // multianewarray of references
        int[][] jagged = new int[3][];         // anewarray [I
        for (int r = 0; r < jagged.length; r++) {
            jagged[r] = new int[r + 1];
        }
        grid[2][3] = 7;
        cube[1][2][1] = 9L;
        names[1][0] = "x";
        jagged[2][2] = 5;
        return grid[2][3] + (int) cube[1][2][1] + names[1][0].length() + jagged[2][2]
                + grid.length * grid[0].length + cube[0].length + jagged[1].length;
    }

    static String initialisers() {
        int[] primes = {2, 3, 5, 7, 11, 13};
        String[] words = {"one", null, "three"};
        double[][] matrix = {{1.0, 2.0}, {3.0}, {}};
        char[] chars = new char[] {'h', 'i'};
        Object[] objs = {primes, words, 'c', 1L};
        long sum = 0;
        for (int p : primes) sum += p;
        return sum + " " + words[2] + " " + matrix[1][0] + " " + matrix[2].length + " "
                + new String(chars) + " " + objs.length + " " + objs[3];
    }

    static int[] cloneAndModify(int[] src) {
        int[] copy = src.clone();
        copy[0] = -copy[0];
        return copy;
    }

    static String covariant() {
        Object[] objs = new String[1];
        try {
            objs[0] = Integer.valueOf(1); // ArrayStoreException at runtime
            return "no exception";
        } catch (ArrayStoreException e) {
            return "ArrayStoreException";
        }
    }

    static int bounds(int[] a, int idx) {
        try {
            return a[idx];
        } catch (ArrayIndexOutOfBoundsException e) {
            return -1;
        }
    }

    static byte[] reverse(byte[] b) {
        for (int i = 0, j = b.length - 1; i < j; i++, j--) {
            byte t = b[i];
            b[i] = b[j];
            b[j] = t;
        }
        return b;
    }

    public static void main(String[] args) {
        System.out.println(primitives(5));
        System.out.println(multi());
        System.out.println(initialisers());
        int[] orig = {5, 6, 7};
        int[] c = cloneAndModify(orig);
        System.out.println(orig[0] + " " + c[0] + " " + c.length);
        System.out.println(covariant() + " " + bounds(orig, 2) + " " + bounds(orig, 3));
        byte[] r = reverse(new byte[] {1, 2, 3, 4});
        System.out.println(r[0] + "" + r[1] + r[2] + r[3]);
        boolean[][] flags = new boolean[2][3];
        flags[1][2] = true;
        System.out.println(flags[1][2] + " " + flags[0][0]);
    }
}
