package corpus.modern;

import module java.base;   // module import declaration (JEP 511, final in Java 25)

/**
 * Stable language/library features from 21-25 used by ordinary code:
 * a module import declaration (compile-time only), sequenced collections
 * (getFirst/getLast/reversed/addFirst/putFirst, SequencedMap entries; the
 * new interface methods are invokeinterface calls on List/Deque/Map
 * receivers), Stream.toList, StringBuilder.repeat, Math.clamp, stream
 * gatherers (Gatherers.windowFixed, Java 24), and ScopedValue (Java 25)
 * with a lambda run inside a binding.
 */
public class ModernApis {

    static final ScopedValue<String> USER = ScopedValue.newInstance();

    static String whoAmI() {
        return USER.isBound() ? "user=" + USER.get() : "unbound";
    }

    public static void main(String[] args) {
        List<Integer> nums = new ArrayList<>(List.of(3, 1, 4, 1, 5));
        nums.addFirst(9);
        nums.addLast(2);
        System.out.println(nums.getFirst() + " " + nums.getLast() + " " + nums.reversed());

        SequencedMap<String, Integer> m = new LinkedHashMap<>();
        m.put("b", 2);
        m.put("c", 3);
        m.putFirst("a", 1);
        System.out.println(m.firstEntry() + " " + m.lastEntry() + " " + m.reversed() + " " + m.sequencedKeySet().reversed());

        Deque<String> dq = new ArrayDeque<>(List.of("x", "y"));
        SequencedCollection<String> seq = dq;
        System.out.println(seq.getFirst() + seq.reversed().getFirst());

        List<List<Integer>> windows = Stream.of(1, 2, 3, 4, 5, 6, 7).gather(Gatherers.windowFixed(3)).toList();
        System.out.println(windows);

        StringBuilder sb = new StringBuilder().repeat("ab", 3).repeat('-', 2);
        System.out.println(sb + " " + Math.clamp(150L, 0, 100) + " " + Math.clamp(-2.5, -1.0, 1.0));

        System.out.println(whoAmI());
        ScopedValue.where(USER, "alice").run(() -> System.out.println(whoAmI()));
        System.out.println(whoAmI());
    }
}
