package corpus.textblocks;

/**
 * Text blocks (Java 15): incidental indentation stripping, trailing
 * newline vs none, escapes (\n \t \" \\), the \<newline> line
 * continuation and \s space escape, embedded quotes, concatenation of a
 * text block with dynamic values (indy concat), formatted(), and
 * String methods added alongside (stripIndent, translateEscapes).
 * Text blocks are pure compile-time constants: every one is a single
 * ldc of a CONSTANT_String.
 */
public class TextBlocks {

    static final String JSON = """
            {
              "name": "corpus",
              "tags": ["a", "b"],
              "nested": { "quote": "\\"x\\"" }
            }
            """;

    static final String NO_TRAILING_NEWLINE = """
            line one
            line two""";

    static final String CONTINUED = """
            this is one \
            long line \
            joined""";

    static final String SPACES = """
            keep\s\s
            trailing\s
            """;

    static final String ESCAPES = """
            tab\there
            quotes: \""" and ""
            backslash: \\
            """;

    static String html(String title, int items) {
        String li = """
                <li>%s #%d</li>
                """;
        StringBuilder sb = new StringBuilder();
        for (int i = 1; i <= items; i++) {
            sb.append(li.formatted(title, i));
        }
        return """
                <ul>
                """ + sb + """
                </ul>""";
    }

    public static void main(String[] args) {
        System.out.print(JSON);
        System.out.println(JSON.lines().count() + " " + JSON.endsWith("\n"));
        System.out.println(NO_TRAILING_NEWLINE + "|" + NO_TRAILING_NEWLINE.length());
        System.out.println(CONTINUED);
        System.out.println(SPACES.replace(' ', '.').replace("\n", "$"));
        System.out.print(ESCAPES);
        System.out.println(html("item", 2));
        System.out.println("   a\n    b".stripIndent().replace("\n", "|") + " " + "x\\ty".translateEscapes().length());
    }
}
