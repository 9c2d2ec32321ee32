package lib;

/** A library visitor that clients may extend. */
public class Printer implements Visitor {
    protected final StringBuilder out = new StringBuilder();

    @Override
    public void visitNum(Num n) {
        out.append(n.value).append(' ');
    }

    @Override
    public void visitAdd(Add a) {
        out.append("+ ");
    }

    public String text() {
        return out.toString().trim();
    }
}
