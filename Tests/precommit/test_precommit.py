"""The hooks of .pre-commit-hooks.yaml as pre-commit itself runs them (pre-commit from PyPI,
installed by .ci/run), on a repository that uses this checkout's HEAD as its hook repository.

Run from the repository's root after a build: `.venv/bin/pytest Tests/precommit`. The aasalint
that stands for an installed one is $AASALINT_BINARY, else the release build, else the debug build.
"""

import os
import pathlib
import re
import shutil
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
PRE_COMMIT = pathlib.Path(sys.executable).parent / "pre-commit"
# The README names the released hook repository; the tests use this checkout at HEAD in its place.
RELEASED_REPOSITORY = "https://github.com/aasalint/aasalint"
RELEASED_REVISION = "v0.1.0"
FINDING = re.compile(r"^\S.*:\d+:\d+: (error|warning|note): .*\]$")
BROKEN_AASA = '{"applinks": {"details": [{"appIDs": ["W7JAY4CE8.com.example.shop"], "components": [{"/": "/*"}]}]}}\n'
BROKEN_ENTITLEMENTS = """<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0"><dict>
<key>com.apple.developer.associated-domains</key><array><string>applinks:https://example.com</string></array>
</dict></plist>
"""


def installed_binary() -> pathlib.Path:
    given = os.environ.get("AASALINT_BINARY")
    if given:
        return pathlib.Path(given).resolve()
    for build in ("release", "debug"):
        candidate = ROOT / ".build" / build / "aasalint"
        if candidate.exists():
            return candidate
    pytest.skip("no aasalint build; run swift build first")


def run(arguments, cwd, path, home):
    environment = {"PATH": path, "HOME": str(home), "PRE_COMMIT_HOME": str(home / "pre-commit"),
                   "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com",
                   "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com"}
    return subprocess.run(arguments, cwd=cwd, env=environment, capture_output=True, text=True, timeout=300)


@pytest.fixture
def project(tmp_path):
    """A git repository with a broken AASA file and entitlements; its pre-commit configuration is
    written as a user writes it (`with_hooks`, the README's), with this checkout at HEAD for the release."""
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()
    repository = tmp_path / "app"
    (repository / "web").mkdir(parents=True)
    (repository / "web" / "apple-app-site-association").write_text(BROKEN_AASA)
    (repository / "ios").mkdir()
    (repository / "ios" / "Shop.entitlements").write_text(BROKEN_ENTITLEMENTS)
    subprocess.run(["git", "init", "-q"], cwd=repository, check=True)
    subprocess.run(["git", "add", "."], cwd=repository, check=True)

    def configure(configuration):
        (repository / ".pre-commit-config.yaml").write_text(
            configuration.replace(f"repo: {RELEASED_REPOSITORY}", f"repo: {ROOT}").replace(f"rev: {RELEASED_REVISION}", f"rev: {head}"))
        return repository
    return configure


def with_hooks(*hooks):
    return (f"repos:\n  - repo: {RELEASED_REPOSITORY}\n    rev: {RELEASED_REVISION}\n    hooks:\n"
            + "".join(f"      {hook}\n" for hook in hooks))


def tools_path(tmp_path, with_aasalint):
    """git and Python, never Swift; with `with_aasalint`, the build under test as the installed aasalint."""
    folder = tmp_path / "bin"
    folder.mkdir(exist_ok=True)
    for tool in ("git",):
        (folder / tool).symlink_to(shutil.which(tool))
    if with_aasalint:
        (folder / "aasalint").symlink_to(installed_binary())
    return f"{folder}:{PRE_COMMIT.parent}:/usr/bin:/bin"


def readme_configurations():
    """The .pre-commit-config.yaml files of the README's pre-commit section, as written there."""
    readme = (ROOT / "README.md").read_text()
    section = readme[readme.index("\n### pre-commit\n"):]
    section = section[:section.index("\n### ", 1)]
    blocks = re.findall(r"```yaml\n(.*?)```", section, re.S)
    configurations = [block for block in blocks if block.startswith("# .pre-commit-config.yaml")]
    assert configurations, "the README's pre-commit section shows no .pre-commit-config.yaml"
    return configurations


def finding_lines(output):
    return sorted(line for line in output.splitlines() if FINDING.match(line))


@pytest.mark.parametrize("configuration", readme_configurations(), ids=lambda text: re.search(r"- id: (\S+)", text).group(1))
def test_each_readme_configuration_prints_each_finding_once(configuration, project, tmp_path):
    # An aasalint of the hook's version on the PATH: the script hook runs it instead of building.
    repository = project(configuration)
    path = tools_path(tmp_path, True)
    result = run([str(PRE_COMMIT), "run", "--all-files"], repository, path, tmp_path)
    output = result.stdout + result.stderr
    assert result.returncode == 1, output
    assert "building aasalint" not in output
    # What one lint of the same files with the README's option finds: each line exactly once.
    expected = run([str(installed_binary()), "lint", "--release", "--no-color", "--quiet",
                    "ios/Shop.entitlements", "web/apple-app-site-association"], repository, path, tmp_path)
    assert any("ios/Shop.entitlements" in line for line in finding_lines(expected.stdout)), expected.stdout + expected.stderr
    assert finding_lines(output) == finding_lines(expected.stdout), output


def test_without_swift_the_hook_says_why_and_exits_2(project, tmp_path):
    repository = project(with_hooks("- id: aasalint"))
    result = run([str(PRE_COMMIT), "run", "--all-files"], repository, tools_path(tmp_path, False), tmp_path)
    output = result.stdout + result.stderr
    assert result.returncode == 1, output
    assert "swift is not on the PATH" in output, output
    assert "exit code: 2" in output, output


def test_the_first_run_says_what_it_builds_before_building(project, tmp_path):
    repository = project(with_hooks("- id: aasalint"))
    path = tools_path(tmp_path, False)
    fake = tmp_path / "bin" / "swift"
    fake.write_text("#!/bin/sh\necho 'swift started' >&2\nexit 1\n")
    fake.chmod(0o755)
    result = run([str(PRE_COMMIT), "run", "--all-files"], repository, path, tmp_path)
    output = result.stdout + result.stderr
    notice = output.find("aasalint: building aasalint ")
    assert notice >= 0, output
    assert "about 5 minutes" in output
    assert output.find("swift started") > notice, output
