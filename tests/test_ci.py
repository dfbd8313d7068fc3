"""CI runs the README's test command as written, and that command sets up all the tests need."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import tomllib

from tests.conftest import ROOT

MARKER = "<!-- .ci/run runs the command below as written"
README = (ROOT / "README.md").read_text(encoding="utf-8")


def marked_command(text: str) -> str:
    """The first non-blank line after the marker, as the reader copies it."""
    after = text.split(MARKER, 1)[1].split("\n", 1)[1]
    return next(line for line in after.splitlines() if line.strip()).strip()


def stub(path, script: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"#!/usr/bin/env bash\n{script}\n", encoding="utf-8")
    path.chmod(0o755)


def test_ci_runs_whatever_the_readme_s_test_command_says(tmp_path):
    """A copy of .ci/run beside a README whose marked command is changed: CI runs the new
    one, with the accelerator required, then lint, type checks and the JavaScript's tests."""
    (tmp_path / ".ci").mkdir()
    shutil.copy(ROOT / ".ci" / "run", tmp_path / ".ci" / "run")
    log = tmp_path / "log"
    for tool in ("ruff", "mypy", "npm"):
        stub(tmp_path / ".venv" / "bin" / tool, f'echo "{tool} $*" >> {log}')
    changed = f'echo "tests, native required: $PATIENCE_REQUIRE_NATIVE" >> {log} && echo "and the rest" >> {log}'
    (tmp_path / "README.md").write_text(README.replace(marked_command(README), changed), encoding="utf-8")
    path = f"{tmp_path / '.venv' / 'bin'}:{os.environ['PATH']}"  # npm is the system's: the stub first
    result = subprocess.run(["bash", str(tmp_path / ".ci" / "run")], capture_output=True, text=True,
                            env={**os.environ, "PATH": path})
    assert result.returncode == 0, result.stderr
    assert log.read_text().splitlines() == [
        "tests, native required: 1", "and the rest", "ruff check patience extensions tests benchmarks", "mypy ",
        "npm run lint", "npm test"]


def test_ci_fails_when_its_command_fails_or_is_missing(tmp_path):
    (tmp_path / ".ci").mkdir()
    shutil.copy(ROOT / ".ci" / "run", tmp_path / ".ci" / "run")
    (tmp_path / "README.md").write_text(README.replace(marked_command(README), "false && true"), encoding="utf-8")
    failed = subprocess.run(["bash", str(tmp_path / ".ci" / "run")], capture_output=True, text=True)
    assert failed.returncode == 1
    (tmp_path / "README.md").write_text(README.replace(MARKER, "<!-- a comment"), encoding="utf-8")
    missing = subprocess.run(["bash", str(tmp_path / ".ci" / "run")], capture_output=True, text=True)
    assert missing.returncode == 1 and "README.md has no test command" in missing.stderr


def installed_extras(command: str) -> set[str]:
    """The extras a command's ``pip install -e '.[…]'`` installs, with the extras they name."""
    words = shlex.split(command)
    spec = words[words.index("-e") + 1]
    pending = re.fullmatch(r"\.\[(.*)\]", spec).group(1).split(",")
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    found: set[str] = set()
    while pending:
        extra = pending.pop()
        if extra not in found:
            found.add(extra)
            pending += [name for requirement in extras[extra] if requirement.startswith("patience[")
                        for name in requirement[len("patience["):requirement.index("]")].split(",")]
    return found


def test_the_test_command_sets_up_everything_the_tests_import_and_the_site_copies_in():
    """The tests import the test and browser extras, the benchmarks (checked by the tests)
    the bench extra; the site's build needs npm's packages; CI lints with the lint extra."""
    command = marked_command(README)
    assert {"test", "browser", "bench", "lint"} <= installed_extras(command)
    steps = [step.strip() for step in command.split("&&")]
    assert steps[:2] == ["bash .ci/setup", "python3 -m venv .venv"] and "npm ci" in steps
    assert steps[-1] == ".venv/bin/python -m pytest -n 2"  # both cores of a CI machine (pytest-xdist)


def test_the_command_without_root_is_the_same_with_the_debian_packages_tests_left_out():
    command = marked_command(README)
    without_root = next(line.strip() for line in README.splitlines() if '-m "not browser and not tools"' in line)
    assert f"bash .ci/setup && {without_root}" == f'{command} -m "not browser and not tools"'


def test_a_marker_on_the_command_line_keeps_the_whole_mutation_run_out_unless_it_names_it(pytester):
    """The suite's own hook (tests/conftest.py) in a suite of three tests."""
    pytester.makeconftest("from tests.conftest import pytest_collection_modifyitems  # noqa: F401")
    pytester.makeini("[pytest]\nmarkers =\n    mutations\n    timing\n")
    pytester.makepyfile("""
        import pytest
        def test_plain(): pass
        @pytest.mark.mutations
        def test_whole_run(): pass
        @pytest.mark.timing
        def test_timed(): pass
    """)
    runs = {(): {"test_plain"}, ("-m", "not browser and not tools"): {"test_plain"},
            ("-m", "mutations"): {"test_whole_run"}, ("-m", "timing or not timing"): {"test_plain", "test_timed"}}
    for options, ran in runs.items():
        output = pytester.runpytest_inprocess("-p", "no:cacheprovider", "-v", *options).stdout.str()
        assert {name for name in ("test_plain", "test_whole_run", "test_timed") if f"::{name} PASSED" in output} == ran
