#!/bin/bash
# singlejar stand-in: writes an empty jar to --output (enough for the source
# jar of a java_library); deploy jars are refused.
set -euo pipefail
# Expands "@params" files (one argument per line) into the array args.
# Repeated in each stand-in: an action's sandbox holds the tool file alone,
# so a sourced helper would be missing.
args=()
for a in "$@"; do
  if [[ $a == @* ]]; then
    while IFS= read -r line || [[ -n $line ]]; do args+=("$line"); done <"${a#@}"
  else
    args+=("$a")
  fi
done
JAR="${JAVA_HOME:+$JAVA_HOME/bin/}jar"
JAVAC="${JAVA_HOME:+$JAVA_HOME/bin/}javac"
# A fixed entry date keeps jars byte-identical between builds, so actions
# that read them hit caches.
DATE=2000-01-01T00:00:00Z
out=""
for ((i = 0; i < ${#args[@]}; i++)); do
  [[ ${args[i]} == --output ]] && out=${args[i + 1]}
done
[[ -n $out ]] || { echo "singlejar.sh: no --output" >&2; exit 1; }
[[ $out != *_deploy.jar ]] || { echo "singlejar.sh: deploy jars are not supported offline ($out)" >&2; exit 1; }
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
"$JAR" --create --file "$out" --date="$DATE" -C "$d" .
