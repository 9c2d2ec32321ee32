#!/usr/bin/env bash
# What a reflection log costs and brings (docs/BENCHMARKS.md): ANTLR 4's tool
# (testing/maven-traced.txt, from the local Maven repository) generates a parser
# for testing/corpus/tracer/Calc.g4 under the tracer (testing/tracer, reflog=),
# then the linker analyses it whole-program (every jar and the JDK from class
# files) with RTA and AND_f, with and without the log: median wall time, peak
# RSS, reachable methods and client call edges.
# usage: run-reflog-bench.sh   env: RUNS (default 3), JDK (default JDK 17 home), OUT (work dir)
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
runs="${RUNS:-3}"
jdk="${JDK:-/usr/lib/jvm/java-17-openjdk-amd64}"
out="${OUT:-$(mktemp -d)}"
mkdir -p "$out"
cd "$repo"
go build -o "$out/linker" ./linker
gcc -shared -fPIC -O2 -Wall -I"$jdk/include" -I"$jdk/include/linux" -o "$out/calltrace.so" tools/tracer/calltrace.c

# The application's jars, its own first (maven-traced.txt's "app antlr4" block).
jars=()
while read -r c; do
  IFS=: read -r g a v _ cls <<<"$c"
  jars+=("$HOME/.m2/repository/${g//.//}/$a/$v/$a-$v${cls:+-$cls}.jar")
done < <(awk '/^app /{on=($2=="antlr4"); next} on && NF && !/^#/' testing/maven-traced.txt)
cp testing/corpus/tracer/Calc.g4 "$out/"
cp_path="$(IFS=:; echo "${jars[*]}")"
"$jdk/bin/java" "-agentpath:$out/calltrace.so=out=$out/edges.txt,prefix=org/antlr/v4/,reflog=$out/refl.log" \
  -cp "$cp_path" org.antlr.v4.Tool -o "$out/gen" -Xexact-output-dir "$out/Calc.g4" >/dev/null
echo "reflection log: $(wc -l <"$out/refl.log") entries ($(grep -c ';org\.antlr\.' "$out/refl.log" || true) with ANTLR callers)"

libs=(-lib "$jdk")
for j in "${jars[@]:1}"; do libs+=(-lib "$j"); done
printf '%-10s %-8s %8s %8s %10s %8s\n' analysis log median 'peak MB' reachable edges
for a in rta andersen; do
  for log in no yes; do
    extra=()
    [[ $log == yes ]] && extra=(-reflection-log "$out/refl.log")
    ts=() rss=0
    for _ in $(seq "$runs"); do
      /usr/bin/time -f '%e %M' -o "$out/time" "$out/linker" -client "${jars[0]}" "${libs[@]}" -entry org/antlr/v4/Tool.main \
        -analyses "$a" -text "" -json "$out/r.json" "${extra[@]}" >/dev/null
      read -r s kb <"$out/time"
      ts+=("$s"); (( kb > rss )) && rss=$kb
    done
    med=$(printf '%s\n' "${ts[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p")
    read -r reach edges < <(python3 -c 'import json,sys; t=json.load(open(sys.argv[1]))["analyses"][0]["totals"]; print(t["reachable_methods"], t["call_edges"])' "$out/r.json")
    printf '%-10s %-8s %7ss %8d %10d %8d\n' "$a" "$log" "$med" $((rss / 1024)) "$reach" "$edges"
  done
done
