"""The loaded corpus and the exported files, built once for the export tests."""

from __future__ import annotations

import pytest

from patience.corpus import load_corpus
from tests.conftest import SOURCE_TEXTS


@pytest.fixture(scope="session")
def corpus():
    return load_corpus(SOURCE_TEXTS)
