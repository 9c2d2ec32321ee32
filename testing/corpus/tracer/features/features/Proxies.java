package features;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;

/**
 * Dynamic proxies for the tracer (TestSoundnessFeatures): a call on a proxy
 * runs its handler's invoke, which calls on the proxied call's arguments
 * and on the object the handler holds. Only the JVM's generated proxy class
 * calls invoke.
 */
final class Proxies {
  interface Greeter { String greet(Named who, int times); int count(); }
  interface Named { String name(); }
  static final class Plain implements Greeter {
    private int n;
    public String greet(Named who, int times) { n += times; return "hello " + who.name(); }
    public int count() { return n; }
  }
  static final class Fixed implements Named {
    private final String name;
    Fixed(String name) { this.name = name; }
    public String name() { return name; }
  }
  static final class Loud implements Named {
    private final Named inner;
    Loud(Named inner) { this.inner = inner; }
    public String name() { return inner.name().toUpperCase(); }
  }
  static final class Tracing implements InvocationHandler {
    private final Greeter target;
    private final List<String> calls = new ArrayList<>();
    Tracing(Greeter target) { this.target = target; }
    public Object invoke(Object proxy, Method m, Object[] args) {
      calls.add(m.getName());
      if (args != null && args[0] instanceof Named) {
        Integer times = (Integer) args[1];   // a boxed primitive argument
        return target.greet(new Loud((Named) args[0]), times.intValue());
      }
      return target.count() + calls.size();
    }
  }

  static String run() {
    Greeter g = (Greeter) Proxy.newProxyInstance(Proxies.class.getClassLoader(),
        new Class<?>[] {Greeter.class}, new Tracing(new Plain()));
    String s = g.greet(new Fixed("proxy"), 2);
    return s + ";" + g.count() + ";";
  }
}
