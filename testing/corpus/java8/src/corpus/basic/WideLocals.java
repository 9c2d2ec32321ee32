package corpus.basic;

/**
 * A method with more than 256 local variable slots, forcing the "wide"
 * prefix on xload/xstore (wide lload, wide istore, wide dload, wide aload)
 * and the wide iinc form. 132 long locals occupy slots 1..264.
 */
public class WideLocals {

    static long manyLocals(long seed) {
        long a0 = seed, a1 = a0 + 1, a2 = a1 + 2, a3 = a2 + 3, a4 = a3 + 4, a5 = a4 + 5, a6 = a5 + 6, a7 = a6 + 7;
        long a8 = a7 + 8, a9 = a8 + 9, a10 = a9 + 10, a11 = a10 + 11, a12 = a11 + 12, a13 = a12 + 13, a14 = a13 + 14, a15 = a14 + 15;
        long a16 = a15 + 16, a17 = a16 + 17, a18 = a17 + 18, a19 = a18 + 19, a20 = a19 + 20, a21 = a20 + 21, a22 = a21 + 22, a23 = a22 + 23;
        long a24 = a23 + 24, a25 = a24 + 25, a26 = a25 + 26, a27 = a26 + 27, a28 = a27 + 28, a29 = a28 + 29, a30 = a29 + 30, a31 = a30 + 31;
        long a32 = a31 + 32, a33 = a32 + 33, a34 = a33 + 34, a35 = a34 + 35, a36 = a35 + 36, a37 = a36 + 37, a38 = a37 + 38, a39 = a38 + 39;
        long a40 = a39 + 40, a41 = a40 + 41, a42 = a41 + 42, a43 = a42 + 43, a44 = a43 + 44, a45 = a44 + 45, a46 = a45 + 46, a47 = a46 + 47;
        long a48 = a47 + 48, a49 = a48 + 49, a50 = a49 + 50, a51 = a50 + 51, a52 = a51 + 52, a53 = a52 + 53, a54 = a53 + 54, a55 = a54 + 55;
        long a56 = a55 + 56, a57 = a56 + 57, a58 = a57 + 58, a59 = a58 + 59, a60 = a59 + 60, a61 = a60 + 61, a62 = a61 + 62, a63 = a62 + 63;
        long a64 = a63 + 64, a65 = a64 + 65, a66 = a65 + 66, a67 = a66 + 67, a68 = a67 + 68, a69 = a68 + 69, a70 = a69 + 70, a71 = a70 + 71;
        long a72 = a71 + 72, a73 = a72 + 73, a74 = a73 + 74, a75 = a74 + 75, a76 = a75 + 76, a77 = a76 + 77, a78 = a77 + 78, a79 = a78 + 79;
        long a80 = a79 + 80, a81 = a80 + 81, a82 = a81 + 82, a83 = a82 + 83, a84 = a83 + 84, a85 = a84 + 85, a86 = a85 + 86, a87 = a86 + 87;
        long a88 = a87 + 88, a89 = a88 + 89, a90 = a89 + 90, a91 = a90 + 91, a92 = a91 + 92, a93 = a92 + 93, a94 = a93 + 94, a95 = a94 + 95;
        long a96 = a95 + 96, a97 = a96 + 97, a98 = a97 + 98, a99 = a98 + 99, a100 = a99 + 100, a101 = a100 + 101, a102 = a101 + 102, a103 = a102 + 103;
        long a104 = a103 + 104, a105 = a104 + 105, a106 = a105 + 106, a107 = a106 + 107, a108 = a107 + 108, a109 = a108 + 109, a110 = a109 + 110, a111 = a110 + 111;
        long a112 = a111 + 112, a113 = a112 + 113, a114 = a113 + 114, a115 = a114 + 115, a116 = a115 + 116, a117 = a116 + 117, a118 = a117 + 118, a119 = a118 + 119;
        long a120 = a119 + 120, a121 = a120 + 121, a122 = a121 + 122, a123 = a122 + 123, a124 = a123 + 124, a125 = a124 + 125, a126 = a125 + 126, a127 = a126 + 127;
        long a128 = a127 + 128, a129 = a128 + 129, a130 = a129 + 130, a131 = a130 + 131;
        int tail = (int) (a131 % 1000);   // istore with slot > 255 -> wide istore
        tail += 300;                      // wide iinc (slot > 255, large constant)
        tail++;                           // wide iinc (slot > 255)
        double dtail = tail * 0.5;        // wide dstore / dload
        String stail = "t" + tail;        // wide astore / aload
        long mix = a0 + a64 + a127 + a131;
        return mix + (long) dtail + stail.length();
    }

    public static void main(String[] args) {
        System.out.println(manyLocals(1L));
        System.out.println(manyLocals(-1000L));
    }
}
