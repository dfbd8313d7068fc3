"""Fixtures of the search tests: the repository's extensions on sys.path."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def extensions_path(monkeypatch):
    monkeypatch.syspath_prepend(str(ROOT / "extensions"))
