#!/bin/sh
# Xcode Cloud runs ci_scripts/ci_post_xcodebuild.sh after each xcodebuild action (README, "Xcode
# Cloud"). After an archive, this one lints what will ship with the release gate (--release): the
# archive (CI_ARCHIVE_PATH) and the apps Xcode Cloud exported for the App Store, ad hoc and
# enterprise distribution, with the signed entitlements and embedded profiles inside them.
# ci_post_clone.sh installed aasalint.
set -eu

repository="${CI_PRIMARY_REPOSITORY_PATH:?Xcode Cloud sets CI_PRIMARY_REPOSITORY_PATH}"
aasalint="$repository/.build/aasalint-bin/aasalint"

if [ "${CI_XCODEBUILD_ACTION:-}" != "archive" ]; then exit 0; fi
if [ "${CI_XCODEBUILD_EXIT_CODE:-0}" != "0" ]; then
    echo "xcodebuild failed (exit ${CI_XCODEBUILD_EXIT_CODE}); aasalint has no archive to check"
    exit 0
fi
if [ ! -x "$aasalint" ]; then
    echo "error: $aasalint is missing; ci_scripts/ci_post_clone.sh installs it" >&2
    exit 1
fi

set --
for shipped in "${CI_ARCHIVE_PATH:-}" "${CI_APP_STORE_SIGNED_APP_PATH:-}" "${CI_AD_HOC_SIGNED_APP_PATH:-}" "${CI_ENTERPRISE_SIGNED_APP_PATH:-}"; do
    if [ -n "$shipped" ] && [ -e "$shipped" ]; then set -- "$@" "$shipped"; fi
done
if [ "$#" -eq 0 ]; then
    echo "error: the archive action left no CI_ARCHIVE_PATH to check" >&2
    exit 1
fi

cd "$repository"
"$aasalint" lint --release --no-color "$@"
