package features;

import java.util.*;
import java.util.function.*;

/**
 * The language's own dispatch paths for the tracer (TestSoundnessFeatures):
 * default methods and Interface.super calls, an inner class reaching its
 * outer's private method (nestmates), a generic bridge method, sealed
 * records with pattern instanceof, switches on strings and enums (with a
 * constant body), initialiser blocks, varargs, array clone and covariance,
 * finally, a local class, text blocks, anonymous classes, method references
 * composed with andThen, labelled breaks.
 */
final class Language {
  interface Greeter { default String greet() { return "hi " + name(); } String name(); static Greeter of(String n) { return () -> n; } }
  interface Loud extends Greeter { default String greet() { return Greeter.super.greet().toUpperCase(); } }
  static class Person implements Loud {
    private final String n;
    Person(String n) { this.n = n; }
    public String name() { return n; }
    private String secret() { return "s" + n; }
    class Inner { String peek() { return secret(); } }
  }
  static abstract class Box<T> { abstract T get(); T twice() { get(); return get(); } }
  static final class StrBox extends Box<String> { String get() { return "box"; } }   // bridge method
  sealed interface Shape permits Circle, Rect {}
  record Circle(double r) implements Shape { Circle { if (r < 0) throw new IllegalArgumentException(); } }
  record Rect(double w, double h) implements Shape {}
  enum Color { RED, GREEN { @Override String tag() { return "g"; } }; String tag() { return "c"; } }
  static int counter;
  static { counter = 1; }
  int inst;
  { inst = 2; }

  static double area(Shape s) {
    if (s instanceof Circle c) return Math.PI * c.r() * c.r();
    if (s instanceof Rect r) return r.w() * r.h();
    return 0;
  }

  static String sw(String k, Color c) {
    String a = switch (k) { case "a" -> "A"; case "b" -> "B"; default -> k; };
    String b = switch (c) { case RED -> "r"; case GREEN -> c.tag(); };
    return a + b;
  }

  static int sum(int... xs) { int s = 0; for (int x : xs) s += x; return s; }

  static String run() {
    StringBuilder out = new StringBuilder();
    Person p = new Person("ann");
    out.append(p.greet()).append(p.new Inner().peek()).append(Greeter.of("bob").greet());
    Box<String> box = new StrBox();
    out.append(box.twice());
    out.append(area(new Circle(1))).append(area(new Rect(2, 3)));
    out.append(sw("a", Color.GREEN)).append(sw("z", Color.RED));
    out.append(sum(1, 2, 3)).append(counter).append(new Language().inst);
    int[] xs = {3, 1, 2};
    int[] ys = xs.clone();
    Arrays.sort(ys);
    out.append(Arrays.toString(ys));
    Object[] objs = new String[] {"x"};
    try { objs[0] = 1; } catch (ArrayStoreException e) { out.append("ase"); }
    try { Objects.requireNonNull(null, "npe"); } catch (NullPointerException e) { out.append(e.getMessage()); } finally { out.append("fin"); }
    final int base = 10;
    class Local implements IntUnaryOperator { public int applyAsInt(int v) { return v + base; } }
    out.append(new Local().applyAsInt(5));
    String text = """
        multi
        line""";
    out.append(text.lines().count());
    Runnable r = new Runnable() { public void run() { out.append("anon"); } };
    r.run();
    Function<String, Integer> len = String::length;
    Function<Integer, Integer> dbl = x -> x * 2;
    out.append(len.andThen(dbl).apply("four"));
    Supplier<Person> mk = () -> new Person("cy");
    out.append(mk.get().greet());
    outer:
    for (int i = 0; i < 3; i++) for (int j = 0; j < 3; j++) { if (i * j == 2) break outer; out.append(i); }
    return out.toString();
  }
}
