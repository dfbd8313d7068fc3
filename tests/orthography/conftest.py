"""Fixtures of the orthography tests: the gold list."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

GOLD = Path(__file__).with_name("gold.yaml")


def gold_words() -> list[dict]:
    return yaml.safe_load(GOLD.read_text(encoding="utf-8"))["words"]


@pytest.fixture(scope="session")
def gold() -> list[dict]:
    return gold_words()
