#!/usr/bin/env bash
# Precision table in the style of research/seed-002-004.md Table 4.3 (issue 5):
# per program (jflex, cup, sablecc, jlex, javacc from Debian, each linked with
# its dependencies' and the JDK 17 runtime's summaries), the client's
# polymorphic call sites and mean |RC| and |TM| over them, for CHA, RTA,
# 0-CFA_f and AND_f, with each analysis' wall time.
# usage: run-precision.sh   env: JDK (default JDK 17 home), OUT (work dir)
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
jdk="${JDK:-/usr/lib/jvm/java-17-openjdk-amd64}"
out="${OUT:-$(mktemp -d)}"
mkdir -p "$out"
cd "$repo"
go build -o "$out/summarizer" ./summarizer
go build -o "$out/linker" ./linker
j=/usr/share/java
"$out/summarizer" -target jdk17 -jar "$jdk" -o "$out/jdk.rfsum"
"$out/summarizer" -target cup_runtime -jar "$j/cup_runtime.jar" -dep "$out/jdk.rfsum" -o "$out/cup_runtime.rfsum"
"$out/summarizer" -target cup -jar "$j/cup.jar" -dep "$out/cup_runtime.rfsum" -dep "$out/jdk.rfsum" -o "$out/cup.rfsum"

printf '| program | analysis | reachable | client methods | polymorphic sites | mean RC | mean TM | time |\n|---|---|---:|---:|---:|---:|---:|---:|\n'
row() { # name client "summaries" [entries...]
  local name="$1" client="$2" sums="$3"; shift 3
  local args=(-client "$client")
  for s in $sums; do args+=(-summary "$s"); done
  for e in "$@"; do args+=(-entry "$e"); done
  for a in cha rta 0cfa andersen; do
    local t0 t1
    t0=$(date +%s.%N)
    "$out/linker" "${args[@]}" -analyses "$a" -text '' -json "$out/$name-$a.json"
    t1=$(date +%s.%N)
    go run ./testing/bench/totals "$out/$name-$a.json" | awk -v n="$name" -v a="$a" -v t="$(echo "$t1 - $t0" | bc)" \
      '{printf "| %s | %s | %s | %s | %s | %s | %s | %.1f s |\n", n, a, $1, $2, $3, $4, $5, t}'
  done
}
row jflex "$j/jflex.jar" "$out/cup.rfsum $out/cup_runtime.rfsum $out/jdk.rfsum"
row cup "$j/cup.jar" "$out/cup_runtime.rfsum $out/jdk.rfsum"
row sablecc "$j/sablecc.jar" "$out/jdk.rfsum"
row jlex "$j/JLex.jar" "$out/jdk.rfsum"
row javacc "$j/javacc.jar" "$out/jdk.rfsum" org/javacc/parser/Main.main org/javacc/jjtree/Main.main org/javacc/jjdoc/JJDocMain.main
