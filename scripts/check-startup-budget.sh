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

# Measured here on 2026-12-03: 4.39 million instructions (the release build of
# scripts/release-build-flags, Linux x86_64). The margin allows ordinary growth (a rule, a
# reporter) but not four conformance scans.
BUDGET=5000000

binary="${1:-.build/release/aasalint}"
command -v valgrind >/dev/null || { echo "check-startup-budget: valgrind is not installed" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# Valgrind cannot read the DWARF of Swift's release binaries; the code is the same without it.
strip --strip-debug -o "$work/aasalint" "$binary"
printf '%s' '{"applinks":{"details":[{"appIDs":["9JA89QQLNQ.com.example.app"],"components":[{"/":"/a/*"}]}]}}' \
    > "$work/apple-app-site-association"

status=0
(cd "$work" && valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
    ./aasalint lint --no-config apple-app-site-association) > "$work/stdout" 2> "$work/stderr" || status=$?
if [ "$status" -ne 0 ]; then
    echo "check-startup-budget: the lint failed (exit $status); its output:" >&2
    cat "$work/stdout" "$work/stderr" >&2
    exit 1
fi
instructions="$(sed -n 's/^==[0-9]*== I *refs: *\([0-9,]*\)$/\1/p' "$work/stderr" | tr -d ,)"
if [ -z "$instructions" ]; then
    echo "check-startup-budget: valgrind did not report an instruction count:" >&2
    cat "$work/stderr" >&2
    exit 1
fi
echo "start-up budget: a tiny lint executes $instructions instructions (budget $BUDGET)"
if [ "$instructions" -gt "$BUDGET" ]; then
    cat >&2 <<MESSAGE
check-startup-budget: a lint of a 100-byte file executes $instructions instructions, more than the
budget of $BUDGET. Find where they go, on a copy stripped with \`strip --strip-debug\`:
  valgrind --tool=callgrind ./aasalint lint --no-config FILE
  callgrind_annotate --inclusive=yes callgrind.out.* | grep -i conformsToProtocol
A new conformance lookup (about 150,000 instructions each) is the usual cause: see bench/README.md,
"Where the time goes". Raise BUDGET only for work that a lint must do, and say so in the commit.
MESSAGE
    exit 1
fi
