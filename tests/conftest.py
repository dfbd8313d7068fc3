"""Fixtures shared by the whole suite."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import settings

from patience.text import load_edition

# No per-example deadline: CI machines are shared, and a slow example is not a failure.
settings.register_profile("edition", deadline=None)
settings.load_profile("edition")

# sphinx.testing's fixtures (``app``, ``make_app``, test roots) for tests/sphinx; pytest
# accepts plugin declarations only in the top-level conftest.
pytest_plugins = ("sphinx.testing.fixtures",)

ROOT = Path(__file__).resolve().parents[1]
SOURCE_TEXTS = ROOT / "source_texts"


@pytest.fixture(scope="session")
def edition():
    return load_edition(SOURCE_TEXTS)


@pytest.fixture(scope="session")
def corpus():
    """The whole edition with its layers and specs, as the command line and the site load it."""
    from patience.corpus import load_corpus

    return load_corpus(SOURCE_TEXTS)


@pytest.fixture
def source_copy(tmp_path: Path) -> Path:
    """A private copy of ``source_texts/`` that a test may break."""
    copy = tmp_path / "source_texts"
    shutil.copytree(SOURCE_TEXTS, copy)
    return copy
