package corpus.basic;

import java.util.EnumMap;
import java.util.Map;

/**
 * Enums: synthetic values()/valueOf()/$VALUES, enum constructors with
 * extra parameters (name and ordinal are passed first), constant-specific
 * class bodies (anonymous subclasses Enums$Op$1 ... overriding an
 * abstract method), enums implementing interfaces, static fields of an
 * enum initialised after the constants, EnumMap, ordinal/compareTo.
 */
public class Enums {

    interface Symbol {
        String symbol();
    }

    enum Op implements Symbol {
        ADD("+") {
            long apply(long a, long b) { return a + b; }
        },
        SUB("-") {
            long apply(long a, long b) { return a - b; }
        },
        MUL("*") {
            long apply(long a, long b) { return a * b; }
        },
        POW("^") {
            long apply(long a, long b) {
                long r = 1;
                for (long i = 0; i < b; i++) r *= a;
                return r;
            }
        };

        private final String sym;
        private static int lookups; // initialised after the constants in <clinit>

        Op(String sym) {
            this.sym = sym;
        }

        abstract long apply(long a, long b);

        public String symbol() {
            return sym;
        }

        static Op fromSymbol(String s) {
            lookups++;
            for (Op op : values()) {
                if (op.sym.equals(s)) return op;
            }
            throw new IllegalArgumentException(s);
        }
    }

    enum Planet {
        MERCURY(3.303e+23, 2.4397e6),
        EARTH(5.976e+24, 6.37814e6),
        JUPITER(1.9e+27, 7.1492e7);

        private final double mass;
        private final double radius;

        Planet(double mass, double radius) {
            this.mass = mass;
            this.radius = radius;
        }

        double surfaceGravity() {
            return 6.67300E-11 * mass / (radius * radius);
        }
    }

    public static void main(String[] args) {
        for (Op op : Op.values()) {
            System.out.println(op + " " + op.symbol() + " " + op.ordinal() + " " + op.apply(3, 4)
                    + " " + op.getClass().getSuperclass().getSimpleName() + " " + op.getDeclaringClass().getSimpleName());
        }
        System.out.println(Op.fromSymbol("*").apply(6, 7) + " lookups=" + Op.lookups);
        System.out.println(Op.valueOf("SUB").compareTo(Op.POW) + " " + (Op.valueOf("ADD") == Op.ADD));
        Map<Planet, String> m = new EnumMap<Planet, String>(Planet.class);
        for (Planet p : Planet.values()) {
            m.put(p, String.format("%.2f", p.surfaceGravity()));
        }
        System.out.println(m);
        try {
            Op.valueOf("DIV");
        } catch (IllegalArgumentException e) {
            System.out.println("no DIV");
        }
    }
}
