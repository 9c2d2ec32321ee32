package cachedemo;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import java.time.Duration;

/**
 * Caffeine's caches (TestSoundnessCaffeine): each builder's options select
 * a cache class and node class that Caffeine generated, which it finds by
 * name at run time and makes through method handles.
 */
public class Main {
    interface Shape { double area(); }

    record Square(double side) implements Shape {
        public double area() { return side * side; }
    }

    record Circle(double radius) implements Shape {
        public double area() { return Math.PI * radius * radius; }
    }

    public static void main(String[] args) {
        Cache<String, Shape> bounded = Caffeine.newBuilder().maximumSize(100)
            .expireAfterWrite(Duration.ofMinutes(5)).recordStats().build();
        bounded.put("a", new Square(2));
        double total = bounded.get("b", k -> new Circle(1)).area() + bounded.getIfPresent("a").area();
        LoadingCache<Integer, Shape> weighed = Caffeine.newBuilder().weakValues().maximumWeight(1000)
            .weigher((Integer k, Shape v) -> k).build(k -> k % 2 == 0 ? new Square(k) : new Circle(k));
        for (int i = 0; i < 50; i++) {
            total += weighed.get(i).area();
        }
        weighed.invalidate(3);
        Cache<String, String> plain = Caffeine.newBuilder().build();
        plain.put("k", "v");
        bounded.asMap().forEach((k, v) -> System.out.println(k + "=" + v.area()));
        System.out.println("total " + Math.round(total) + ", hits " + bounded.stats().hitCount()
            + ", " + plain.getIfPresent("k"));
        bounded.cleanUp();
    }
}
