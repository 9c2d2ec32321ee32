package corpus.layered.client;

import corpus.layered.liba.Report;
import corpus.layered.libb.Container;

/**
 * Client subclass of library A's Report. Report.render() (final, in A)
 * calls these overrides internally: callbacks from A into client code.
 */
public class FancyReport extends Report {

    private int formatted;

    @Override
    protected String header(Container<?> c) {
        return "** " + super.header(c);
    }

    @Override
    protected String formatItem(int index, Object item) {
        formatted++;
        return "#" + index + "=<" + item + ">";
    }

    public int formatted() {
        return formatted;
    }
}
