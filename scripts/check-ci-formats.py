#!/usr/bin/env python3
"""Reads aasalint's CI report formats with each consumer's reader, on the bundled examples, the
broken scenario, the signed apps, the spec corpus and a folder whose name holds every character
those formats read (newline, ], ;, %, quotes, <, &, and a ##vso[ command):

- gitlab: jsonschema with scripts/schemas/gitlab-codequality.schema.json (from GitLab's
  documentation); fingerprints unique in a report, equal to SARIF's, and the same from another
  working directory;
- junit: junitparser, and xmlschema with scripts/schemas/junit.xsd;
- checkstyle: xmlschema with scripts/schemas/checkstyle.xsd;
- sonarqube: jsonschema with scripts/schemas/sonarqube-generic-issues.schema.json (SonarQube's
  documented mandatory fields);
- azure: each line read as the agent reads a logging command.

Every report of an input comes from one lint with repeated --format FORMAT:FILE, whose text
report on standard output is checked too. Each format must name the same findings as the JSON
report, with file names and messages intact.

Usage: scripts/check-ci-formats.py AASALINT_BINARY"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ElementTree

import jsonschema
import junitparser
import xmlschema

binary = os.path.abspath(sys.argv[1])
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
schemas = os.path.join(root, "scripts", "schemas")
corpus = os.path.join(os.path.dirname(root), "shared", "corpus", "aasa")
formats = ["gitlab", "junit", "checkstyle", "sonarqube", "azure", "json", "sarif"]

with open(os.path.join(schemas, "gitlab-codequality.schema.json"), encoding="utf-8") as handle:
    gitlab_schema = jsonschema.Draft202012Validator(json.load(handle))
with open(os.path.join(schemas, "sonarqube-generic-issues.schema.json"), encoding="utf-8") as handle:
    sonar_schema = jsonschema.Draft202012Validator(json.load(handle))
junit_xsd = xmlschema.XMLSchema(os.path.join(schemas, "junit.xsd"))
checkstyle_xsd = xmlschema.XMLSchema(os.path.join(schemas, "checkstyle.xsd"))

failures = []


def fail(label, message):
    failures.append(f"{label}: {message}")


def visible(text):
    """Text as the XML formats write what XML cannot hold: control characters as \\u{X}."""
    return "".join(f"\\u{{{ord(c):X}}}" if (ord(c) < 0x20 and c != "\t") or 0x7F <= ord(c) <= 0x9F else c for c in text)


def repository_path(path, cwd):
    absolute = os.path.normpath(os.path.join(cwd, path))
    return os.path.relpath(absolute, root) if absolute.startswith(root + os.sep) else absolute


def lint(label, target, cwd=root):
    """One lint writing every format to its file, the text report to standard output."""
    out = tempfile.mkdtemp()
    arguments = [binary, "lint", "--no-config", "--fail-on", "none", target, "--format", "text"]
    arguments += [item for name in formats for item in ("--format", f"{name}:{os.path.join(out, name)}")]
    run = subprocess.run(arguments, cwd=cwd, capture_output=True, text=True)
    if run.returncode not in (0, 2):
        fail(label, f"exit status {run.returncode}: {run.stderr}")
    reports = {}
    for name in formats:
        with open(os.path.join(out, name), encoding="utf-8") as handle:
            reports[name] = handle.read()
    shutil.rmtree(out)
    reports["text"] = run.stdout
    return reports


def check(label, reports, cwd=root):
    findings = json.loads(reports["json"])["diagnostics"]
    if not findings:
        fail(label, "no finding to check")
    expected = [(repository_path(d["file"], cwd) if "!" not in d["file"] else None, d["ruleId"]) for d in findings]
    text_lines = [line for line in reports["text"].splitlines() if not line[:1].isspace() and re.search(r": (error|warning|note): ", line)]
    if len(text_lines) != len(findings):
        fail(label, f"the text report on standard output has {len(text_lines)} findings, JSON {len(findings)}")

    gitlab = json.loads(reports["gitlab"])
    for error in gitlab_schema.iter_errors(gitlab):
        fail(label, f"gitlab: {error.message} at {list(error.absolute_path)}")
    fingerprints = [issue["fingerprint"] for issue in gitlab]
    if len(set(fingerprints)) != len(fingerprints):
        fail(label, "gitlab: fingerprints repeat")
    sarif = json.loads(reports["sarif"])["runs"][0]["results"]
    if fingerprints != [result["partialFingerprints"]["aasalint/v1"] for result in sarif]:
        fail(label, "gitlab: fingerprints differ from SARIF's")
    for (path, rule), issue in zip(expected, gitlab):
        if issue["check_name"] != rule or (path and issue["location"]["path"] != path):
            fail(label, f"gitlab: {issue['location']['path']} [{issue['check_name']}] should be {path} [{rule}]")

    junit_xsd.validate(ElementTree.fromstring(reports["junit"]))
    suites = junitparser.JUnitXml.fromstring(reports["junit"])
    cases = [case for suite in suites for case in suite if any(isinstance(r, junitparser.Failure) for r in case.result)]
    if len(cases) != len(findings):
        fail(label, f"junit: {len(cases)} failed cases for {len(findings)} findings")
    for (path, rule), case in zip(expected, cases):
        if not case.name.startswith(rule) or (path and case.classname != visible(path)):
            fail(label, f"junit: case {case.classname} {case.name} should be {path} {rule}")

    checkstyle_xsd.validate(ElementTree.fromstring(reports["checkstyle"]))
    errors = [(file.get("name"), error) for file in ElementTree.fromstring(reports["checkstyle"]) for error in file]
    if len(errors) != len(findings):
        fail(label, f"checkstyle: {len(errors)} errors for {len(findings)} findings")
    names = {name for name, _ in errors}
    for path, rule in expected:
        if path and visible(path) not in names:
            fail(label, f"checkstyle: no file named {visible(path)!r}")
    if sorted(error.get("source") for _, error in errors) != sorted("aasalint." + rule for _, rule in expected):
        fail(label, "checkstyle: the sources are not the findings' rules")

    sonar = json.loads(reports["sonarqube"])
    for error in sonar_schema.iter_errors(sonar):
        fail(label, f"sonarqube: {error.message} at {list(error.absolute_path)}")
    rules = {rule["id"] for rule in sonar["rules"]}
    for (path, rule), issue in zip(expected, sonar["issues"]):
        if issue["ruleId"] != rule or issue["ruleId"] not in rules or (path and issue["primaryLocation"]["filePath"] != path):
            fail(label, f"sonarqube: {issue['primaryLocation']['filePath']} [{issue['ruleId']}] should be {path} [{rule}], with its rule")

    # As the Azure Pipelines agent reads a line: the first ##vso[ starts the command, the first ]
    # after it ends the properties, which split on ;, and values and message are unescaped.
    def unescape(text):
        for escaped, character in (("%3B", ";"), ("%5D", "]"), ("%0D", "\r"), ("%0A", "\n"), ("%AZP25", "%")):
            text = text.replace(escaped, character)
        return text

    lines = reports["azure"].splitlines()
    if len(lines) != len(findings):
        fail(label, f"azure: {len(lines)} lines for {len(findings)} findings")
    for (path, rule), line, finding in zip(expected, lines, findings):
        match = re.fullmatch(r"##vso\[task\.logissue ([^\]]*)\](.*)", line)
        if not match:
            fail(label, f"azure: not one logissue command: {line!r}")
            continue
        properties = dict(pair.split("=", 1) for pair in match.group(1).split(";"))
        properties = {key: unescape(value) for key, value in properties.items()}
        if properties.get("code") != rule or (path and properties.get("sourcepath") != path) or properties["type"] not in ("error", "warning"):
            fail(label, f"azure: {properties} should be {path} [{rule}]")
        if path and finding["message"].replace("\x1b", "\\u{1B}") not in unescape(match.group(2)):
            fail(label, f"azure: the message {unescape(match.group(2))!r} does not hold {finding['message']!r}")
    return len(findings)


counted = 0
inputs = [
    ("the examples", os.path.join(root, "Fixtures", "examples")),
    ("the broken scenario", os.path.join(root, "Fixtures", "cli", "broken")),
    ("the signed apps", os.path.join(root, "Fixtures", "artifacts")),
    ("the corpus", corpus),
]
for label, target in inputs:
    counted += check(label, lint(label, target))

# A folder inside the repository whose name holds what every format escapes, with an AASA file
# whose patterns do too (they are quoted in the messages).
hostile_parent = tempfile.mkdtemp(dir=root, prefix=".ci-formats-")
try:
    hostile = os.path.join(hostile_parent, "we]ird;dir %25 \"q\" 'a' <b>&c\n##vso[task.setvariable variable=x]y")
    os.makedirs(hostile)
    with open(os.path.join(hostile, "apple-app-site-association"), "w", encoding="utf-8") as handle:
        json.dump({"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.shop"],
                                              "components": [{"/": "*"}, {"/": "/a]b;c%d\"<e&f>\n##vso[x]"}]}]}}, handle)
    counted += check("the hostile names", lint("the hostile names", hostile_parent))
    # Fingerprints do not depend on the working directory.
    from_root = json.loads(lint("hostile, from the root", hostile_parent)["gitlab"])
    from_inside = json.loads(lint("hostile, from inside", ".", cwd=hostile)["gitlab"])
    if [i["fingerprint"] for i in from_root] != [i["fingerprint"] for i in from_inside]:
        fail("the hostile names", "gitlab fingerprints change with the working directory")
finally:
    shutil.rmtree(hostile_parent)

for failure in failures:
    print(failure, file=sys.stderr)
print(f"CI formats: {len(inputs) + 1} inputs, {counted} findings read back in {len(formats) - 2} formats, {len(failures)} failures")
sys.exit(1 if failures else 0)
