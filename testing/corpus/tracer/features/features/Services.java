package features;

import java.util.ServiceLoader;

/**
 * Service providers for the tracer (TestSoundnessFeatures): ServiceLoader
 * instantiates the providers that META-INF/services names, reflectively,
 * through their public constructors; the program then calls them through
 * the service interface (for-each over the loader and its stream). Plugin
 * has two providers, Codec one; Unused's provider is never requested.
 */
final class Services {
  public interface Plugin { String apply(String s); }
  public interface Codec { String encode(String s); }
  public interface Unused { void never(); }

  public static final class Upper implements Plugin {
    private final String suffix;
    public Upper() { suffix = suffix(); }
    private static String suffix() { return "!"; }
    public String apply(String s) { return s.toUpperCase() + suffix; }
  }
  public static final class Reverse implements Plugin {
    public String apply(String s) { return new StringBuilder(s).reverse().toString(); }
  }
  public static final class Rot implements Codec {
    public String encode(String s) {
      StringBuilder b = new StringBuilder();
      for (char c : s.toCharArray()) { b.append((char) (c + 1)); }
      return b.toString();
    }
  }
  public static final class Never implements Unused {
    public void never() { throw new AssertionError(); }
  }

  static String run() {
    StringBuilder out = new StringBuilder();
    for (Plugin p : ServiceLoader.load(Plugin.class)) {
      out.append(p.apply("svc")).append(';');
    }
    ServiceLoader.load(Codec.class, Services.class.getClassLoader()).stream()
        .map(ServiceLoader.Provider::get)
        .forEach(c -> out.append(c.encode("abc")).append(';'));
    return out.toString();
  }
}
