"""The Java runtime's summary, made once and shared by every summary and link."""

load("@rules_java//java/common:java_common.bzl", "java_common")
load(":providers.bzl", "FragmentJdkInfo")

def _jdk_summary_impl(ctx):
    runtime = ctx.attr.java_runtime[java_common.JavaRuntimeInfo]
    out = ctx.actions.declare_file(ctx.label.name + ".rfsum")

    # The analyses' warm starts: the fixpoint of the JVM's start-up code,
    # which every program reaches, solved once here.
    warm = ctx.actions.declare_file(ctx.label.name + ".rfwarm")
    args = ctx.actions.args()
    args.add("-target", ctx.attr.target_name or str(ctx.label))

    # The runtime's home: the summarizer reads lib/modules (the runtime
    # image) or jmods/, whichever the runtime has.
    args.add("-jar", runtime.java_home)
    args.add("-o", out)
    args.add("-warm-start", warm)
    ctx.actions.run(
        executable = ctx.executable._summarizer,
        arguments = [args],
        inputs = runtime.files,
        outputs = [out, warm],
        mnemonic = "FragmentSummarizeJdk",
        progress_message = "Summarizing the Java runtime %s for rules_fragment" % ctx.attr.java_runtime.label,
    )
    return [
        DefaultInfo(files = depset([out])),
        FragmentJdkInfo(summary = out, warm_start = warm),
    ]

fragment_jdk_summary = rule(
    implementation = _jdk_summary_impl,
    doc = "Summarizes a Java runtime (jmods or lib/modules). //rules:jdk_summary is the one the rules use.",
    attrs = {
        "java_runtime": attr.label(
            default = Label("@bazel_tools//tools/jdk:current_java_runtime"),
            providers = [java_common.JavaRuntimeInfo],
        ),
        "target_name": attr.string(doc = "name recorded in the summary (default: the label)"),
        "_summarizer": attr.label(
            default = Label("//rules:summarizer"),
            allow_files = True,
            cfg = "exec",
            executable = True,
        ),
    },
)
