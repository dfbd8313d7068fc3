"""Sphinx test fixtures: the ``app`` fixture of ``sphinx.testing`` over our test roots.

Each test root under ``roots/`` is a small site whose ``conf.py`` loads the
``edition`` extension; the data come from the repository's ``source_texts/``
unless a test points ``edition_source_texts`` at a (broken) copy (``source_copy``,
from the top-level conftest, which also loads ``sphinx.testing.fixtures``).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def rootdir() -> Path:
    return Path(__file__).parent / "roots"


@pytest.fixture
def site_copy(rootdir, tmp_path):
    """``site_copy(name)``: a private copy of the test root ``test-NAME`` to build (and edit)."""

    def copy(name: str) -> Path:
        target = tmp_path / f"site-{name}"
        shutil.copytree(rootdir / f"test-{name}", target)
        return target

    return copy
