package corpus.pointsto;

import java.lang.reflect.Field;
import sun.misc.Unsafe;

/**
 * sun.misc.Unsafe with field offsets kept in static final fields, the way
 * Guava's AbstractFuture and the JDK's LockSupport write their references:
 * each method reaches one field through its offset, and the call on what
 * the field then holds must have that object as its receiver.
 */
final class Offsets {
  interface Beast {
    String call();
  }

  static final class Badger implements Beast {
    public String call() { return "badger"; }
  }

  static final class Heron implements Beast {
    public String call() { return "heron"; }
  }

  static final class Ibex implements Beast {
    public String call() { return "ibex"; }
  }

  static final class Jackal implements Beast {
    public String call() { return "jackal"; }
  }

  static final class Koala implements Beast {
    public String call() { return "koala"; }
  }

  static final class Lynx implements Beast {
    public String call() { return "lynx"; }
  }

  static final class Mink implements Beast {
    public String call() { return "mink"; }
  }

  /** The fields the methods below reach through their offsets. */
  static final class Den {
    volatile Beast put;
    volatile Beast swapped;
    volatile Beast read;
    volatile Beast exchanged;
    volatile Object any;
    volatile int count;
    Beast reflected;
  }

  /** A holder of offsets another class uses, as helper classes do. */
  static final class Holder {
    static final long ANY;

    static {
      try {
        ANY = U.objectFieldOffset(Den.class.getDeclaredField("any"));
      } catch (NoSuchFieldException e) {
        throw new Error(e);
      }
    }
  }

  static final Unsafe U;
  static final long PUT, SWAPPED, READ, EXCHANGED, COUNT;

  static {
    try {
      Field f = Unsafe.class.getDeclaredField("theUnsafe");
      f.setAccessible(true);
      U = (Unsafe) f.get(null);
      Class<?> den = Den.class; // as Guava writes it
      PUT = U.objectFieldOffset(den.getDeclaredField("put"));
      SWAPPED = U.objectFieldOffset(den.getDeclaredField("swapped"));
      READ = U.objectFieldOffset(Den.class.getDeclaredField("read"));
      long off = U.objectFieldOffset(Den.class.getDeclaredField("exchanged"));
      EXCHANGED = off;
      COUNT = U.objectFieldOffset(den.getDeclaredField("count"));
    } catch (ReflectiveOperationException e) {
      throw new Error(e);
    }
  }

  /** putObject writes the field a plain read then loads. */
  static String put() {
    Den d = new Den();
    U.putObject(d, PUT, new Badger());
    return d.put.call();
  }

  /** compareAndSwapObject writes its new value. */
  static String swapped() {
    Den d = new Den();
    U.compareAndSwapObject(d, SWAPPED, null, new Heron());
    return d.swapped.call();
  }

  /** getObjectVolatile reads what a plain write stored. */
  static String read() {
    Den d = new Den();
    d.read = new Ibex();
    return ((Beast) U.getObjectVolatile(d, READ)).call();
  }

  /** getAndSetObject writes its value and returns the old one. */
  static String exchanged() {
    Den d = new Den();
    d.exchanged = new Jackal();
    long at = EXCHANGED;
    Beast old = (Beast) U.getAndSetObject(d, at, new Koala());
    return old.call() + d.exchanged.call();
  }

  /** An offset another class holds; a primitive field's offset. */
  static String held() {
    Den d = new Den();
    U.putObjectVolatile(d, Holder.ANY, new Lynx());
    U.getAndAddInt(d, COUNT, 1);
    return ((Beast) d.any).call();
  }

  /** A Field of constants: set stores, get loads (the theUnsafe idiom above). */
  static String reflected() throws ReflectiveOperationException {
    Den d = new Den();
    Field f = Den.class.getDeclaredField("reflected");
    f.set(d, new Mink());
    return ((Beast) f.get(d)).call();
  }

  static String all() {
    try {
      return put() + swapped() + read() + exchanged() + held() + reflected();
    } catch (ReflectiveOperationException e) {
      throw new Error(e);
    }
  }
}
