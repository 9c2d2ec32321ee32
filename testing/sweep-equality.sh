#!/usr/bin/env bash
# Equality sweep over every jar of a directory (default /usr/share/java, each
# file once: symbolic links are skipped). For a jar with a main method, whole
# program (the JDK from class files) against client + the JDK's summary and
# warm start: RTA, 0-CFA_f and AND_f with MOD/USE and points-to sets. For a
# jar without one, its library fragment (closed world) from the JDK's class
# files against the JDK's summary: RTA and 0-CFA_f with MOD/USE. The JSON
# results must be identical but for the mode and the inputs. Prints one line
# per jar (same/DIFF/FAIL) and exits 1 if any differs or fails. Not part of
# the test command: it takes about half an hour on two cores.
#   needs jq; env: DIR (jars), JDK (a JDK home), OUT (work directory, kept)
set -uo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dir="${DIR:-/usr/share/java}"
jdk="${JDK:-/usr/lib/jvm/java-17-openjdk-amd64}"
out="${OUT:-$(mktemp -d)}"
mkdir -p "$out"
cd "$repo"
go build -o "$out/summarizer" ./summarizer && go build -o "$out/linker" ./linker || exit 1
"$out/summarizer" -jar "$jdk" -target jdk -o "$out/jdk.rfsum" -warm-start "$out/jdk.rfwarm" || exit 1
norm() { jq -S 'del(.mode, .inputs)' "$1"; }
bad=0
for j in "$dir"/*.jar; do
  [[ -L $j ]] && continue
  b=$(basename "$j" .jar) o="$out/$b"
  if "$out/linker" -client "$j" -lib "$jdk" -analyses rta,0cfa,andersen -modref -points-to -text '' -json "$o.whole.json" 2>"$o.whole.log"; then
    kind=main
    "$out/linker" -client "$j" -summary "$out/jdk.rfsum" -warm-start "$out/jdk.rfwarm" -analyses rta,0cfa,andersen \
      -modref -points-to -text '' -json "$o.sums.json" 2>"$o.sums.log" || { echo "FAIL $kind $b"; bad=1; continue; }
  elif grep -q "no entry points" "$o.whole.log"; then
    kind=fragment
    "$out/linker" -fragment -closed-world -client "$j" -lib "$jdk" -analyses rta,0cfa -modref -text '' -json "$o.whole.json" 2>"$o.whole.log" &&
      "$out/linker" -fragment -closed-world -client "$j" -summary "$out/jdk.rfsum" -analyses rta,0cfa -modref -text '' \
        -json "$o.sums.json" 2>"$o.sums.log" || { echo "FAIL $kind $b"; bad=1; continue; }
  else
    echo "FAIL whole $b: $(tail -1 "$o.whole.log")"; bad=1; continue
  fi
  if cmp -s <(norm "$o.whole.json") <(norm "$o.sums.json"); then
    echo "same $kind $b"
  else
    echo "DIFF $kind $b"; bad=1
  fi
  rm -f "$o.whole.json" "$o.sums.json"
done
exit $bad
