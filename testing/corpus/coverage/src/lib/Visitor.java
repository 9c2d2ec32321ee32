package lib;

/** A callback into client code: every method may be the client's. */
public interface Visitor {
    void visitNum(Num n);

    void visitAdd(Add a);

    default void done() {
    }
}
