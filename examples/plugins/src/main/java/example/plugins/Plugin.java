package example.plugins;

/** What the loader runs; implementations are named on the command line. */
public interface Plugin {
    String apply(String text);
}
