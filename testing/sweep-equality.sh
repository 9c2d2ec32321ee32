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
#   env: DIR (jars), JDK (a JDK home), OUT (work directory, kept)
set -uo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dir="${DIR:-/usr/share/java}"
jdk="${JDK:-/usr/lib/jvm/java-17-openjdk-amd64}"
out="${OUT:-$(mktemp -d)}"
mkdir -p "$out"
cd "$repo"
go build -o "$out/summarizer" ./summarizer && go build -o "$out/linker" ./linker || exit 1
"$out/summarizer" -jar "$jdk" -target jdk -o "$out/jdk.rfsum" -warm-start "$out/jdk.rfwarm" || exit 1
. testing/equality-lib.sh
bad=0
for j in "$dir"/*.jar; do
  [[ -L $j ]] && continue
  b=$(basename "$j" .jar)
  equal_links "$b" "$out/$b" -client "$j" -lib "$jdk" -- -client "$j" -summary "$out/jdk.rfsum" || bad=1
done
exit $bad
