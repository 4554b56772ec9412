#!/bin/sh
# Xcode Cloud runs ci_scripts/ci_post_clone.sh after cloning the repository, before it builds
# (README, "Xcode Cloud"). This one installs aasalint's release binary, checked against the
# release's SHA256SUMS, where ci_post_xcodebuild.sh finds it, and lints the repository's
# entitlements and AASA files with its .aasalint.yml: a finding at or above fail_on fails the
# build before Xcode spends time on it.
#   AASALINT_VERSION   the release to install (default 0.1.0; pin it, as any tool version)
set -eu

version="${AASALINT_VERSION:-0.1.0}"
releases="${AASALINT_RELEASES_URL:-https://github.com/aasalint/aasalint/releases/download}"
repository="${CI_PRIMARY_REPOSITORY_PATH:?Xcode Cloud sets CI_PRIMARY_REPOSITORY_PATH}"
install_dir="$repository/.build/aasalint-bin"

case "$(uname -s)" in
Darwin) triple=universal-apple-macosx ;;
Linux) triple="$(uname -m | sed 's/^arm64$/aarch64/')-unknown-linux-gnu" ;;
*) echo "error: aasalint has no release binary for $(uname -s)" >&2; exit 1 ;;
esac
tarball="aasalint-$version-$triple.tar.gz"
download="$(mktemp -d)"
trap 'rm -rf "$download"' EXIT

echo "Installing aasalint $version ($triple)"
curl -fsSL --retry 3 -o "$download/$tarball" "$releases/v$version/$tarball"
curl -fsSL --retry 3 -o "$download/SHA256SUMS" "$releases/v$version/SHA256SUMS"
(
    cd "$download"
    grep " $tarball\$" SHA256SUMS >"$tarball.sha256" || { echo "error: SHA256SUMS of v$version lists no $tarball" >&2; exit 1; }
    if command -v shasum >/dev/null 2>&1; then shasum -a 256 -c "$tarball.sha256"; else sha256sum -c "$tarball.sha256"; fi
) || { echo "error: $tarball does not match the SHA-256 of the release's SHA256SUMS; not installed" >&2; exit 1; }
tar -xzf "$download/$tarball" -C "$download"
mkdir -p "$install_dir"
install -m 755 "$download/aasalint-$version-$triple/bin/aasalint" "$install_dir/aasalint"

# For the SwiftPM plugins (README, "SwiftPM plugins"): Xcode Cloud has no one to ask whether to
# trust them; this is -skipPackagePluginValidation for every build of the machine.
if command -v defaults >/dev/null 2>&1; then
    defaults write com.apple.dt.Xcode IDESkipPackagePluginFingerprintValidatation -bool YES
fi

cd "$repository"
"$install_dir/aasalint" lint --no-color
