#!/usr/bin/env bash
# The project's test command (README.md): formatting and vet checks, every
# Go test, then the Bazel end-to-end test (testing/bazel/e2e.sh). Verbose output goes to a log; the summary keeps the
# per-package results, skips (with their reasons) and the bytecode counts.
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH=/usr/local/go/bin:$PATH

fail=0
unformatted=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))
if [[ -n $unformatted ]]; then
  echo "gofmt: these files need formatting:"; echo "$unformatted"; fail=1
fi
go vet ./... || fail=1

log=$(mktemp)
# The timeout guards against a hang: the oracle package alone takes 12-20 minutes on two
# cores, depending on the machine's speed that day.
go test -count=1 -timeout 50m -v ./... >"$log" 2>&1
rc=$?
if ((rc != 0)); then
  # Show every failure with its context.
  grep -n -E -- '--- FAIL|^FAIL|panic:|\.go:[0-9]+:' "$log" | head -200
  fail=1
fi
grep -E -- '^(ok|FAIL)\s' "$log" || true
echo "skipped tests and why:"
grep -B1 -E -- '^\s*--- SKIP' "$log" | grep -v -E -- '^--$|^=== ' || true
grep -E -- '^\s+\S+_test\.go:[0-9]+: COUNT' "$log" || true
passed=$(grep -c -E -- '^\s*--- PASS' "$log" || true)
failed=$(grep -c -E -- '^\s*--- FAIL' "$log" || true)
skipped=$(grep -c -E -- '^\s*--- SKIP' "$log" || true)
rm -f "$log"
echo "tests: $passed passed, $failed failed, $skipped skipped"

# The rule set under a real Bazel with a real remote cache (installs Debian's
# Bazel 4.2.3 and what the examples need when missing).
elog=$(mktemp)
if bash testing/bazel/e2e.sh >"$elog" 2>&1; then
  grep -E '^\[e2e|PASSED|FAILED' "$elog"
  echo "bazel e2e: passed"
else
  tail -80 "$elog"
  echo "bazel e2e: FAILED"
  fail=1
fi
rm -f "$elog"
exit $fail
