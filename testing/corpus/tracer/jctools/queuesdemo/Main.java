package queuesdemo;

import java.util.Queue;
import org.jctools.maps.NonBlockingHashMap;
import org.jctools.queues.MpscArrayQueue;
import org.jctools.queues.MpscLinkedQueue;
import org.jctools.queues.MpscUnboundedArrayQueue;
import org.jctools.queues.SpscLinkedQueue;
import org.jctools.queues.SpscUnboundedArrayQueue;

/**
 * JCTools' queues and map (TestSoundnessJCTools): their nodes, buffers
 * and tables are written only through sun.misc.Unsafe, at offsets that
 * UnsafeAccess.fieldOffset(C.class, "f") gives static fields, and at
 * element offsets computed from the array's base and scale; what the
 * program offers is what it polls only through those writes.
 */
public class Main {
    interface Shape { double area(); }

    record Square(double side) implements Shape {
        public double area() { return side * side; }
    }

    record Circle(double radius) implements Shape {
        public double area() { return Math.PI * radius * radius; }
    }

    static double drain(Queue<Shape> q) {
        double total = 0;
        for (Shape s = q.poll(); s != null; s = q.poll()) {
            total += s.area();
        }
        return total;
    }

    static double fill(Queue<Shape> q, int n) {
        for (int i = 1; i <= n; i++) {
            q.offer(i % 2 == 0 ? new Square(i) : new Circle(i));
        }
        return drain(q);
    }

    public static void main(String[] args) throws Exception {
        double total = fill(new MpscLinkedQueue<>(), 5) + fill(new SpscLinkedQueue<>(), 4)
            + fill(new MpscArrayQueue<>(8), 6) + fill(new MpscUnboundedArrayQueue<>(4), 20)
            + fill(new SpscUnboundedArrayQueue<>(4), 10);
        MpscLinkedQueue<Shape> shared = new MpscLinkedQueue<>();
        Thread producer = new Thread(() -> {
            for (int i = 0; i < 100; i++) {
                shared.offer(new Square(1));
            }
        });
        producer.start();
        producer.join();
        total += drain(shared);
        NonBlockingHashMap<String, Shape> map = new NonBlockingHashMap<>();
        for (int i = 0; i < 40; i++) {
            map.put("k" + i, new Circle(1));
        }
        map.putIfAbsent("square", new Square(3));
        total += map.get("square").area();
        for (Shape s : map.values()) {
            total += s.area();
        }
        System.out.println("total " + Math.round(total));
    }
}
