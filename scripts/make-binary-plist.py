#!/usr/bin/env python3
"""Writes the binary (bplist00) twins of XML entitlements fixtures, so that every rule that
applies to binary property lists is tested on both forms.

Run from the package root after changing one of the XML sources below:

    python3 scripts/make-binary-plist.py

Each `Fixtures/rules/<rule>/<case>.entitlements` becomes `<case>-binary.entitlements` beside
it (then run the fixture tests with AASALINT_UPDATE_GOLDENS=1 and review the new .expected
files). `plistlib` writes the same bytes for the same input, so the outputs are stable.
"""
import pathlib
import plistlib
import sys

RULES = pathlib.Path("Fixtures/rules")

SOURCES = [
    "invalid-plist/valid",
    "invalid-associated-domain/mistakes",
    "invalid-domain-mode/bad-modes",
    "developer-mode-in-release/developer-mode-release",
    "get-task-allow-in-release/get-task-allow-release",
    "aps-environment/capitalised",
    "aps-environment/development-release",
    "duplicate-domain/repeated",
    "empty-associated-domains/empty",
    "wildcard-without-apex/wildcard-only",
]

# A binary plist cut short: its trailer, which locates every object, is missing.
TRUNCATED = ("invalid-plist/valid", "invalid-plist/truncated-binary")


def binary(source: str) -> bytes:
    with open(RULES / f"{source}.entitlements", "rb") as xml:
        return plistlib.dumps(plistlib.load(xml), fmt=plistlib.FMT_BINARY)


def main() -> int:
    if not RULES.is_dir():
        print("run this from the package root", file=sys.stderr)
        return 2
    for source in SOURCES:
        (RULES / f"{source}-binary.entitlements").write_bytes(binary(source))
    source, target = TRUNCATED
    (RULES / f"{target}.entitlements").write_bytes(binary(source)[:-20])
    return 0


if __name__ == "__main__":
    sys.exit(main())
