"""Private copies to break: the specs (the text's copy is the suite's ``source_copy``)."""

from __future__ import annotations

import shutil

import pytest

from patience.spec.loading import SPEC_DIR


@pytest.fixture
def specs_copy(tmp_path):
    copy = tmp_path / "specs"
    shutil.copytree(SPEC_DIR, copy)
    return copy
