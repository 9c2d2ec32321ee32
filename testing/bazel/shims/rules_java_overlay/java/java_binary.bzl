"""Current rules_java load path of java_binary, served on Bazel 4 by rules_java 4.0.0's defs.bzl."""

load("//java:defs.bzl", _java_binary = "java_binary")

java_binary = _java_binary
