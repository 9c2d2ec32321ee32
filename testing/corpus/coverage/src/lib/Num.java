package lib;

public final class Num extends Node {
    public final int value;

    public Num(int value) {
        this.value = value;
    }

    @Override
    public void accept(Visitor v) {
        v.visitNum(this);
    }
}
