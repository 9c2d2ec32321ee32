package example.geometry;

import static org.junit.Assert.assertEquals;

import java.util.Arrays;
import java.util.List;
import org.junit.Test;

public class ShapesTest {
    /** A client's own shape: it stands for the library's placeholder client class of Shape. */
    static final class Triangle implements Shape {
        private final double base, height;

        Triangle(double base, double height) {
            this.base = base;
            this.height = height;
        }

        @Override
        public double area() {
            return base * height / 2;
        }
    }

    /** A client's rectangle that keeps Rect's area. */
    static final class Tile extends Rect {
        Tile() {
            super(1, 1);
        }
    }

    @Test
    public void totalOfLibraryShapes() {
        List<Shape> shapes = Arrays.asList(new Circle(1), new Rect(2, 3));
        assertEquals(Math.PI + 6, Shapes.totalArea(shapes), 1e-9);
    }

    @Test
    public void totalOfClientShapes() {
        List<Shape> shapes = Arrays.asList(new Triangle(4, 3), new Tile(), new Square(2));
        assertEquals(6 + 1 + 4, Shapes.totalArea(shapes), 1e-9);
    }

    @Test
    public void describes() {
        assertEquals("Triangle of area 6.0", new Triangle(4, 3).describe());
    }
}
