package corpus.generics;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Generics and the synthetic bridge methods javac emits: Comparable<T>
 * implementation (bridge compareTo(Object)), generic interface
 * implementation with a concrete type argument (bridge apply(Object)),
 * covariant return override (bridge with the erased return type),
 * bounded generic methods, wildcards and the checkcasts inserted at
 * generic call sites.
 */
public class Generics {

    interface Transformer<A, B> {
        B apply(A a);
    }

    static final class Version implements Comparable<Version> {
        final int major, minor;

        Version(int major, int minor) {
            this.major = major;
            this.minor = minor;
        }

        // javac adds: synthetic bridge int compareTo(Object) { return compareTo((Version) o); }
        public int compareTo(Version o) {
            int c = Integer.compare(major, o.major);
            return c != 0 ? c : Integer.compare(minor, o.minor);
        }

        @Override
        public String toString() {
            return major + "." + minor;
        }
    }

    static class Lengther implements Transformer<String, Integer> {
        // bridge: Object apply(Object)
        public Integer apply(String s) {
            return s.length();
        }
    }

    static class Node<T> {
        final T value;
        Node(T value) { this.value = value; }
        Node<T> copy() { return new Node<T>(value); }
        T get() { return value; }
    }

    static class StringNode extends Node<String> {
        StringNode(String v) { super(v); }

        // covariant return: bridge Node copy() -> StringNode copy()
        @Override
        StringNode copy() { return new StringNode(value + "'"); }

        // bridge: Object get() -> String get()
        @Override
        String get() { return value.toUpperCase(); }
    }

    static <T extends Comparable<? super T>> T max(List<? extends T> xs) {
        T best = null;
        for (T x : xs) {
            if (best == null || x.compareTo(best) > 0) {
                best = x;
            }
        }
        return best;
    }

    static <A, B> List<B> map(List<A> in, Transformer<? super A, ? extends B> f) {
        List<B> out = new ArrayList<B>();
        for (A a : in) {
            out.add(f.apply(a));
        }
        return out;
    }

    static double sumAll(List<? extends Number> nums) {
        double s = 0;
        for (Number n : nums) s += n.doubleValue();
        return s;
    }

    static void fill(List<? super Integer> sink, int n) {
        for (int i = 0; i < n; i++) sink.add(i);
    }

    public static void main(String[] args) {
        List<Version> vs = new ArrayList<Version>();
        vs.add(new Version(1, 10));
        vs.add(new Version(2, 0));
        vs.add(new Version(1, 2));
        Collections.sort(vs);
        System.out.println(vs + " max=" + max(vs));
        @SuppressWarnings({"rawtypes", "unchecked"})
        Comparable raw = vs.get(0);
        @SuppressWarnings("unchecked")
        int viaBridge = raw.compareTo(vs.get(1));
        System.out.println("bridge compare=" + viaBridge);

        List<String> words = new ArrayList<String>();
        Collections.addAll(words, "a", "bbb", "cc");
        List<Integer> lens = map(words, new Lengther());
        System.out.println(lens + " sum=" + sumAll(lens));

        Node<String> n = new StringNode("node");
        Node<String> c = n.copy();
        String s = c.get();
        System.out.println(s + " " + (c instanceof StringNode));

        List<Number> sink = new ArrayList<Number>();
        fill(sink, 4);
        sink.add(2.5);
        System.out.println(sink + " " + sumAll(sink));
    }
}
