package javax.xml.parsers;

// A copy of a class the JDK's java.xml module defines, as xml-apis.jar has:
// the JVM loads the JDK's, never this one.
public abstract class DocumentBuilderFactory {
    public static DocumentBuilderFactory newInstance() {
        Shadow.fromTheCopy();
        return null;
    }
}
