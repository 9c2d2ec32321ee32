package corpus.records;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Records: implicit private final fields, canonical constructor and
 * accessors; equals/hashCode/toString generated as invokedynamic with the
 * java.lang.runtime.ObjectMethods.bootstrap (method handles to the
 * component getters passed as bootstrap arguments); compact canonical
 * constructors (validation and normalisation, fields assigned at the end),
 * explicit canonical constructors, extra constructors delegating with
 * this(...), static fields and factories, overridden accessors, records
 * implementing interfaces and Comparable, generic records, records with
 * long/double/array components, and nested static records.
 */
public class Records {

    interface Shape {
        double area();
    }

    record Point(int x, int y) {
        static final Point ORIGIN = new Point(0, 0);

        Point {                                   // compact canonical constructor
            if (x < -1000 || y < -1000) {
                throw new IllegalArgumentException("out of range: " + x + "," + y);
            }
        }

        Point(int both) {                         // non-canonical, must delegate
            this(both, both);
        }

        Point plus(Point o) {
            return new Point(x + o.x, y + o.y());
        }

        static Point of(String s) {
            String[] parts = s.split(",");
            return new Point(Integer.parseInt(parts[0].trim()), Integer.parseInt(parts[1].trim()));
        }
    }

    record Circle(Point center, double radius) implements Shape {
        Circle {
            Objects.requireNonNull(center);
            radius = Math.abs(radius);            // normalising a parameter before the implicit field store
        }

        public double area() {
            return Math.PI * radius * radius;
        }
    }

    record Range(long lo, long hi) implements Comparable<Range> {
        Range(long lo, long hi) {                 // explicit canonical constructor
            this.lo = Math.min(lo, hi);
            this.hi = Math.max(lo, hi);
        }

        long length() {
            return hi - lo;
        }

        public int compareTo(Range o) {
            return Long.compare(length(), o.length());
        }
    }

    record Named<T>(String name, T value) {
        @Override
        public String name() {                    // overridden accessor
            return name.toUpperCase();
        }
    }

    record Samples(String label, int[] data) {
        int sum() {
            int s = 0;
            for (int d : data) s += d;
            return s;
        }
    }

    record Empty() {
    }

    public static void main(String[] args) {
        Point p = new Point(3, 4);
        Point q = Point.of(" 1, 2");
        System.out.println(p + " " + q + " " + p.plus(q) + " " + new Point(7) + " " + Point.ORIGIN);
        System.out.println(p.equals(new Point(3, 4)) + " " + p.equals(q) + " " + (p.hashCode() == new Point(3, 4).hashCode()));
        try {
            new Point(-5000, 0);
        } catch (IllegalArgumentException e) {
            System.out.println(e.getMessage());
        }
        Circle c = new Circle(p, -2.0);
        System.out.printf("%s %.3f%n", c, c.area());
        List<Range> ranges = new ArrayList<>(List.of(new Range(10, 2), new Range(0, 3), new Range(5, 5)));
        ranges.sort(null);
        System.out.println(ranges + " " + ranges.get(0).equals(new Range(5, 5)));
        Named<Double> n = new Named<>("pi", 3.14);
        System.out.println(n + " " + n.name() + " " + n.value() + " " + n.equals(new Named<>("pi", 3.14)));
        Samples s1 = new Samples("a", new int[] {1, 2, 3});
        Samples s2 = new Samples("a", new int[] {1, 2, 3});
        System.out.println(s1.sum() + " " + s1.equals(s2) + " " + s1.label() + " " + new Empty() + " " + new Empty().equals(new Empty()));
    }
}
