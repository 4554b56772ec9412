#!/bin/sh
# Builds aasalint-bench in release mode and runs it: matching URLs against an AASA file of
# rules with aasalint's automata and with an NSRegularExpression per pattern, in the same
# run, and compiling a 128 KB file both ways. Options pass through (--rules N, --urls N).
set -e
cd "$(dirname "$0")/.."
# Swift 6.3.1's SIL ownership verifier crashes on a release build of AASALintCore
# (AASADocument.swift, bool(_:_:under:)); skipping the verifier does not change the code.
flags="-Xswiftc -Xfrontend -Xswiftc -disable-sil-ownership-verifier"
swift build -c release --product aasalint-bench $flags >/dev/null
"$(swift build -c release --show-bin-path $flags)/aasalint-bench" "$@"
