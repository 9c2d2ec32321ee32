package corpus.layered.libb;

/** A minimal collection abstraction. */
public interface Container<T> {

    void add(T item);

    T get(int index);

    int size();

    /** Traverses the elements, calling back into {@code visitor}. */
    int accept(Visitor<? super T> visitor);

    default boolean isEmpty() {
        return size() == 0;
    }

    default String describe() {
        return getClass().getSimpleName() + "[size=" + size() + "]";
    }

    @SafeVarargs
    static <T> Container<T> of(T... items) {
        Container<T> c = new ArrayContainer<>();
        for (T item : items) {
            c.add(item);
        }
        return c;
    }
}
