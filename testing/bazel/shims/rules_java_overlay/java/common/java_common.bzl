"""Current rules_java load path of java_common, served on Bazel 4 by the built-in symbol."""

load(":native_symbols.bzl", "native_java_common")

java_common = native_java_common
