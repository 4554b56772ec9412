#!/usr/bin/env python3
"""Checks the JSON Schemas that `aasalint schema` prints with the jsonschema package:
both are valid draft 2020-12 schemas; the AASA schema accepts every corpus file that
aasalint itself finds well-formed (no invalid-json, unknown-key or invalid-type finding);
the configuration schema accepts the repository's own and the scenario configurations.

Usage: scripts/check-schemas.py AASALINT_BINARY"""
import glob
import json
import os
import subprocess
import sys

import jsonschema
import yaml

binary = sys.argv[1]
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
corpus = os.path.join(os.path.dirname(root), "shared", "corpus", "aasa")


def schema(which):
    text = subprocess.run([binary, "schema", which], check=True, capture_output=True, text=True).stdout
    document = json.loads(text)
    jsonschema.Draft202012Validator.check_schema(document)
    return jsonschema.Draft202012Validator(document)


failures = []
aasa = schema("aasa")
structural = {"invalid-json", "unknown-key", "invalid-type", "invalid-utf8"}
report = subprocess.run([binary, "lint", "--no-config", "--format", "json", "--fail-on", "none", corpus],
                        check=True, capture_output=True, text=True).stdout
malformed = {os.path.basename(d["file"]) for d in json.loads(report)["diagnostics"] if d["ruleId"] in structural}
checked = 0
for path in sorted(glob.glob(os.path.join(corpus, "*"))):
    if os.path.basename(path) in malformed:
        continue
    try:
        with open(path, encoding="utf-8") as handle:
            document = json.load(handle)
    except ValueError:
        continue
    checked += 1
    for error in aasa.iter_errors(document):
        failures.append(f"{path}: {error.message}")

config = schema("config")
configurations = [os.path.join(root, ".aasalint.yml")] + [
    path for path in glob.glob(os.path.join(root, "Fixtures", "projects", "*", ".aasalint.yml")) if "config-errors" not in path
]
for path in configurations:
    with open(path, encoding="utf-8") as handle:
        document = yaml.safe_load(handle) or {}
    for error in config.iter_errors(document):
        failures.append(f"{path}: {error.message}")

for failure in failures:
    print(failure, file=sys.stderr)
print(f"schemas: {checked} corpus files and {len(configurations)} configurations checked, {len(failures)} failures")
sys.exit(1 if failures else 0)
