"""Current rules_java load path of JavaInfo, served on Bazel 4 by the built-in symbol."""

load(":native_symbols.bzl", "native_java_info")

JavaInfo = native_java_info
