package corpus.inner;

import java.util.Comparator;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * Non-static inner classes (this$0 field, outer instance passed to the
 * constructor, Outer.this.x), access to private outer members (on
 * --release 8 through synthetic access$NNN methods), outer.new Inner(),
 * doubly nested inner classes, static nested classes, local classes and
 * anonymous classes capturing effectively-final locals (val$x fields).
 */
public class InnerClasses {

    private int base;
    private static int created;
    private final String name;

    public InnerClasses(String name, int base) {
        this.name = name;
        this.base = base;
    }

    private int secret(int x) {
        return x * base;
    }

    /** Inner class: reads/writes private outer state. */
    public class Counter {
        private int count;

        public Counter() {
            created++;           // private static outer field
        }

        public int next() {
            count++;
            base++;              // private outer field via this$0
            return secret(count) + InnerClasses.this.base;
        }

        /** Inner class of an inner class: this$1 -> this$0 chain. */
        public class Report {
            public String render() {
                return name + ":" + count + ":" + base;
            }
        }
    }

    /** Static nested class: no outer instance. */
    public static class Range implements Iterable<Integer> {
        private final int lo, hi;

        public Range(int lo, int hi) {
            this.lo = lo;
            this.hi = hi;
        }

        public Iterator<Integer> iterator() {
            // anonymous class capturing the enclosing instance (Range.this)
            return new Iterator<Integer>() {
                private int cur = lo;

                public boolean hasNext() { return cur < hi; }

                public Integer next() {
                    if (!hasNext()) throw new NoSuchElementException();
                    return cur++;
                }

                public void remove() { throw new UnsupportedOperationException(); }
            };
        }
    }

    int localClass(final int factor, String suffix) {
        final int offset = base + 1;
        // local class capturing a parameter, a local and the outer instance
        class Scaler {
            final int extra;
            Scaler(int extra) { this.extra = extra; }
            int apply(int v) { return v * factor + offset + extra + suffix.length(); }
        }
        Scaler s1 = new Scaler(1);
        Scaler s2 = new Scaler(2);
        return s1.apply(3) + s2.apply(4);
    }

    static Comparator<String> byLengthThen(final boolean reverse) {
        // anonymous class in a static context capturing a local
        return new Comparator<String>() {
            public int compare(String a, String b) {
                int c = Integer.compare(a.length(), b.length());
                if (c == 0) c = a.compareTo(b);
                return reverse ? -c : c;
            }
        };
    }

    public static void main(String[] args) {
        InnerClasses outer = new InnerClasses("outer", 10);
        InnerClasses.Counter c = outer.new Counter();
        System.out.println(c.next() + " " + c.next());
        InnerClasses.Counter.Report r = c.new Report();
        System.out.println(r.render());
        Counter c2 = outer.new Counter();
        System.out.println(c2.next() + " created=" + created);
        int sum = 0;
        for (int v : new Range(3, 7)) {
            sum += v;
        }
        System.out.println("range sum=" + sum);
        System.out.println(outer.localClass(5, "abc"));
        String[] words = {"pear", "fig", "apple", "kiwi"};
        java.util.Arrays.sort(words, byLengthThen(false));
        System.out.println(java.util.Arrays.toString(words));
        java.util.Arrays.sort(words, byLengthThen(true));
        System.out.println(java.util.Arrays.toString(words));
    }
}
