"""analysis_test: the linker as a build action, its checks as a test (and
optionally as a validation action, so that `bazel build` fails too)."""

load("@rules_java//java/common:java_info.bzl", "JavaInfo")
load(":providers.bzl", "FragmentJdkInfo", "FragmentSummaryInfo")
load(":summary_aspect.bzl", "fragment_summary_aspect")

def _link(ctx):
    """Registers the linker action; returns (json, text, sarif, html, verdict)."""
    target = ctx.attr.target

    info = target[FragmentSummaryInfo]

    # The client: the target's own classes or, for a binary without
    # sources, those of the libraries it wraps.
    client = info.client_jars.to_list()
    own = info.client_summaries.to_list()
    if not client:
        fail("analysis_test %s: %s has no class jars to analyse" % (ctx.label, target.label))
    summaries = [s for s in info.transitive.to_list() if s not in own]
    name = ctx.label.name
    json = ctx.actions.declare_file(name + ".fragment/result.json")
    text = ctx.actions.declare_file(name + ".fragment/report.txt")
    sarif = ctx.actions.declare_file(name + ".fragment/result.sarif")
    html = ctx.actions.declare_file(name + ".fragment/report.html")
    verdict = ctx.actions.declare_file(name + ".fragment/verdict.txt")
    args = ctx.actions.args()
    args.use_param_file("@%s", use_always = True)
    args.set_param_file_format("multiline")
    args.add_all(client, before_each = "-client")
    args.add_all(summaries, before_each = "-summary")
    args.add_all(ctx.attr.entries, before_each = "-entry")
    args.add("-analyses", ",".join(ctx.attr.analyses))
    args.add_all(ctx.attr.checks, before_each = "-check")
    if ctx.attr.fragment:
        args.add("-fragment")
    if ctx.attr.closed_world:
        args.add("-closed-world")
    if ctx.attr.module_providers:
        args.add("-module-providers")

    # Every analysis continues from the runtime's warm start (same results;
    # the linker starts cold if it does not apply).
    warm = ctx.attr._jdk_summary[FragmentJdkInfo].warm_start
    args.add("-warm-start", warm)
    inputs = client + summaries + [warm]
    if ctx.file.reflection_log:
        args.add("-reflection-log", ctx.file.reflection_log)
        inputs.append(ctx.file.reflection_log)
    args.add("-json", json)
    args.add("-text", text)
    args.add("-verdict", verdict)

    # The SARIF log's results point to the client's source files, by their
    # paths from the workspace root (passed as strings: not inputs).
    args.add("-sarif", sarif)
    args.add("-html", html)
    args.add_all(info.client_sources, before_each = "-source", map_each = _short_path)
    ctx.actions.run(
        executable = ctx.executable._linker,
        arguments = [args],
        inputs = depset(inputs),
        outputs = [json, text, sarif, html, verdict],
        mnemonic = "FragmentLink",
        progress_message = "Linking %s with %d summaries for rules_fragment" % (target.label, len(summaries)),
        # A persistent worker keeps the decoded runtime summary and warm
        # start between links (tools/worker).
        execution_requirements = {"supports-workers": "1"},
    )
    return json, text, sarif, html, verdict

def _short_path(f):
    return f.short_path

_TEST_SCRIPT = """#!/bin/bash
# analysis_test {label}: reports the linker's result and fails on a failed check.
set -euo pipefail
cat '{text}'
if [[ -n "${{TEST_UNDECLARED_OUTPUTS_DIR:-}}" ]]; then
  cp '{json}' '{text}' '{sarif}' '{html}' "$TEST_UNDECLARED_OUTPUTS_DIR/"
fi
if [[ "$(head -n1 '{verdict}')" != PASS ]]; then
  echo
  echo "analysis_test {label}: checks failed:"
  tail -n +2 '{verdict}'
  exit 1
fi
"""

def _analysis_test_impl(ctx):
    json, text, sarif, html, verdict = _link(ctx)
    script = ctx.actions.declare_file(ctx.label.name + ".fragment/test.sh")
    ctx.actions.write(
        output = script,
        content = _TEST_SCRIPT.format(label = ctx.label, json = json.short_path, text = text.short_path, sarif = sarif.short_path, html = html.short_path, verdict = verdict.short_path),
        is_executable = True,
    )
    outputs = [DefaultInfo(executable = script, runfiles = ctx.runfiles(files = [json, text, sarif, html, verdict]))]
    if ctx.attr.validate:
        # The same verdict as a validation action: `bazel build` of this
        # target fails when a check fails.
        ok = ctx.actions.declare_file(ctx.label.name + ".fragment/validated")
        ctx.actions.run_shell(
            command = 'if [ "$(head -n1 "$1")" = PASS ]; then : > "$2"; else echo "analysis_test %s: checks failed:" >&2; tail -n +2 "$1" >&2; exit 1; fi' % ctx.label,
            arguments = [verdict.path, ok.path],
            inputs = [verdict],
            outputs = [ok],
            mnemonic = "FragmentCheck",
            progress_message = "Checking the analysis of %s for rules_fragment" % ctx.attr.target.label,
        )
        outputs.append(OutputGroupInfo(_validation = depset([ok])))
    return outputs

analysis_test = rule(
    implementation = _analysis_test_impl,
    test = True,
    doc = """Links `target` (its own class jars) with the summaries of all its
dependencies and the Java runtime, runs `analyses`, and fails when one of
`checks` fails. The linker runs as a build action (cached like any other),
in a persistent worker that keeps the decoded runtime summary and warm start
between links (FragmentLink); the result (result.json, report.txt, the
checks' verdicts as a SARIF 2.1.0 log, result.sarif, whose results point to
the client's source files, and report.html, the polymorphism coverage
requirements as a page) goes to the test's undeclared outputs.""",
    attrs = {
        "target": attr.label(
            mandatory = True,
            aspects = [fragment_summary_aspect],
            providers = [JavaInfo],
            doc = "the client: a java_binary, java_library or java_test",
        ),
        "analyses": attr.string_list(default = ["rta"], doc = "cha, rta, 0cfa (0-CFA_f), andersen (AND_f)"),
        "checks": attr.string_list(doc = """KIND=VALUE, as the linker's -check: max_unresolved,
max_phantom, max_unmodelled, max_polymorphic, max_mean_rc, max_rc (numbers), forbid=FROM->TO
(class or package names: no call edge from FROM code to TO code)"""),
        "entries": attr.string_list(doc = "entry points pkg/C.m or pkg/C.m(desc) (default: the main methods)"),
        "fragment": attr.bool(doc = "analyse target as a library for every possible client (placeholder main)"),
        "closed_world": attr.bool(doc = "with fragment: clients use only the library's API"),
        "module_providers": attr.bool(doc = "ServiceLoader: also instantiate the providers that modules declare in module-info (the Java runtime's own), not only those of META-INF/services files"),
        "reflection_log": attr.label(
            allow_single_file = True,
            doc = """a reflection log in TamiFlex's format (testing/tracer writes one): the
analyses resolve the reflective calls it records (the linker's -reflection-log)""",
        ),
        "validate": attr.bool(doc = "also fail `bazel build` of this target when a check fails (validation action)"),
        "_jdk_summary": attr.label(
            default = Label("//rules:jdk_summary"),
            providers = [FragmentJdkInfo],
        ),
        "_linker": attr.label(
            default = Label("//rules:linker"),
            allow_files = True,
            cfg = "exec",
            executable = True,
        ),
    },
)
