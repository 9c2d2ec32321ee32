package rules_fragment.tracer;

import java.io.IOException;
import java.io.Writer;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What instrumented call sites saw (tools/instrument rewrites each polymorphic call site of a
 * target into a call of a bridge that calls {@link #hit} and then makes the call). At exit it
 * writes, to the directory named by the system property {@code rules_fragment.trace}, the
 * files of tools/tracer's JVMTI agent, sorted: {@code edges.txt} ("caller@bci -> callee"),
 * {@code recv.txt} ("caller@bci -> callee on Class") and {@code types.txt} ("Class < Super
 * Interface...", for every receiver class and its supertypes). Each distinct receiver class of
 * a site costs one reflective lookup of the method the JVM selects; a call with the site's
 * last receiver class, an array load; any other, two map lookups.
 */
public final class Recorder {
    /** Per site ("caller@bci"), the receiver classes seen and the methods they selected. */
    private static final Map<String, Map<Class<?>, String>> SITES = new ConcurrentHashMap<>();

    /** Per site id, the receiver class last recorded (racy: a stale entry only costs a lookup). */
    private static volatile Class<?>[] last = new Class<?>[256];

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(Recorder::write, "rules_fragment trace"));
    }

    private Recorder() {}

    /**
     * Records that site number id ("caller@bci"), calling method sel ("name(desc)"), was reached
     * with receiver recv.
     */
    public static void hit(Object recv, int id, String site, String sel) {
        if (recv == null) {
            return; // the call throws NullPointerException
        }
        Class<?> c = recv.getClass();
        Class<?>[] l = last;
        if (id < l.length) {
            if (l[id] == c) {
                return;
            }
            l[id] = c;
        } else {
            grow(id, c);
        }
        Map<Class<?>, String> seen = SITES.get(site);
        if (seen == null) {
            seen = SITES.computeIfAbsent(site, k -> new ConcurrentHashMap<>());
        }
        if (!seen.containsKey(c)) {
            seen.putIfAbsent(c, selected(c, sel));
        }
    }

    private static synchronized void grow(int id, Class<?> c) {
        Class<?>[] l = last;
        if (id >= l.length) {
            l = Arrays.copyOf(l, Math.max(id + 1, 2 * l.length));
            last = l;
        }
        l[id] = c;
    }

    /** The method c's instances run for sel: "pkg/C.name(desc)". */
    static String selected(Class<?> c, String sel) {
        for (Class<?> k = c; k != null; k = k.getSuperclass()) {
            if (declares(k, sel)) {
                return name(k) + "." + sel;
            }
        }
        // A default method: the maximally specific superinterface declaring
        // it (JVMS §5.4.6); with several, the first found, breadth first.
        List<Class<?>> candidates = new ArrayList<>();
        Set<Class<?>> seen = new HashSet<>();
        ArrayDeque<Class<?>> queue = new ArrayDeque<>();
        for (Class<?> k = c; k != null; k = k.getSuperclass()) {
            Collections.addAll(queue, k.getInterfaces());
        }
        while (!queue.isEmpty()) {
            Class<?> i = queue.poll();
            if (seen.add(i)) {
                if (declares(i, sel)) {
                    candidates.add(i);
                }
                Collections.addAll(queue, i.getInterfaces());
            }
        }
        for (Class<?> i : candidates) {
            boolean specific = true;
            for (Class<?> j : candidates) {
                specific &= i == j || !i.isAssignableFrom(j);
            }
            if (specific) {
                return name(i) + "." + sel;
            }
        }
        return name(c) + "." + sel;
    }

    /** Per class, the selectors of its concrete, non-private instance methods (bridges too: the JVM selects them). */
    private static final ClassValue<Set<String>> DECLARED = new ClassValue<Set<String>>() {
        @Override
        protected Set<String> computeValue(Class<?> k) {
            Set<String> sels = new HashSet<>();
            for (Method m : k.getDeclaredMethods()) {
                int mod = m.getModifiers();
                if (!Modifier.isStatic(mod) && !Modifier.isAbstract(mod) && !Modifier.isPrivate(mod)) {
                    sels.add(m.getName() + descriptor(m));
                }
            }
            return sels;
        }
    };

    private static boolean declares(Class<?> k, String sel) {
        return DECLARED.get(k).contains(sel);
    }

    private static String descriptor(Method m) {
        StringBuilder b = new StringBuilder("(");
        for (Class<?> p : m.getParameterTypes()) {
            b.append(descriptor(p));
        }
        return b.append(')').append(descriptor(m.getReturnType())).toString();
    }

    private static String descriptor(Class<?> c) {
        if (c.isArray()) {
            return "[" + descriptor(c.getComponentType());
        }
        if (!c.isPrimitive()) {
            return "L" + name(c) + ";";
        }
        if (c == void.class) return "V";
        if (c == boolean.class) return "Z";
        if (c == byte.class) return "B";
        if (c == char.class) return "C";
        if (c == short.class) return "S";
        if (c == int.class) return "I";
        if (c == long.class) return "J";
        if (c == float.class) return "F";
        return "D";
    }

    /** c's internal name; a hidden class as JVMTI names it (Host$$Lambda$1.0x…). */
    static String name(Class<?> c) {
        String n = c.getName();
        int hidden = n.indexOf("/0x");
        if (hidden >= 0) {
            return n.substring(0, hidden).replace('.', '/') + "." + n.substring(hidden + 1);
        }
        return n.replace('.', '/');
    }

    private static void write() {
        String dir = System.getProperty("rules_fragment.trace");
        if (dir == null) {
            System.err.println("rules_fragment.tracer.Recorder: no -Drules_fragment.trace=DIR: the trace is not written");
            return;
        }
        Set<String> edges = new TreeSet<>(), recv = new TreeSet<>(), types = new TreeSet<>();
        Set<Class<?>> typed = new HashSet<>();
        for (Map.Entry<String, Map<Class<?>, String>> site : SITES.entrySet()) {
            for (Map.Entry<Class<?>, String> r : site.getValue().entrySet()) {
                edges.add(site.getKey() + " -> " + r.getValue());
                recv.add(site.getKey() + " -> " + r.getValue() + " on " + name(r.getKey()));
                addTypes(r.getKey(), typed, types);
            }
        }
        try {
            Path d = Paths.get(dir);
            Files.createDirectories(d);
            writeLines(d.resolve("edges.txt"), edges);
            writeLines(d.resolve("recv.txt"), recv);
            writeLines(d.resolve("types.txt"), types);
        } catch (IOException e) {
            System.err.println("rules_fragment.tracer.Recorder: " + e);
        }
    }

    private static void addTypes(Class<?> c, Set<Class<?>> typed, Set<String> types) {
        if (c == null || !typed.add(c)) {
            return;
        }
        List<Class<?>> supers = new ArrayList<>();
        if (c.getSuperclass() != null) {
            supers.add(c.getSuperclass());
        }
        Collections.addAll(supers, c.getInterfaces());
        StringBuilder line = new StringBuilder(name(c)).append(" <");
        for (Class<?> s : supers) {
            line.append(' ').append(name(s));
        }
        types.add(line.toString());
        for (Class<?> s : supers) {
            addTypes(s, typed, types);
        }
    }

    private static void writeLines(Path p, Set<String> lines) throws IOException {
        try (Writer w = Files.newBufferedWriter(p, StandardCharsets.UTF_8)) {
            for (String l : lines) {
                w.write(l);
                w.write('\n');
            }
        }
    }
}
