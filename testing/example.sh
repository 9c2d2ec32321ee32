#!/usr/bin/env bash
# The README's example, the product's main job outside Bazel: summarise the
# JDK 17 runtime and two libraries (Debian's CUP runtime and CUP, CUP's
# summary made from the runtime's), then link a client (Debian's JFlex) with
# those summaries and print its call graph and polymorphism coverage
# requirements (CHA, RTA and AND_f points-to, which continues from the
# runtime summary's warm start), then query the result and a summary with
# the fragment CLI. Debian packages are installed if missing.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH=/usr/local/go/bin:$PATH

jdk=${JDK:-/usr/lib/jvm/java-17-openjdk-amd64}
j=/usr/share/java
if [[ ! -e $j/jflex.jar || ! -e $j/cup.jar ]]; then
  echo "example: installing Debian's jflex and cup"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq jflex cup >/dev/null
fi
out=${OUT:-$(mktemp -d)}
go build -o "$out/summarizer" ./summarizer
go build -o "$out/linker" ./linker

echo "== summaries"
"$out/summarizer" -stats -target jdk17 -jar "$jdk" -o "$out/jdk17.rfsum" -warm-start "$out/jdk17.rfwarm"
"$out/summarizer" -stats -target cup_runtime -jar $j/cup_runtime.jar -dep "$out/jdk17.rfsum" -o "$out/cup_runtime.rfsum"
"$out/summarizer" -stats -target cup -jar $j/cup.jar -dep "$out/cup_runtime.rfsum" -dep "$out/jdk17.rfsum" -o "$out/cup.rfsum"

echo
echo "== link: JFlex + summaries (JSON in $out/jflex.json, the requirements as a page in $out/jflex.html)"
"$out/linker" -client $j/jflex.jar -summary "$out/cup.rfsum" -summary "$out/cup_runtime.rfsum" \
  -summary "$out/jdk17.rfsum" -warm-start "$out/jdk17.rfwarm" -analyses cha,rta,andersen -json "$out/jflex.json" \
  -html "$out/jflex.html"

echo
echo "== query: what the CUP summary holds, and JFlex's most polymorphic call sites under AND_f"
go build -o "$out/fragment" ./tools/cmd/fragment
"$out/fragment" summary "$out/cup.rfsum"
"$out/fragment" query -result "$out/jflex.json" -analysis andersen -top 5 polymorphic
