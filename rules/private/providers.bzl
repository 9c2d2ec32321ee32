"""Providers of the rules_fragment rule set."""

FragmentSummaryInfo = provider(
    doc = "Summaries of a JVM target (research/seed-000-003.md §11: one summary per library target).",
    fields = {
        "summary": "File: this target's summary, or None (no class jars, or opted out)",
        "direct": "depset of Files: the summaries a dependent reads for this target (its own, or its deps' when it has none, plus its exports')",
        "transitive": "depset of Files: this target's summary and all its dependencies' summaries, the JDK's included",
        "client_jars": "depset of Files: the class jars an analysis of this target treats as client code: its own, or (a binary without sources) those of the targets it wraps",
        "client_summaries": "depset of Files: the summaries of the client_jars' targets (left out of the linker's summaries)",
        "client_sources": "depset of Files: the source files of the client_jars' targets (srcs), where SARIF results point",
    },
)

FragmentJdkInfo = provider(
    doc = "The summary of a Java runtime.",
    fields = {
        "summary": "File: the runtime's summary",
        "warm_start": "File: the analyses' warm starts made with it (summarizer -warm-start)",
    },
)
