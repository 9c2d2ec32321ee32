package features;

import java.io.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;
import java.util.concurrent.*;
import java.util.function.*;
import java.util.stream.*;

/**
 * A program for the tracer (TestSoundnessFeatures): JDK features whose calls
 * back into the program go through library code the analyses must follow —
 * comparators and Comparable in sorted collections, hashCode/equals in hash
 * tables, toString in string conversion, streams (sequential and parallel),
 * executors, a scheduled executor, Timer, the common fork-join pool and
 * CompletableFuture on other threads, atomics and concurrent collections,
 * iterators in for-each, try-with-resources, records' generated methods,
 * enums (EnumSet and EnumMap too), default methods, anonymous and inner classes, a visitor,
 * thread-locals, exceptions (uncaught ones too), finalize() and a Cleaner's action, reflection's objects, serialization,
 * arrays that Array.newInstance makes, exceptions the JVM throws itself.
 */
public final class Main {
  record Point(int x, int y) implements Comparable<Point> {
    public int compareTo(Point o) { return Integer.compare(x * x + y * y, o.x * o.x + o.y * o.y); }
  }

  enum Op implements IntBinaryOperator {
    ADD { public int applyAsInt(int a, int b) { return a + b; } },
    MUL { public int applyAsInt(int a, int b) { return a * b; } };
  }

  // Named only by its class literal (EnumSet.allOf initialises it).
  enum Unit {
    METRE { String symbol() { return "m"; } },
    SECOND { String symbol() { return "s"; } };
    abstract String symbol();
  }

  interface Shape { double area(); default String describe() { return getClass().getSimpleName() + " " + area(); } }

  static final class Square implements Shape {
    final double side;
    Square(double side) { this.side = side; }
    public double area() { return side * side; }
    @Override public int hashCode() { return Double.hashCode(side); }
    @Override public boolean equals(Object o) { return o instanceof Square s && s.side == side; }
    @Override public String toString() { return "Square(" + side + ")"; }
  }

  static final class Resource implements AutoCloseable {
    final StringBuilder log;
    Resource(StringBuilder log) { this.log = log; log.append("open;"); }
    @Override public void close() { log.append("close;"); }
  }

  static final class Range implements Iterable<Integer> {
    final int n;
    Range(int n) { this.n = n; }
    public Iterator<Integer> iterator() {
      return new Iterator<>() {
        int i;
        public boolean hasNext() { return i < n; }
        public Integer next() { return i++; }
      };
    }
  }

  static class Crate implements Serializable {
    private static final long serialVersionUID = 1;
    private void writeObject(ObjectOutputStream out) throws IOException { out.defaultWriteObject(); }
    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException { in.defaultReadObject(); }
  }

  // Serialization calls each class's private writeObject/readObject, and
  // writeReplace/readResolve on the objects in fields too.
  static final class Box extends Crate {
    private static final long serialVersionUID = 1;
    String label = "box";
    Tag tag = new Tag("tag");
    private void writeObject(ObjectOutputStream out) throws IOException { out.defaultWriteObject(); }
    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
      in.defaultReadObject();
      label = label.trim();
    }
  }

  static final class Tag implements Serializable {
    private static final long serialVersionUID = 1;
    final String name;
    Tag(String name) { this.name = name; }
    private Object writeReplace() { return new TagForm(name.toUpperCase()); }
    String describe() { return "tag " + name; }
  }

  static final class TagForm implements Serializable {
    private static final long serialVersionUID = 1;
    final String name;
    TagForm(String name) { this.name = name; }
    private Object readResolve() { return new Tag(name.toLowerCase()); }
  }

  static final class Failure extends RuntimeException {
    Failure(String m) { super(m); }
    @Override public String getMessage() { return "failure: " + super.getMessage(); }
  }

  static final class Task implements Comparable<Task>, Runnable {
    final int prio;
    final List<String> log;
    Task(int prio, List<String> log) { this.prio = prio; this.log = log; }
    public int compareTo(Task o) { return Integer.compare(prio, o.prio); }
    public void run() { synchronized (log) { log.add("run" + prio); } }
    @Override public String toString() { return "T" + prio; }
  }

  interface Visitor<R> { R visitNum(int n); R visitAdd(Node a, Node b); }
  interface Node { <R> R accept(Visitor<R> v); }
  record Num(int n) implements Node { public <R> R accept(Visitor<R> v) { return v.visitNum(n); } }
  record Add(Node a, Node b) implements Node { public <R> R accept(Visitor<R> v) { return v.visitAdd(a, b); } }
  static final class Eval implements Visitor<Integer> {
    public Integer visitNum(int n) { return n; }
    public Integer visitAdd(Node a, Node b) { return a.accept(this) + b.accept(this); }
  }

  // What the garbage collector starts: finalize() on FinalizerThread, a
  // Cleaner's action on its thread (logged here, not in the output: a run
  // may end before either runs).
  static final Queue<String> COLLECTED = new ConcurrentLinkedQueue<>();

  static final class Finalized {
    @SuppressWarnings("deprecation")
    @Override protected void finalize() { COLLECTED.add(toString()); }
    @Override public String toString() { return "finalized"; }
  }

  // An array of the class a Class object names (Array.newInstance), as
  // generic helpers make them.
  @SuppressWarnings("unchecked")
  static <T> T[] grow(T[] a, T x) {
    T[] r = (T[]) java.lang.reflect.Array.newInstance(a.getClass().getComponentType(), a.length + 1);
    System.arraycopy(a, 0, r, 0, a.length);
    r[a.length] = x;
    return r;
  }

  // Handlers of exceptions the JVM throws itself, in methods of their own:
  // main's handlers also get what the JDK methods it calls throw.
  static int element(int[] a, int i) {
    try { return a[i]; } catch (ArrayIndexOutOfBoundsException e) { return e.getMessage().length(); }
  }

  static int quotient(int a, int b) {
    try { return a / b; } catch (ArithmeticException e) { return e.getLocalizedMessage().length(); }
  }

  static final ThreadLocal<StringBuilder> BUF = ThreadLocal.withInitial(() -> new StringBuilder("tl"));

  // Scheduled executors, Timer, atomics, concurrent queues and maps, the
  // common fork-join pool, a visitor, thread-locals.
  static String concurrency() throws Exception {
    List<String> log = Collections.synchronizedList(new ArrayList<>());
    PriorityQueue<Task> pq = new PriorityQueue<>(Comparator.reverseOrder());
    pq.add(new Task(1, log));
    pq.add(new Task(3, log));
    pq.add(new Task(2, log));
    ScheduledExecutorService ses = Executors.newSingleThreadScheduledExecutor();
    ses.schedule(pq.poll(), 1, TimeUnit.MILLISECONDS).get();
    ses.shutdown();
    Timer timer = new Timer(true);
    CountDownLatch latch = new CountDownLatch(1);
    timer.schedule(new TimerTask() { public void run() { log.add("timer"); latch.countDown(); } }, 1);
    latch.await();
    java.util.concurrent.atomic.AtomicReference<Task> ref = new java.util.concurrent.atomic.AtomicReference<>();
    ref.set(pq.peek());
    ref.updateAndGet(t -> new Task(t.prio + 10, log));
    ref.get().run();
    ConcurrentLinkedQueue<Task> q = new ConcurrentLinkedQueue<>(pq);
    for (Task t : q) t.run();
    LinkedBlockingQueue<Runnable> lbq = new LinkedBlockingQueue<>();
    lbq.put(new Task(7, log));
    lbq.take().run();
    ConcurrentHashMap<String, Task> chm = new ConcurrentHashMap<>();
    chm.computeIfAbsent("a", k -> new Task(9, log)).run();
    chm.values().forEach(Task::run);
    int v = new Add(new Num(2), new Add(new Num(3), new Num(4))).accept(new Eval());
    Object[] arr = pq.toArray();
    Arrays.sort(arr, Comparator.comparing(Object::toString));
    BUF.get().append(v).append(Arrays.toString(arr));
    ForkJoinPool.commonPool().submit(() -> log.add("fj")).get();
    q.stream().max(Comparator.naturalOrder()).ifPresent(Task::run);
    return BUF.get() + " " + log;
  }

  public static void main(String[] args) throws Exception {
    StringBuilder out = new StringBuilder();
    // Sorted and hashed collections call back.
    TreeSet<Point> points = new TreeSet<>(List.of(new Point(3, 4), new Point(1, 1), new Point(0, 2)));
    Map<Shape, Integer> shapes = new HashMap<>();
    shapes.put(new Square(2), 1);
    shapes.merge(new Square(2), 1, Integer::sum);
    List<String> words = new ArrayList<>(List.of("pear", "fig", "apple"));
    words.sort(Comparator.comparing(String::length).thenComparing(Comparator.reverseOrder()));
    out.append(points).append(shapes).append(words);
    // Streams, sequential and parallel.
    int sum = IntStream.rangeClosed(1, 100).parallel().map(i -> i * 2).sum();
    String joined = Stream.of(Op.values()).map(op -> op.name() + "=" + op.applyAsInt(6, 7)).collect(Collectors.joining(","));
    Map<Boolean, List<Integer>> parts = StreamSupport.stream(new Range(10).spliterator(), false)
        .collect(Collectors.partitioningBy(i -> i % 2 == 0));
    out.append(sum).append(joined).append(parts);
    // EnumSet and EnumMap hand out their elements and keys from the enum's
    // universe, its values() that Class.getEnumConstantsShared calls by
    // reflection.
    for (Unit u : EnumSet.allOf(Unit.class)) out.append(u.symbol());
    EnumMap<Op, Integer> ops = new EnumMap<>(Op.class);
    ops.put(Op.ADD, 1);
    for (Map.Entry<Op, Integer> e : ops.entrySet()) out.append(e.getKey().applyAsInt(e.getValue(), 2));
    // Threads: an executor, a CompletableFuture, a plain thread.
    ExecutorService pool = Executors.newFixedThreadPool(2);
    Future<String> f = pool.submit(() -> new Square(3).describe());
    CompletableFuture<Integer> cf = CompletableFuture.supplyAsync(() -> Op.MUL.applyAsInt(4, 5), pool).thenApply(x -> x + 1);
    out.append(f.get()).append(cf.get());
    pool.shutdown();
    Thread t = new Thread(new Runnable() { public void run() { synchronized (out) { out.append("thread;"); } } });
    t.start();
    t.join();
    // The JVM hands what a thread's run() throws to its uncaught exception
    // handler (Thread.dispatchUncaughtException).
    Thread failing = new Thread(() -> { throw new Failure("uncaught"); });
    failing.setUncaughtExceptionHandler((th, e) -> { synchronized (out) { out.append(e.getMessage()).append(';'); } });
    failing.start();
    failing.join();
    // Iteration, resources, exceptions.
    for (int i : new Range(3)) out.append(i);
    try (Resource r = new Resource(out)) { out.append("body;"); }
    try { throw new Failure("x"); } catch (Failure e) { out.append(e.getMessage()); }
    // Optional, String.format, String.valueOf of program objects.
    out.append(Optional.of(new Square(1)).map(Shape::describe).orElse("none"));
    out.append(String.format("%s|%s", new Square(5), new Point(1, 2)));
    // Files and readers.
    Path tmp = Files.createTempFile("features", ".txt");
    Files.writeString(tmp, "a\nb\n", StandardCharsets.UTF_8);
    try (BufferedReader r = Files.newBufferedReader(tmp)) { out.append(r.lines().count()); }
    Files.delete(tmp);
    new Finalized();
    java.lang.ref.Cleaner.create().register(new Object(), () -> COLLECTED.add(String.valueOf(new Square(7))));
    for (int i = 0; i < 5 && COLLECTED.size() < 2; i++) {
      System.gc();
      System.runFinalization();
      Thread.sleep(20);
    }
    // Serialization calls the private writeObject/readObject.
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream o = new ObjectOutputStream(bytes)) { o.writeObject(new Box()); }
    try (ObjectInputStream i = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      Box box = (Box) i.readObject();
      out.append(box.label).append(box.tag.describe());
    }
    // Reflection's objects.
    out.append(Main.class.getDeclaredMethod("main", String[].class).getName());
    // Functional interfaces passed to the JDK.
    Supplier<List<Point>> supplier = ArrayList::new;
    List<Point> ps = supplier.get();
    ps.add(new Point(2, 2));
    ps.removeIf(p -> p.x() > 5);
    ps.forEach(p -> out.append(p.y()));
    BiFunction<Integer, Integer, Integer> max = Math::max;
    out.append(max.apply(3, 9));
    // Arrays of a class only a Class object names: a generic helper's, a
    // typed copy of an Object[].
    for (Shape s : grow(new Shape[] {new Square(8)}, new Square(9))) out.append(s.area());
    Shape[] copied = Arrays.copyOf(new Object[] {new Square(10)}, 1, Shape[].class);
    out.append(copied[0].describe());
    // Exceptions the JVM throws itself, with no athrow.
    out.append(element(new int[1], 1)).append(quotient(sum, copied.length - 1));
    out.append(concurrency());
    out.append(Language.run());
    out.append(Proxies.run());
    out.append(Handles.run());
    out.append(Services.run());
    System.out.println(out);
  }
}
