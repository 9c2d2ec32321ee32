#!/usr/bin/env bash
# Builds the layered corpus: library B, then library A against B, then the
# client against both, into OUT/libb.jar, OUT/liba.jar, OUT/client.jar.
#
# usage: build.sh [OUT] [--run]
#   OUT      output directory (default: ./out next to this script)
#   --run    also run the client: java -cp OUT/client.jar:OUT/liba.jar:OUT/libb.jar corpus.layered.client.Main
# env: JAVAC, JAR, JAVA (default: from JAVA_HOME or PATH), RELEASE (default 17)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="${here}/out"
run=0
for arg in "$@"; do
  case "$arg" in
    --run) run=1 ;;
    *) out="$arg" ;;
  esac
done

tool() {
  local name="$1" var="$2"
  if [[ -n "${!var:-}" ]]; then
    echo "${!var}"
  elif [[ -n "${JAVA_HOME:-}" && -x "${JAVA_HOME}/bin/${name}" ]]; then
    echo "${JAVA_HOME}/bin/${name}"
  else
    command -v "$name" || { echo "build.sh: ${name} not found (set ${var} or JAVA_HOME)" >&2; exit 2; }
  fi
}
javac_bin="$(tool javac JAVAC)"
jar_bin="$(tool jar JAR)"
java_bin="$(tool java JAVA)"
release="${RELEASE:-17}"

mkdir -p "$out"
out="$(cd "$out" && pwd)"
classes="$(mktemp -d)"
trap 'rm -rf "$classes"' EXIT

compile() { # name classpath
  local name="$1" cp="$2"
  mkdir -p "$classes/$name"
  # shellcheck disable=SC2046
  "$javac_bin" --release "$release" -encoding UTF-8 ${cp:+-cp "$cp"} -d "$classes/$name" \
    $(find "$here/$name/src" -name '*.java' | LC_ALL=C sort)
  rm -f "$out/$name.jar"
  "$jar_bin" --create --file "$out/$name.jar" -C "$classes/$name" .
  echo "built $out/$name.jar"
}

compile libb ""
compile liba "$out/libb.jar"
compile client "$out/libb.jar:$out/liba.jar"

if [[ "$run" == 1 ]]; then
  "$java_bin" -cp "$out/client.jar:$out/liba.jar:$out/libb.jar" corpus.layered.client.Main
fi
