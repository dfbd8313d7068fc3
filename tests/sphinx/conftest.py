"""Sphinx test fixtures: the ``app`` fixture of ``sphinx.testing`` over our test roots.

Each test root under ``roots/`` is a small site whose ``conf.py`` loads the
``edition`` extension; the data come from the repository's ``source_texts/``
unless a test points ``edition_source_texts`` at a (broken) copy.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "extensions"))
sys.path.insert(0, str(Path(__file__).parent))  # helpers.py



@pytest.fixture(scope="session")
def rootdir() -> Path:
    return Path(__file__).parent / "roots"


@pytest.fixture
def source_copy(tmp_path) -> Path:
    """A private copy of ``source_texts/`` that a test may break."""
    copy = tmp_path / "source_texts"
    shutil.copytree(REPO / "source_texts", copy)
    return copy


@pytest.fixture
def site_copy(rootdir, tmp_path):
    """``site_copy(name)``: a private copy of the test root ``test-NAME`` to build (and edit)."""

    def copy(name: str) -> Path:
        target = tmp_path / f"site-{name}"
        shutil.copytree(rootdir / f"test-{name}", target)
        return target

    return copy
