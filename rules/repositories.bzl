"""WORKSPACE setup for rules_fragment (Bazel 4.2.3 to 6; Bazel 7+ uses MODULE.bazel).

    load("@rules_fragment//rules:repositories.bzl", "rules_fragment_dependencies")
    rules_fragment_dependencies()
    load("@rules_fragment//rules:go_repositories.bzl", "rules_fragment_go_dependencies")
    rules_fragment_go_dependencies()
    load("@io_bazel_rules_go//go:deps.bzl", "go_host_sdk", "go_register_toolchains", "go_rules_dependencies")
    go_rules_dependencies()
    go_host_sdk(name = "go_sdk")  # Go >= 1.26 (or go_download_sdk)
    go_register_toolchains()
    load("@bazel_gazelle//:deps.bzl", "gazelle_dependencies")
    gazelle_dependencies(go_sdk = "go_sdk")

Repositories already declared by the workspace are left alone.
"""

load("@bazel_tools//tools/build_defs/repo:http.bzl", "http_archive")
load("@bazel_tools//tools/build_defs/repo:utils.bzl", "maybe")

def rules_fragment_dependencies():
    """Declares rules_go v0.34.0 and gazelle v0.26.0 (the newest that run on Bazel 4.2)."""
    maybe(
        http_archive,
        name = "io_bazel_rules_go",
        sha256 = "16e9fca53ed6bd4ff4ad76facc9b7b651a89db1689a2877d6fd7b82aa824e366",
        urls = ["https://github.com/bazelbuild/rules_go/releases/download/v0.34.0/rules_go-v0.34.0.zip"],
    )
    maybe(
        http_archive,
        name = "bazel_gazelle",
        sha256 = "501deb3d5695ab658e82f6f6f549ba681ea3ca2a5fb7911154b5aa45596183fa",
        urls = ["https://github.com/bazelbuild/bazel-gazelle/releases/download/v0.26.0/bazel-gazelle-v0.26.0.tar.gz"],
        # Its Bazel packages take go/vcs from the module that has it now
        # (the tools' golang.org/x/tools no longer does).
        patches = [Label("//rules/private:gazelle_x_tools_vcs.patch")],
        patch_args = ["-p1"],
    )
