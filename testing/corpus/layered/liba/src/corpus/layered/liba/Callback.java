package corpus.layered.liba;

/** Callback type of library A's public API. */
public interface Callback<T> {

    void onItem(int index, T item);

    default void onDone(int count) {
    }
}
