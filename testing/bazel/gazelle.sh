#!/usr/bin/env bash
# Generates (or with --check, verifies) the Go BUILD files and the Go
# dependency macro from go.mod, with the gazelle that testing/bazel/setup.sh
# builds. CI runs --check: BUILD files out of sync with the Go sources fail.
#
#   testing/bazel/gazelle.sh [--check] [PREFIX]
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
mode=fix
if [[ ${1:-} == --check ]]; then mode=diff; shift; fi
prefix="${1:-${RULES_FRAGMENT_BAZEL_PREFIX:-$HOME/.cache/rules_fragment-bazel}}"
[[ -x $prefix/bin/gazelle ]] || bash "$repo/testing/bazel/setup.sh" "$prefix" >/dev/null
cd "$repo"
# The dependency macro: go_repository rules for go.mod's requirements.
macro=rules/private/go_deps.bzl
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r "$macro" "$tmp/old.bzl" 2>/dev/null || : >"$tmp/old.bzl"
"$prefix/bin/gazelle" update-repos -from_file=go.mod -to_macro="$macro%go_dependencies" -prune >/dev/null
if [[ $mode == diff ]] && ! cmp -s "$macro" "$tmp/old.bzl"; then
  diff -u "$tmp/old.bzl" "$macro" || true
  cp "$tmp/old.bzl" "$macro"
  echo "gazelle.sh: $macro is out of date with go.mod (run testing/bazel/gazelle.sh)" >&2
  exit 1
fi
if ! "$prefix/bin/gazelle" -mode="$mode" -repo_root . -go_prefix github.com/rules-fragment/rules_fragment; then
  echo "gazelle.sh: BUILD files are out of date (run testing/bazel/gazelle.sh)" >&2
  exit 1
fi
