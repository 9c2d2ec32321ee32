#!/bin/bash
# JavaBuilder stand-in: plain javac compiles (no annotation processors, Error
# Prone or strict deps); the .jdeps and manifest protos are written empty,
# which protobuf reads as empty messages.
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
out="" deps="" manifest="" natives="" gensrc="" flag=""
sources=() srcjars=() classpath=()
for a in "${args[@]}"; do
  if [[ $flag == --javacopts ]]; then # options up to a lone "--" are ignored
    [[ $a == -- ]] && flag=""
    continue
  fi
  if [[ $a == --* ]]; then flag=$a; continue; fi
  case $flag in
    --output) out=$a ;;
    --output_deps_proto) deps=$a ;;
    --output_manifest_proto) manifest=$a ;;
    --native_header_output) natives=$a ;;
    --generated_sources_output) gensrc=$a ;;
    --sources) sources+=("$a") ;;
    --source_jars) srcjars+=("$a") ;;
    --classpath) classpath+=("$a") ;;
  esac
done
[[ -n $out ]] || { echo "javabuilder.sh: no --output" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/classes" "$work/empty"
i=0
for sj in "${srcjars[@]+"${srcjars[@]}"}"; do
  i=$((i + 1))
  mkdir -p "$work/src$i"
  (cd "$work/src$i" && "$JAR" xf "$OLDPWD/$sj")
  while IFS= read -r f; do sources+=("$f"); done < <(find "$work/src$i" -name '*.java' | LC_ALL=C sort)
done
cp=$(IFS=:; echo "${classpath[*]+"${classpath[*]}"}")
if ((${#sources[@]})); then
  "$JAVAC" -nowarn -implicit:none -encoding UTF-8 -d "$work/classes" ${cp:+-cp "$cp"} "${sources[@]}"
fi
"$JAR" --create --file "$out" --date="$DATE" -C "$work/classes" .
[[ -z $deps ]] || : >"$deps"
[[ -z $manifest ]] || : >"$manifest"
[[ -z $natives ]] || "$JAR" --create --file "$natives" --date="$DATE" -C "$work/empty" .
[[ -z $gensrc ]] || "$JAR" --create --file "$gensrc" --date="$DATE" -C "$work/empty" .
