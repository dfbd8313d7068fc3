"""Private copies to break: the specs (the text's copy is the suite's ``source_copy``)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from patience.rulespec.loading import SPEC_DIR


@pytest.fixture
def specs_copy(tmp_path):
    copy = tmp_path / "specs"
    shutil.copytree(SPEC_DIR, copy)
    return copy


ROOTS = Path(__file__).resolve().parents[1] / "rules" / "roots"


@pytest.fixture
def site(tmp_path, specs_copy):
    """A copy of the rules test site (its Sultan and Calculation pages) whose ``specs/`` holds a
    copy of every spec, built from the suite's ``source_copy`` with ``build(source, **config)``."""
    root = tmp_path / "site"
    shutil.copytree(ROOTS / "test-rules", root)
    shutil.copytree(specs_copy, root / "specs")
    return root


@pytest.fixture
def build(make_app, tmp_path):
    def run(root: Path, source: Path, **config):
        app = make_app("html", srcdir=root, builddir=tmp_path / "out",
                       confoverrides={"edition_source_texts": str(source), **config})
        app.build()
        return app
    return run
