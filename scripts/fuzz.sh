#!/bin/sh
# Usage: scripts/fuzz.sh TARGET SECONDS [libFuzzer options ...]
#
# Fuzzes one reader or matcher with libFuzzer for SECONDS: json, plist, configuration, der (DER, CMS and profiles),
# pattern, matcher, zip or macho (Tests/AASALintCoreTests/Fuzzing/FuzzTarget.swift says what each checks).
# Needs a toolchain whose swiftc supports -sanitize=fuzzer (the Linux toolchains do).
#
# The core is built once with coverage and AddressSanitizer into .build-fuzz/ (rebuilt when a
# source changes). The working corpus grows in .build-fuzz/corpus/TARGET, seeded from
# Fixtures/, ../shared/corpus/ and Fuzz/seeds/TARGET. An input that crashes or breaks an
# invariant is saved in .build-fuzz/artifacts/TARGET/; copy it to Fuzz/regressions/TARGET/
# with a name that says what it found, so that FuzzReplayTests replays it on every test run.
set -eu

if [ $# -lt 2 ]; then
    echo "usage: scripts/fuzz.sh TARGET SECONDS [libFuzzer options ...]" >&2
    echo "targets: json plist configuration pattern matcher der zip macho" >&2
    exit 2
fi
target=$1
seconds=$2
shift 2

# The same lengths as FuzzTarget.maximumLength.
case "$target" in
    json | plist | matcher | der | zip | macho) max_len=65536 ;;
    configuration) max_len=16384 ;;
    pattern) max_len=1024 ;;
    *)
        echo "unknown target '$target'; targets: json plist configuration pattern matcher der zip macho" >&2
        exit 2
        ;;
esac

cd "$(dirname "$0")/.."
build=.build-fuzz
mkdir -p "$build/modules" "$build/corpus/$target" "$build/seeds/$target" "$build/artifacts/$target"

core_sources=$(find Sources/AASALintCore -name '*.swift' | sort)
harness_sources="Tests/AASALintCoreTests/Fuzzing/FuzzTarget.swift Fuzz/LibFuzzerEntry.swift"
flags="-swift-version 6 -parse-as-library -O -g -sanitize=fuzzer,address -I Sources/CYaml -I Sources/CZlib"

needs_build() {
    [ ! -e "$1" ] || [ -n "$(find $2 -newer "$1" | head -n 1)" ]
}

cannot_build() {
    echo "cannot build the fuzzer: this swiftc may not support -sanitize=fuzzer (the swift.org Linux" >&2
    echo "toolchains do); FuzzReplayTests replays the seeds and findings on every platform" >&2
    exit 1
}

if needs_build "$build/libAASALintCore.a" "$core_sources"; then
    echo "building the instrumented core (a few minutes) ..." >&2
    # From a copy, so that edits made meanwhile in the working tree cannot break the build.
    rm -rf "$build/snapshot" && mkdir -p "$build/snapshot" && cp -R Sources/AASALintCore "$build/snapshot/"
    # shellcheck disable=SC2086 # word splitting of the flag and file lists is intended
    swiftc $flags -module-name AASALintCore -emit-module -emit-module-path "$build/modules/AASALintCore.swiftmodule" \
        -emit-library -static -o "$build/libAASALintCore.a" $(find "$build/snapshot" -name '*.swift' | sort) || cannot_build
fi
if needs_build "$build/aasalint-fuzz" "$build/libAASALintCore.a $harness_sources"; then
    # shellcheck disable=SC2086
    swiftc $flags -I "$build/modules" -L "$build" -lAASALintCore -lyaml -lz -o "$build/aasalint-fuzz" $harness_sources || cannot_build
fi

# Seeds are copied flat into one folder, so that libFuzzer reads only inputs of this kind.
copy_seeds() {
    for file in "$@"; do
        [ -f "$file" ] && cp "$file" "$build/seeds/$target/$(printf '%s' "$file" | tr '/ ' '__')"
    done
    return 0
}
case "$target" in
    json | matcher)
        copy_seeds $(find Fixtures ../shared/corpus/aasa -type f \( -name '*.json' -o -name '*apple-app-site-association*' \) 2>/dev/null) ;;
    plist)
        copy_seeds $(find Fixtures -type f -name '*.entitlements') $(find ../shared/corpus/entitlements -type f 2>/dev/null) ;;
    configuration)
        copy_seeds .aasalint.yml $(find Fixtures -type f -name '*.yml') ;;
    zip)
        copy_seeds $(find Fixtures -type f -name '*.ipa') ;;
    macho)
        copy_seeds $(find Fixtures/artifacts -type f -path '*/macho/*') ;;
    pattern) ;;
    der)
        copy_seeds $(find Fixtures/artifacts/profiles Fixtures/artifacts/signed-aasa -type f) ;;
esac
if [ -d "Fuzz/seeds/$target" ]; then copy_seeds Fuzz/seeds/"$target"/*; fi
regressions=""
if [ -d "Fuzz/regressions/$target" ]; then regressions="Fuzz/regressions/$target"; fi
dictionary=""
if [ -f "Fuzz/dictionaries/$target.dict" ]; then dictionary="-dict=Fuzz/dictionaries/$target.dict"; fi

LSAN_OPTIONS="suppressions=Fuzz/lsan-suppressions.txt${LSAN_OPTIONS:+:$LSAN_OPTIONS}" AASALINT_FUZZ_TARGET="$target" exec "$build/aasalint-fuzz" \
    -max_total_time="$seconds" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$build/artifacts/$target/" $dictionary "$@" \
    "$build/corpus/$target" "$build/seeds/$target" $regressions
