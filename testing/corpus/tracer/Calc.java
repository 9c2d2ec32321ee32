package calc;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.DoubleBinaryOperator;
import java.util.stream.Collectors;

/** A calculator for the tracer's runs: Google Java Format formats it, Checkstyle checks it. */
public final class Calc {
  sealed interface Token permits Num, Op, Paren {}
  record Num(double value) implements Token {}
  record Op(char symbol, int precedence, DoubleBinaryOperator apply) implements Token {}
  record Paren(boolean open) implements Token {}

  private static final Map<Character, Op> OPS = new TreeMap<>(Map.of(
      '+', new Op('+', 1, Double::sum), '-', new Op('-', 1, (a, b) -> a - b),
      '*', new Op('*', 2, (a, b) -> a * b), '/', new Op('/', 2, (a, b) -> a / b)));

  private Calc() {}

  static List<Token> lex(String text) {
    var tokens = new java.util.ArrayList<Token>();
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (Character.isDigit(c)) {
        int j = i;
        while (j < text.length() && (Character.isDigit(text.charAt(j)) || text.charAt(j) == '.')) j++;
        tokens.add(new Num(Double.parseDouble(text.substring(i, j))));
        i = j - 1;
      } else if (c == '(' || c == ')') {
        tokens.add(new Paren(c == '('));
      } else if (OPS.containsKey(c)) {
        tokens.add(OPS.get(c));
      } else if (!Character.isWhitespace(c)) {
        throw new IllegalArgumentException("unexpected '" + c + "' at " + i);
      }
    }
    return tokens;
  }

  static double eval(List<Token> tokens) {
    Deque<Double> values = new ArrayDeque<>();
    Deque<Token> ops = new ArrayDeque<>();
    for (Token t : tokens) {
      if (t instanceof Num n) {
        values.push(n.value());
      } else if (t instanceof Paren p && p.open()) {
        ops.push(p);
      } else if (t instanceof Paren) {
        while (!(ops.peek() instanceof Paren)) reduce(values, ops);
        ops.pop();
      } else if (t instanceof Op o) {
        while (ops.peek() instanceof Op top && top.precedence() >= o.precedence()) reduce(values, ops);
        ops.push(o);
      }
    }
    String kind = switch (tokens.size()) {
      case 0 -> "empty";
      case 1 -> "a number";
      default -> tokens.size() + " tokens";
    };
    System.err.println(kind);
    while (!ops.isEmpty()) reduce(values, ops);
    return values.pop();
  }

  private static void reduce(Deque<Double> values, Deque<Token> ops) {
    Op o = (Op) ops.pop();
    double b = values.pop(), a = values.pop();
    values.push(o.apply().applyAsDouble(a, b));
  }

  public static void main(String[] args) {
    String text = String.join(" ", args);
    String shown = lex(text).stream().map(Object::toString).collect(Collectors.joining(", ", "[", "]"));
    System.out.println(shown + " = " + eval(lex(text)));
  }
}
