package features;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;

/**
 * Method handles for the tracer (TestSoundnessFeatures): handles of
 * constant lookups kept in static final fields, as libraries keep them,
 * invoked exactly, loosely and with an argument list, and one of a name
 * known at run time, bound to its receiver; a handle adapted by asType
 * and invoked exactly in its new type; handles of an instance field
 * (set, then read) and of a static field whose class only the handle
 * initialises; an AtomicReferenceFieldUpdater; a VarHandle of a static
 * field whose class only the handle initialises. Only the JVM's
 * LambdaForms call the methods; what they call on the handles' arguments
 * is checked.
 */
final class Handles {
  interface Tally { String add(Item x); }
  static final class Item {
    private final String name;
    Item(String name) { this.name = name; }
    String label() { return "[" + name + "]"; }
  }
  static final class Totals implements Tally {
    private final StringBuilder sb = new StringBuilder();
    public String add(Item x) { sb.append(x.label()); return sb.toString(); }
  }

  static final class Shelf {
    private final String tag;
    Shelf(String tag) { this.tag = tag; }
    String put(Item x) { return tag + x.label(); }
    String take(Item x) { return x.label() + tag; }
    String pair(Item x, Item y) { return x.label() + tag + y.label(); }
  }

  /** Its field is written and read through field handles only. */
  static final class Slot { Item held; }

  /** Its field is written by its updater only. */
  static final class Box {
    volatile Item item;
    static final AtomicReferenceFieldUpdater<Box, Item> ITEM =
        AtomicReferenceFieldUpdater.newUpdater(Box.class, Item.class, "item");
  }

  /** Initialised by the first invocation of its field's getter. */
  static final class Registry { static Item first = new Item("z"); }

  /** Initialised by the first access through its field's VarHandle. */
  static final class Ledger { static Item last = new Item("l"); }

  private static final MethodHandle MAKE;
  private static final MethodHandle ITEM;
  private static final MethodHandle ADD;
  private static final MethodHandle JOIN;
  private static final MethodHandle PAIR;
  private static final MethodHandle HOLD;
  private static final MethodHandle HELD;
  private static final MethodHandle FIRST;
  private static final VarHandle LAST;

  static {
    try {
      MethodHandles.Lookup l = MethodHandles.lookup();
      MAKE = l.findConstructor(Totals.class, MethodType.methodType(void.class));
      ITEM = l.findStatic(Handles.class, "item", MethodType.methodType(Item.class, String.class));
      ADD = l.findVirtual(Tally.class, "add", MethodType.methodType(String.class, Item.class));
      JOIN = l.findStatic(Handles.class, "join", MethodType.methodType(String.class, Item[].class));
      PAIR = l.findVirtual(Shelf.class, "pair", MethodType.methodType(String.class, Item.class, Item.class))
          .asType(MethodType.methodType(Object.class, Object.class, Object.class, Object.class));
      HOLD = l.findSetter(Slot.class, "held", Item.class);
      HELD = l.findGetter(Slot.class, "held", Item.class);
      FIRST = l.findStaticGetter(Registry.class, "first", Item.class);
      LAST = l.findStaticVarHandle(Ledger.class, "last", Item.class);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }

  static Item item(String name) { return new Item(name.trim()); }

  static String join(Item... items) {
    StringBuilder sb = new StringBuilder();
    for (Item i : items) sb.append(i.label());
    return sb.toString();
  }

  /** A method named at run time, as Jetty names them, bound to its receiver. */
  static String byName(String method) throws Throwable {
    MethodHandle h = MethodHandles.lookup().findVirtual(Shelf.class, method, MethodType.methodType(String.class, Item.class))
        .bindTo(new Shelf("#"));
    return (String) h.invokeExact(new Item("e"));
  }

  /** Field handles: what the getters return is called on. */
  static String fields() throws Throwable {
    Slot s = new Slot();
    HOLD.invokeExact(s, new Item("f"));
    Item x = (Item) HELD.invokeExact(s);
    Item y = (Item) FIRST.invokeExact();
    Object p = (Object) PAIR.invokeExact((Object) new Shelf("|"), (Object) x, (Object) y);
    Box b = new Box();
    Box.ITEM.compareAndSet(b, null, new Item("u"));
    Item z = (Item) LAST.getAndSet(new Item("v"));
    Item w = (Item) LAST.getAcquire();
    return x.label() + y.label() + p + b.item.label() + z.label() + w.label();
  }

  static String run() {
    try {
      Tally t = (Tally) MAKE.invoke();
      Item i = (Item) ITEM.invokeExact("pen ");
      String s = (String) ADD.invokeExact(t, i);
      Object r = ADD.invokeWithArguments(t, new Item("ink"));
      String j = (String) JOIN.invokeWithArguments(new Item("a"), new Item("b"));
      String k = (String) JOIN.invoke(i, new Item("c"));
      return s + ";" + r + ";" + j + k + ";" + byName("put") + ";" + fields() + ";";
    } catch (Throwable e) {
      throw new AssertionError(e);
    }
  }
}
