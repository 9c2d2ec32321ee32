package corpus.basic;

/**
 * Object creation (new/dup/invokespecial), constructor chaining with this()
 * and super(), instance and static field load/store of every width,
 * static initialiser blocks, instance initialiser blocks, static final
 * fields (compile-time constants inlined, non-constants set in clinit).
 */
public class ObjectsAndFields {

    static final int CONSTANT = 42;                       // ConstantValue attribute, inlined
    static final String NAME = "corpus";                   // ConstantValue attribute
    static final long START = System.nanoTime() > 0 ? 1000L : 0L; // set in <clinit>
    static final int[] TABLE;
    static int instances;
    static double ratio = 0.5;

    static {
        TABLE = new int[4];
        for (int i = 0; i < TABLE.length; i++) {
            TABLE[i] = i * CONSTANT;
        }
        instances = 0;
    }

    static class Base {
        protected final String tag;
        protected long created;

        Base(String tag) {
            super();
            this.tag = tag;
            this.created = START + instances;
        }
    }

    static class Point extends Base {
        int x;
        int y;
        long weight;
        double scale;
        boolean visible;
        char label;
        Object extra;

        // instance initialiser: copied into every constructor that calls super()
        {
            visible = true;
            label = 'P';
            instances++;
        }

        Point(int x, int y) {
            super("point");
            this.x = x;
            this.y = y;
            this.weight = (long) x * y;
            this.scale = ratio;
        }

        Point(int v) {
            this(v, v);
            this.extra = "diag";
        }

        Point() {
            this(0);
            this.visible = false;
        }

        void translate(int dx, int dy) {
            x += dx;
            this.y = this.y + dy;
            weight = (long) x * y;
        }

        @Override
        public String toString() {
            return tag + "(" + x + "," + y + ",w=" + weight + ",s=" + scale + ",v=" + visible
                    + ",l=" + label + ",e=" + extra + ")";
        }
    }

    static Point copy(Point p) {
        Point q = new Point(p.x, p.y);
        q.extra = p.extra;
        q.scale = p.scale * 2;
        return q;
    }

    public static void main(String[] args) {
        Point a = new Point(3, 4);
        Point b = new Point(7);
        Point c = new Point();
        a.translate(1, -1);
        System.out.println(a);
        System.out.println(b);
        System.out.println(c);
        System.out.println(copy(b));
        System.out.println("instances=" + instances + " constant=" + CONSTANT + " name=" + NAME);
        System.out.println("start=" + START + " table3=" + TABLE[3] + " created=" + c.created);
        ratio = 0.25;
        System.out.println(new Point(1, 1).scale);
    }
}
