package app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.common.cache.CacheBuilder;
import com.google.common.cache.CacheLoader;
import com.google.common.cache.LoadingCache;
import com.google.common.collect.ArrayListMultimap;
import com.google.common.collect.ImmutableList;
import com.google.common.collect.Multimap;
import com.google.gson.Gson;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.commons.lang3.StringUtils;

// A client of libraries from Maven Central, each summarised with the
// summaries of the libraries it depends on (testing/oracle/maven_test.go):
// Jackson (databind on core and annotations), Guava (on failureaccess),
// Gson and Commons Lang, with records, lambdas and method references.
public class Main {
    record Point(int x, int y) {}

    record Tagged(String tag, List<String> values) {}

    interface Shape { double area(); }

    record Circle(double r) implements Shape { public double area() { return Math.PI * r * r; } }

    record Square(double s) implements Shape { public double area() { return s * s; } }

    public static class Item {
        public String name = "x";
        public int count = 3;
        public List<String> tags = new ArrayList<>();
    }

    public static void main(String[] args) throws Exception {
        ObjectMapper om = new ObjectMapper();
        JsonNode n = om.readTree("{\"a\": [1, 2, 3]}");
        System.out.println(n.get("a").size());
        Item it = om.readValue("{\"name\":\"q\",\"count\":2}", Item.class);
        System.out.println(om.writeValueAsString(it));
        Gson g = new Gson();
        System.out.println(g.toJson(new Point(1, 2)));
        Item it2 = g.fromJson("{\"name\":\"z\"}", Item.class);
        ImmutableList<String> l = ImmutableList.of("a", "b", StringUtils.capitalize(it2.name));
        Multimap<String, Integer> mm = ArrayListMultimap.create();
        mm.put("k", 1);
        LoadingCache<String, Integer> cache = CacheBuilder.newBuilder().maximumSize(10)
            .build(new CacheLoader<String, Integer>() {
                public Integer load(String k) { return k.length(); }
            });
        System.out.println(cache.get("four") + mm.size());
        List<Shape> shapes = List.of(new Circle(1), new Square(2));
        System.out.println(shapes.stream().mapToDouble(Shape::area).sum());
        Tagged t = new Tagged("t", l);
        System.out.println(t + " " + t.hashCode() + " " + t.equals(new Tagged("t", List.of())));
        Supplier<String> sup = () -> StringUtils.reverse(String.join(",", l));
        System.out.println(sup.get() + " " + Stream.of(args).collect(Collectors.joining("|")));
    }
}
