#!/usr/bin/env bash
# Checks the SwiftPM plugins as a user's package meets them (.ci/run runs it after make-release):
#   scripts/check-plugins.sh DIST
# 1. A copy of Fixtures/plugin/app, which applies AASALintBuildToolPlugin with this repository as a
#    path dependency: `swift build` builds aasalint from source and fails with its error at the
#    entitlements file's line and column; the command plugin `swift package aasalint` reports it
#    too, and with --fix rewrites the file; the build then passes, showing the AASA file's warning; a build with no
#    change does not lint again, and one after the configuration changed does. Its LibraryClient
#    target, a program on the public library API, lints the package and decides a URL.
# 2. Fixtures/plugin/binary: the same plugin depending on DIST/aasalint.artifactbundle.zip (a
#    .binaryTarget(path:)) runs the bundled binary and builds no aasalint.
# Each package has one build folder: aasalint is built from source once, by the first build.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dist="${1:?usage: scripts/check-plugins.sh DIST (the output folder of scripts/make-release)}"
dist="$(cd "$dist" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

fail() {
    echo "check-plugins: $*" >&2
    exit 1
}

# Runs a command into $work/log; its exit status goes to $status, its duration to the step log.
run() {
    local started=$SECONDS
    status=0
    "$@" >"$work/log" 2>&1 || status=$?
    echo "check-plugins: ($((SECONDS - started)) s) ${*:1:4} ..."
}

expect_in_log() {
    grep -qF -- "$1" "$work/log" || { cat "$work/log" >&2; fail "$2: no line with: $1"; }
}

expect_not_in_log() {
    if grep -qF -- "$1" "$work/log"; then cat "$work/log" >&2; fail "$2: unexpected: $1"; fi
}

# The broken entitlements line (8: applink: for applinks:) and the AASA file's warning, as the build prints them.
entitlements_error='Sources/Shop/Shop.entitlements:8:11: error: "applink:www.example.com": "applink" is not a service the system knows'
aasa_warning='Sources/Shop/web/apple-app-site-association:6:9: warning: "paths" is ignored'

# 1. Built from source.
app="$work/app"
cp -R "$root/Fixtures/plugin/app" "$app"
sed -i.orig "s|path: \"../../..\"|path: \"$root\"|" "$app/Package.swift"
rm "$app/Package.swift.orig"

run swift build --package-path "$app"
[ "$status" -ne 0 ] || { cat "$work/log" >&2; fail "the build of a target with a broken entitlements file passed"; }
expect_in_log "$app/$entitlements_error" "the failed build"
expect_in_log "$app/$aasa_warning" "the failed build"
echo "check-plugins: the build fails with aasalint's error at Shop.entitlements:8:11"

# The command plugin lints from the package's folder and fails as aasalint does.
run swift package --package-path "$app" --allow-writing-to-package-directory aasalint
[ "$status" -ne 0 ] || { cat "$work/log" >&2; fail "swift package aasalint passed on a broken entitlements file"; }
expect_in_log "$entitlements_error" "swift package aasalint"
expect_in_log "aasalint found problems (exit status 1)" "swift package aasalint"

run swift package --package-path "$app" --allow-writing-to-package-directory aasalint --target Shop --quiet
[ "$status" -ne 0 ] || { cat "$work/log" >&2; fail "swift package aasalint --target Shop passed on a broken entitlements file"; }
expect_in_log "$app/$entitlements_error" "swift package aasalint --target Shop"

run swift package --package-path "$app" --allow-writing-to-package-directory aasalint --fix
[ "$status" -eq 0 ] || { cat "$work/log" >&2; fail "swift package aasalint --fix exited with $status"; }
grep -qF '<string>applinks:www.example.com</string>' "$app/Sources/Shop/Shop.entitlements" \
    || fail "swift package aasalint --fix did not rewrite Shop.entitlements: $(cat "$app/Sources/Shop/Shop.entitlements")"
expect_in_log "Sources/Shop/web/apple-app-site-association:6:9: warning:" "swift package aasalint --fix"
echo "check-plugins: swift package aasalint --fix rewrote Shop.entitlements"

run swift build --package-path "$app"
[ "$status" -eq 0 ] || { cat "$work/log" >&2; fail "the build after the fix failed"; }
expect_in_log "$app/$aasa_warning" "the build after the fix (the lint reran: its input changed)"
expect_not_in_log "error:" "the build after the fix"

run swift build --package-path "$app"
[ "$status" -eq 0 ] || { cat "$work/log" >&2; fail "a build with nothing changed failed"; }
expect_not_in_log "warning: \"paths\"" "a build with nothing changed (no input changed, so no lint)"

# The library's public API, from another package (which sees nothing declared `package`), after the
# unchanged build: after a build of this other product, the plugin's lint ran again (seen in CI).
run bash -c "cd '$app' && swift run LibraryClient Sources/Shop"
[ "$status" -eq 0 ] || { cat "$work/log" >&2; fail "LibraryClient exited with $status"; }
expect_in_log "Sources/Shop/web/apple-app-site-association:6:9: warning: ignored-key at /applinks/details/0/paths" "LibraryClient"
expect_in_log "decision: match by /applinks/details/0/components/0" "LibraryClient"
echo "check-plugins: a program on the public library API lints and decides a URL"

printf 'rules:\n  ignored-key: error\n' >"$app/.aasalint.yml"
run swift build --package-path "$app"
[ "$status" -ne 0 ] || { cat "$work/log" >&2; fail "the build passed after .aasalint.yml made ignored-key an error"; }
expect_in_log "Sources/Shop/web/apple-app-site-association:6:9: error: \"paths\" is ignored" "the build after .aasalint.yml changed"
echo "check-plugins: the build lints again only when a file or .aasalint.yml changed"

# 2. The release's artifact bundle.
binary="$work/binary"
mkdir -p "$binary/Plugins"
cp "$root/Fixtures/plugin/binary/Package.swift" "$binary/"
mkdir -p "$binary/Sources"
cp -R "$root/Fixtures/plugin/app/Sources/Shop" "$binary/Sources/"
cp "$root/Fixtures/plugin/app/.aasalint.yml" "$binary/"
cp -R "$root/Plugins/AASALintBuildToolPlugin" "$binary/Plugins/"
cp "$dist/aasalint.artifactbundle.zip" "$binary/"

run swift build --package-path "$binary" -v
[ "$status" -ne 0 ] || { cat "$work/log" >&2; fail "the binary-target build of a broken entitlements file passed"; }
expect_in_log "$binary/$entitlements_error" "the binary-target build"
grep -qE "^$binary/\.build/artifacts/[^ ]*/aasalint\.artifactbundle/aasalint-[^/ ]+/bin/aasalint lint " "$work/log" \
    || { cat "$work/log" >&2; fail "the binary-target build did not run the bundle's aasalint"; }
if find "$binary/.build" -name 'AASALintCore*' | grep -q .; then
    fail "the binary-target build compiled aasalint's sources"
fi
echo "check-plugins: the binary target's build runs the artifact bundle's aasalint and builds none"
