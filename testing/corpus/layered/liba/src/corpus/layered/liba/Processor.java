package corpus.layered.liba;

import corpus.layered.libb.Container;
import corpus.layered.libb.Registry;
import corpus.layered.libb.Visitor;

import java.util.function.Function;

/**
 * Library A's API: takes user callbacks and adapts them to library B's
 * Visitor, so control flows client -> A -> B -> A (adapter) -> client.
 */
public class Processor<T> {

    private final String name;

    public Processor(String name) {
        this.name = name;
    }

    public int process(Container<T> container, Callback<? super T> callback) {
        Registry.register(name, container);
        int[] index = {0};
        int n = container.accept(new Visitor<T>() {
            @Override
            public void visit(T item) {
                callback.onItem(index[0]++, item);
            }
        });
        callback.onDone(n);
        return n;
    }

    /** Applies a user function to every element; the lambda visitor calls back into user code. */
    public <R> Container<R> map(Container<T> in, Function<? super T, ? extends R> f, Container<R> out) {
        in.accept(item -> out.add(f.apply(item)));
        return out;
    }

    /** Visits only the first {@code limit} elements using Visitor.wantsMore. */
    public int firstN(Container<T> container, int limit, Callback<? super T> callback) {
        final class Limited implements Visitor<T> {
            int seen;

            @Override
            public void visit(T item) {
                callback.onItem(seen++, item);
            }

            @Override
            public boolean wantsMore() {
                return seen < limit;
            }
        }
        return container.accept(new Limited());
    }
}
