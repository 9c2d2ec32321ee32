#!/usr/bin/env bash
# Summarizer and linker benchmarks (docs/BENCHMARKS.md), both sides in one run:
#  1. the JDK 17 runtime summary: wall time, peak RSS, size as a share of the class bytes;
#  2. per program (jflex, cup, sablecc, jlex, javacc from Debian), the linker in
#     whole-program mode (every jar and the JDK from class files) and in client +
#     summaries mode, for RTA and for CHA: median wall time and peak RSS, and the ratio
#     (and from the JDK's warm start, -warm-start);
#  3. library-fragment mode on the CUP runtime (open and closed world), the JDK from
#     class files vs from its summary.
# usage: run-link-bench.sh   env: RUNS (default 3), JDK (default JDK 17 home), OUT (work dir),
#        ANALYSES (default "rta cha"; e.g. "0cfa andersen" for the points-to analyses),
#        FRAGMENT (default 1; 0 skips step 3)
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
runs="${RUNS:-3}"
jdk="${JDK:-/usr/lib/jvm/java-17-openjdk-amd64}"
out="${OUT:-$(mktemp -d)}"
mkdir -p "$out"
cd "$repo"
go build -o "$out/summarizer" ./summarizer
go build -o "$out/linker" ./linker
j=/usr/share/java

# measure LABEL CMD...: runs CMD $runs times; sets med_s (median seconds) and max_mb.
measure() {
  local label="$1"; shift
  local ts=() rss=0
  for _ in $(seq "$runs"); do
    /usr/bin/time -f '%e %M' -o "$out/time" "$@" >/dev/null
    read -r s kb <"$out/time"
    ts+=("$s")
    (( kb > rss )) && rss=$kb
  done
  med_s=$(printf '%s\n' "${ts[@]}" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  max_mb=$(( rss / 1024 ))
  printf '%-44s median %7.3f s  peak RSS %6d MB  (runs: %s)\n' "$label" "$med_s" "$max_mb" "${ts[*]}"
}

echo "== JDK 17 summary ($jdk)"
measure "summarizer jdk17" "$out/summarizer" -target jdk17 -jar "$jdk" -o "$out/jdk.rfsum"
measure "summarizer jdk17 -warm-start" "$out/summarizer" -target jdk17 -jar "$jdk" -o "$out/jdk.rfsum" -warm-start "$out/jdk.rfwarm"
"$out/summarizer" -stats -target jdk17 -jar "$jdk" -o "$out/jdk.rfsum" -warm-start "$out/jdk.rfwarm"
echo "warm start: $(stat -c %s "$out/jdk.rfwarm") bytes"

summ() { # out target jar deps...
  local o="$1" t="$2" jar="$3"; shift 3
  local args=()
  for d in "$@"; do args+=(-dep "$d"); done
  "$out/summarizer" -target "$t" -jar "$jar" "${args[@]}" -o "$o"
}
summ "$out/cup_runtime.rfsum" cup_runtime "$j/cup_runtime.jar" "$out/jdk.rfsum"
summ "$out/cup.rfsum" cup "$j/cup.jar" "$out/cup_runtime.rfsum" "$out/jdk.rfsum"

bench() { # name client "libs" "summaries" [entries...]
  local name="$1" client="$2" libs="$3" sums="$4"; shift 4
  local wp=(-client "$client") sp=(-client "$client")
  for l in $libs; do wp+=(-lib "$l"); done
  wp+=(-lib "$jdk")
  for s in $sums; do sp+=(-summary "$s"); done
  for e in "$@"; do wp+=(-entry "$e"); sp+=(-entry "$e"); done
  for a in ${ANALYSES:-rta cha}; do
    measure "$name $a whole-program" "$out/linker" "${wp[@]}" -analyses "$a" -text ''
    local w=$med_s
    measure "$name $a client+summaries" "$out/linker" "${sp[@]}" -analyses "$a" -text ''
    awk -v w="$w" -v s="$med_s" -v n="$name" -v a="$a" 'BEGIN {printf "%-44s ratio whole/summaries %.2fx\n", n " " a, w/s}'
    measure "$name $a client+summaries+warm start" "$out/linker" "${sp[@]}" -warm-start "$out/jdk.rfwarm" -analyses "$a" -text ''
    awk -v w="$w" -v s="$med_s" -v n="$name" -v a="$a" 'BEGIN {printf "%-44s ratio whole/warm %.2fx\n", n " " a, w/s}'
  done
}

echo "== linker, whole program vs client + summaries"
bench jflex "$j/jflex.jar" "$j/cup.jar $j/cup_runtime.jar" "$out/cup.rfsum $out/cup_runtime.rfsum $out/jdk.rfsum"
bench cup "$j/cup.jar" "$j/cup_runtime.jar" "$out/cup_runtime.rfsum $out/jdk.rfsum"
bench sablecc "$j/sablecc.jar" "" "$out/jdk.rfsum"
bench jlex "$j/JLex.jar" "" "$out/jdk.rfsum"
bench javacc "$j/javacc.jar" "" "$out/jdk.rfsum" org/javacc/parser/Main.main org/javacc/jjtree/Main.main org/javacc/jjdoc/JJDocMain.main

[[ ${FRAGMENT:-1} == 1 ]] || exit 0
echo "== linker, library fragment (placeholder clients): dependencies from class files vs summaries"
for world in open closed; do
  flags=(-fragment -client "$j/cup_runtime.jar" -analyses rta -text '')
  [[ $world == closed ]] && flags+=(-closed-world)
  measure "cup_runtime fragment $world rta jars" "$out/linker" "${flags[@]}" -lib "$jdk"
  w=$med_s
  measure "cup_runtime fragment $world rta summaries" "$out/linker" "${flags[@]}" -summary "$out/jdk.rfsum"
  awk -v w="$w" -v s="$med_s" -v n="cup_runtime fragment $world" 'BEGIN {printf "%-44s ratio jars/summaries %.2fx\n", n, w/s}'
  "$out/linker" "${flags[@]}" -summary "$out/jdk.rfsum" -text - | sed -n '3p;6,9p'
done
