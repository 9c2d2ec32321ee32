"""polymorphism_coverage_test: the polymorphism coverage requirements of a
target, against what its tests were seen to do (research/seed-002-004.md §1,
seed 002's testing of polymorphism)."""

load("@rules_java//java/common:java_common.bzl", "java_common")
load("@rules_java//java/common:java_info.bzl", "JavaInfo")
load(":link.bzl", "LINK_ATTRS", "link")
load(":providers.bzl", "FragmentSummaryInfo")

_TEST_SCRIPT = """#!/bin/bash
# polymorphism_coverage_test {label}: runs the tests, observing {target}'s
# polymorphic call sites, and measures the coverage requirements they meet.
set -uo pipefail
out="${{TEST_UNDECLARED_OUTPUTS_DIR:-$(mktemp -d)}}"
trace="${{TEST_TMPDIR:-$(mktemp -d)}}/fragment-trace"
mkdir -p "$out" "$trace"
: >"$trace/edges.txt"
: >"$trace/recv.txt"
: >"$trace/types.txt"
cp '{json}' '{html}' "$out/"
{trace_setup}
# The tests; their own pass or failure first.
'{java}' "${{trace_flags[@]}}" {jvm_flags} -cp '{classpath}' '{main_class}' "$@"
status=$?
if [[ $status -ne 0 ]]; then
  echo "polymorphism_coverage_test {label}: the tests failed (exit status $status)"
  exit $status
fi

echo
echo "Polymorphism coverage of {target} ({analyses}):"
'{fragment}' coverage -result '{json}' -edges "$trace/edges.txt" -receivers "$trace/recv.txt" -types "$trace/types.txt" \\
  -json "$out/coverage.json" -html "$out/coverage.html" -min-rc {min_rc} -min-tm {min_tm}
status=$?
if [[ $status -eq 3 ]]; then
  echo "polymorphism_coverage_test {label}: coverage below min_rc={min_rc} or min_tm={min_tm}"
fi
exit $status
"""

# Instrumented bytecode: the Recorder the bridges call writes the trace.
_INSTRUMENTED = """trace_flags=("-Drules_fragment.trace=$trace")
"""

# The JVMTI tracer records the calls made from the packages with
# polymorphic sites.
_JVMTI = """prefixes="$('{fragment}' coverage -result '{json}' -prefixes | paste -sd, -)" || exit 1
trace_flags=()
if [[ -n "$prefixes" ]]; then
  trace_flags=("-agentpath:$PWD/{agent}=out=$trace/edges.txt,recv=$trace/recv.txt,types=$trace/types.txt,$prefixes")
fi
"""

def _runtime_jars(target, runtime):
    """A library's runtime class path, or a test's or binary's.

    An executable (java_test, java_binary) has no dependable class path in
    JavaInfo (Bazel 4: an empty one): its own jar and the jars of its
    runfiles (those of the Java runtime aside) are its class path.
    """
    if JavaInfo in target and target[DefaultInfo].files_to_run.executable == None:
        return target[JavaInfo].transitive_runtime_jars
    own = [f for f in target[DefaultInfo].files.to_list() if f.extension == "jar"]
    runfiles = [
        f
        for f in target[DefaultInfo].default_runfiles.files.to_list()
        if f.extension == "jar" and not f.path.startswith(runtime.java_home + "/")
    ]
    return depset(own + [f for f in runfiles if f not in own])

def _coverage_test_impl(ctx):
    json, text, _, html, _ = link(ctx)
    runtime = ctx.attr._java_runtime[java_common.JavaRuntimeInfo]
    java = [f for f in runtime.files.to_list() if f.short_path.endswith("/bin/java")]
    if not java:
        fail("%s: the Java runtime %s has no bin/java" % (ctx.label, ctx.attr._java_runtime.label))
    jars = depset(transitive = [_runtime_jars(t, runtime) for t in ctx.attr.tests])
    fragment = ctx.attr._fragment[DefaultInfo]
    files = [json, text, html]
    if ctx.attr.tracer == "instrument":
        # The target's classes with their polymorphic call sites rewritten
        # to call the Recorder, before everything else on the class path.
        instrumented = ctx.actions.declare_file(ctx.label.name + ".fragment/instrumented.jar")
        args = ctx.actions.args()
        args.add("instrument")
        args.add("-result", json)
        args.add("-o", instrumented)
        args.add_all(ctx.attr.target[FragmentSummaryInfo].client_jars)
        ctx.actions.run(
            executable = ctx.executable._fragment_tool,
            arguments = [args],
            inputs = depset([json], transitive = [ctx.attr.target[FragmentSummaryInfo].client_jars]),
            outputs = [instrumented],
            mnemonic = "FragmentInstrument",
            progress_message = "Instrumenting the polymorphic call sites of %s for rules_fragment" % ctx.attr.target.label,
        )
        jars = depset([instrumented], transitive = [ctx.attr._recorder[JavaInfo].transitive_runtime_jars, jars], order = "preorder")
        setup = _INSTRUMENTED
    else:
        files.append(ctx.file._tracer)
        setup = _JVMTI.format(fragment = ctx.executable._fragment.short_path, json = json.short_path, agent = ctx.file._tracer.short_path)
    script = ctx.actions.declare_file(ctx.label.name + ".fragment/coverage_test.sh")
    ctx.actions.write(
        output = script,
        content = _TEST_SCRIPT.format(
            label = ctx.label,
            target = ctx.attr.target.label,
            analyses = ", ".join(ctx.attr.analyses),
            json = json.short_path,
            html = html.short_path,
            fragment = ctx.executable._fragment.short_path,
            trace_setup = setup,
            java = java[0].short_path,
            jvm_flags = " ".join(["'%s'" % f.replace("'", "'\\''") for f in ctx.attr.jvm_flags]),
            classpath = ":".join([j.short_path for j in jars.to_list()]),
            main_class = ctx.attr.main_class,
            min_rc = ctx.attr.min_rc,
            min_tm = ctx.attr.min_tm,
        ),
        is_executable = True,
    )
    runfiles = ctx.runfiles(
        files = files,
        transitive_files = depset(transitive = [jars, runtime.files]),
    ).merge(fragment.default_runfiles)
    return [DefaultInfo(executable = script, runfiles = runfiles)]

polymorphism_coverage_test = rule(
    implementation = _coverage_test_impl,
    test = True,
    doc = """Measures how much of `target`'s polymorphism coverage requirements
(the receiver classes RC and target methods TM of its polymorphic call sites,
computed by the linker as analysis_test does: with `fragment`, for every
possible client) its tests meet, and fails below `min_rc` or `min_tm`.

The test runs `main_class` (by default JUnit 4's runner; the test's `args`
name the test classes) on the runtime class path of `tests`, with the
target's polymorphic call sites instrumented (FragmentInstrument: each calls
a recorder first, which notes the receiver's class and the method it
selects) or, with `tracer = "jvmti"`, under a JVMTI tracer (//tools/tracer).
A test's own class that extends or implements a library type meets the
placeholder client class standing for it. The shares are printed per
analysis; coverage.json and coverage.html (per site, the requirements met
and not) and the link's result.json and report.html go to the test's
undeclared outputs.""",
    attrs = dict(LINK_ATTRS, **{
        "tests": attr.label_list(
            mandatory = True,
            doc = "the tests' classes and their dependencies: java_library and java_import targets, or a java_test or java_binary (its own jar and runtime class path)",
        ),
        "main_class": attr.string(default = "org.junit.runner.JUnitCore", doc = "the runner: its main method gets the test's args"),
        "jvm_flags": attr.string_list(doc = "flags for the JVM that runs the tests"),
        "min_rc": attr.string(default = "0", doc = "the share (0-1) of receiver classes the tests must meet in every analysis"),
        "min_tm": attr.string(default = "0", doc = "the share (0-1) of target methods the tests must meet in every analysis"),
        "tracer": attr.string(
            default = "instrument",
            values = ["instrument", "jvmti"],
            doc = """how the run is observed: "instrument" rewrites the target's polymorphic call
sites (tools/instrument; every receiver class, for less than JaCoCo's line coverage costs), "jvmti" runs the
tests under the JVMTI call tracer (tools/tracer; samples receivers, runs interpreted)""",
        ),
        "_fragment": attr.label(
            default = Label("//tools/cmd/fragment"),
            cfg = "target",
            executable = True,
        ),
        "_fragment_tool": attr.label(
            default = Label("//tools/cmd/fragment"),
            cfg = "exec",
            executable = True,
        ),
        "_recorder": attr.label(
            default = Label("//tools/tracer/recorder"),
            providers = [JavaInfo],
        ),
        "_java_runtime": attr.label(
            default = Label("@bazel_tools//tools/jdk:current_java_runtime"),
            providers = [java_common.JavaRuntimeInfo],
        ),
        "_tracer": attr.label(
            default = Label("//tools/tracer:libcalltrace.so"),
            allow_single_file = True,
        ),
    }),
)
