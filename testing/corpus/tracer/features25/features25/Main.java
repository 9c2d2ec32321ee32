package features25;

import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassModel;
import java.lang.classfile.MethodModel;
import java.util.*;
import java.util.concurrent.*;
import java.util.function.*;
import java.util.stream.*;

/**
 * A program for the tracer on a Java 25 runtime (TestSoundnessJDK25): the
 * launcher starts it through an instance main (JEP 512), and the JDK calls
 * back into it along the paths of the newer APIs — virtual threads (a
 * thread and a per-task executor), scoped values, stream gatherers (the
 * JDK's and one of its own), sequenced collections with comparators, the
 * class-file API transforming this class with its lambdas — besides record
 * patterns with guards in a switch over a sealed interface, unnamed
 * variables and a constructor that runs statements before super().
 */
class Main {
  private final StringBuilder log = new StringBuilder();

  sealed interface Shape permits Circle, Rect {}
  record Circle(double r) implements Shape {}
  record Rect(double w, double h) implements Shape {}

  static double area(Shape s) {
    return switch (s) {
      case Circle(var r) when r == 0 -> 0;
      case Circle(double r) -> Math.PI * r * r;
      case Rect(double w, double h) -> w * h;
    };
  }

  static final ScopedValue<String> USER = ScopedValue.newInstance();

  /** A task for the per-task executor: the JDK calls call(). */
  static final class Task implements Callable<String> {
    final String name;
    Task(String name) { this.name = name; }
    public String call() { return name + " on " + (Thread.currentThread().isVirtual() ? "virtual" : "platform") + ";"; }
  }

  /** A gatherer of its own: the stream calls integrator() and integrate(). */
  static final class EveryOther<T> implements Gatherer<T, int[], T> {
    public Supplier<int[]> initializer() { return () -> new int[1]; }
    public Integrator<int[], T, T> integrator() { return new Alternate<>(); }
  }

  static final class Alternate<T> implements Gatherer.Integrator<int[], T, T> {
    public boolean integrate(int[] state, T element, Gatherer.Downstream<? super T> down) {
      return state[0]++ % 2 != 0 || down.push(element);
    }
  }

  /** Orders names by length, then alphabetically. */
  static final class ByLength implements Comparator<String> {
    public int compare(String a, String b) {
      int c = Integer.compare(a.length(), b.length());
      return c != 0 ? c : a.compareTo(b);
    }
  }

  /** Checks its argument before super() runs (JEP 513). */
  static final class Positive extends Number {
    final int value;
    Positive(int value) {
      if (value <= 0) throw new IllegalArgumentException("not positive: " + value);
      super();
      this.value = value;
    }
    public int intValue() { return value; }
    public long longValue() { return value; }
    public float floatValue() { return value; }
    public double doubleValue() { return value; }
    @Override public String toString() { return "+" + value; }
  }

  String whoAmI() { return "user " + USER.get(); }

  void threads() throws Exception {
    Thread t = Thread.ofVirtual().name("v1").start(() -> log.append("virtual thread;"));
    t.join();
    try (ExecutorService ex = Executors.newVirtualThreadPerTaskExecutor()) {
      Future<String> f = ex.submit(new Task("task"));
      log.append(f.get());
    }
  }

  void scopedValues() throws Exception {
    ScopedValue.where(USER, "alice").run(() -> log.append(whoAmI()).append(';'));
    log.append(ScopedValue.where(USER, "bob").call(this::whoAmI)).append(';');
  }

  void collections() {
    List<Shape> shapes = new ArrayList<>(List.of(new Circle(1), new Rect(2, 3), new Circle(0)));
    shapes.addFirst(new Rect(1, 1));
    for (Shape s : shapes.reversed()) {
      log.append(area(s) > 0 ? '+' : '0');
    }
    SequencedMap<String, Positive> m = new TreeMap<>(new ByLength());
    for (String n : List.of("three", "one", "eleven", "two")) {
      m.put(n, new Positive(n.length()));
    }
    log.append(';').append(m.firstEntry().getKey()).append(' ').append(m.lastEntry().getValue());
    SequencedSet<String> keys = new LinkedHashSet<>(m.sequencedKeySet().reversed());
    log.append(' ').append(keys.getFirst()).append(';');
    int n = 0;
    for (var _ : keys) n++;
    log.append(n).append(';');
  }

  void gatherers() {
    List<List<Integer>> windows = Stream.of(1, 2, 3, 4, 5).gather(Gatherers.windowFixed(2)).toList();
    List<String> odd = Stream.of("a", "b", "c", "d", "e").gather(new EveryOther<>()).toList();
    int sum = Stream.of(1, 2, 3).gather(Gatherers.scan(() -> 0, Integer::sum)).mapToInt(Integer::intValue).sum();
    log.append(windows).append(odd).append(sum).append(';');
  }

  void classFiles() throws Exception {
    byte[] bytes;
    try (var in = Main.class.getResourceAsStream("Main.class")) {
      bytes = in.readAllBytes();
    }
    ClassModel cm = ClassFile.of().parse(bytes);
    long named = cm.methods().stream().filter(mm -> mm.methodName().stringValue().endsWith("s")).count();
    byte[] smaller = ClassFile.of().transformClass(cm, (cb, ce) -> {
      if (!(ce instanceof MethodModel mm && mm.methodName().equalsString("classFiles"))) {
        cb.with(ce);
      }
    });
    log.append("classfile ").append(named).append(smaller.length < bytes.length ? " smaller" : " same").append(';');
  }

  void main() throws Exception {
    threads();
    scopedValues();
    collections();
    gatherers();
    classFiles();
    System.out.println(log);
  }
}
