#!/usr/bin/env bash
# Side by side with peers: whole-program call graphs of the five programs on the JDK 17
# runtime by rules_fragment's linker (whole program from class files, and client + summaries
# continuing from the JDK's warm start) and by the peers from Maven Central (class path from
# peers/pom.xml): SootUp 2.0.0 for cha and rta (peers/SootUpCallGraph.java), WALA 1.6.10 for
# 0cfa (its 0-CFA) and andersen (its 0-1-CFA; peers/WalaCallGraph.java). Prints per program
# and analysis the wall time (median of RUNS for the linker, one run for the peer), peak RSS
# and reachable methods of each, and the ratios peer / linker.
# Roots differ: the peers start from main only, the linker from main, the JVM's start-up code
# and class initialisers, so the linker's graph has more methods (both counts are printed).
# usage: run-peer-bench.sh   env: RUNS (default 3), ANALYSES (default "rta"; "cha" takes
#        SootUp many minutes per program), PROGRAMS (default: all five), JDK (JDK 17 home),
#        PEER_TIMEOUT (seconds per peer run, default 1800), OUT (work dir). The peers run
#        with -Xmx8g; their peak RSS follows the heap limit.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
runs="${RUNS:-3}"
jdk="${JDK:-/usr/lib/jvm/java-17-openjdk-amd64}"
out="${OUT:-$(mktemp -d)}"
mkdir -p "$out/peer"
cd "$repo"
go build -o "$out/summarizer" ./summarizer
go build -o "$out/linker" ./linker
(cd testing/bench/peers && mvn -q -B dependency:build-classpath -Dmdep.outputFile="$out/peer.cp")
"$jdk/bin/javac" -cp "$(cat "$out/peer.cp")" -d "$out/peer" testing/bench/peers/SootUpCallGraph.java testing/bench/peers/WalaCallGraph.java
"$out/summarizer" -target jdk17 -jar "$jdk" -o "$out/jdk.rfsum" -warm-start "$out/jdk.rfwarm"
j=/usr/share/java
"$out/summarizer" -target cup_runtime -jar $j/cup_runtime.jar -dep "$out/jdk.rfsum" -o "$out/cup_runtime.rfsum"
"$out/summarizer" -target cup -jar $j/cup.jar -dep "$out/cup_runtime.rfsum" -dep "$out/jdk.rfsum" -o "$out/cup.rfsum"

# time1 CMD...: one run; sets s (seconds) and mb (peak RSS).
time1() {
  /usr/bin/time -f '%e %M' -o "$out/time" "$@" >"$out/stdout" 2>"$out/stderr" || { tail -3 "$out/stderr"; return 1; }
  read -r s kb <"$out/time"
  mb=$((kb / 1024))
}
# median CMD...: $runs runs; sets med, mb (largest peak RSS).
median() {
  local ts=() peak=0
  for _ in $(seq "$runs"); do
    time1 "$@"
    ts+=("$s")
    ((mb > peak)) && peak=$mb
  done
  med=$(printf '%s\n' "${ts[@]}" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  mb=$peak
}
reached() { grep -m1 -o 'reachable methods: [0-9]*' "$out/stdout" | grep -o '[0-9]*$'; }

# program: name, client jar, main class, library jars, library summaries
progs=(
  "jflex|$j/jflex.jar|jflex.Main|$j/cup.jar $j/cup_runtime.jar|$out/cup.rfsum $out/cup_runtime.rfsum"
  "cup|$j/cup.jar|java_cup.Main|$j/cup_runtime.jar|$out/cup_runtime.rfsum"
  "sablecc|$j/sablecc.jar|org.sablecc.sablecc.SableCC||"
  "jlex|$j/JLex.jar|JLex.Main||"
  "javacc|$j/javacc.jar|org.javacc.parser.Main||"
)
for p in "${progs[@]}"; do
  IFS='|' read -r name client main libs sums <<<"$p"
  [[ -n ${PROGRAMS:-} && " $PROGRAMS " != *" $name "* ]] && continue
  lib_args=() sum_args=() cp=$client
  for l in $libs; do lib_args+=(-lib "$l"); cp=$cp:$l; done
  for sum in $sums; do sum_args+=(-summary "$sum"); done
  entry=${main//.//}.main
  for a in ${ANALYSES:-rta}; do
    median "$out/linker" -client "$client" "${lib_args[@]}" -lib "$jdk" -entry "$entry" -analyses "$a" -text -
    whole=$med whole_mb=$mb whole_n=$(reached)
    median "$out/linker" -client "$client" "${sum_args[@]}" -summary "$out/jdk.rfsum" -warm-start "$out/jdk.rfwarm" \
      -entry "$entry" -analyses "$a" -text -
    warm=$med warm_mb=$mb
    harness=SootUpCallGraph peer_name=SootUp
    [[ $a == 0cfa || $a == andersen ]] && harness=WalaCallGraph peer_name=WALA
    if time1 timeout "${PEER_TIMEOUT:-1800}" "$jdk/bin/java" -Xmx8g -cp "$(cat "$out/peer.cp"):$out/peer" \
      "$harness" "$a" "$main" "$cp"; then
      peer=$s peer_mb=$mb peer_n=$(grep -o '[0-9]* reachable methods' "$out/stdout" | tail -1 | grep -o '^[0-9]*')
      printf "%-8s %-8s linker whole %6.2f s %5d MB %6d methods | warm %5.2f s %4d MB | $peer_name %7.2f s %5d MB %6d methods | peer/whole %5.1fx  peer/warm %6.1fx\n" \
        "$name" "$a" "$whole" "$whole_mb" "$whole_n" "$warm" "$warm_mb" "$peer" "$peer_mb" "$peer_n" \
        "$(awk -v a="$peer" -v b="$whole" 'BEGIN {print a / b}')" "$(awk -v a="$peer" -v b="$warm" 'BEGIN {print a / b}')"
    else
      printf "%-8s %-8s linker whole %6.2f s %5d MB %6d methods | warm %5.2f s %4d MB | $peer_name failed or timed out\n" \
        "$name" "$a" "$whole" "$whole_mb" "$whole_n" "$warm" "$warm_mb"
    fi
  done
done
