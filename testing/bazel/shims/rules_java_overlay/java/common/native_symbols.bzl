"""Bazel 4's built-in Java symbols under other names (a .bzl file cannot write `JavaInfo = JavaInfo`)."""

native_java_info = JavaInfo
native_java_common = java_common
