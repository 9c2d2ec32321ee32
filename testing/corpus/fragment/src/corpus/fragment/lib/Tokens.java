package corpus.fragment.lib;

public class Tokens {
    public static String join(Token a, Token b) {
        return a.text().concat(b.text());
    }
}
