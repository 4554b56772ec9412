#!/bin/sh
# Builds aasalint-bench in release mode and runs it: matching URLs against an AASA file of
# rules with aasalint's automata and with an NSRegularExpression per pattern, in the same
# run, and compiling a 128 KB file both ways. Options pass through (--rules N, --urls N).
set -e
cd "$(dirname "$0")/.."
swift build -c release --product aasalint-bench >/dev/null
"$(swift build -c release --show-bin-path)/aasalint-bench" "$@"
