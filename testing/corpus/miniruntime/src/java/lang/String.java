package java.lang;
public final class String { public String() {} }
