#!/usr/bin/env bash
# Compiles every corpus tree with its --release and runs every program.
# usage: check.sh [OUT]   (OUT defaults to a temp dir, removed on exit)
# env: JAVA_HOME (JDK 17+, default: javac/java on PATH),
#      JDK25_HOME (default /usr/lib/jvm/temurin-25-jdk-amd64; java25 tree skipped if absent)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
if [[ $# -ge 1 ]]; then
  out="$1"; mkdir -p "$out"
else
  out="$(mktemp -d)"; trap 'rm -rf "$out"' EXIT
fi
bin() { if [[ -n "${JAVA_HOME:-}" ]]; then echo "$JAVA_HOME/bin/$1"; else command -v "$1"; fi; }
jdk25="${JDK25_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}"

failed=0
build_and_run() { # release javac java
  local rel="$1" javac="$2" java="$3" src="$here/java$1/src" dst="$out/java$1"
  mkdir -p "$dst"
  echo "### javac --release $rel ($javac)"
  # shellcheck disable=SC2046
  "$javac" --release "$rel" -encoding UTF-8 -d "$dst" $(find "$src" -name '*.java' | LC_ALL=C sort)
  local f cls
  for f in $(cd "$src" && find . -name '*.java' | LC_ALL=C sort); do
    cls="${f#./}"; cls="${cls%.java}"; cls="${cls//\//.}"
    echo "=== $cls"
    if ! "$java" -cp "$dst" "$cls"; then
      echo "FAILED: $cls" >&2; failed=1
    fi
  done
}

build_and_run 8 "$(bin javac)" "$(bin java)"
build_and_run 11 "$(bin javac)" "$(bin java)"
build_and_run 17 "$(bin javac)" "$(bin java)"
if [[ -x "$jdk25/bin/javac" ]]; then
  build_and_run 25 "$jdk25/bin/javac" "$jdk25/bin/java"
else
  echo "### skipping java25 tree: no javac at $jdk25/bin/javac"
fi
echo "### layered"
"$here/layered/build.sh" "$out/layered" --run
exit "$failed"
