"""Citations that stay true: the configured URL, version and date on any machine, ranges
cited whole and marked, panels built on demand, metadata for reference managers."""

from __future__ import annotations

import datetime

import pytest

from patience import citation
from patience.text import load_edition

pytestmark = pytest.mark.browser

EDITION = load_edition()
PUBLICATION = citation.load_publication()


def open_panel(page, passage_id):
    panel = page.locator(f'[id="{passage_id}"] details.ed-cite')
    panel.locator("summary").click()
    panel.locator("pre").first.wait_for()
    return panel


def test_a_citation_names_the_configured_url_version_date_editors_and_today(page, site_url):
    page.goto(f"{site_url}docs/games/napoleon.html")
    panel = open_panel(page, "napoleon.game.2")
    today = datetime.date.today()
    for fmt in citation.FORMATS:
        text = panel.locator(f'pre[data-format="{fmt}"]').inner_text()
        assert text == citation.render(citation.citation(EDITION, "napoleon.game.2", accessed=today), fmt)
        assert "127.0.0.1" not in text and PUBLICATION.base_url in text
        assert PUBLICATION.version in text and PUBLICATION.editors[0] in text


def test_a_citation_read_from_a_file_is_the_same(browser, built_site):
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto((built_site / "docs" / "games" / "napoleon.html").as_uri())
        panel = open_panel(page, "napoleon.game.2")
        expected = citation.render(citation.citation(EDITION, "napoleon.game.2"), "text")
        assert panel.locator('pre[data-format="text"]').inner_text() == expected
    finally:
        context.close()


def test_a_range_url_opens_with_every_passage_of_the_range_marked(page, site_url):
    cite = citation.citation(EDITION, "sultan.end.1-sultan.end.3")
    page.goto(site_url + cite.url.removeprefix(PUBLICATION.base_url))
    marked = page.eval_on_selector_all(".ed-row.ed-marked", "rows => rows.map(r => r.id)")
    assert marked == [p.id for p in cite.passages]
    colour = page.locator('[id="sultan.end.2"]').evaluate("n => getComputedStyle(n).backgroundColor")
    assert colour not in ("rgba(0, 0, 0, 0)", "transparent")


def test_panels_are_not_in_the_pages_or_the_search_index(built_site):
    for name in ("sultan", "calculation", "napoleon"):
        html = (built_site / "docs" / "games" / f"{name}.html").read_text(encoding="utf-8")
        assert "@inbook" not in html and "Anonymous Russian translation" not in html
    index = (built_site / "searchindex.js").read_text(encoding="utf-8")
    assert "inbook" not in index and "urldat" not in index


def test_each_page_carries_metadata_for_reference_managers(page, site_url):
    page.goto(f"{site_url}docs/games/sultan.html")
    meta = page.eval_on_selector_all("meta[name^='citation_']", "ms => ms.map(m => [m.name, m.content])")
    names = dict(meta)
    assert names["citation_title"] == "Sultan"
    assert names["citation_author"] == "Cadogan, Adelaide"
    assert names["citation_public_url"] == PUBLICATION.base_url + "docs/games/sultan.html"
    assert ["citation_editor", PUBLICATION.editors[0]] in meta
    assert names["citation_inbook_title"] == citation.TITLE_RU
