"""The hooks of .pre-commit-hooks.yaml as pre-commit itself runs them (pre-commit from PyPI,
installed by .ci/run), on a repository that uses this checkout's HEAD as its hook repository.

Run from the repository's root after a build: `.venv/bin/pytest Tests/precommit`. The aasalint
that stands for an installed one is $AASALINT_BINARY, else the release build, else the debug build.
"""

import os
import pathlib
import shutil
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
PRE_COMMIT = pathlib.Path(sys.executable).parent / "pre-commit"
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
    """A git repository with a broken AASA file and entitlements, whose pre-commit configuration
    names this checkout at HEAD (`hooks` is filled in by each test)."""
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()
    repository = tmp_path / "app"
    (repository / "web").mkdir(parents=True)
    (repository / "web" / "apple-app-site-association").write_text(BROKEN_AASA)
    (repository / "ios").mkdir()
    (repository / "ios" / "Shop.entitlements").write_text(BROKEN_ENTITLEMENTS)
    subprocess.run(["git", "init", "-q"], cwd=repository, check=True)
    subprocess.run(["git", "add", "."], cwd=repository, check=True)

    def configure(hooks):
        (repository / ".pre-commit-config.yaml").write_text(
            f"repos:\n  - repo: {ROOT}\n    rev: {head}\n    hooks:\n" + "".join(f"      {hook}\n" for hook in hooks))
        return repository
    return configure


def tools_path(tmp_path, with_aasalint):
    """git and Python, never Swift; with `with_aasalint`, the build under test as the installed aasalint."""
    folder = tmp_path / "bin"
    folder.mkdir(exist_ok=True)
    for tool in ("git",):
        (folder / tool).symlink_to(shutil.which(tool))
    if with_aasalint:
        (folder / "aasalint").symlink_to(installed_binary())
    return f"{folder}:{PRE_COMMIT.parent}:/usr/bin:/bin"


def test_an_installed_aasalint_of_the_same_version_is_used_and_the_readme_hook_prints_each_finding_once(project, tmp_path):
    repository = project(["- id: aasalint", "  args: [--release]"])
    result = run([str(PRE_COMMIT), "run", "--all-files"], repository, tools_path(tmp_path, True), tmp_path)
    output = result.stdout + result.stderr
    assert result.returncode == 1, output
    assert "building aasalint" not in output
    findings = [line for line in output.splitlines() if line.endswith("]") and ": error: " in line]
    assert any("web/apple-app-site-association" in line for line in findings), output
    assert any("ios/Shop.entitlements" in line for line in findings), output
    assert len(findings) == len(set(findings)), output


def test_without_swift_the_hook_says_why_and_exits_2(project, tmp_path):
    repository = project(["- id: aasalint"])
    result = run([str(PRE_COMMIT), "run", "--all-files"], repository, tools_path(tmp_path, False), tmp_path)
    output = result.stdout + result.stderr
    assert result.returncode == 1, output
    assert "swift is not on the PATH" in output, output
    assert "exit code: 2" in output, output


def test_the_first_run_says_what_it_builds_before_building(project, tmp_path):
    repository = project(["- id: aasalint"])
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
