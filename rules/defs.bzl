"""rules_fragment: summary-based whole-program analysis of JVM targets.

Public API:
  fragment_summary_aspect  one summarizer action per JVM target
  fragment_jdk_summary     the summary of a Java runtime
  analysis_test            link a target with its dependencies' summaries, run analyses and checks
  polymorphism_coverage_test  run a target's tests under a tracer; the share of its polymorphism
                           coverage requirements they meet
  FragmentSummaryInfo, FragmentJdkInfo  their providers
"""

load("//rules/private:analysis_test.bzl", _analysis_test = "analysis_test")
load("//rules/private:coverage_test.bzl", _polymorphism_coverage_test = "polymorphism_coverage_test")
load("//rules/private:jdk_summary.bzl", _fragment_jdk_summary = "fragment_jdk_summary")
load("//rules/private:providers.bzl", _FragmentJdkInfo = "FragmentJdkInfo", _FragmentSummaryInfo = "FragmentSummaryInfo")
load("//rules/private:summary_aspect.bzl", _fragment_summary_aspect = "fragment_summary_aspect")

analysis_test = _analysis_test
polymorphism_coverage_test = _polymorphism_coverage_test
fragment_jdk_summary = _fragment_jdk_summary
fragment_summary_aspect = _fragment_summary_aspect
FragmentSummaryInfo = _FragmentSummaryInfo
FragmentJdkInfo = _FragmentJdkInfo
