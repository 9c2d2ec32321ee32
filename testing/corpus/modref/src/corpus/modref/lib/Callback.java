package corpus.modref.lib;

/** A client callback. */
public interface Callback {
    void call(Counter c);
}
