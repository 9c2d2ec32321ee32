"""Current rules_java load path of java_import, served on Bazel 4 by rules_java 4.0.0's defs.bzl."""

load("//java:defs.bzl", _java_import = "java_import")

java_import = _java_import
