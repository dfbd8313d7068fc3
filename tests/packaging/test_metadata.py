"""What the package declares: every import, a range for each dependency, exact pins, citation, licence."""

from __future__ import annotations

import ast
import importlib.metadata
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

from patience import __version__
from patience.citation import load_publication
from tests.conftest import ROOT, SOURCE_TEXTS

PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PROJECT = PYPROJECT["project"]
CFFCONVERT = str(Path(sys.executable).with_name("cffconvert"))
LOCAL = {"patience", "patience_sphinx", "tests", "conf", "benchmarks", "setup"}


def requirements(*groups: str) -> dict[str, Requirement]:
    """The dependencies of the core and of ``groups``, an extra's own extras (``patience[docs]``) included."""
    found = [Requirement(r) for r in PROJECT["dependencies"]]
    pending, seen = list(groups), set()
    while pending:
        group = pending.pop()
        if group in seen:
            continue
        seen.add(group)
        for requirement in map(Requirement, PROJECT["optional-dependencies"][group]):
            if canonicalize_name(requirement.name) == "patience":
                pending += sorted(requirement.extras)
            else:
                found.append(requirement)
    return {canonicalize_name(r.name): r for r in found}


def pins() -> dict[str, Version]:
    lines = (ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines()
    pinned = [Requirement(line) for line in lines if line.strip() and not line.startswith("#")]
    for requirement in pinned:
        assert len(requirement.specifier) == 1 and next(iter(requirement.specifier)).operator == "==", requirement
    return {canonicalize_name(r.name): Version(next(iter(r.specifier)).version) for r in pinned}


def imported(folder: Path, top_level_only: bool = False) -> set[str]:
    """The top-level modules that the Python files under ``folder`` import, less the standard library;
    with ``top_level_only``, only the imports that run when a module is imported (not inside functions)."""
    names = set()
    for path in folder.rglob("*.py") if folder.is_dir() else [folder]:
        if ".venv" in path.parts or "_build" in path.parts:
            continue
        for node in _imports(ast.parse(path.read_text(encoding="utf-8")), top_level_only):
            if isinstance(node, ast.Import):
                names |= {a.name.split(".")[0] for a in node.names}
            elif node.level == 0 and node.module:
                names.add(node.module.split(".")[0])
    return names - set(sys.stdlib_module_names) - LOCAL - {"__future__"}


def _imports(node: ast.AST, top_level_only: bool):
    for child in ast.iter_child_nodes(node):
        if isinstance(child, (ast.Import, ast.ImportFrom)):
            yield child
        elif not (top_level_only and isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))):
            yield from _imports(child, top_level_only)


def distributions(modules: set[str]) -> set[str]:
    owners = importlib.metadata.packages_distributions()
    missing = sorted(m for m in modules if m not in owners)
    assert not missing, f"imported but installed by no distribution: {missing}"
    return {canonicalize_name(owners[m][0]) for m in modules}


OPTIONAL = tuple(g for g in PROJECT["optional-dependencies"] if g not in ("docs", "test", "lint", "browser", "bench"))


@pytest.mark.parametrize(("folder", "groups"), [
    ("patience", OPTIONAL),                   # the package: its optional features' extras (stats …)
    ("extensions", ("docs", *OPTIONAL)),      # the Sphinx extensions, and the font tool beside them
    ("conf.py", ("docs",)),
    ("tests", ("test", "browser")),
    ("benchmarks", ("test", "browser", "bench")),
])
def test_every_imported_package_is_declared(folder, groups):
    undeclared = distributions(imported(ROOT / folder)) - set(requirements(*groups))
    assert not undeclared, f"{folder} imports packages pyproject.toml does not declare: {sorted(undeclared)}"


def test_importing_the_package_needs_only_the_core_dependencies():
    """An optional feature's packages (an extra) are imported where the feature runs, not with the module."""
    undeclared = distributions(imported(ROOT / "patience", top_level_only=True)) - set(requirements())
    assert not undeclared, f"patience imports at module level packages outside the core: {sorted(undeclared)}"


def test_dependencies_are_ranges_and_constraints_pin_them_inside():
    declared = requirements(*PROJECT["optional-dependencies"])
    pinned = pins()
    for name, requirement in declared.items():
        assert not any(s.operator == "==" for s in requirement.specifier), f"{requirement}: give a range"
        assert name in pinned, f"{name} has no exact version in constraints.txt"
        assert requirement.specifier.contains(pinned[name], prereleases=True), (
            f"constraints.txt pins {name}=={pinned[name]}, outside {requirement.specifier}")


def test_requires_python_from_311_on():
    assert PROJECT["requires-python"] == ">=3.11"


def test_citation_cff_validates_and_names_this_version_and_release():
    cff = ROOT / "CITATION.cff"
    result = subprocess.run([CFFCONVERT, "--validate", "-i", str(cff)],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    text = cff.read_text(encoding="utf-8")
    release = load_publication(SOURCE_TEXTS)
    assert PROJECT["version"] == __version__ == release.version
    assert re.search(rf"^version: {re.escape(release.version)}$", text, re.M)
    assert re.search(rf"^date-released: {release.released.isoformat()}$", text, re.M)
    assert f'  - name: "{release.editors}"' in text  # the same editors as every citation


def test_cffconvert_rejects_a_broken_citation(tmp_path):
    broken = tmp_path / "CITATION.cff"
    broken.write_text((ROOT / "CITATION.cff").read_text(encoding="utf-8").replace("cff-version: 1.2.0", "cff-version: 1.2.0\nauthor: nobody"), encoding="utf-8")
    result = subprocess.run([CFFCONVERT, "--validate", "-i", str(broken)],
                            capture_output=True, text=True)
    assert result.returncode != 0


def test_licences_of_the_code_and_of_the_text():
    licence = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert "MIT License" in licence and "CC BY 4.0" in licence and "public domain" in licence
