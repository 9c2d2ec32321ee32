"""analysis_test: the linker as a build action, its checks as a test (and
optionally as a validation action, so that `bazel build` fails too)."""

load(":link.bzl", "LINK_ATTRS", "link")

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
    json, text, sarif, html, verdict = link(ctx)
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
    attrs = dict(LINK_ATTRS, **{
        "validate": attr.bool(doc = "also fail `bazel build` of this target when a check fails (validation action)"),
    }),
)
