"""Caching and invalidation: results are kept per spec digest and engine version; an edited
spec re-reads its pages on the next incremental build; parallel builds agree with serial ones."""

from __future__ import annotations

import re

import patience_sphinx.rules.cache
import patience_sphinx.rules.example
import pytest

from tests.sphinx.helpers import page, warnings_of

from .conftest import edit


@pytest.fixture
def played(monkeypatch):
    """The examples the build plays (not those served from the cache), as (game, deal)."""
    calls = []
    real = patience_sphinx.rules.example.record

    def counting(game, number, seconds=None, **options):
        calls.append((game.id, number))
        return real(game, number, seconds, **options)

    monkeypatch.setattr(patience_sphinx.rules.example, "record", counting)
    return calls


def build_warnings(app) -> list[str]:
    """The build's warnings, less the re-registration notices of a third app in one process."""
    return [w for w in warnings_of(app) if "while setting up extension" not in w]


def written(app) -> set[str]:
    plain = re.sub(r"\x1b\[[0-9;]*m", "", app.status.getvalue())
    return set(re.findall(r"writing output\.\.\. \[\s*\d+%\] (\S+)", plain))


def test_examples_are_cached_on_the_spec_and_rerun_when_it_changes(rules_site, build, make_app, played, tmp_path):
    site = rules_site()
    build(site)
    assert sorted(played) == [("calculation", 4), ("sultan", 1)]
    assert len(list((tmp_path / "out" / "doctrees" / "rules-cache").glob("example-*.json"))) == 2

    played.clear()
    fresh = make_app("html", srcdir=site, builddir=tmp_path / "out", freshenv=True)
    fresh.build()  # every page read again, the examples served from the cache
    assert played == []
    assert "Reproduce it with" in page(fresh, "calculation")

    edit(site / "specs" / "calculation.yaml", "says: There is no second deal.",
         "says: There is never a second deal.")
    changed = build(site)
    assert played == [("calculation", 4)]  # a new digest: played again; Sultan untouched
    assert build_warnings(changed) == []
    assert "There is never a second deal." in page(changed, "calculation")
    assert {"calculation"} <= written(changed) and "sultan" not in written(changed)


def test_a_changed_spec_changes_the_plate_and_the_pages_that_cite_its_clauses(rules_site, build):
    site = rules_site()
    first = build(site)
    assert 'xml:lang="ru">диванъ</tspan>' in page(first, "sultan")
    spec = site / "specs" / "sultan.yaml"
    edit(spec, "  - id: divan\n", "  - id: divan-of-eight\n")
    edit(spec, "    label_ru: диванъ\n", "    label_ru: диванъ султана\n")
    second = build(site)
    assert 'xml:lang="ru">диванъ султана</tspan>' in page(second, "sultan")  # the plate is redrawn
    assert "refs" in written(second)  # it cites sultan.divan, which is gone
    assert [w for w in build_warnings(second) if "sultan.divan'" in w] == [
        f"{site / 'refs.md'}:3: WARNING: no rule clause 'sultan.divan' in the edition [edition.dangling]"]
    assert 'id="clause-sultan.divan-of-eight"' in page(second, "sultan")
    assert 'href="#clause-sultan.divan-of-eight"' in page(second, "sultan")  # the passages' back-links follow


def test_an_unchanged_site_is_not_rewritten(rules_site, build):
    site = rules_site()
    build(site)
    again = build(site)
    assert not {"sultan", "calculation", "refs"} & written(again)


def test_parallel_build_gives_the_same_pages(rules_site, build, make_app, tmp_path):
    site = rules_site()
    app = make_app("html", srcdir=site, builddir=tmp_path / "serial")
    app.build()
    parallel = make_app("html", srcdir=site, builddir=tmp_path / "parallel", parallel=2)
    parallel.build()
    assert build_warnings(parallel) == []
    for docname in ("sultan", "calculation", "refs"):
        assert _main(page(parallel, docname)) == _main(page(app, docname))


def _main(page_html: str) -> str:
    return page_html[page_html.index('<div class="body"'):page_html.index('<div class="sphinxsidebar"')]


def test_a_new_engine_version_plays_the_examples_again(rules_site, build, make_app, played, monkeypatch, tmp_path):
    site = rules_site()
    build(site)
    played.clear()
    monkeypatch.setattr(patience_sphinx.rules.cache, "engine_version", lambda env: "99.0+another-engine")
    make_app("html", srcdir=site, builddir=tmp_path / "out", freshenv=True).build()
    assert sorted(played) == [("calculation", 4), ("sultan", 1)]
