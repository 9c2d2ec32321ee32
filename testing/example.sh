#!/usr/bin/env bash
# The README's example: load the JDK 17 runtime image plus a real library
# (Debian's JFlex, installed if missing), print class-hierarchy and IR
# statistics, then the hierarchy facts and three-address IR of one method.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH=/usr/local/go/bin:$PATH

jdk=${JDK:-/usr/lib/jvm/java-17-openjdk-amd64}
jar=${JAR:-/usr/share/java/jflex.jar}
if [[ ! -e $jar && $jar == /usr/share/java/jflex.jar ]]; then
  echo "example: installing Debian's jflex (for $jar)"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq jflex >/dev/null
fi

go build -o /tmp/fragment ./tools/cmd/fragment
/tmp/fragment stats "$jdk/lib/modules" "$jar"
echo
/tmp/fragment ir -cp "$jdk/lib/modules:$jar" "${CLASS:-jflex.Main}" "${METHOD:-main}"
