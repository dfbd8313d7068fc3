"""The loaded layers and the exported files, built once for the export tests."""

from __future__ import annotations

import pytest

from patience.export.layers import load_layers
from tests.conftest import SOURCE_TEXTS


@pytest.fixture(scope="session")
def layers():
    return load_layers(SOURCE_TEXTS)
