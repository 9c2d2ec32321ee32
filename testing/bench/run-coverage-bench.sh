#!/usr/bin/env bash
# What observing a run for polymorphism_coverage_test costs, side by side with
# JaCoCo's agent (bytecode instrumentation for line coverage, the usual price
# of a coverage run; docs/BENCHMARKS.md): the five Debian programs of
# testing/oracle's soundness runs on testing/corpus/tracer's inputs, each
# plain, under JaCoCo (includes = the program's packages), with the program's
# polymorphic call sites under RTA instrumented (fragment instrument, the
# rule's default) and under tools/tracer's JVMTI agent with the options the
# rule passes with tracer = "jvmti" (edges, receivers, supertypes).
# Median wall time of RUNS runs each, and the ratios to the plain run.
# usage: run-coverage-bench.sh   env: RUNS (default 5), JDK (default JDK 17 home), OUT (work dir)
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
runs="${RUNS:-5}"
jdk="${JDK:-/usr/lib/jvm/java-17-openjdk-amd64}"
out="${OUT:-$(mktemp -d)}"
mkdir -p "$out"
cd "$repo"
go build -o "$out/" ./linker ./tools/cmd/fragment
javac --release 8 -d "$out/recorder" tools/tracer/recorder/rules_fragment/tracer/Recorder.java
gcc -shared -fPIC -O2 -Wall -I"$jdk/include" -I"$jdk/include/linux" -o "$out/calltrace.so" tools/tracer/calltrace.c
jacoco_version=0.8.15
mvn -q -B dependency:copy -Dartifact="org.jacoco:org.jacoco.agent:$jacoco_version:jar:runtime" -DoutputDirectory="$out" >/dev/null 2>&1
jacoco="$out/org.jacoco.agent-$jacoco_version-runtime.jar"
cp testing/corpus/tracer/calc.* "$out/"

# name | class path (the program's jar first) | main class | package prefix | arguments (in $out)
programs=(
  "jlex|/usr/share/java/JLex.jar|JLex.Main|JLex/|calc.lex"
  "cup|/usr/share/java/cup.jar:/usr/share/java/cup_runtime.jar|java_cup.Main|java_cup/|-destdir gen -parser CalcParser -symbols sym -interface calc.cup"
  "javacc|/usr/share/java/javacc.jar|org.javacc.parser.Main|org/javacc/|-OUTPUT_DIRECTORY=gen calc.jj"
  "sablecc|/usr/share/java/sablecc.jar|org.sablecc.sablecc.SableCC|org/sablecc/|-d gen calc.sablecc"
  "jflex|/usr/share/java/jflex.jar:/usr/share/java/cup.jar:/usr/share/java/cup_runtime.jar|jflex.Main|jflex/|-d gen --nobak calc.flex"
)

# The instrumented classes of each program's polymorphic call sites (RTA,
# whole program).
for p in "${programs[@]}"; do
  IFS='|' read -r name cp main _ _ <<<"$p"
  IFS=: read -r -a jars <<<"$cp"
  libs=(-lib "$jdk")
  for j in "${jars[@]:1}"; do libs+=(-lib "$j"); done
  "$out/linker" -client "${jars[0]}" "${libs[@]}" -entry "${main//.//}.main" -analyses rta -text "" -json "$out/$name.json" >/dev/null
  "$out/fragment" instrument -result "$out/$name.json" -o "$out/$name.inst.jar" "${jars[0]}" | sed -n "1s/^/$name: /p"
done

median() { printf '%s\n' "$@" | sort -n | sed -n "$(( (${#@} + 1) / 2 ))p"; }

printf '%-8s %8s %8s %8s %8s %12s %12s %12s\n' program plain jacoco instr tracer 'jacoco/plain' 'instr/plain' 'tracer/plain'
for p in "${programs[@]}"; do
  IFS='|' read -r name cp main prefix args <<<"$p"
  declare -A t=()
  for mode in plain jacoco instr tracer; do
    ts=()
    for _ in $(seq "$runs"); do
      rm -rf "$out/gen" "$out"/trace.* "$out/jacoco.exec" && mkdir -p "$out/gen"
      agent=() before=""
      case $mode in
        instr) agent=("-Drules_fragment.trace=$out/trace.instr") before="$out/$name.inst.jar:$out/recorder:" ;;
        jacoco) agent=("-javaagent:$jacoco=destfile=$out/jacoco.exec,includes=${prefix//\//.}*") ;;
        tracer) agent=("-agentpath:$out/calltrace.so=out=$out/trace.edges,recv=$out/trace.recv,types=$out/trace.types,prefix=$prefix") ;;
      esac
      # shellcheck disable=SC2086 # the arguments are words
      (cd "$out" && /usr/bin/time -f '%e' -o "$out/time" "$jdk/bin/java" "${agent[@]}" -cp "$before$cp" "$main" $args >/dev/null 2>&1)
      ts+=("$(cat "$out/time")")
    done
    t[$mode]=$(median "${ts[@]}")
  done
  printf '%-8s %7ss %7ss %7ss %7ss %11.2fx %11.2fx %11.2fx\n' "$name" "${t[plain]}" "${t[jacoco]}" "${t[instr]}" "${t[tracer]}" \
    "$(echo "${t[jacoco]} / ${t[plain]}" | bc -l)" "$(echo "${t[instr]} / ${t[plain]}" | bc -l)" "$(echo "${t[tracer]} / ${t[plain]}" | bc -l)"
  unset t
done
