#!/usr/bin/env bash
# Persistent-worker benchmark (docs/BENCHMARKS.md): the linker and the
# summarizer as Bazel persistent workers (tools/worker), driven as Bazel
# drives them (testing/bench/workerdrive), against the same tools run as
# one process per action, in the same run:
#  1. links of the five programs (jflex, cup, sablecc, jlex, javacc) from
#     their summaries and the JDK's warm start, per analysis: the median
#     wall time of a process per link, the first link in a fresh worker and
#     the median of the later ones; and the whole-program link (a process,
#     every jar and the JDK from class files) with the ratio whole / worker,
#     and the whole-program links in a worker of their own (WHOLE_WRUNS);
#  2. summaries of library jars (each with the JDK's summary as its
#     dependency): a process per summary (also with -all-deps, every JDK
#     class in the library's hierarchy) vs the worker's later summaries.
# usage: run-worker-bench.sh   env: RUNS (default 3; process medians),
#        WRUNS (default 8; requests per link in the worker), WHOLE_WRUNS
#        (default 3; per whole-program link in its worker), SHUFFLE (seed
#        of the links' order after the worker's first round; default 0,
#        file order: workerdrive -shuffle), OUT (work dir),
#        ANALYSES (default "rta cha 0cfa andersen"), JDK (JDK 17 home),
#        PARTS (default "links summaries")
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
runs="${RUNS:-3}"
wruns="${WRUNS:-8}"
jdk="${JDK:-/usr/lib/jvm/java-17-openjdk-amd64}"
out="${OUT:-$(mktemp -d)}"
mkdir -p "$out"
cd "$repo"
go build -o "$out/summarizer" ./summarizer
go build -o "$out/linker" ./linker
go build -o "$out/workerdrive" ./testing/bench/workerdrive
j=/usr/share/java

# measure CMD...: runs CMD $runs times; sets med_s (median seconds).
measure() {
  local ts=()
  for _ in $(seq "$runs"); do
    /usr/bin/time -f '%e' -o "$out/time" "$@" >/dev/null
    ts+=("$(cat "$out/time")")
  done
  med_s=$(printf '%s\n' "${ts[@]}" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
}

echo "== JDK 17 summary and warm start"
"$out/summarizer" -target jdk17 -jar "$jdk" -o "$out/jdk.rfsum" -warm-start "$out/jdk.rfwarm"
"$out/summarizer" -target cup_runtime -jar "$j/cup_runtime.jar" -dep "$out/jdk.rfsum" -o "$out/cup_runtime.rfsum"
"$out/summarizer" -target cup -jar "$j/cup.jar" -dep "$out/cup_runtime.rfsum" -dep "$out/jdk.rfsum" -o "$out/cup.rfsum"

if [[ " ${PARTS:-links summaries} " == *" links "* ]]; then
echo "== links: a process per link vs a persistent worker"
: >"$out/link-requests"
: >"$out/whole-requests"
declare -A whole proc
# program NAME CLIENT "LIBS" "SUMMARIES" [ENTRIES...]: the process medians of
# NAME's links, and its requests for the worker.
program() {
  local name="$1" client="$2" libs="$3" sums="$4"
  shift 4
  local wp=(-client "$client") sp=(-client "$client")
  for l in $libs; do wp+=(-lib "$l"); done
  wp+=(-lib "$jdk")
  for s in $sums; do sp+=(-summary "$s"); done
  sp+=(-summary "$out/jdk.rfsum" -warm-start "$out/jdk.rfwarm")
  for e in "$@"; do wp+=(-entry "$e"); sp+=(-entry "$e"); done
  for a in ${ANALYSES:-rta cha 0cfa andersen}; do
    measure "$out/linker" "${wp[@]}" -analyses "$a" -text ''
    whole[$name-$a]=$med_s
    measure "$out/linker" "${sp[@]}" -analyses "$a" -text ''
    proc[$name-$a]=$med_s
    echo "$name-$a ${sp[*]} -analyses $a -text=" >>"$out/link-requests"
    echo "$name-$a ${wp[*]} -analyses $a -text=" >>"$out/whole-requests"
  done
}
program jflex "$j/jflex.jar" "$j/cup.jar $j/cup_runtime.jar" "$out/cup.rfsum $out/cup_runtime.rfsum"
program cup "$j/cup.jar" "$j/cup_runtime.jar" "$out/cup_runtime.rfsum"
program sablecc "$j/sablecc.jar" "" ""
program jlex "$j/JLex.jar" "" ""
program javacc "$j/javacc.jar" "" "" org/javacc/parser/Main.main org/javacc/jjtree/Main.main org/javacc/jjdoc/JJDocMain.main
"$out/workerdrive" -runs "$wruns" -shuffle "${SHUFFLE:-0}" "$out/linker" "$out/link-requests" | tee "$out/link-worker"
# The whole-program links in a worker of their own too: no process start-up,
# a grown heap (nothing of theirs is cached).
"$out/workerdrive" -runs "${WHOLE_WRUNS:-3}" "$out/linker" "$out/whole-requests" | tee "$out/whole-worker"
declare -A wwhole
while read -r label _ _ _ _ _ later; do wwhole[$label]=$later; done < <(grep " first " "$out/whole-worker")
printf '%-18s %9s %9s %12s %12s %12s %14s %14s %14s\n' link whole process worker-first worker-later whole-worker \
  whole/process whole/worker worker/worker
while read -r label _ first _ _ _ later; do
  awk -v l="$label" -v w="${whole[$label]}" -v p="${proc[$label]}" -v f="$first" -v s="$later" -v ww="${wwhole[$label]}" \
    'BEGIN {printf "%-18s %8.3fs %8.3fs %11.3fs %11.3fs %11.3fs %13.2fx %13.2fx %13.2fx\n", l, w, p, f, s, ww, w/p, w/s, ww/s}'
done < <(grep " first " "$out/link-worker")
fi

[[ " ${PARTS:-links summaries} " == *" summaries "* ]] || exit 0
echo "== summaries of library jars (the JDK's summary as their dependency)"
: >"$out/sum-requests"
declare -A sproc sall
for jar in commons-lang3 commons-io commons-codec gson jackson-core junit4 httpcore guava; do
  [[ -f $j/$jar.jar ]] || { echo "skip $jar: $j/$jar.jar not installed"; continue; }
  args=(-target "$jar" -jar "$j/$jar.jar" -dep "$out/jdk.rfsum" -o "$out/$jar.rfsum")
  measure "$out/summarizer" "${args[@]}"
  sproc[$jar]=$med_s
  measure "$out/summarizer" "${args[@]}" -all-deps
  sall[$jar]=$med_s
  echo "$jar ${args[*]}" >>"$out/sum-requests"
done
"$out/workerdrive" -runs "$wruns" "$out/summarizer" "$out/sum-requests" | tee "$out/sum-worker"
printf '%-18s %12s %9s %12s %12s %16s %16s\n' summary all-deps process worker-first worker-later all-deps/process process/worker
while read -r label _ first _ _ _ later; do
  awk -v l="$label" -v a="${sall[$label]}" -v p="${sproc[$label]}" -v f="$first" -v s="$later" \
    'BEGIN {printf "%-18s %11.3fs %8.3fs %11.3fs %11.3fs %15.2fx %15.2fx\n", l, a, p, f, s, a/p, p/s}'
done < <(grep " first " "$out/sum-worker")
