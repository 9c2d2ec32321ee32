package corpus.fragment.lib;

/** A callback: only clients implement it. */
public interface Handler {
    void handle(Event e);
}
