package corpus.layered.liba;

import corpus.layered.libb.ArrayContainer;

/**
 * Subclass of library B's ArrayContainer that overrides B's add() to keep
 * elements sorted, and B's onAdd() hook to count adds.
 */
public class SortedContainer<T extends Comparable<T>> extends ArrayContainer<T> {

    private int hookCalls;

    @Override
    public void add(T item) {
        int pos = 0;
        while (pos < size() && get(pos).compareTo(item) <= 0) {
            pos++;
        }
        insertAt(pos, item);
        onAdd(item);
    }

    @Override
    protected void onAdd(T item) {
        hookCalls++;
    }

    public int hookCalls() {
        return hookCalls;
    }
}
