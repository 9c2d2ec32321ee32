package corpus.basic;

import java.util.concurrent.TimeUnit;

/**
 * Dense int switch (tableswitch), sparse int switch (lookupswitch),
 * fall-through, char switch, string switch (hashCode lookupswitch followed
 * by equals chain and a second tableswitch) and enum switches. An enum
 * from another compilation unit (TimeUnit) always goes through the
 * synthetic Switches$1.$SwitchMap$... int array; for the nested Color enum
 * JDK 17 javac also uses a $SwitchMap, while JDK 21+ javac switches on
 * ordinal() directly.
 */
public class Switches {

    enum Color { RED, GREEN, BLUE, YELLOW }

    static String dense(int n) {
        switch (n) {
            case 0: return "zero";
            case 1: return "one";
            case 2: return "two";
            case 3: return "three";
            case 4: return "four";
            case 5: return "five";
            default: return "many";
        }
    }

    static int sparse(int n) {
        switch (n) {
            case -1000: return 1;
            case 7: return 2;
            case 1024: return 3;
            case 65536: return 4;
            case Integer.MAX_VALUE: return 5;
            default: return 0;
        }
    }

    static int fallThrough(int n) {
        int acc = 0;
        switch (n) {
            case 1:
                acc += 1;
            case 2:
                acc += 10;
                break;
            case 3:
            case 4:
                acc += 100;
            default:
                acc += 1000;
        }
        return acc;
    }

    static int charSwitch(char c) {
        switch (c) {
            case 'a': case 'e': case 'i': case 'o': case 'u':
                return 1;
            case ' ':
                return 0;
            default:
                return 2;
        }
    }

    static int stringSwitch(String s) {
        switch (s) {
            case "alpha": return 1;
            case "beta": return 2;
            case "gamma": return 3;
            // "Aa" and "BB" share the same hashCode: the equals chain matters
            case "Aa": return 4;
            case "BB": return 5;
            default: return -1;
        }
    }

    static String enumSwitch(Color c) {
        switch (c) {
            case RED: return "stop";
            case GREEN: return "go";
            case YELLOW: return "careful";
            default: return "unknown:" + c.name();
        }
    }

    static long unitSwitch(TimeUnit u, long amount) {
        switch (u) {
            case MILLISECONDS: return amount;
            case SECONDS: return amount * 1000L;
            case MINUTES: return amount * 60_000L;
            default: return u.toMillis(amount);
        }
    }

    // switch inside a loop with continue/break interplay
    static int loopSwitch(int[] xs) {
        int sum = 0;
        loop:
        for (int x : xs) {
            switch (x & 3) {
                case 0: continue;
                case 1: sum += x; break;
                case 2: sum -= x; break;
                default: break loop;
            }
        }
        return sum;
    }

    public static void main(String[] args) {
        for (int i = -1; i <= 6; i++) {
            System.out.print(dense(i) + " ");
        }
        System.out.println();
        System.out.println(sparse(-1000) + " " + sparse(7) + " " + sparse(1024) + " " + sparse(65536)
                + " " + sparse(Integer.MAX_VALUE) + " " + sparse(8));
        System.out.println(fallThrough(1) + " " + fallThrough(2) + " " + fallThrough(3) + " " + fallThrough(9));
        System.out.println(charSwitch('e') + " " + charSwitch(' ') + " " + charSwitch('z'));
        String[] words = {"alpha", "beta", "gamma", "Aa", "BB", "delta"};
        for (String w : words) {
            System.out.print(stringSwitch(w) + " ");
        }
        System.out.println();
        for (Color c : Color.values()) {
            System.out.print(enumSwitch(c) + " ");
        }
        System.out.println();
        System.out.println(unitSwitch(TimeUnit.SECONDS, 3) + " " + unitSwitch(TimeUnit.HOURS, 1)
                + " " + unitSwitch(TimeUnit.MILLISECONDS, 7));
        System.out.println(loopSwitch(new int[] {1, 4, 5, 6, 9, 7, 100}));
    }
}
