package corpus.layered.liba;

import corpus.layered.libb.Container;

/**
 * Renders a container. render() is final and calls the non-final
 * header()/formatItem()/footer() internally: a client subclass that
 * overrides them receives calls from inside library A.
 */
public class Report {

    public final String render(Container<?> c) {
        StringBuilder sb = new StringBuilder(header(c));
        for (int i = 0; i < c.size(); i++) {
            sb.append(i == 0 ? " " : ", ").append(formatItem(i, c.get(i)));
        }
        return sb.append(footer(c.size())).toString();
    }

    protected String header(Container<?> c) {
        return c.describe() + ":";
    }

    protected String formatItem(int index, Object item) {
        return String.valueOf(item);
    }

    protected String footer(int size) {
        return size == 0 ? " (empty)" : "";
    }
}
