"""The built wheel, installed into a fresh virtual environment, works from any directory.

Costs a wheel build and an install of the dependencies (from pip's cache once warm):
about a minute.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from patience.solver import native
from tests.conftest import ROOT, SOURCE_TEXTS


def run(command: list, cwd: Path) -> subprocess.CompletedProcess:
    environment = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PATIENCE_SOURCE_TEXTS", "VIRTUAL_ENV")}
    result = subprocess.run([str(c) for c in command], cwd=cwd, capture_output=True, text=True, env=environment)
    assert result.returncode == 0, f"{command}: {result.stderr[-3000:]}"
    return result


def tracked(*folders: str) -> list[str]:
    listing = subprocess.run(["git", "ls-files", "-z", *folders], cwd=ROOT, capture_output=True, check=True).stdout
    return [name for name in listing.decode("utf-8").split("\0") if name and (ROOT / name).is_file()]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel built from a copy of the tracked files, as from a fresh clone (no stale build/ folder)."""
    base = tmp_path_factory.mktemp("dist")
    source = base / "source"
    for name in tracked():
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, source / name)
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", base / "dist", source], base)
    [built] = (base / "dist").glob("patience-*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> tuple[Path, Path]:
    """The ``patience`` command of a fresh venv holding only the wheel and its dependencies."""
    base = tmp_path_factory.mktemp("wheel")
    run([sys.executable, "-m", "venv", base / "venv"], base)
    python = base / "venv" / "bin" / "python"
    run([python, "-m", "pip", "install", "-q", "-c", ROOT / "constraints.txt", wheel], base)
    elsewhere = base / "elsewhere"
    elsewhere.mkdir()
    return base / "venv" / "bin" / "patience", elsewhere


def test_the_wheel_carries_every_file_of_the_packages_and_nothing_else(wheel):
    """Code and data files alike: the specs, the fonts, the extensions' static files, the edition's data."""
    with zipfile.ZipFile(wheel) as archive:
        shipped = {name for name in archive.namelist() if ".dist-info/" not in name}
    wanted = {name.removeprefix("extensions/") for name in tracked("patience", "extensions/patience_sphinx")}
    wanted |= {f"patience/{name}" for name in tracked("source_texts")}
    if native._native is not None:  # built here, so built into the wheel too
        wanted.add(f"patience/solver/_native{sysconfig.get_config_var('EXT_SUFFIX')}")
    assert shipped == wanted, (sorted(wanted - shipped), sorted(shipped - wanted))


def test_the_wheel_marks_the_package_as_typed(wheel):
    """PEP 561: a type checker of a project that imports ``patience`` reads its annotations."""
    with zipfile.ZipFile(wheel) as archive:
        assert archive.getinfo("patience/py.typed").file_size == 0


def test_the_wheel_carries_the_edition_data(installed):
    command, elsewhere = installed
    script = "import patience.text.edition as e; print(e.source_texts_dir())"
    where = Path(run([command.with_name("python"), "-c", script], elsewhere).stdout.strip())
    assert where.parent.name == "patience" and "site-packages" in where.parts
    shipped = {p.relative_to(where) for p in where.rglob("*") if p.is_file() and "__pycache__" not in p.parts}
    assert shipped == {p.relative_to(SOURCE_TEXTS) for p in SOURCE_TEXTS.rglob("*") if p.is_file()}


def test_games_text_cite_deal_from_another_directory(installed, edition):
    command, elsewhere = installed
    assert "calculation" in run([command, "games"], elsewhere).stdout
    record = json.loads(run([command, "text", "--json"], elsewhere).stdout)
    assert [p["id"] for p in record["passages"]] == [p.id for p in edition.passages]
    assert "calculation.game.3" in run([command, "cite", "calculation.game.3"], elsewhere).stdout
    assert "foundation" in run([command, "deal", "calculation", "1"], elsewhere).stdout


@pytest.mark.parametrize("export", ["tei", "epub", "pdf"])
def test_the_exports_from_the_wheel_are_those_of_the_checkout(installed, tmp_path, export):
    command, elsewhere = installed
    run([command, export, "-o", tmp_path / "wheel"], elsewhere)
    run([sys.executable, "-m", "patience", export, "-o", tmp_path / "checkout"], ROOT)
    assert (tmp_path / "wheel").read_bytes() == (tmp_path / "checkout").read_bytes()


def test_solve_from_another_directory(installed):
    command, elsewhere = installed
    result = run([command, "solve", "calculation", "1", "--budget", "2000"], elsewhere)
    assert result.stdout.splitlines()[-1].startswith("calculation deal 1: won in ")  # the line is printed above it
