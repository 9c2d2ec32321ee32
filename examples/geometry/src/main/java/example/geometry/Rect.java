package example.geometry;

public class Rect implements Shape {
    private final double width, height;

    public Rect(double width, double height) {
        this.width = width;
        this.height = height;
    }

    @Override
    public double area() {
        return width * height;
    }
}
