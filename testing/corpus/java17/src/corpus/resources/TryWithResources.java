package corpus.resources;

import java.util.ArrayList;
import java.util.List;

/**
 * try-with-resources: single and multiple resources (closed in reverse
 * order), exceptions thrown from close() recorded as suppressed
 * (Throwable.addSuppressed in the generated handler), exceptions from the
 * body and from the resource constructor, a null resource (close skipped),
 * an effectively-final variable used as a resource (Java 9), a
 * try-with-resources with catch and finally, and return from inside the
 * resource block.
 */
public class TryWithResources {

    static final List<String> LOG = new ArrayList<>();

    static final class Res implements AutoCloseable {
        private final String name;
        private final boolean failOnClose;

        Res(String name, boolean failOnOpen, boolean failOnClose) {
            if (failOnOpen) {
                throw new IllegalStateException("open " + name);
            }
            this.name = name;
            this.failOnClose = failOnClose;
            LOG.add("open " + name);
        }

        String use() {
            LOG.add("use " + name);
            return name;
        }

        @Override
        public void close() {
            LOG.add("close " + name);
            if (failOnClose) {
                throw new IllegalStateException("close " + name);
            }
        }
    }

    static String multiple() {
        try (Res a = new Res("a", false, false);
             Res b = new Res("b", false, false);
             Res c = new Res("c", false, false)) {
            return a.use() + b.use() + c.use();   // return inside the block, then close c, b, a
        }
    }

    static String suppressed() {
        try (Res a = new Res("a", false, true);
             Res b = new Res("b", false, true)) {
            b.use();
            throw new RuntimeException("body");
        } catch (RuntimeException e) {
            StringBuilder sb = new StringBuilder(e.getMessage());
            for (Throwable s : e.getSuppressed()) {
                sb.append(" +").append(s.getMessage());
            }
            return sb.toString();
        } finally {
            LOG.add("finally");
        }
    }

    static String failingOpen() {
        try (Res a = new Res("a", false, false);
             Res b = new Res("b", true, false)) {
            return "unreachable " + a.use() + b.use();
        } catch (IllegalStateException e) {
            return "caught " + e.getMessage();
        }
    }

    static String nullResource() {
        try (Res r = null) {
            return "null resource ok " + (r == null);
        }
    }

    static String existingVariable() {
        Res r = new Res("shared", false, true);
        try (r) {                                    // Java 9: effectively final resource
            return r.use();
        } catch (IllegalStateException e) {
            return "close failed: " + e.getMessage();
        }
    }

    public static void main(String[] args) {
        System.out.println(multiple() + " " + LOG);
        LOG.clear();
        System.out.println(suppressed() + " " + LOG);
        LOG.clear();
        System.out.println(failingOpen() + " " + LOG);
        LOG.clear();
        System.out.println(nullResource() + " " + existingVariable() + " " + LOG);
    }
}
