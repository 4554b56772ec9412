#!/bin/sh
# aasalint as an Xcode Run Script build phase, placed before "Copy Bundle Resources" (README,
# "Xcode build phase"). Paste this file into the phase, or call it from there:
#   "${SRCROOT}/scripts/aasalint-build-phase.sh"
# Input Files (with user-script sandboxing, ENABLE_USER_SCRIPT_SANDBOXING, the script may read
# only these):
#   $(SRCROOT)/$(CODE_SIGN_ENTITLEMENTS)
#   $(SRCROOT)/.aasalint.yml                            (if the repository has one)
#   any AASA file, e.g. $(SRCROOT)/web/.well-known/apple-app-site-association
#   (or an Input File List, .xcfilelist, naming them one a line)
# Output Files: $(DERIVED_FILE_DIR)/aasalint.stamp, so that Xcode runs the phase only when an
# input changed ("Based on dependency analysis").
# Without declared inputs it lints $(CODE_SIGN_ENTITLEMENTS), which sandboxing lets it read only
# when declared. A Release configuration is linted as a release (--release): no get-task-allow,
# no ?mode=developer. Findings print as file:line:col: error: ..., which Xcode shows on the line.
set -u

aasalint="${AASALINT:-}"
if [ -z "$aasalint" ]; then
    # Xcode's PATH has neither Homebrew folder.
    for candidate in "$(command -v aasalint 2>/dev/null)" /opt/homebrew/bin/aasalint /usr/local/bin/aasalint; do
        if [ -n "$candidate" ] && [ -x "$candidate" ]; then aasalint="$candidate"; break; fi
    done
fi
if [ -z "$aasalint" ]; then
    echo "warning: aasalint is not installed, so the entitlements were not checked; brew install aasalint (see https://github.com/aasalint/aasalint#install)"
    exit 0
fi

# The declared inputs: files and file lists; .aasalint.yml among them is the configuration.
# (Xcode numbers them: SCRIPT_INPUT_FILE_0, ..., read with eval.)
set --
config="" file="" list="" stamp=""
i=0
while [ "$i" -lt "${SCRIPT_INPUT_FILE_COUNT:-0}" ]; do
    eval "file=\${SCRIPT_INPUT_FILE_$i}"
    case "$file" in
    */.aasalint.yml) config="$file" ;;
    *) set -- "$@" "$file" ;;
    esac
    i=$((i + 1))
done
i=0
while [ "$i" -lt "${SCRIPT_INPUT_FILE_LIST_COUNT:-0}" ]; do
    eval "list=\${SCRIPT_INPUT_FILE_LIST_$i}"
    while IFS= read -r file || [ -n "$file" ]; do
        case "$file" in
        "" | "#"*) ;;
        */.aasalint.yml) config="$file" ;;
        *) set -- "$@" "$file" ;;
        esac
    done <"$list"
    i=$((i + 1))
done
if [ "$#" -eq 0 ] && [ -n "${CODE_SIGN_ENTITLEMENTS:-}" ]; then
    case "$CODE_SIGN_ENTITLEMENTS" in
    /*) set -- "$CODE_SIGN_ENTITLEMENTS" ;;
    *) set -- "${SRCROOT:?}/$CODE_SIGN_ENTITLEMENTS" ;;
    esac
fi
if [ "$#" -eq 0 ]; then
    echo "note: aasalint: no input files and no CODE_SIGN_ENTITLEMENTS; nothing to lint"
    exit 0
fi

if [ -n "$config" ]; then set -- --config "$config" "$@"; fi
if [ "${CONFIGURATION:-}" = "Release" ]; then set -- --release "$@"; fi
"$aasalint" lint --quiet --no-color "$@" || exit $?

# The stamp that tells Xcode this phase is up to date with its inputs.
i=0
while [ "$i" -lt "${SCRIPT_OUTPUT_FILE_COUNT:-0}" ]; do
    eval "stamp=\${SCRIPT_OUTPUT_FILE_$i}"
    mkdir -p "$(dirname "$stamp")" && : >"$stamp"
    i=$((i + 1))
done
