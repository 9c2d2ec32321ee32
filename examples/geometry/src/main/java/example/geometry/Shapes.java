package example.geometry;

import java.util.List;

public final class Shapes {
    private Shapes() {
    }

    /** Sums the areas: a polymorphic call for every client shape. */
    public static double totalArea(List<? extends Shape> shapes) {
        double total = 0;
        for (Shape s : shapes) {
            total += s.area();
        }
        return total;
    }
}
