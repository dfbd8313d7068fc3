"""Fixtures shared by the whole suite."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from hypothesis import settings

from patience.text import load_edition

# No per-example deadline: CI machines are shared, and a slow example is not a failure.
settings.register_profile("edition", deadline=None)
settings.load_profile("edition")

# sphinx.testing's fixtures (``app``, ``make_app``, test roots) for tests/sphinx, and pytest's own
# ``pytester`` (tests/test_ci.py); pytest accepts plugin declarations only in the top-level conftest.
pytest_plugins = ("sphinx.testing.fixtures", "pytester")

ROOT = Path(__file__).resolve().parents[1]
SOURCE_TEXTS = ROOT / "source_texts"

# Runs only when a -m names their marker: the whole mutation run (minutes) and the browser's
# timing targets (a quiet machine). Left out here rather than by addopts' -m, which any -m
# on the command line replaces (`-m "not browser"` would then run both).
ON_REQUEST = ("mutations", "timing")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    asked = config.getoption("markexpr") or ""
    left_out = {marker for marker in ON_REQUEST if not re.search(rf"\b{marker}\b", asked)}
    dropped = [item for item in items if left_out & {mark.name for mark in item.iter_markers()}]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = [item for item in items if item not in dropped]


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
