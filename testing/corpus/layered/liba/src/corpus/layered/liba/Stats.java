package corpus.layered.liba;

import corpus.layered.libb.Container;
import corpus.layered.libb.Visitor;

/** A library-A Visitor implementation over numbers, plus a static helper. */
public class Stats implements Visitor<Number> {

    private double sum;
    private long count;
    private double max = Double.NEGATIVE_INFINITY;

    @Override
    public void visit(Number item) {
        double v = item.doubleValue();
        sum += v;
        count++;
        if (v > max) {
            max = v;
        }
    }

    public double mean() {
        return count == 0 ? 0.0 : sum / count;
    }

    public double max() {
        return max;
    }

    public static Stats of(Container<? extends Number> c) {
        Stats s = new Stats();
        c.accept(s);
        return s;
    }
}
