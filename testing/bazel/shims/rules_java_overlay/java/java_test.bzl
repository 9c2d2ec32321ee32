"""Current rules_java load path of java_test, served on Bazel 4 by rules_java 4.0.0's defs.bzl."""

load("//java:defs.bzl", _java_test = "java_test")

java_test = _java_test
