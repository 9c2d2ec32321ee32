package corpus.layered.client;

import corpus.layered.libb.AbstractContainer;

/** A client-defined container (fixed capacity ring) extending library B's skeleton. */
public class RingContainer<T> extends AbstractContainer<T> {

    private final Object[] slots;
    private int start;
    private int size;
    private int evicted;

    public RingContainer(int capacity) {
        this.slots = new Object[capacity];
    }

    @Override
    protected void store(T item) {
        if (size < slots.length) {
            slots[(start + size++) % slots.length] = item;
        } else {
            slots[start] = item;
            start = (start + 1) % slots.length;
        }
    }

    @Override
    protected void onAdd(T item) {
        if (modifications() > slots.length) {
            evicted++;
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public T get(int index) {
        return (T) slots[(start + index) % slots.length];
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public String describe() {
        return "Ring[" + size + "/" + slots.length + ", evicted=" + evicted + "]";
    }
}
