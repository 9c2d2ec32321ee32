package corpus.fragment.lib;

public abstract class Shape {
    protected Shape() {
    }

    public abstract double area();

    public String label() {
        return "shape";
    }

    public final String show() {
        internal();
        hook();
        return label() + area();
    }

    protected void hook() {
    }

    void internal() { // package-private: a client class elsewhere cannot override it
    }
}
