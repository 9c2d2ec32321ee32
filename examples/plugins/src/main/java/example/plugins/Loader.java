package example.plugins;

/** Runs the plugins named by the arguments on a text, loading them by name. */
public final class Loader {
    public static void main(String[] args) throws Exception {
        String text = "hello";
        for (String name : args) {
            Plugin p = (Plugin) Class.forName(name).getDeclaredConstructor().newInstance();
            text = p.apply(text);
        }
        System.out.println(text);
    }
}
