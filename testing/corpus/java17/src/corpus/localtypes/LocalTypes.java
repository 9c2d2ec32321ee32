package corpus.localtypes;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Local records, local enums and local interfaces (Java 16): they are
 * implicitly static, so unlike local classes they capture neither the
 * enclosing instance nor local variables; they are compiled to top-level
 * classes named LocalTypes$1Pair etc. with EnclosingMethod attributes.
 * Also static members in inner classes (allowed since Java 16) and a
 * local class next to a local record for contrast (the class captures).
 */
public class LocalTypes {

    private final String owner = "owner";

    String rank(List<String> words, int minLength) {
        record Scored(String word, int score) {
            Scored {
                if (score < 0) throw new IllegalArgumentException();
            }

            static Scored of(String w) {
                int s = 0;
                for (char c : w.toCharArray()) s += c - 'a' + 1;
                return new Scored(w, s);
            }
        }

        enum Bucket {
            SHORT, LONG;

            static Bucket of(Scored s, int min) {
                return s.word().length() < min ? SHORT : LONG;
            }
        }

        interface Formatter {
            String format(Scored s, Bucket b);
        }

        // a local class captures minLength and this; the local types above cannot
        class Filter {
            boolean keep(Scored s) {
                return s.word().length() >= minLength - 1 && !owner.isEmpty();
            }
        }

        Formatter f = (s, b) -> s.word() + "=" + s.score() + "/" + b;
        Filter filter = new Filter();
        List<Scored> scored = new ArrayList<>();
        for (String w : words) {
            Scored s = Scored.of(w);
            if (filter.keep(s)) scored.add(s);
        }
        scored.sort(Comparator.comparingInt(Scored::score).reversed());
        StringBuilder sb = new StringBuilder();
        for (Scored s : scored) {
            sb.append(f.format(s, Bucket.of(s, minLength))).append(' ');
        }
        return sb.toString().trim();
    }

    class Inner {
        static int instances;    // static member of an inner class (Java 16+)

        Inner() {
            instances++;
        }

        record Pair(int a, int b) {  // record nested in an inner class is static
        }
    }

    public static void main(String[] args) {
        LocalTypes lt = new LocalTypes();
        System.out.println(lt.rank(List.of("abc", "zz", "hello", "a", "mid"), 3));
        lt.new Inner();
        lt.new Inner();
        System.out.println(Inner.instances + " " + new Inner.Pair(1, 2));
    }
}
