#!/usr/bin/env bash
# Equality sweep over whole dependency closures (testing/maven-apps.txt, or
# the coordinates given as arguments): for each application, fetch it and
# its runtime dependencies with Maven, summarise the dependencies in layers
# as the Bazel summary aspect does (each jar with the summaries of the jars
# jdeps finds it referencing, and the JDK's), then link the application
# whole-program (every jar and the JDK from class files) and from the
# summaries and the JDK's warm start: RTA, 0-CFA_f and AND_f with MOD/USE
# and points-to sets, or, for a jar without a main method, its library
# fragment (closed world) with RTA and 0-CFA_f and MOD/USE. The JSON results
# must be identical but for the mode and the inputs. Prints one line per
# application (same/DIFF/FAIL) and exits 1 if any differs or fails. Not part
# of the test command: about a minute per application on two cores.
#   usage: maven-apps-equality.sh [GROUP:ARTIFACT:VERSION...]
#   needs mvn, jdeps, zip; env: JDK (a JDK 17 home), OUT (work directory, kept)
set -uo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
jdk="${JDK:-/usr/lib/jvm/java-17-openjdk-amd64}"
out="${OUT:-$(mktemp -d)}"
mkdir -p "$out"
cd "$repo"
apps=("$@")
if ((${#apps[@]} == 0)); then
  mapfile -t apps < <(grep -v '^#' testing/maven-apps.txt | grep .)
fi
go build -o "$out/summarizer" ./summarizer && go build -o "$out/linker" ./linker || exit 1
"$out/summarizer" -jar "$jdk" -target jdk -o "$out/jdk.rfsum" -warm-start "$out/jdk.rfwarm" || exit 1

# references JAR: "JAR DEP" for each jar DEP of the closure whose classes
# JAR references (jdeps on the class path; a modular jar whose descriptor
# requires a module the closure lacks is read without its descriptor).
references() {
  local r
  r=$("$jdk/bin/jdeps" --multi-release 17 -summary -cp '*' "$1" 2>&1)
  if grep -q 'Exception' <<<"$r"; then
    mkdir -p "$out/plain" && cp "$1" "$out/plain/"
    zip -q -d "$out/plain/$1" 'module-info.class' 'META-INF/versions/*/module-info.class' >/dev/null 2>&1
    r=$("$jdk/bin/jdeps" --multi-release 17 -summary -cp '*' "$out/plain/$1" 2>&1)
    rm -f "$out/plain/$1"
  fi
  awk -v j="$1" '$2 == "->" && $3 ~ /\.jar$/ && $3 != j {print j, $3}' <<<"$r"
}

. testing/equality-lib.sh
bad=0
for coord in "${apps[@]}"; do
  IFS=: read -r group artifact version <<<"$coord"
  d="$out/$artifact"
  rm -rf "$d" && mkdir -p "$d/lib" "$d/sum"
  cat >"$d/pom.xml" <<EOF
<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>
<groupId>rules-fragment.sweep</groupId><artifactId>$artifact-closure</artifactId><version>1</version>
<dependencies><dependency><groupId>$group</groupId><artifactId>$artifact</artifactId><version>$version</version></dependency></dependencies>
</project>
EOF
  if ! (cd "$d" && mvn -q -B dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory=lib >mvn.log 2>&1); then
    echo "FAIL fetch $coord: $(tail -1 "$d/mvn.log")"; bad=1; continue
  fi
  client="$artifact-$version.jar"
  (
    cd "$d/lib" || exit 1
    # Edges "jar dependency-jar" among the closure, every jar with
    # itself, in dependency order.
    for j in *.jar; do references "$j"; echo "$j $j"; done >../deps
    awk '{print $2, $1}' ../deps | tsort >../order
  )
  ok=1
  libs=() sums=()
  while read -r j; do
    [[ $j == "$client" ]] && continue
    deps=(-dep "$out/jdk.rfsum")
    for x in $(awk -v j="$j" '$1 == j && $2 != j {print $2}' "$d/deps"); do
      if [[ -e $d/sum/$x.rfsum ]]; then
        deps+=(-dep "$d/sum/$x.rfsum")
      else
        echo "note: $coord: $j and $x reference each other; $j is summarised without $x" >&2
      fi
    done
    if ! "$out/summarizer" -target "${j%.jar}" -jar "$d/lib/$j" "${deps[@]}" -o "$d/sum/$j.rfsum" 2>"$d/sum/$j.log"; then
      echo "FAIL summary $coord $j: $(tail -1 "$d/sum/$j.log")"; ok=0; break
    fi
    libs+=(-lib "$d/lib/$j") sums+=(-summary "$d/sum/$j.rfsum")
  done <"$d/order"
  ((ok)) || { bad=1; continue; }
  equal_links "$coord ($(grep -c . "$d/order") jars)" "$d/links" -client "$d/lib/$client" "${libs[@]}" -lib "$jdk" \
    -- -client "$d/lib/$client" "${sums[@]}" -summary "$out/jdk.rfsum" || bad=1
done
exit $bad
