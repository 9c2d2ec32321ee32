package lib;

public final class Walk {
    private Walk() {
    }

    /** Walks a tree: polymorphic calls into nodes and visitors, the client's too. */
    public static void walk(Node n, Visitor v) {
        n.accept(v);
        v.done();
    }

    public static String describe(Node n) {
        return n.name();
    }
}
