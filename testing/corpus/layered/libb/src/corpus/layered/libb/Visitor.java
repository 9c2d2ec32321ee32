package corpus.layered.libb;

/**
 * Callback interface: library B calls back into user-supplied visitors
 * from {@link AbstractContainer#accept(Visitor)}.
 */
public interface Visitor<T> {

    /** Called once per element, in container order. */
    void visit(T item);

    /** Polled before every element; returning false stops the traversal. */
    default boolean wantsMore() {
        return true;
    }
}
