package corpus.lambdas;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.LongStream;

/**
 * A realistic stream pipeline: many small lambdas and method references
 * passed to generic library code (filter/map/collect/groupingBy/reduce),
 * primitive streams with boxed/unboxed boundaries, Optional chains, and
 * lambdas nested inside lambdas (each gets its own lambda$ method).
 */
public class Streams {

    static final class Order {
        final String customer;
        final String item;
        final int qty;
        final double price;

        Order(String customer, String item, int qty, double price) {
            this.customer = customer;
            this.item = item;
            this.qty = qty;
            this.price = price;
        }

        double total() {
            return qty * price;
        }
    }

    static List<Order> orders() {
        return Arrays.asList(
                new Order("ann", "apple", 3, 0.5),
                new Order("bob", "pear", 1, 0.75),
                new Order("ann", "fig", 10, 0.2),
                new Order("cid", "apple", 7, 0.5),
                new Order("bob", "kiwi", 2, 1.25));
    }

    public static void main(String[] args) {
        List<Order> os = orders();
        Map<String, Double> byCustomer = os.stream()
                .collect(Collectors.groupingBy(o -> o.customer, TreeMap::new,
                        Collectors.summingDouble(Order::total)));
        System.out.println(byCustomer);

        String bigItems = os.stream()
                .filter(o -> o.qty > 2)
                .map(o -> o.item)
                .distinct()
                .sorted()
                .collect(Collectors.joining(",", "[", "]"));
        System.out.println(bigItems);

        int totalQty = os.stream().mapToInt(o -> o.qty).sum();
        long evens = IntStream.rangeClosed(1, 20).filter(i -> i % 2 == 0).count();
        long product = LongStream.rangeClosed(1, 10).reduce(1L, (a, b) -> a * b);
        System.out.println(totalQty + " " + evens + " " + product);

        Optional<Order> priciest = os.stream().max((a, b) -> Double.compare(a.total(), b.total()));
        System.out.println(priciest.map(o -> o.customer + ":" + o.item).orElse("none"));
        Optional<String> none = os.stream().filter(o -> o.qty > 100).map(o -> o.item).findFirst();
        System.out.println(none.orElseGet(() -> "nobody") + " " + none.isPresent());

        // nested lambdas: the inner lambda captures the outer lambda's parameter
        Map<String, List<String>> itemsPerCustomer = new TreeMap<String, List<String>>();
        os.forEach(o -> itemsPerCustomer
                .computeIfAbsent(o.customer, k -> new java.util.ArrayList<String>())
                .add(o.item + "x" + o.qty));
        System.out.println(itemsPerCustomer);
    }
}
