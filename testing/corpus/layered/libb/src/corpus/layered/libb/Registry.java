package corpus.layered.libb;

import java.util.Map;
import java.util.TreeMap;

/** Static registry of named containers plus a global add counter (static state). */
public final class Registry {

    private static final Map<String, Container<?>> BY_NAME = new TreeMap<>();
    private static long totalAdds;
    public static String lastRegistered = "<none>";

    static {
        BY_NAME.put("empty", new ArrayContainer<Object>());
    }

    private Registry() {
    }

    public static void register(String name, Container<?> c) {
        BY_NAME.put(name, c);
        lastRegistered = name;
    }

    public static Container<?> lookup(String name) {
        return BY_NAME.get(name);
    }

    public static String names() {
        return String.join(",", BY_NAME.keySet());
    }

    static void noteAdd() {
        totalAdds++;
    }

    public static long totalAdds() {
        return totalAdds;
    }
}
