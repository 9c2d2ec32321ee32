package corpus.layered.libb;

/** Singly linked container with a tail pointer. */
public class LinkedContainer<T> extends AbstractContainer<T> {

    private static final class Node<T> {
        final T value;
        Node<T> next;

        Node(T value) {
            this.value = value;
        }
    }

    private Node<T> head;
    private Node<T> tail;
    private int size;

    @Override
    protected void store(T item) {
        Node<T> n = new Node<>(item);
        if (tail == null) {
            head = n;
        } else {
            tail.next = n;
        }
        tail = n;
        size++;
    }

    @Override
    public T get(int index) {
        Node<T> n = head;
        for (int i = 0; i < index && n != null; i++) {
            n = n.next;
        }
        if (n == null) {
            throw new IndexOutOfBoundsException("index " + index);
        }
        return n.value;
    }

    @Override
    public int size() {
        return size;
    }

    /** Overrides the traversal: walks the nodes directly instead of get(i). */
    @Override
    public int accept(Visitor<? super T> visitor) {
        int visited = 0;
        for (Node<T> n = head; n != null && visitor.wantsMore(); n = n.next) {
            visitor.visit(n.value);
            visited++;
        }
        return visited;
    }
}
