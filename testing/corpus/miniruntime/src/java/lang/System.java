package java.lang;

// The start-up code of the mini runtime: initPhase1 fills a registry that
// initPhase3 calls toString() on, so a client object registered by main
// reaches a call site the warm start has already solved.
public final class System {
  static Object[] registry = new Object[4];
  static Runnable hook;

  private static void initPhase1() {
    registry[0] = new String();
    hook = new Thread();
    register(hook);
  }

  private static void initPhase3() {
    for (Object o : registry) {
      if (o != null) o.toString();
    }
    hook.run();
  }

  public static void register(Object o) {
    registry[1] = o;
  }
}
