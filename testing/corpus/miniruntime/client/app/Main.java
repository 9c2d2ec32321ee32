package app;

public class Main {
  static class Job implements Runnable {
    public void run() { new Main(); }
    public String toString() { return "job"; }
  }

  public static void main(String[] args) {
    Runnable r = new Job();
    System.register(r);
    r.run();
  }
}
