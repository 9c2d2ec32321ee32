package corpus.sync;

import java.util.ArrayList;
import java.util.List;

/**
 * synchronized methods (ACC_SYNCHRONIZED, no monitor opcodes) and
 * synchronized blocks (monitorenter / monitorexit with the compiler
 * generated catch-any handler that re-exits the monitor and rethrows),
 * nested blocks, returns and exceptions from inside a block, and a real
 * two-thread run whose result is deterministic.
 */
public class Synchronization {

    private final Object lock = new Object();
    private int counter;      // guarded by this
    private int blockCounter; // guarded by lock
    private static long staticCounter;
    private final List<String> events = new ArrayList<String>();

    synchronized void incrementMethod() {
        counter++;
    }

    static synchronized void incrementStatic(long by) {
        staticCounter += by;
    }

    void incrementBlock() {
        synchronized (lock) {
            blockCounter++;
        }
    }

    int readWithReturn() {
        synchronized (this) {
            synchronized (lock) {
                return counter + blockCounter; // monitorexit x2 on the return path
            }
        }
    }

    String nested(String tag) {
        synchronized (lock) {
            synchronized (events) {
                events.add(tag);
                return tag + events.size();
            }
        }
    }

    int throwing(boolean fail) {
        try {
            synchronized (lock) {
                if (fail) {
                    throw new IllegalStateException("inside monitor");
                }
                return 1;
            }
        } catch (IllegalStateException e) {
            // the monitor was released by the compiler-generated handler
            return Thread.holdsLock(lock) ? -100 : -1;
        }
    }

    static int classLock() {
        synchronized (Synchronization.class) {
            return (int) staticCounter;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        final Synchronization s = new Synchronization();
        Thread[] threads = new Thread[4];
        for (int t = 0; t < threads.length; t++) {
            threads[t] = new Thread(new Runnable() {
                public void run() {
                    for (int i = 0; i < 1000; i++) {
                        s.incrementMethod();
                        s.incrementBlock();
                        incrementStatic(2);
                    }
                }
            });
            threads[t].start();
        }
        for (Thread t : threads) {
            t.join();
        }
        System.out.println("counter=" + s.readWithReturn() + " static=" + classLock());
        System.out.println(s.nested("a") + " " + s.nested("b"));
        System.out.println(s.throwing(false) + " " + s.throwing(true));
    }
}
