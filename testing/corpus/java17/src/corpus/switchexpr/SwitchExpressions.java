package corpus.switchexpr;

/**
 * Switch expressions (Java 14): arrow form producing a value, block
 * bodies with yield, multiple labels per case, switch expressions whose
 * value is used as an operand while other values are already on the
 * operand stack (javac spills the stack into locals around the switch),
 * nested switch expressions, long/double results (two-slot values merged
 * at the join), throwing arms, and dense vs sparse selectors
 * (tableswitch vs lookupswitch).
 */
public class SwitchExpressions {

    static int daysIn(int month, boolean leap) {
        return switch (month) {
            case 1, 3, 5, 7, 8, 10, 12 -> 31;
            case 4, 6, 9, 11 -> 30;
            case 2 -> leap ? 29 : 28;
            default -> throw new IllegalArgumentException("month " + month);
        };
    }

    static long weight(int code) {
        long w = switch (code) {
            case 1 -> 1L;
            case 1000 -> 1_000_000_000_000L;
            case -7 -> {
                long acc = 0;
                for (int i = 0; i < 5; i++) acc += i;
                yield acc;
            }
            default -> code * 2L;
        };
        return w;
    }

    // switch expression as an argument while other operands are on the stack
    static double operand(double base, int k, char op) {
        return base * 10 + switch (op) {
            case '+' -> k + 0.5;
            case '-' -> {
                double t = -k;
                yield t - 0.5;
            }
            case '*', 'x' -> k * base;
            default -> 0.0;
        } + Math.abs(k);
    }

    // nested switch expressions and a switch in a call argument
    static String nested(int a, int b) {
        return String.valueOf(switch (a) {
            case 0 -> "zero/" + switch (b) {
                case 0 -> "zero";
                case 1 -> "one";
                default -> "many";
            };
            case 1 -> {
                String inner = switch (b % 3) {
                    case 0 -> "fizz";
                    default -> Integer.toString(b);
                };
                yield "one/" + inner;
            }
            default -> "other";
        });
    }

    // old-style colon labels in a switch expression, with yield
    static int colonForm(int n) {
        int r = switch (n) {
            case 1:
            case 2:
                yield n * 100;
            case 3:
                System.out.print("[three]");
                yield 300;
            default:
                yield -1;
        };
        return r + 1;
    }

    public static void main(String[] args) {
        StringBuilder sb = new StringBuilder();
        for (int m = 1; m <= 12; m++) {
            sb.append(daysIn(m, m == 2)).append(' ');
        }
        System.out.println(sb.toString().trim());
        try {
            daysIn(13, false);
        } catch (IllegalArgumentException e) {
            System.out.println(e.getMessage());
        }
        System.out.println(weight(1) + " " + weight(1000) + " " + weight(-7) + " " + weight(21));
        System.out.println(operand(1.5, 3, '+') + " " + operand(1.5, 3, '-') + " " + operand(2.0, 4, 'x') + " " + operand(0, 1, '?'));
        System.out.println(nested(0, 1) + " " + nested(0, 9) + " " + nested(1, 6) + " " + nested(1, 7) + " " + nested(5, 0));
        System.out.println(colonForm(2) + " " + colonForm(3) + " " + colonForm(9));
    }
}
