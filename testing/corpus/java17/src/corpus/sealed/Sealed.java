package corpus.sealed;

import java.util.List;

/**
 * Sealed hierarchies (PermittedSubclasses attribute): a sealed interface
 * with an explicit permits clause whose permitted subtypes are a final
 * class, a record, a sealed abstract class (with its own permits) and a
 * non-sealed class that is then extended freely; a sealed class whose
 * permitted subclasses are inferred from the same compilation unit; and
 * virtual dispatch plus instanceof chains across the hierarchy.
 */
public class Sealed {

    sealed interface Expr permits Const, Neg, BinOp, Var {
        long eval(long x);
    }

    static final class Const implements Expr {
        private final long value;

        Const(long value) { this.value = value; }

        public long eval(long x) { return value; }

        @Override public String toString() { return Long.toString(value); }
    }

    record Neg(Expr inner) implements Expr {
        public long eval(long x) { return -inner.eval(x); }

        @Override public String toString() { return "-(" + inner + ")"; }
    }

    abstract static sealed class BinOp implements Expr permits Add, Mul {
        final Expr l, r;

        BinOp(Expr l, Expr r) { this.l = l; this.r = r; }

        abstract long combine(long a, long b);

        abstract String op();

        public final long eval(long x) { return combine(l.eval(x), r.eval(x)); }

        @Override public String toString() { return "(" + l + " " + op() + " " + r + ")"; }
    }

    static final class Add extends BinOp {
        Add(Expr l, Expr r) { super(l, r); }
        long combine(long a, long b) { return a + b; }
        String op() { return "+"; }
    }

    static final class Mul extends BinOp {
        Mul(Expr l, Expr r) { super(l, r); }
        long combine(long a, long b) { return a * b; }
        String op() { return "*"; }
    }

    static non-sealed class Var implements Expr {
        public long eval(long x) { return x; }
        @Override public String toString() { return "x"; }
    }

    // extending a non-sealed class is unrestricted
    static class ScaledVar extends Var {
        final int k;
        ScaledVar(int k) { this.k = k; }
        @Override public long eval(long x) { return k * super.eval(x); }
        @Override public String toString() { return k + "x"; }
    }

    // permits inferred from the compilation unit
    abstract static sealed class Token {
    }

    static final class Word extends Token {
        final String text;
        Word(String text) { this.text = text; }
    }

    static final class Num extends Token {
        final int value;
        Num(int value) { this.value = value; }
    }

    static String kind(Expr e) {
        if (e instanceof Const) return "const";
        if (e instanceof Neg) return "neg";
        if (e instanceof BinOp b) return "binop" + b.op();
        return "var";
    }

    static String render(Token t) {
        return t instanceof Word w ? "W(" + w.text + ")" : "N(" + ((Num) t).value + ")";
    }

    public static void main(String[] args) {
        Expr e = new Add(new Mul(new Const(3), new Var()), new Neg(new ScaledVar(2)));
        System.out.println(e + " at 5 = " + e.eval(5) + ", at -1 = " + e.eval(-1));
        for (Expr x : List.of(new Const(1), new Neg(new Var()), new Mul(new Var(), new Var()), new ScaledVar(4))) {
            System.out.print(kind(x) + " ");
        }
        System.out.println();
        System.out.println(render(new Word("hi")) + render(new Num(7)));
        System.out.println(Expr.class.isSealed() + " " + Expr.class.getPermittedSubclasses().length + " "
                + Token.class.getPermittedSubclasses().length + " " + Var.class.isSealed());
    }
}
