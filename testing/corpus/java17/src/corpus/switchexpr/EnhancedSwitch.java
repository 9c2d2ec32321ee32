package corpus.switchexpr;

import java.time.DayOfWeek;
import java.util.ArrayList;
import java.util.List;

/**
 * Enhanced (arrow) switch on strings and enums, as statements and as
 * expressions: string switches compile to hashCode() lookupswitch + equals
 * + an index tableswitch; enum switches go through a synthetic
 * EnhancedSwitch$1.$SwitchMap$... array (JDK 17 javac; JDK 21+ javac uses
 * ordinal() directly for enums of the same top-level class, so
 * DayOfWeek is included to keep a $SwitchMap); an exhaustive enum switch
 * expression without default gets a compiler-generated default arm that
 * throws (IncompatibleClassChangeError on --release 17); arrow statements
 * never fall through.
 */
public class EnhancedSwitch {

    enum Suit { CLUBS, DIAMONDS, HEARTS, SPADES }

    enum Level { LOW, MEDIUM, HIGH, CRITICAL }

    // exhaustive enum switch expression: no default needed
    static String color(Suit s) {
        return switch (s) {
            case CLUBS, SPADES -> "black";
            case DIAMONDS, HEARTS -> "red";
        };
    }

    static int priority(Level l) {
        return switch (l) {
            case LOW -> 1;
            case MEDIUM -> {
                int base = 5;
                yield base * 2;
            }
            case HIGH -> 50;
            case CRITICAL -> Integer.MAX_VALUE;
        };
    }

    // arrow switch statement on a string with a default and a block arm
    static List<String> commands(String... cmds) {
        List<String> out = new ArrayList<>();
        for (String c : cmds) {
            switch (c) {
                case "start", "run" -> out.add("starting");
                case "stop" -> out.add("stopping");
                case "status" -> {
                    String st = out.isEmpty() ? "idle" : "busy(" + out.size() + ")";
                    out.add(st);
                }
                default -> out.add("unknown:" + c);
            }
        }
        return out;
    }

    // string switch expression including colliding hash codes
    static int code(String s) {
        return switch (s) {
            case "Aa" -> 1;
            case "BB" -> 2;          // "Aa".hashCode() == "BB".hashCode()
            case "AaAa", "BBBB" -> 3;
            case "" -> 0;
            default -> s.length() * -1;
        };
    }

    // enum switch statement (arrow) without covering every constant
    static String describe(Level l) {
        String d = "normal";
        switch (l) {
            case HIGH -> d = "elevated";
            case CRITICAL -> {
                d = "page";
                d += "!";
            }
            default -> { }
        }
        return d;
    }

    // enum from another compilation unit: always via $SwitchMap
    static boolean weekend(DayOfWeek d) {
        return switch (d) {
            case SATURDAY, SUNDAY -> true;
            default -> false;
        };
    }

    public static void main(String[] args) {
        for (Suit s : Suit.values()) {
            System.out.print(color(s) + " ");
        }
        System.out.println();
        for (Level l : Level.values()) {
            System.out.print(priority(l) + ":" + describe(l) + " ");
        }
        System.out.println();
        System.out.println(commands("status", "start", "fly", "status", "stop", "run"));
        System.out.println(weekend(DayOfWeek.SUNDAY) + " " + weekend(DayOfWeek.MONDAY));
        System.out.println(code("Aa") + " " + code("BB") + " " + code("BBBB") + " " + code("") + " " + code("xyz"));
    }
}
