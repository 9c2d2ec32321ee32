package javax.xml.parsers;

// A class of a package of the JDK's java.xml module that the JDK lacks: the
// JVM does not load it from the class path either.
public class Shadow {
    public static void fromTheCopy() { new StringBuilder("copy"); }
    public void run() { new java.util.ArrayList<Object>().add(this); }
}
