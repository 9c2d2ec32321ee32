package corpus.enumswitch;

/**
 * Enum switches that go through SwitchBootstraps: a switch on an enum
 * type that has a pattern label (guarded enum type pattern) uses the
 * enumSwitch bootstrap with String constant labels; a switch on a sealed
 * interface implemented by enums with qualified enum constant labels
 * (`case Direction.NORTH`, Java 21) uses typeSwitch with EnumDesc
 * labels; and an exhaustive switch over a sealed interface mixing an enum
 * and a record; a `case null` arm on an enum selector also forces
 * enumSwitch. Contrast: a plain enum switch on an enum declared in the
 * same top-level class is lowered by JDK 21+ javac to a direct
 * tableswitch on ordinal() (no $SwitchMap class).
 */
public class EnumPatternSwitch {

    enum Level { DEBUG, INFO, WARN, ERROR }

    sealed interface Move permits Direction, Turn, Jump {
    }

    enum Direction implements Move { NORTH, EAST, SOUTH, WEST }

    enum Turn implements Move { LEFT, RIGHT }

    record Jump(int height) implements Move {
    }

    // enum selector + guarded pattern label => SwitchBootstraps.enumSwitch
    static String severity(Level l) {
        return switch (l) {
            case DEBUG -> "trace-ish";
            case INFO -> "normal";
            case Level lv when lv.ordinal() >= 3 -> "alarm(" + lv.name().toLowerCase() + ")";
            case Level lv -> "attention(" + lv + ")";
        };
    }

    // sealed interface selector with qualified enum constants => typeSwitch with EnumDesc labels
    static int dx(Move m) {
        return switch (m) {
            case Direction.EAST -> 1;
            case Direction.WEST -> -1;
            case Direction.NORTH, Direction.SOUTH -> 0;
            case Turn.LEFT -> -10;
            case Turn.RIGHT -> 10;
            case Jump(int h) when h > 5 -> 100;
            case Jump j -> j.height();
        };
    }

    // enum selector, null handled explicitly
    static String nullable(Level l) {
        return switch (l) {
            case null -> "no level";
            case WARN, ERROR -> "loud";
            default -> "quiet";
        };
    }

    // plain enum switch (no patterns) for contrast
    static int plain(Direction d) {
        switch (d) {
            case NORTH: return 0;
            case EAST: return 90;
            case SOUTH: return 180;
            default: return 270;
        }
    }

    public static void main(String[] args) {
        for (Level l : Level.values()) {
            System.out.print(severity(l) + " ");
        }
        System.out.println();
        Move[] moves = {Direction.NORTH, Direction.EAST, Direction.WEST, Turn.LEFT, Turn.RIGHT, new Jump(9), new Jump(2)};
        int sum = 0;
        for (Move m : moves) {
            int d = dx(m);
            sum += d;
            System.out.print(d + " ");
        }
        System.out.println("sum=" + sum);
        System.out.println(nullable(null) + " " + nullable(Level.ERROR) + " " + nullable(Level.DEBUG));
        System.out.println(plain(Direction.SOUTH) + " " + plain(Direction.WEST));
    }
}
