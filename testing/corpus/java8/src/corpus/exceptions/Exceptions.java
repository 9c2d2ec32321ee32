package corpus.exceptions;

import java.io.IOException;

/**
 * athrow, try/catch with several handlers, multi-catch (one handler with
 * several exception table entries), finally (javac duplicates the finally
 * body on every exit path and adds a catch-any handler), return inside
 * finally overriding a pending exception, nested try, precise rethrow,
 * exception chaining, finally with break/continue inside loops.
 */
public class Exceptions {

    static class AppException extends Exception {
        private static final long serialVersionUID = 1L;
        final int code;

        AppException(String msg, int code, Throwable cause) {
            super(msg, cause);
            this.code = code;
        }
    }

    static int parse(String s) throws AppException {
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            throw new AppException("bad number: " + s, 1, e);
        }
    }

    static String multipleHandlers(int mode) {
        try {
            switch (mode) {
                case 0: throw new IllegalArgumentException("iae");
                case 1: throw new IllegalStateException("ise");
                case 2: throw new IOException("io");
                case 3: return String.valueOf(10 / (mode - 3));
                default: return "ok";
            }
        } catch (IllegalArgumentException e) {
            return "IAE:" + e.getMessage();
        } catch (IllegalStateException | ArithmeticException e) {
            return "multi:" + e.getClass().getSimpleName();
        } catch (IOException e) {
            return "IO:" + e.getMessage();
        } catch (RuntimeException e) {
            return "RT";
        }
    }

    static StringBuilder log = new StringBuilder();

    static int withFinally(int x) {
        try {
            log.append("try").append(x).append(' ');
            if (x < 0) {
                throw new IllegalArgumentException();
            }
            return x * 2;
        } catch (IllegalArgumentException e) {
            log.append("catch ");
            return -1;
        } finally {
            log.append("finally ");
        }
    }

    @SuppressWarnings("finally")
    static int returnInFinally(boolean fail) {
        try {
            if (fail) {
                throw new RuntimeException("lost");
            }
            return 1;
        } finally {
            return 2; // swallows the exception and overrides return 1
        }
    }

    static String nested(String a, String b) {
        StringBuilder sb = new StringBuilder();
        try {
            try {
                sb.append(parse(a));
            } catch (AppException e) {
                sb.append("inner:").append(e.code);
                sb.append(parse(b));
            } finally {
                sb.append("|f1");
            }
        } catch (AppException e) {
            sb.append("|outer:").append(e.getCause().getClass().getSimpleName());
        } finally {
            sb.append("|f2");
        }
        return sb.toString();
    }

    // precise rethrow: catch Exception but only declare the checked one thrown in try
    static void rethrow(boolean io) throws IOException {
        try {
            if (io) throw new IOException("rethrown");
            throw new UnsupportedOperationException("unchecked");
        } catch (Exception e) {
            log.append("saw ").append(e.getMessage()).append(' ');
            throw e;
        }
    }

    static int loopFinally(int n) {
        int count = 0;
        for (int i = 0; i < n; i++) {
            try {
                if (i % 3 == 0) continue;
                if (i == 7) break;
                count += i;
            } finally {
                count += 100;
            }
        }
        return count;
    }

    static String catchThrowable(Object o) {
        try {
            return o.toString();
        } catch (Throwable t) {
            return t.getClass().getName();
        }
    }

    public static void main(String[] args) throws Exception {
        for (int m = 0; m < 5; m++) {
            System.out.print(multipleHandlers(m) + " ");
        }
        System.out.println();
        System.out.println(withFinally(5) + " " + withFinally(-5) + " " + log);
        System.out.println(returnInFinally(false) + " " + returnInFinally(true));
        System.out.println(nested("1", "2") + " " + nested("x", "2") + " " + nested("x", "y"));
        log.setLength(0);
        for (boolean b : new boolean[] {true, false}) {
            try {
                rethrow(b);
            } catch (IOException e) {
                log.append("IOException ");
            } catch (RuntimeException e) {
                log.append("RuntimeException ");
            }
        }
        System.out.println(log);
        System.out.println(loopFinally(10) + " " + catchThrowable(null) + " " + catchThrowable("fine"));
    }
}
