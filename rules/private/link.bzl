"""The linker action and its attributes, shared by analysis_test and
polymorphism_coverage_test."""

load("@rules_java//java/common:java_info.bzl", "JavaInfo")
load(":providers.bzl", "FragmentJdkInfo", "FragmentSummaryInfo")
load(":summary_aspect.bzl", "fragment_summary_aspect")

def link(ctx):
    """Registers the linker action of a rule with LINK_ATTRS.

    Args:
      ctx: the rule's context.

    Returns:
      (json, text, sarif, html, verdict), the files the linker writes.
    """
    target = ctx.attr.target

    info = target[FragmentSummaryInfo]

    # The client: the target's own classes or, for a binary without
    # sources, those of the libraries it wraps.
    client = info.client_jars.to_list()
    own = info.client_summaries.to_list()
    if not client:
        fail("%s: %s has no class jars to analyse" % (ctx.label, target.label))
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

# The attributes link reads.
LINK_ATTRS = {
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
    "entries": attr.string_list(doc = "entry points pkg/C.m or pkg/C.m(desc), an instance method on an object of C made by C() if C has one (default: the main methods the runtime's launcher accepts)"),
    "fragment": attr.bool(doc = "analyse target as a library for every possible client (placeholder main)"),
    "closed_world": attr.bool(doc = "with fragment: clients use only the library's API"),
    "module_providers": attr.bool(doc = "ServiceLoader: also instantiate the providers that modules declare in module-info (the Java runtime's own), not only those of META-INF/services files"),
    "reflection_log": attr.label(
        allow_single_file = True,
        doc = """a reflection log in TamiFlex's format (tools/tracer writes one): the
analyses resolve the reflective calls it records (the linker's -reflection-log)""",
    ),
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
}
