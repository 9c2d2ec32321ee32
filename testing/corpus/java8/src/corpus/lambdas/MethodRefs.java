package corpus.lambdas;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import java.util.function.ToIntFunction;
import java.util.function.UnaryOperator;

/**
 * Method references and the method handle kinds they produce in the
 * LambdaMetafactory call: static (REF_invokeStatic), bound instance
 * obj::m (receiver captured, null-checked via getClass/requireNonNull),
 * unbound String::length (REF_invokeVirtual), interface method
 * (REF_invokeInterface), constructor ArrayList::new (REF_newInvokeSpecial),
 * array constructor int[]::new (synthesised lambda body), super::m and
 * this::m references, and varargs method references.
 */
public class MethodRefs {

    static int twice(int x) {
        return 2 * x;
    }

    private final String name;

    MethodRefs(String name) {
        this.name = name;
    }

    String hello(String who) {
        return name + " greets " + who;
    }

    static class Base {
        String id() { return "base"; }
    }

    static class Derived extends Base {
        @Override String id() { return "derived"; }

        Supplier<String> superRef() { return super::id; } // lambda calling invokespecial
        Supplier<String> thisRef() { return this::id; }
    }

    static String joinAll(String... parts) {
        return String.join("+", parts);
    }

    public static void main(String[] args) {
        Function<Integer, Integer> st = MethodRefs::twice;                 // static
        MethodRefs mr = new MethodRefs("bob");
        Function<String, String> bound = mr::hello;                        // bound instance
        ToIntFunction<String> unbound = String::length;                    // unbound virtual
        Function<List<String>, Integer> iface = List::size;                // interface method
        Supplier<List<String>> ctor = ArrayList::new;                      // constructor
        Function<String, MethodRefs> ctorArg = MethodRefs::new;            // constructor with arg
        IntFunction<int[]> arrCtor = int[]::new;                           // array constructor
        IntFunction<String[][]> arrCtor2 = String[][]::new;
        BiFunction<String, String, Boolean> eq = String::equalsIgnoreCase; // unbound, two args
        UnaryOperator<String> trim = String::trim;
        Function<String[], String> varargs = MethodRefs::joinAll;

        System.out.println(st.apply(21) + " " + bound.apply("ann") + " " + unbound.applyAsInt("four"));
        List<String> list = ctor.get();
        list.add("p");
        list.add("q");
        System.out.println(iface.apply(list) + " " + ctorArg.apply("carl").hello("dee"));
        int[] ints = arrCtor.apply(3);
        String[][] grid = arrCtor2.apply(2);
        System.out.println(ints.length + " " + grid.length + " " + eq.apply("AbC", "aBc") + " [" + trim.apply("  t ") + "]");
        System.out.println(varargs.apply(new String[] {"a", "b", "c"}));

        Derived d = new Derived();
        System.out.println(d.superRef().get() + " " + d.thisRef().get());

        // bound reference on an expression: receiver evaluated once, null-checked
        Supplier<String> upper = "mixed Case".toUpperCase()::toLowerCase;
        System.out.println(upper.get());
        try {
            String nothing = null;
            Supplier<Integer> npe = nothing::length;
            System.out.println(npe.get());
        } catch (NullPointerException e) {
            System.out.println("NPE at bind time");
        }

        List<String> names = Arrays.asList("delta", "alpha", "charlie");
        List<String> sorted = new ArrayList<String>(names);
        sorted.sort(String::compareTo);
        sorted.forEach(System.out::println);                               // bound to System.out
    }
}
