"""Other projects link to the edition's passages, notes, clauses, games and terms through
intersphinx alone: a small plain-reST project and a MyST one (as a Jupyter Book is) are
built against the inventory of an edition site, and every link must resolve to its anchor."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from sphinx.testing.util import SphinxTestApp

ROOTS = Path(__file__).with_name("roots")
EDITION_ROOT = Path(__file__).resolve().parents[1] / "sphinx" / "roots" / "test-edition"
PUBLISHED = "https://patience.github.io/"

#: Each link the articles make, and the anchor it must reach.
EXPECTED = {
    "docs/games.html#sultan.end.2", "docs/notes.html#note-14", "clauses.html#clause-sultan.kings",
    "games.html#game-sultan", "glossary.html#term-marriage",
}


def build(source: Path, **overrides) -> SphinxTestApp:
    app = SphinxTestApp("html", srcdir=source, confoverrides={"nitpicky": True, **overrides})
    app.build()
    return app


@pytest.fixture(scope="module")
def inventory(tmp_path_factory) -> Path:
    """The inventory of a small edition site (its passages, notes, a clause, the glossary)."""
    source = tmp_path_factory.mktemp("edition") / "site"
    shutil.copytree(EDITION_ROOT, source)
    app = build(source)
    try:
        assert "WARNING" not in app.warning.getvalue(), app.warning.getvalue()
        return Path(app.outdir) / "objects.inv"
    finally:
        app.cleanup()


@pytest.mark.parametrize("project", ["plain", "myst"])
def test_another_project_links_to_the_edition_with_intersphinx_alone(project, inventory, tmp_path):
    source = tmp_path / project
    shutil.copytree(ROOTS / project, source)
    app = build(source, intersphinx_mapping={"patience": (PUBLISHED, str(inventory))})
    try:
        assert app.warning.getvalue() == "", app.warning.getvalue()
        html = (Path(app.outdir) / "index.html").read_text(encoding="utf-8")
    finally:
        app.cleanup()
    links = set(re.findall(r'href="https://patience\.github\.io/([^"]+)"', html))
    anchors = {link.split("#")[1] for link in links}
    assert {e.split("#")[1] for e in EXPECTED} <= anchors, links
    assert "марьяжъ" in html  # a term's link shows the book's word


def test_a_wrong_identifier_is_reported_in_the_other_project(inventory, tmp_path):
    source = tmp_path / "plain"
    shutil.copytree(ROOTS / "plain", source)
    page = source / "index.rst"
    page.write_text(page.read_text(encoding="utf-8").replace("sultan.end.2`", "sultan.end.99`", 1), encoding="utf-8")
    app = build(source, intersphinx_mapping={"patience": (PUBLISHED, str(inventory))})
    try:
        assert "sultan.end.99" in app.warning.getvalue()
    finally:
        app.cleanup()
