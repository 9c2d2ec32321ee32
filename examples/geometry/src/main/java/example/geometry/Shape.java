package example.geometry;

/** A plane shape. Clients may add their own shapes. */
public interface Shape {
    double area();

    default String describe() {
        return getClass().getSimpleName() + " of area " + area();
    }
}
