package corpus.fragment.lib;

/** Sealed: no client class can implement it. */
public sealed interface Token permits Word, Num {
    String text();
}
