package corpus.ctors;

/**
 * Flexible constructor bodies (JEP 513, final in Java 25): statements
 * before the explicit super(...) / this(...) call. Argument validation and
 * computation run while `this` is still uninitializedThis, and fields of
 * the class being constructed are assigned BEFORE invokespecial
 * Object.<init> / Base.<init> (putfield on an uninitialised receiver).
 * This matters for a superclass constructor that calls an overridable
 * method: the subclass field is already set when the override runs.
 */
public class FlexibleConstructors {

    static class Base {
        final String description;

        Base(String prefix) {
            // calls an overridable method from the constructor
            this.description = prefix + ":" + describe();
        }

        String describe() {
            return "base";
        }
    }

    static class Sized extends Base {
        private final int size;

        Sized(int size) {
            if (size < 0) {                             // validation before super()
                throw new IllegalArgumentException("negative size " + size);
            }
            this.size = size;                           // field store before super()
            super("sized");
        }

        Sized(String text) {
            int parsed = text.isBlank() ? 0 : Integer.parseInt(text.strip()); // computation before this()
            this(parsed * 2);
        }

        @Override
        String describe() {
            return "size=" + size;                      // sees the prologue-assigned field
        }
    }

    static class Tagged extends Sized {
        private final long stamp;
        private final String tag;

        Tagged(long stamp, String tag) {
            long s = Math.max(stamp, 0L);               // two-slot local in the prologue
            String t = tag == null ? "untagged" : tag.toLowerCase();
            this.stamp = s;
            this.tag = t;
            super((int) (s % 100));
        }

        @Override
        String describe() {
            return super.describe() + ",tag=" + tag + ",stamp=" + stamp;
        }
    }

    public static void main(String[] args) {
        System.out.println(new Sized(5).description);
        System.out.println(new Sized(" 21 ").description);
        System.out.println(new Tagged(12345L, "HELLO").description);
        System.out.println(new Tagged(-1L, null).description);
        try {
            new Sized(-2);
        } catch (IllegalArgumentException e) {
            System.out.println(e.getMessage());
        }
    }
}
