package java.lang;
public class Thread implements Runnable { Object target; public void run() { if (target != null) target.toString(); } }
