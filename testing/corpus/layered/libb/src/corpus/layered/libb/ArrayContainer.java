package corpus.layered.libb;

import java.util.Arrays;

/** Array-backed container that grows by doubling. */
public class ArrayContainer<T> extends AbstractContainer<T> {

    private Object[] items = new Object[4];
    private int size;

    @Override
    protected void store(T item) {
        if (size == items.length) {
            items = Arrays.copyOf(items, size * 2);
        }
        items[size++] = item;
    }

    /** Inserts at a position; used by subclasses that keep an order. */
    protected void insertAt(int index, T item) {
        store(item);
        System.arraycopy(items, index, items, index + 1, size - 1 - index);
        items[index] = item;
    }

    @Override
    @SuppressWarnings("unchecked")
    public T get(int index) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException("index " + index + " size " + size);
        }
        return (T) items[index];
    }

    @Override
    public int size() {
        return size;
    }
}
