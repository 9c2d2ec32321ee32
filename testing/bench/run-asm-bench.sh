#!/usr/bin/env bash
# ASM baseline benchmark: parse every class of a jmod (default: JDK 17's
# java.base.jmod) with ClassReader -> ClassNode and run
# Analyzer<BasicValue>/BasicInterpreter over every method with code.
# Single-threaded. See asm/src/AsmBench.java for what is timed.
#
# usage: run-asm-bench.sh [JMOD] [WARMUP] [ITERATIONS]
#   JMOD        default: /usr/lib/jvm/java-17-openjdk-amd64/jmods/java.base.jmod
#   WARMUP      default 5 (or env WARMUP)
#   ITERATIONS  default 10 (or env ITERATIONS)
# env:
#   JAVA_HOME   JDK used to compile and run the harness (default: javac/java on PATH)
#   ASM_DIR     directory holding asm.jar, asm-tree.jar, asm-analysis.jar (default /usr/share/java)
#   JVM_OPTS    JVM options (default: -Xmx4g -XX:+UseParallelGC)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
jmod="${1:-/usr/lib/jvm/java-17-openjdk-amd64/jmods/java.base.jmod}"
warmup="${2:-${WARMUP:-5}}"
iterations="${3:-${ITERATIONS:-10}}"
asm_dir="${ASM_DIR:-/usr/share/java}"
read -r -a jvm_opts <<< "${JVM_OPTS:--Xmx4g -XX:+UseParallelGC}"

if [[ -n "${JAVA_HOME:-}" ]]; then
  javac_bin="$JAVA_HOME/bin/javac"
  java_bin="$JAVA_HOME/bin/java"
else
  javac_bin="$(command -v javac || true)"
  java_bin="$(command -v java || true)"
fi
if [[ -z "$javac_bin" || ! -x "$javac_bin" || -z "$java_bin" || ! -x "$java_bin" ]]; then
  echo "run-asm-bench: javac/java not found (install a JDK or set JAVA_HOME)" >&2
  exit 2
fi

cp=""
missing=()
for j in asm asm-tree asm-analysis; do
  if [[ -f "$asm_dir/$j.jar" ]]; then
    cp="${cp:+$cp:}$asm_dir/$j.jar"
  else
    missing+=("$asm_dir/$j.jar")
  fi
done
if [[ ${#missing[@]} -gt 0 ]]; then
  echo "run-asm-bench: missing ASM jars: ${missing[*]}" >&2
  echo "  install them with:  sudo apt-get install libasm-java" >&2
  echo "  (or point ASM_DIR at a directory containing asm.jar, asm-tree.jar, asm-analysis.jar)" >&2
  exit 2
fi

if [[ ! -f "$jmod" ]]; then
  echo "run-asm-bench: jmod not found: $jmod" >&2
  exit 2
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

"$javac_bin" -nowarn -cp "$cp" -d "$work/classes" "$here/asm/src/AsmBench.java"

run=("$java_bin" "${jvm_opts[@]}" -cp "$work/classes:$cp" AsmBench "$jmod" "$warmup" "$iterations")
echo "run-asm-bench: ${run[*]}"

# Use GNU time for the JVM's max RSS when available.
if [[ -x /usr/bin/time ]] && /usr/bin/time -v true >/dev/null 2>&1; then
  status=0
  /usr/bin/time -v -o "$work/time.txt" "${run[@]}" || status=$?
  rss_kb="$(sed -n 's/^[[:space:]]*Maximum resident set size (kbytes): *//p' "$work/time.txt")"
  wall="$(sed -n 's/^[[:space:]]*Elapsed (wall clock) time (h:mm:ss or m:ss): *//p' "$work/time.txt")"
  if [[ -n "$rss_kb" ]]; then
    awk -v kb="$rss_kb" -v wall="$wall" \
      'BEGIN { printf "asm-rss jvm_max_rss_mb=%.1f wall=%s\n", kb / 1024, wall }'
  fi
  exit "$status"
else
  echo "run-asm-bench: /usr/bin/time -v not available; skipping RSS measurement" >&2
  exec "${run[@]}"
fi
