package corpus.modref.lib;

/**
 * A library for library-fragment MOD: run may call back into client code
 * (any Callback), inc may not.
 */
public class Counter {
    public int count;

    public void inc() {
        count++;
    }

    public void run(Callback cb) {
        cb.call(this);
    }
}
