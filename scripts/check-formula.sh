#!/usr/bin/env bash
# Checks the Homebrew formula, Formula/aasalint.rb: its Ruby syntax (ruby -c); that it downloads
# the source tarball of the version in the sources; and, with scripts/replay-formula.rb, that its
# install steps build and install aasalint into a temporary prefix from the source tarball of a
# make-release output and that its `test do` block passes there. That is a clean release build.
#
# Usage: scripts/check-formula.sh DIST [--verify-sha256]
#   DIST             a folder written by scripts/make-release (it holds aasalint-<version>.tar.gz)
#   --verify-sha256  the tarball must also have the formula's sha256 (the release workflow's check
#                    of the tarball it publishes; a tarball of an unreleased commit never has it)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
    echo "usage: scripts/check-formula.sh DIST [--verify-sha256]" >&2
    exit 1
fi
dist="$1"
shift

ruby -c Formula/aasalint.rb
version="$(scripts/make-release --print-version)"
url="https://github.com/aasalint/aasalint/releases/download/v$version/aasalint-$version.tar.gz"
if ! grep -qxF "  url \"$url\"" Formula/aasalint.rb; then
    echo "Formula/aasalint.rb: the url should be $url, the source tarball of version $version" >&2
    exit 1
fi
ruby scripts/replay-formula.rb Formula/aasalint.rb "$dist/aasalint-$version.tar.gz" "$@"
