package org.example.app;

public class Main {
    public static void main(String[] args) {
        System.out.println(org.example.lib.Util.go().getClass().getName());
    }
}
