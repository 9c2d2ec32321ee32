package corpus.basic;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * for / while / do-while loops, enhanced for over arrays and Iterables,
 * labeled break and continue out of nested loops, infinite loop with break,
 * and recursion (direct, mutual, with long accumulators).
 */
public class Loops {

    static int forLoop(int n) {
        int s = 0;
        for (int i = 0; i < n; i++) {
            s += i * i;
        }
        return s;
    }

    static long whileLoop(long n) {
        long steps = 0;
        while (n != 1) {
            n = (n % 2 == 0) ? n / 2 : 3 * n + 1;
            steps++;
        }
        return steps;
    }

    static int doWhile(int n) {
        int digits = 0;
        do {
            digits++;
            n /= 10;
        } while (n != 0);
        return digits;
    }

    static String labeled(int[][] grid, int target) {
        int found = -1;
        outer:
        for (int r = 0; r < grid.length; r++) {
            for (int c = 0; c < grid[r].length; c++) {
                if (grid[r][c] < 0) {
                    continue outer;
                }
                if (grid[r][c] == target) {
                    found = r * 100 + c;
                    break outer;
                }
            }
        }
        return "found=" + found;
    }

    static int infinite(int limit) {
        int i = 0;
        for (;;) {
            if (++i * i > limit) {
                break;
            }
        }
        return i;
    }

    static int iterate(List<Integer> xs) {
        int s = 0;
        for (Integer x : xs) {
            s += x;
        }
        Iterator<Integer> it = xs.iterator();
        while (it.hasNext()) {
            if (it.next() % 2 == 0) {
                s++;
            }
        }
        return s;
    }

    static long factorial(int n) {
        return n <= 1 ? 1L : n * factorial(n - 1);
    }

    static int fib(int n) {
        if (n < 2) {
            return n;
        }
        return fib(n - 1) + fib(n - 2);
    }

    static boolean isEven(int n) {
        return n == 0 || isOdd(n - 1);
    }

    static boolean isOdd(int n) {
        return n != 0 && isEven(n - 1);
    }

    static int ackermann(int m, int n) {
        if (m == 0) return n + 1;
        if (n == 0) return ackermann(m - 1, 1);
        return ackermann(m - 1, ackermann(m, n - 1));
    }

    public static void main(String[] args) {
        System.out.println(forLoop(10) + " " + whileLoop(27L) + " " + doWhile(0) + " " + doWhile(123456));
        int[][] grid = {{1, 2, 3}, {-1, 9, 9}, {4, 9, 6}};
        System.out.println(labeled(grid, 9) + " " + labeled(grid, 42));
        System.out.println(infinite(50));
        List<Integer> xs = new ArrayList<Integer>();
        for (int i = 1; i <= 6; i++) {
            xs.add(i);
        }
        System.out.println(iterate(xs));
        System.out.println(factorial(20) + " " + fib(15) + " " + isEven(10) + " " + isOdd(7) + " " + ackermann(2, 3));
    }
}
