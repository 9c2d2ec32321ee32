package corpus.layered.libb;

/**
 * Skeleton implementation. {@link #accept} is the traversal that calls
 * user visitors; {@link #onAdd} is a protected hook subclasses (in other
 * libraries) override and that {@link #add} calls internally.
 */
public abstract class AbstractContainer<T> implements Container<T> {

    private int modifications;

    protected abstract void store(T item);

    /** Hook called after every successful add; default does nothing. */
    protected void onAdd(T item) {
    }

    @Override
    public void add(T item) {
        store(item);
        modifications++;
        Registry.noteAdd();
        onAdd(item);
    }

    @Override
    public int accept(Visitor<? super T> visitor) {
        int visited = 0;
        for (int i = 0; i < size(); i++) {
            if (!visitor.wantsMore()) {
                break;
            }
            visitor.visit(get(i));
            visited++;
        }
        return visited;
    }

    public int modifications() {
        return modifications;
    }
}
