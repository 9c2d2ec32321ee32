#!/usr/bin/env bash
# Side-by-side front-end benchmark (issue: "Reading + IR of all of JDK 17
# java.base, side by side with ASM"). In one run it measures
#   - ours: classfile.Parse + ir.BuildMethod of every method body
#     (BenchmarkJavaBaseIR) and parsing alone (BenchmarkJavaBaseParse),
#     single-threaded, class bytes preloaded;
#   - ASM 9 (Debian libasm-java): ClassReader -> ClassNode plus
#     Analyzer<BasicValue> over every method with code, single-threaded,
#     class bytes preloaded (testing/bench/asm);
# and prints medians, peak RSS of both processes and the time ratio.
#
# usage: testing/bench/run-ir-bench.sh [JMOD]
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH=/usr/local/go/bin:$PATH
jmod=${1:-/usr/lib/jvm/java-17-openjdk-amd64/jmods/java.base.jmod}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

go test -c -o "$tmp/ir.test" ./tools/ir
echo "## ours: go test -bench 'BenchmarkJavaBase(IR|Parse)$' -benchtime 10x -count 5 ($jmod)"
JAVA_BASE_JMOD=$jmod /usr/bin/time -v "$tmp/ir.test" -test.run '^$' \
  -test.bench 'BenchmarkJavaBase(IR|Parse)$' -test.benchtime 10x -test.count 5 -test.benchmem \
  >"$tmp/go.txt" 2>"$tmp/go.time"
cat "$tmp/go.txt"
go_rss=$(awk -F: '/Maximum resident set size/ {gsub(/ /,"",$2); print int($2/1024)}' "$tmp/go.time")

echo "## ASM: testing/bench/run-asm-bench.sh $jmod"
bash testing/bench/run-asm-bench.sh "$jmod" | tee "$tmp/asm.txt"

median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
go_ir=$(awk '$1 ~ /^BenchmarkJavaBaseIR/ {print $3/1e6}' "$tmp/go.txt" | median)
go_parse=$(awk '$1 ~ /^BenchmarkJavaBaseParse/ {print $3/1e6}' "$tmp/go.txt" | median)
asm_line=$(grep '^asm-bench ' "$tmp/asm.txt")
field() { sed -n "s/.* $1=\([0-9.]*\).*/\1/p" <<<"$asm_line"; }
asm_all=$(field median_ms)
asm_parse=$(field parse_only_median_ms)
asm_rss=$(sed -n 's/.*jvm_max_rss_mb=\([0-9.]*\).*/\1/p' "$tmp/asm.txt")
echo
echo "## summary (median ms per pass over all classes; lower is better)"
printf '%-28s %10s %10s %8s\n' "" "ours" "ASM" "ratio"
printf '%-28s %10.1f %10.1f %8.2f\n' "parse + IR / Analyzer" "$go_ir" "$asm_all" "$(awk -v a="$go_ir" -v b="$asm_all" 'BEGIN{print a/b}')"
printf '%-28s %10.1f %10.1f %8.2f\n' "parse only" "$go_parse" "$asm_parse" "$(awk -v a="$go_parse" -v b="$asm_parse" 'BEGIN{print a/b}')"
printf '%-28s %10s %10s\n' "peak RSS (MB)" "$go_rss" "${asm_rss:-n/a}"
