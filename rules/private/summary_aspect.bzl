"""The summary aspect: one summarizer action per JVM target."""

load("@rules_java//java/common:java_info.bzl", "JavaInfo")
load(":providers.bzl", "FragmentJdkInfo", "FragmentSummaryInfo")

# Attributes along which summaries propagate; compile and runtime edges both,
# since a client's analysis needs every class that can run.
DEP_ATTRS = ["deps", "exports", "runtime_deps"]

# A target tagged with this gets no summary (its classes are then missing,
# "phantom", in the analyses of its dependents).
OPT_OUT_TAG = "no-fragment-summary"

def _deps_infos(ctx):
    infos = []
    for attr in DEP_ATTRS:
        for dep in getattr(ctx.rule.attr, attr, []):
            if FragmentSummaryInfo in dep:
                infos.append(dep[FragmentSummaryInfo])
    return infos

def _summary_aspect_impl(target, ctx):
    jdk = ctx.attr._jdk_summary[FragmentJdkInfo].summary
    deps = _deps_infos(ctx)
    exports = [
        e[FragmentSummaryInfo]
        for e in getattr(ctx.rule.attr, "exports", [])
        if FragmentSummaryInfo in e
    ]
    transitive = depset([jdk], transitive = [d.transitive for d in deps])
    deps_direct = depset(transitive = [d.direct for d in deps])

    # Full class jars (runtime_output_jars), never header or interface jars:
    # summaries hold method bodies.
    jars = target[JavaInfo].runtime_output_jars if JavaInfo in target else []

    # Source files (not source jars), for the linker's SARIF log to point to.
    srcs = [f for f in getattr(ctx.rule.files, "srcs", []) if not f.path.endswith((".jar", ".srcjar"))]
    if not jars or OPT_OUT_TAG in ctx.rule.attr.tags:
        return [FragmentSummaryInfo(
            summary = None,
            direct = deps_direct,
            transitive = transitive,
            client_jars = depset(jars, transitive = [] if jars else [d.client_jars for d in deps]),
            client_summaries = depset(transitive = [] if jars else [d.client_summaries for d in deps]),
            client_sources = depset(srcs, transitive = [] if jars else [d.client_sources for d in deps]),
        )]

    out = ctx.actions.declare_file("%s.fragment/%s.rfsum" % (target.label.name, target.label.name))
    args = ctx.actions.args()
    args.use_param_file("@%s", use_always = True)
    args.set_param_file_format("multiline")
    args.add("-target", str(target.label))
    args.add_all(jars, before_each = "-jar")

    # Direct dependencies only (the summarizer reads them for the class
    # hierarchy); the JDK's summary is everyone's dependency.
    dep_files = depset([jdk], transitive = [deps_direct]).to_list()
    args.add_all(dep_files, before_each = "-dep")
    args.add("-o", out)
    ctx.actions.run(
        executable = ctx.executable._summarizer,
        arguments = [args],
        inputs = depset(jars + dep_files),
        outputs = [out],
        mnemonic = "FragmentSummarize",
        progress_message = "Summarizing %s for rules_fragment" % target.label,
        # A persistent worker decodes the JDK's summary once for all
        # targets (tools/worker); --strategy=FragmentSummarize=local opts out.
        execution_requirements = {"supports-workers": "1"},
    )
    return [
        FragmentSummaryInfo(
            summary = out,
            direct = depset([out], transitive = [e.direct for e in exports]),
            transitive = depset([out], transitive = [transitive]),
            client_jars = depset(jars),
            client_summaries = depset([out]),
            client_sources = depset(srcs),
        ),
        OutputGroupInfo(fragment_summaries = depset([out], transitive = [transitive])),
    ]

fragment_summary_aspect = aspect(
    implementation = _summary_aspect_impl,
    doc = """Gives every JVM target (anything providing JavaInfo) one summarizer
action over its full class jars, reading only its direct dependencies'
summaries and the Java runtime's. Propagates along deps, exports and
runtime_deps. Opt a target out with the tag "%s". Output group:
fragment_summaries. The summarizer runs as a persistent worker
(FragmentSummarize), which decodes the runtime's summary once.""" % OPT_OUT_TAG,
    attr_aspects = DEP_ATTRS,
    attrs = {
        "_jdk_summary": attr.label(
            default = Label("//rules:jdk_summary"),
            providers = [FragmentJdkInfo],
        ),
        "_summarizer": attr.label(
            default = Label("//rules:summarizer"),
            allow_files = True,
            cfg = "exec",
            executable = True,
        ),
    },
    provides = [FragmentSummaryInfo],
)
