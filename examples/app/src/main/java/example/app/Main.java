package example.app;

import example.geometry.Circle;
import example.geometry.Shape;
import example.geometry.Square;
import example.render.Renderer;
import java.util.List;

public class Main {
    /** A client's own shape: the library calls back into it. */
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

    static List<Shape> scene() {
        return List.of(new Circle(1), new Square(2), new Triangle(3, 4));
    }

    public static void main(String[] args) {
        System.out.println(new Renderer(30).render(scene()));
    }
}
