package corpus.launch;

import java.util.List;

/**
 * Instance main methods (JEP 512, final in Java 25): the entry point is a
 * non-static, non-public, parameterless `void main()`. The launcher
 * instantiates the class with its no-arg constructor and calls main() on
 * it. NOTE: this class deliberately has no `public static void main`;
 * run it with a JDK 25 `java` launcher (`java -cp OUT corpus.launch.InstanceMain`).
 * Also uses java.lang.IO (Java 25) for console output.
 */
class InstanceMain {

    private final List<String> greetings = List.of("hello", "hallo", "hola");
    private int printed;

    InstanceMain() {
        printed = 0;
    }

    private void greet(String g) {
        IO.println(g + " #" + (++printed));
    }

    void main() {
        for (String g : greetings) {
            greet(g);
        }
        IO.println("printed=" + printed);
    }
}
