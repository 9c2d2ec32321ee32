package client;

import lib.Add;
import lib.Node;
import lib.Num;
import lib.Printer;
import lib.Visitor;
import lib.Walk;

/** A library's test driver with the client classes a test suite writes. */
public class Main {
    /** Implements every visit (abstract) and overrides done (a default method). */
    static final class Counter implements Visitor {
        int nums, adds;
        boolean finished;

        @Override
        public void visitNum(Num n) {
            nums++;
        }

        @Override
        public void visitAdd(Add a) {
            adds++;
        }

        @Override
        public void done() {
            finished = true;
        }
    }

    /** Overrides one of Printer's visits and keeps the other. */
    static final class LoudPrinter extends Printer {
        @Override
        public void visitNum(Num n) {
            out.append(n.value).append("! ");
        }
    }

    /** A client's own node kind. */
    static final class Neg extends Node {
        final Node inner;

        Neg(Node inner) {
            this.inner = inner;
        }

        @Override
        public void accept(Visitor v) {
            inner.accept(v);
        }
    }

    public static void main(String[] args) {
        Node tree = new Add(new Num(1), new Neg(new Add(new Num(2), new Num(3))));
        Counter c = new Counter();
        Walk.walk(tree, c);
        Printer p = new Printer();
        Walk.walk(tree, p);
        LoudPrinter l = new LoudPrinter();
        Walk.walk(tree, l);
        System.out.println(c.nums + " " + c.adds + " " + c.finished + " [" + p.text() + "] [" + l.text() + "] "
                + Walk.describe(tree) + " " + Walk.describe(new Neg(tree)));
    }
}
