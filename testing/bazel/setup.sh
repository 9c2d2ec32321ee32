#!/usr/bin/env bash
# Prepares Debian's Bazel 4.2.3 (bazel-bootstrap) to build this repository's
# rules, Go tools and Java examples with no network but the Go module proxy
# and Debian's archive, and writes PREFIX/offline.bazelrc.
#
#   testing/bazel/setup.sh [PREFIX]     default PREFIX: $HOME/.cache/rules_fragment-bazel
#
# Only the tests use this: the shims it wires in (testing/bazel/shims) stand
# in for downloads (rules_cc, remote_coverage_tools, the Java tools) and are
# never loaded by users on a normal Bazel. Steps, all idempotent:
#  1. Debian packages: bazel-bootstrap (4.2.3), bazel-skylib, bazel-rules-java, a JDK.
#  2. rules_go v0.34.0 (the newest whose minimum Bazel is 4.2) from its Go
#     module, with three edits so it works with Go >= 1.20 (see below).
#  3. gazelle v0.26.0 from its Go module, its dependencies vendored
#     (go_repository builds gazelle in GOPATH mode), patched as
#     rules/repositories.bzl patches it, and without the skylib unit tests
#     that Debian's skylib cannot load.
#  4. A Go SDK for rules_go: a copy of the host Go with std archives and the
#     pack/buildid tools, which Go >= 1.20 / 1.25 no longer ship.
#  5. rules_java: Debian's 4.0.0 plus the load paths of current rules_java.
#  6. offline.bazelrc: --override_repository for all of the above.
# Also installs buildifier (pinned) for the Starlark lint in CI.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
prefix="${1:-${RULES_FRAGMENT_BAZEL_PREFIX:-$HOME/.cache/rules_fragment-bazel}}"
rules_go_version=v0.34.0
gazelle_version=v0.26.0
buildifier_version=v0.0.0-20260904073137-eaa4d125b423 # buildtools has no module releases
export GOFLAGS="${GOFLAGS:--buildvcs=false}"
t0=$(date +%s)
step() { echo "[bazel setup +$(($(date +%s) - t0))s] $*"; }

# 1. Debian packages.
need=()
command -v bazel >/dev/null 2>&1 || need+=(bazel-bootstrap)
[[ -d /usr/share/bazel/tools/skylib ]] || need+=(bazel-skylib)
[[ -d /usr/share/bazel/rules/java ]] || need+=(bazel-rules-java)
command -v javac >/dev/null 2>&1 || need+=(openjdk-17-jdk-headless)
command -v patch >/dev/null 2>&1 || need+=(patch)
if ((${#need[@]})); then
  step "apt-get install ${need[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
mkdir -p "$prefix"

moddir() { go mod download -json "$1" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",*$/\1/p'; }
# modcopy MODULE@VERSION DEST: a writable copy (the module cache is read-only).
modcopy() {
  local src
  src="$(moddir "$1")"
  [[ -n $src ]] || { echo "setup.sh: cannot download $1" >&2; exit 1; }
  rm -rf "$2" && cp -r "$src" "$2" && chmod -R u+w "$2"
}
# edit_once FILE OLD NEW: replaces the one occurrence of OLD, or fails.
edit_once() {
  local n
  n="$(grep -cF -- "$2" "$1" || true)"
  [[ $n == 1 ]] || { echo "setup.sh: expected one match in $1, found $n: $2" >&2; exit 1; }
  OLD="$2" NEW="$3" perl -0pi -e 's/\Q$ENV{OLD}\E/$ENV{NEW}/' "$1"
}

# 2. rules_go, edited for Go >= 1.20.
if [[ ! -f $prefix/rules_go/.edited ]]; then
  step "rules_go $rules_go_version"
  modcopy "github.com/bazelbuild/rules_go@$rules_go_version" "$prefix/rules_go"
  g="$prefix/rules_go/go"
  # Go >= 1.20 cannot link objects compiled without -p: the bootstrap
  # compile of rules_go's own builder has none.
  edit_once "$g/private/rules/binary.bzl" \
    '{go} tool compile -o {cout} -trimpath=$PWD {srcs}' \
    '{go} tool compile -p main -o {cout} -trimpath=$PWD {srcs}'
  # asm -gensymabis needs -p too, or assembly functions lose their ABI
  # wrappers ("not defined for ABIInternal (but is defined for ABI0)"), as
  # in klauspost/compress.
  edit_once "$g/tools/builders/asm.go" \
    'func buildSymabisFile(goenv *env, sFiles, hFiles []fileInfo, asmhdr string) (string, error) {' \
    'func buildSymabisFile(goenv *env, packagePath string, sFiles, hFiles []fileInfo, asmhdr string) (string, error) {'
  edit_once "$g/tools/builders/asm.go" \
    'asmargs = append(asmargs, "-gensymabis", "-o", symabisName, "--")' \
    'if packagePath != "" && isGo119OrHigher() {
		asmargs = append(asmargs, "-p", packagePath)
	}
	asmargs = append(asmargs, "-gensymabis", "-o", symabisName, "--")'
  edit_once "$g/tools/builders/compilepkg.go" 'buildSymabisFile(goenv, srcs.sSrcs,' 'buildSymabisFile(goenv, packagePath, srcs.sSrcs,'
  edit_once "$g/tools/builders/compile.go" 'buildSymabisFile(goenv, sFiles, hFiles, *asmhdr)' 'buildSymabisFile(goenv, *packagePath, sFiles, hFiles, *asmhdr)'
  touch "$prefix/rules_go/.edited"
fi

# 3. gazelle with vendored dependencies, knowing the standard library of the
#    host Go (its list stops at Go 1.18: imports such as "slices" or "cmp"
#    would be looked up as modules). Also built as a binary for generating
#    and checking this repository's BUILD files (testing/bazel/gazelle.sh).
if [[ ! -f $prefix/gazelle/.prepared ]]; then
  step "gazelle $gazelle_version"
  modcopy "github.com/bazelbuild/bazel-gazelle@$gazelle_version" "$prefix/gazelle"
  (cd "$prefix/gazelle" && go mod vendor)
  list="$prefix/gazelle/language/go/std_package_list.go"
  extra=""
  for pkg in $(go list std); do
    grep -qF "\"$pkg\": true," "$list" || extra+="\t\"$pkg\": true,\n"
  done
  edit_once "$list" 'var stdPackages = map[string]bool{' "$(printf 'var stdPackages = map[string]bool{\n%b' "${extra%\\n}")"
  (cd "$prefix/gazelle" && go build -mod=vendor -o "$prefix/bin/gazelle" ./cmd/gazelle)
  touch "$prefix/gazelle/.prepared"
fi

# gazelle's Bazel packages take go/vcs from its own module, as
# rules/repositories.bzl patches them for users.
if [[ ! -f $prefix/gazelle/.vcs-patched ]]; then
  patch -s -d "$prefix/gazelle" -p1 <"$here/../../rules/private/gazelle_x_tools_vcs.patch"
  touch "$prefix/gazelle/.vcs-patched"
fi

# gazelle's own skylib unit tests (a call in internal/BUILD.bazel) need
# skylib >= 1.1; with Debian's 1.0.3 that package, which gazelle_binary and
# the gazelle rule need (//tools/gazelle, examples/BUILD.bazel), fails to load.
if [[ ! -f $prefix/gazelle/.skylib-edited ]]; then
  edit_once "$prefix/gazelle/internal/BUILD.bazel" 'gazelle_binary_test_suite()' \
    '# (its skylib unit tests: removed by rules_fragment testing/bazel/setup.sh)'
  touch "$prefix/gazelle/.skylib-edited"
fi

# Buildifier, which CI runs on the Starlark files.
if [[ "$(cat "$prefix/bin/.buildifier" 2>/dev/null)" != "$buildifier_version" ]]; then
  step "buildifier $buildifier_version"
  GOBIN="$prefix/bin" go install "github.com/bazelbuild/buildtools/buildifier@$buildifier_version"
  echo "$buildifier_version" >"$prefix/bin/.buildifier"
fi

# 4. Go SDK: the host Go, with what rules_go 0.34 expects of an SDK.
goroot="$prefix/go"
want="$(go env GOVERSION)"
if [[ "$(cat "$goroot/.ready" 2>/dev/null)" != "$want" ]]; then
  step "Go SDK from $(go env GOROOT) ($want)"
  rm -rf "$goroot" && cp -r "$(go env GOROOT)" "$goroot" && chmod -R u+w "$goroot"
  (cd "$goroot" && GOROOT="$goroot" GOTOOLCHAIN=local GODEBUG=installgoroot=all CGO_ENABLED=0 ./bin/go install std)
  for t in pack buildid; do
    [[ -x $goroot/pkg/tool/linux_amd64/$t ]] ||
      (cd "$goroot" && GOROOT="$goroot" GOTOOLCHAIN=local ./bin/go build -o "pkg/tool/linux_amd64/$t" "cmd/$t")
  done
  echo "$want" >"$goroot/.ready"
fi

# 5. rules_java with current load paths (JavaInfo and the java_* rules are
#    no longer globals in Bazel 7+; the rules load them from rules_java).
step "rules_java overlay"
rm -rf "$prefix/rules_java"
cp -r /usr/share/bazel/rules/java "$prefix/rules_java"
chmod -R u+w "$prefix/rules_java"
cp -r "$here/shims/rules_java_overlay/." "$prefix/rules_java/"

# 6. offline.bazelrc (fetch, query and sync do not inherit build options).
goproxy="$(go env GOPROXY)"
{
  echo "# Written by testing/bazel/setup.sh: Bazel 4.2.3 offline plumbing for the tests."
  for cmd in build fetch query sync; do
    echo "$cmd --override_repository=rules_cc=$here/shims/rules_cc"
    echo "$cmd --override_repository=rules_java=$prefix/rules_java"
    echo "$cmd --override_repository=remote_coverage_tools=$here/shims/remote_coverage_tools"
    echo "$cmd --override_repository=offline_java_tools=$here/shims/offline_java_tools"
    echo "$cmd --override_repository=bazel_skylib=/usr/share/bazel/tools/skylib"
    echo "$cmd --override_repository=io_bazel_rules_go=$prefix/rules_go"
    echo "$cmd --override_repository=bazel_gazelle=$prefix/gazelle"
    echo "$cmd --repo_env=GOROOT=$goroot"
    # rules_go's SDK repository drops the SDK's go.env, which holds GOPROXY.
    echo "$cmd --repo_env=GOPROXY=$goproxy"
  done
  echo "build --nosandbox_debug"
  echo "build --java_toolchain=@offline_java_tools//:toolchain"
  echo "build --host_java_toolchain=@offline_java_tools//:toolchain"
  echo "build --javabase=@local_jdk//:jdk"
  echo "build --strategy=Javac=sandboxed"
  echo "build --experimental_run_validations"
} >"$prefix/offline.bazelrc"
step "done: $prefix/offline.bazelrc"
