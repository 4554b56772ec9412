#!/usr/bin/env bash
# Checks SARIF files against the official SARIF 2.1.0 schema with `sarif-kit validate`
# (pip install sarif-kit). Uses the repository's .venv when it has sarif-kit, else PATH.
# GitHub adds requirements of its own; ReporterTests checks those.
#
# Usage: scripts/validate-sarif.sh FILE.sarif...
# Exit status: 0 all valid, 1 some file invalid or unreadable, 2 usage error or sarif-kit missing.
set -uo pipefail

if [ "$#" -eq 0 ]; then
    echo "usage: $0 FILE.sarif..." >&2
    exit 2
fi

repository_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
sarif_kit="$repository_root/.venv/bin/sarif-kit"
if [ ! -x "$sarif_kit" ]; then
    if ! sarif_kit="$(command -v sarif-kit)"; then
        echo "$0: sarif-kit not found; install it with: python3 -m venv .venv && .venv/bin/pip install sarif-kit" >&2
        exit 2
    fi
fi

status=0
for file in "$@"; do
    if "$sarif_kit" validate "$file"; then
        echo "$file: valid SARIF 2.1.0"
    else
        echo "$file: failed SARIF 2.1.0 validation" >&2
        status=1
    fi
done
exit "$status"
