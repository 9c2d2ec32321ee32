package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

const jflexJar = "/usr/share/java/jflex.jar"

func TestStatsAndIR(t *testing.T) {
	if _, err := os.Stat(jflexJar); err != nil {
		t.Skipf("SKIP: %s missing (Debian package jflex)", jflexJar)
	}
	var out bytes.Buffer
	if err := runStats([]string{jflexJar}, &out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"classes ", "phantom classes", "IR statements", "Invoke "} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("stats output lacks %q:\n%s", want, out.String())
		}
	}
	out.Reset()
	if err := runIR([]string{"-cp", jflexJar, "jflex.Main", "main"}, &out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"class jflex/Main", "method jflex/Main.main([Ljava/lang/String;)V", "@caughtexception", "trap ["} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("ir output lacks %q:\n%s", want, out.String())
		}
	}
	if strings.Contains(out.String(), "CHECK FAILED") {
		t.Errorf("IR check failed:\n%s", out.String())
	}
	if err := runIR([]string{"-cp", jflexJar, "no.such.Class"}, &out); err == nil || !strings.Contains(err.Error(), "not on the classpath") {
		t.Errorf("missing class: got %v", err)
	}
}
