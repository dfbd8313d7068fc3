"""The search index of an incremental or no-op build equals a clean build's (D17, sphinx-doc/sphinx#12599).

Sphinx forgets the index entries of the pages it does not write again, and keeps words
with no page left; ``patience_sphinx.search`` restores the one and drops the other. Each
build here is a new ``SphinxTestApp``, which reads the environment back from its pickle,
as a new ``sphinx-build`` process does.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from sphinx.testing.util import SphinxTestApp

ROOT = Path(__file__).with_name("roots") / "entries"


def build(source: Path, out: Path) -> dict:
    app = SphinxTestApp("html", srcdir=source, builddir=out)
    try:
        app.build()
        text = (Path(app.outdir) / "searchindex.js").read_text(encoding="utf-8")
    finally:
        app.cleanup()
    return json.loads(text[len("Search.setIndex("):-1])


@pytest.fixture
def source(tmp_path) -> Path:
    shutil.copytree(ROOT, tmp_path / "src")
    return tmp_path / "src"


def test_a_no_op_build_keeps_every_index_entry(source, tmp_path):
    clean = build(source, tmp_path / "out")
    assert set(clean["indexentries"]) >= {"sultan (game)", "calculation (game)", "divan", "arithmetic"}
    assert build(source, tmp_path / "out") == clean


def test_an_incremental_build_equals_a_clean_one(source, tmp_path):
    build(source, tmp_path / "out")
    page = source / "calculation.rst"
    page.write_text(page.read_text(encoding="utf-8").replace("четверку", "пятерку"), encoding="utf-8")
    incremental = build(source, tmp_path / "out")
    clean = build(source, tmp_path / "clean")
    assert incremental == clean
    assert "четверк" not in incremental["terms"] and "пятерк" in incremental["terms"]


def test_a_removed_page_leaves_nothing_behind(source, tmp_path):
    build(source, tmp_path / "out")
    (source / "calculation.rst").unlink()
    index = source / "index.rst"
    index.write_text(index.read_text(encoding="utf-8").split(".. toctree::")[0], encoding="utf-8")
    assert build(source, tmp_path / "out") == build(source, tmp_path / "clean")
