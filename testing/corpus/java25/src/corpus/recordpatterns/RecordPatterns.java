package corpus.recordpatterns;

/**
 * Record patterns (Java 21): deconstruction in switch and instanceof,
 * nested record patterns, `var` in patterns, guards over deconstructed
 * components (`case Point(int x, int y) when x > 0 ->`), generic record
 * patterns with inferred type arguments, exhaustiveness over a sealed
 * interface of records without default, and the MatchException that wraps
 * an exception thrown by an accessor during deconstruction. javac emits
 * typeSwitch indy calls, accessor invocations and checkcasts for every
 * nested level, and nested catch handlers that wrap into MatchException.
 */
public class RecordPatterns {

    record Point(int x, int y) {
    }

    enum Color { RED, GREEN }

    record ColoredPoint(Point p, Color c) {
    }

    record Line(ColoredPoint from, ColoredPoint to) {
    }

    record Box<T>(T content) {
    }

    sealed interface Shape permits Circle, Rect, Tri {
    }

    record Circle(Point center, double radius) implements Shape {
    }

    record Rect(Point topLeft, Point bottomRight) implements Shape {
    }

    record Tri(Point a, Point b, Point c) implements Shape {
    }

    record Fragile(String value) {
        public String value() {
            if (value == null) throw new IllegalStateException("no value");
            return value;
        }
    }

    static String quadrant(Object o) {
        return switch (o) {
            case Point(int x, int y) when x > 0 && y > 0 -> "Q1";
            case Point(int x, int y) when x < 0 && y > 0 -> "Q2";
            case Point(int x, int y) when x == 0 || y == 0 -> "axis";
            case Point(var x, var y) -> "Q3/Q4 (" + x + "," + y + ")";
            default -> "not a point";
        };
    }

    // nested deconstruction, three levels deep
    static String line(Line l) {
        return switch (l) {
            case Line(ColoredPoint(Point(var x1, var y1), Color c1), ColoredPoint(Point p2, Color c2))
                    when c1 == c2 -> c1 + " line from " + x1 + "," + y1 + " to " + p2;
            case Line(ColoredPoint from, ColoredPoint(Point(int x2, int y2), Color c2)) ->
                    "mixed line ending at " + x2 + "," + y2 + " " + c2 + " from " + from.c();
        };
    }

    // exhaustive over a sealed interface of records
    static double area(Shape s) {
        return switch (s) {
            case Circle(Point _, double r) -> Math.PI * r * r;
            case Rect(Point(int x1, int y1), Point(int x2, int y2)) -> Math.abs((x2 - x1) * (y2 - y1));
            case Tri(Point a, Point b, Point c) ->
                    Math.abs((a.x() * (b.y() - c.y()) + b.x() * (c.y() - a.y()) + c.x() * (a.y() - b.y())) / 2.0);
        };
    }

    static String generic(Box<?> b) {
        if (b instanceof Box<?>(String s)) {
            return "box of string " + s.length();
        }
        if (b instanceof Box<?>(Box<?>(Integer i)) && i > 1) {
            return "box of box of int " + i;
        }
        return "box of something";
    }

    static String fragile(Object o) {
        try {
            return switch (o) {
                case Fragile(String v) -> "value " + v;
                default -> "not fragile";
            };
        } catch (MatchException e) {
            return "MatchException caused by " + e.getCause().getMessage();
        }
    }

    public static void main(String[] args) {
        for (Object o : new Object[] {new Point(1, 2), new Point(-1, 2), new Point(0, 5), new Point(-3, -4), "p"}) {
            System.out.print(quadrant(o) + " ");
        }
        System.out.println();
        ColoredPoint a = new ColoredPoint(new Point(0, 0), Color.RED);
        ColoredPoint b = new ColoredPoint(new Point(3, 4), Color.RED);
        ColoredPoint c = new ColoredPoint(new Point(5, 6), Color.GREEN);
        System.out.println(line(new Line(a, b)));
        System.out.println(line(new Line(a, c)));
        System.out.printf("%.2f %.1f %.1f%n", area(new Circle(new Point(0, 0), 1)),
                area(new Rect(new Point(0, 0), new Point(3, 4))),
                area(new Tri(new Point(0, 0), new Point(4, 0), new Point(0, 3))));
        System.out.println(generic(new Box<>("abc")) + "; " + generic(new Box<>(new Box<>(7))) + "; " + generic(new Box<>(1)));
        System.out.println(fragile(new Fragile("ok")) + "; " + fragile(new Fragile(null)) + "; " + fragile(3));
    }
}
