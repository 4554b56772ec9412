#!/usr/bin/env bash
# The start-up budget: the instructions a lint of a 100-byte file executes, counted by valgrind
# (deterministic, unlike time), must stay within BUDGET. Most of a tiny lint is start-up, and the
# easy way to lose it is an idiomatic construct (a Set or Dictionary of a non-standard key, a
# Mirror, `as?` to a protocol, a generic Result) that makes the Swift runtime look a protocol
# conformance up by scanning every conformance record in the binary: about 150,000 instructions
# each time. This check is what keeps start-up from drifting, instead of comments in the code.
#
# Usage: scripts/check-startup-budget.sh [BINARY]   (default .build/release/aasalint, built
# with the flags of scripts/release-build-flags, as scripts/make-release builds it)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# The budget counts the instructions of aasalint's own code (the static binary: Swift's runtime
# and libraries are in it), not those of the C library and the dynamic loader, whose string
# functions glibc picks by processor when it loads, so that the check asks the same of every
# machine. Measured here on 2026-12-03: 1.57 million instructions in the binary, 2.49 million in
# all, since the release build makes generic metadata with accessor calls, packs its relocations
# and exports no symbols, and options are read without KeyPath objects (scripts/release-build-flags,
# Sources/aasalint/Arguments/CommandOptions.swift; 3.19 and 4.58 million before). The margin allows
# ordinary growth (a rule, a reporter) but not two conformance scans (about 150,000 each).
BUDGET=1850000

binary="${1:-.build/release/aasalint}"
command -v valgrind >/dev/null || { echo "check-startup-budget: valgrind is not installed" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# Valgrind cannot read the DWARF of Swift's release binaries; the code is the same without it.
strip --strip-debug -o "$work/aasalint" "$binary"
printf '%s' '{"applinks":{"details":[{"appIDs":["9JA89QQLNQ.com.example.app"],"components":[{"/":"/a/*"}]}]}}' \
    > "$work/apple-app-site-association"

status=0
# No environment: what the process is given to read is the same on every machine.
(cd "$work" && env -i "$(command -v valgrind)" --tool=callgrind --callgrind-out-file="$work/callgrind.out" \
    ./aasalint lint --no-config apple-app-site-association) > "$work/stdout" 2> "$work/stderr" || status=$?
if [ "$status" -ne 0 ]; then
    echo "check-startup-budget: the lint failed (exit $status); its output:" >&2
    cat "$work/stdout" "$work/stderr" >&2
    exit 1
fi
# Instructions per object file (the binary, the C library, the loader), from each function's own cost.
callgrind_annotate --inclusive=no --threshold=100 "$work/callgrind.out" > "$work/functions"
awk '/\[\// { match($0, /\[\/[^]]*\]/); object = substr($0, RSTART + 1, RLENGTH - 2); count = $1; gsub(",", "", count); total[object] += count }
     END { for (object in total) printf "%d %s\n", total[object], object }' "$work/functions" | sort -rn > "$work/objects"
instructions="$(awk '$2 ~ /\/aasalint$/ { print $1 }' "$work/objects")"
if [ -z "$instructions" ]; then
    echo "check-startup-budget: callgrind did not count the binary's instructions:" >&2
    cat "$work/stderr" "$work/objects" >&2
    exit 1
fi
total="$(sed -n 's/^ *\([0-9,]*\) .*PROGRAM TOTALS$/\1/p' "$work/functions" | tr -d ,)"
echo "start-up budget: a tiny lint executes $instructions instructions of aasalint's code (budget $BUDGET), $total in all;"
echo "by object, of the functions callgrind names one:"
sed "s|$work/||; s/^/  /" "$work/objects"
if [ "$instructions" -gt "$BUDGET" ]; then
    cat >&2 <<MESSAGE
check-startup-budget: a lint of a 100-byte file executes $instructions instructions of aasalint's
code, more than the budget of $BUDGET. Find where they go, on a copy stripped with \`strip --strip-debug\`:
  valgrind --tool=callgrind ./aasalint lint --no-config FILE
  callgrind_annotate --inclusive=yes callgrind.out.* | grep -i conformsToProtocol
A new conformance lookup (about 150,000 instructions each) is the usual cause: see bench/README.md,
"Where the time goes". Raise BUDGET only for work that a lint must do, and say so in the commit.
MESSAGE
    exit 1
fi
