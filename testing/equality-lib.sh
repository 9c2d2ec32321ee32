# Sourced by the equality sweeps (sweep-equality.sh, maven-apps-equality.sh).
# Needs $out/linker and the JDK's warm start $out/jdk.rfwarm.

# equal_links LABEL PREFIX WHOLE... -- SUMS...: links a program from class
# files (WHOLE, linker input flags) and from summaries (SUMS): with a main
# method, RTA, 0-CFA_f and AND_f with MOD/USE and points-to sets, SUMS with
# the JDK's warm start; without one, its closed-world library fragment, RTA
# and 0-CFA_f with MOD/USE. The JSON results (PREFIX.whole.json,
# PREFIX.sums.json, removed after) must be identical but for the mode and the
# inputs. Prints "same KIND LABEL", "DIFF KIND LABEL" or "FAIL … LABEL" and
# returns 1 unless they are the same.
equal_links() {
  local label="$1" o="$2" whole=() sums=() kind=main
  shift 2
  while (($# > 0)) && [[ $1 != -- ]]; do whole+=("$1"); shift; done
  shift
  sums=("$@")
  if "$out/linker" "${whole[@]}" -analyses rta,0cfa,andersen -modref -points-to -text '' -json "$o.whole.json" 2>"$o.whole.log"; then
    "$out/linker" "${sums[@]}" -warm-start "$out/jdk.rfwarm" -analyses rta,0cfa,andersen -modref -points-to -text '' \
      -json "$o.sums.json" 2>"$o.sums.log" || { echo "FAIL $kind $label: $(tail -1 "$o.sums.log")"; return 1; }
  elif grep -q "no entry points" "$o.whole.log"; then
    kind=fragment
    "$out/linker" -fragment -closed-world "${whole[@]}" -analyses rta,0cfa -modref -text '' -json "$o.whole.json" 2>"$o.whole.log" &&
      "$out/linker" -fragment -closed-world "${sums[@]}" -analyses rta,0cfa -modref -text '' -json "$o.sums.json" 2>"$o.sums.log" ||
      { echo "FAIL $kind $label"; return 1; }
  else
    echo "FAIL whole $label: $(tail -1 "$o.whole.log")"; return 1
  fi
  # Everything after the header (mode and inputs differ, roots and the
  # analyses must not) is compared as bytes: the linker writes its JSON
  # deterministically, and jq could not even read the 7.6 GB results of a
  # large fragment (Eclipse Collections) in 24 GB.
  local same=0 hw hs
  if ! grep -q '^ "roots": \[' "$o.whole.json" || ! grep -q '^ "roots": \[' "$o.sums.json"; then
    rm -f "$o.whole.json" "$o.sums.json"
    echo "FAIL compare $label: no roots in the results"
    return 1
  fi
  hw=$(sed -n '/^ "roots": \[/,$p' "$o.whole.json" | sha256sum)
  hs=$(sed -n '/^ "roots": \[/,$p' "$o.sums.json" | sha256sum)
  [[ $hw == "$hs" ]] && same=1
  rm -f "$o.whole.json" "$o.sums.json"
  if ((same)); then
    echo "same $kind $label"
    return 0
  fi
  echo "DIFF $kind $label"
  return 1
}
