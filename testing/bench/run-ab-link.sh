#!/usr/bin/env bash
# A model or solver change side by side with the commit before it (docs/BENCHMARKS.md):
# builds the summarizer and linker of BASE (in a git worktree) and of the working tree,
# makes each its own JDK 17 summary and warm start (and CUP's summaries), then runs the
# warm links of the five Debian programs with the two linkers taking turns, RUNS times
# each, and prints per link the two medians and whether the JSON results agree (less the
# producer and inputs; the lines that differ are listed).
# usage: BASE=<rev> run-ab-link.sh   env: RUNS (default 5), ANALYSES (default "0cfa andersen"),
#        PROGS (default "jflex javacc cup sablecc jlex"), JDK (default JDK 17 home), OUT (work dir)
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
base="${BASE:?set BASE to the commit to compare with}"
runs="${RUNS:-5}"
jdk="${JDK:-/usr/lib/jvm/java-17-openjdk-amd64}"
out="${OUT:-$(mktemp -d)}"
j=/usr/share/java
mkdir -p "$out"
tree="$out/base-tree"
if [[ ! -d $tree ]]; then
  git -C "$repo" worktree add -q --detach "$tree" "$base"
fi
trap 'git -C "$repo" worktree remove --force "$tree" 2>/dev/null || true' EXIT

for v in base new; do
  src="$repo"; [[ $v == base ]] && src="$tree"
  mkdir -p "$out/$v"
  (cd "$src" && go build -o "$out/$v/summarizer" ./summarizer && go build -o "$out/$v/linker" ./linker)
  "$out/$v/summarizer" -target jdk17 -jar "$jdk" -o "$out/$v/jdk.rfsum" -warm-start "$out/$v/jdk.rfwarm"
  "$out/$v/summarizer" -target cup_runtime -jar "$j/cup_runtime.jar" -dep "$out/$v/jdk.rfsum" -o "$out/$v/cup_runtime.rfsum"
  "$out/$v/summarizer" -target cup -jar "$j/cup.jar" -dep "$out/$v/cup_runtime.rfsum" -dep "$out/$v/jdk.rfsum" -o "$out/$v/cup.rfsum"
done

# link VERSION PROGRAM ANALYSIS: one warm link; prints its wall time in seconds.
link() {
  local v="$1" n="$2" a="$3" d="$out/$1" args=()
  case $n in
    jflex) args=(-client "$j/jflex.jar" -summary "$d/cup.rfsum" -summary "$d/cup_runtime.rfsum") ;;
    cup) args=(-client "$j/cup.jar" -summary "$d/cup_runtime.rfsum") ;;
    javacc) args=(-client "$j/javacc.jar" -entry org/javacc/parser/Main.main -entry org/javacc/jjtree/Main.main -entry org/javacc/jjdoc/JJDocMain.main) ;;
    sablecc) args=(-client "$j/sablecc.jar") ;;
    jlex) args=(-client "$j/JLex.jar") ;;
    *) echo "unknown program $n" >&2; exit 2 ;;
  esac
  local t0 t1
  t0=$(date +%s.%N)
  "$d/linker" "${args[@]}" -summary "$d/jdk.rfsum" -warm-start "$d/jdk.rfwarm" -analyses "$a" -text '' -json "$d/$n-$a.json"
  t1=$(date +%s.%N)
  echo "$t1 - $t0" | bc
}
median() { sort -n | sed -n "$(( (runs + 1) / 2 ))p"; }

echo "| link | $base | working tree | JSON |"
echo "|---|---:|---:|---|"
for n in ${PROGS:-jflex javacc cup sablecc jlex}; do
  for a in ${ANALYSES:-0cfa andersen}; do
    b=() w=()
    for _ in $(seq "$runs"); do
      b+=("$(link base "$n" "$a")")
      w+=("$(link new "$n" "$a")")
    done
    diffs=$(diff <(jq -S 'del(.producer, .inputs)' "$out/base/$n-$a.json") <(jq -S 'del(.producer, .inputs)' "$out/new/$n-$a.json") | grep -c '^[<>]' || true)
    printf '| %s %s | %.3f s | %.3f s | %s |\n' "$n" "$a" "$(printf '%s\n' "${b[@]}" | median)" \
      "$(printf '%s\n' "${w[@]}" | median)" "$([[ $diffs == 0 ]] && echo same || echo "$diffs lines differ")"
  done
done
