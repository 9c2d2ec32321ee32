package corpus.fragment.lib;

public class Registry {
    public static String key(Object o) {
        return o.toString(); // o may be any client object
    }
}
