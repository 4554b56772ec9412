#!/usr/bin/env python3
"""Checks the JSON Schemas that `aasalint schema` prints with the jsonschema package:
both are valid draft 2020-12 schemas; the AASA schema accepts every corpus file that
aasalint itself finds well-formed (no invalid-json, unknown-key or invalid-type finding);
the configuration schema accepts the repository's own and the scenario configurations; the
report schema accepts real `--format json` reports (the corpus, the examples, signed apps) and
the lines of `match --format json --urls`.

Usage: scripts/check-schemas.py AASALINT_BINARY"""
import glob
import json
import os
import subprocess
import sys
import tempfile

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

report_schema = schema("report")
reports = [("the corpus", json.loads(report))]
for label, arguments in [
    ("the examples", ["lint", "--no-config", "--format", "json", "--fail-on", "none", os.path.join(root, "Fixtures", "examples")]),
    ("the broken scenario", ["lint", "--no-config", "--format", "json", "--fail-on", "none", os.path.join(root, "Fixtures", "cli", "broken")]),
    ("the signed apps", ["lint", "--no-config", "--format", "json", "--fail-on", "none", os.path.join(root, "Fixtures", "artifacts")]),
]:
    run = subprocess.run([binary] + arguments, capture_output=True, text=True)
    reports.append((label, json.loads(run.stdout)))
for label, document in reports:
    if not document["diagnostics"]:
        failures.append(f"{label}: the report has no finding to check")
    for error in report_schema.iter_errors(document):
        failures.append(f"report of {label}: {error.message} at {list(error.absolute_path)}")
match_line = jsonschema.Draft202012Validator({"$ref": "#/$defs/matchLine", "$defs": report_schema.schema["$defs"]})
with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as urls:
    urls.write("https://example.com/blog/post\nhttps://example.com/tags/x\nhttps://example.com/nothing\n")
lines = subprocess.run([binary, "match", os.path.join(root, "Fixtures", "examples", "blog", "apple-app-site-association"),
                        "--urls", urls.name, "--format", "json"], capture_output=True, text=True).stdout.splitlines()
os.unlink(urls.name)
if not lines:
    failures.append("match --format json --urls printed no line")
for line in lines:
    for error in match_line.iter_errors(json.loads(line)):
        failures.append(f"match line {line}: {error.message}")

for failure in failures:
    print(failure, file=sys.stderr)
print(f"schemas: {checked} corpus files, {len(configurations)} configurations, {len(reports)} reports and {len(lines)} match lines checked, {len(failures)} failures")
sys.exit(1 if failures else 0)
