"""jvmti_headers: a JDK's include directory as a C library, for the tracer.

The directories are taken from where the headers are, so the same rule works
whatever path the JDK's repository has (WORKSPACE or bzlmod). CcInfo and
cc_common are Bazel's own here: rules_cc's loadable copies
(@rules_cc//cc/common) are newer than the Bazel 4 to 7 the rules support.
"""

def _jvmti_headers_impl(ctx):
    hdrs = ctx.files.srcs
    dirs = {f.dirname: True for f in hdrs if f.basename in ("jvmti.h", "jni_md.h")}
    if len(dirs) < 2:
        fail("%s: no jvmti.h and jni_md.h among %s" % (ctx.label, ctx.attr.srcs))

    # buildifier: disable=native-cc-common
    compilation = cc_common.create_compilation_context(
        headers = depset(hdrs),
        system_includes = depset(sorted(dirs.keys())),
    )
    return [CcInfo(compilation_context = compilation)]  # buildifier: disable=native-cc-info

jvmti_headers = rule(
    implementation = _jvmti_headers_impl,
    doc = "The JVMTI and JNI headers of a JDK (its include/ files) for cc rules' deps.",
    attrs = {"srcs": attr.label_list(allow_files = [".h"], mandatory = True)},
    provides = [CcInfo],  # buildifier: disable=native-cc-info
)
