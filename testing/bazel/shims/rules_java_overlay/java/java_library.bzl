"""Current rules_java load path of java_library, served on Bazel 4 by rules_java 4.0.0's defs.bzl."""

load("//java:defs.bzl", _java_library = "java_library")

java_library = _java_library
