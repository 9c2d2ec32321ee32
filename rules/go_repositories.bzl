"""The Go modules the rules_fragment tools are built from (after rules_fragment_dependencies)."""

load("@bazel_gazelle//:deps.bzl", "gazelle_dependencies")
load("//rules/private:go_deps.bzl", "go_dependencies")

def rules_fragment_go_dependencies(go_sdk = "go_sdk"):
    """Declares the tools' Go dependencies (from go.mod) and gazelle's."""
    go_dependencies()
    gazelle_dependencies(go_sdk = go_sdk)
