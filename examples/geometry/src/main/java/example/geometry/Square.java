package example.geometry;

public final class Square extends Rect {
    public Square(double side) {
        super(side, side);
    }

    @Override
    public String describe() {
        return "square of area " + area();
    }
}
