package corpus.fragment.lib;

public final class Num implements Token {
    public String text() {
        return "1";
    }
}
