package lib;

/** An expression tree node; clients may add node kinds. */
public abstract class Node {
    public abstract void accept(Visitor v);

    public String name() {
        return getClass().getSimpleName();
    }
}
