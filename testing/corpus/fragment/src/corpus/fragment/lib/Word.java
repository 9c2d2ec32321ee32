package corpus.fragment.lib;

public final class Word implements Token {
    public String text() {
        return "word";
    }
}
