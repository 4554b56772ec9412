#!/bin/sh
# Builds aasalint and aasalint-bench in release mode; times the rule-order analysis on a
# 128 KB file, on 1,500 rules and on adversarial files (which must stop at the budget), then a
# full `aasalint lint` of the 128 KB file, process start included.
set -e
cd "$(dirname "$0")/.."
swift build -c release --product aasalint-bench >/dev/null
swift build -c release --product aasalint >/dev/null
bin="$(swift build -c release --show-bin-path)"
file="${TMPDIR:-/tmp}/aasalint-bench-128k.json"
"$bin/aasalint-bench" --analysis --write "$file"
for run in 1 2 3; do
    start=$(date +%s%N)
    "$bin/aasalint" lint "$file" >/dev/null || true
    end=$(date +%s%N)
    echo "full lint of the 128 KB file, run $run: $(( (end - start) / 1000000 )) ms"
done
