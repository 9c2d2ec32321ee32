package lib;

public final class Add extends Node {
    public final Node left, right;

    public Add(Node left, Node right) {
        this.left = left;
        this.right = right;
    }

    @Override
    public void accept(Visitor v) {
        left.accept(v);
        right.accept(v);
        v.visitAdd(this);
    }
}
