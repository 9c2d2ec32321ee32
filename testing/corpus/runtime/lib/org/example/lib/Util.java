package org.example.lib;

public class Util {
    public static Object go() {
        try {
            new javax.xml.parsers.Shadow().run();
        } catch (NoClassDefFoundError e) {
            // the JVM's answer
        }
        return javax.xml.parsers.DocumentBuilderFactory.newInstance();
    }
}
