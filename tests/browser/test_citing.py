"""Citations that stay true: the configured URL, version and date on any machine, ranges
cited whole and marked, panels built on demand, metadata for reference managers."""

from __future__ import annotations

import datetime
import json

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


@pytest.mark.parametrize("reference", ["napoleon.game.2", "zodiac.game.1", "sultan.end.1-sultan.end.3"])
def test_a_citation_is_the_command_s_in_every_format(page, site_url, reference):
    first = reference.split("-")[0]
    page.goto(f"{site_url}{citation.page_of(EDITION, EDITION.passage(first))}")
    panel = open_panel(page, first) if "-" not in reference else _range_panel(page, reference)
    today = datetime.date.today()
    for fmt in citation.FORMATS:
        text = panel.locator(f'pre[data-format="{fmt}"]').inner_text()
        assert text == citation.render(citation.citation(EDITION, reference, accessed=today), fmt)
        assert "127.0.0.1" not in text and "example.org" not in text
        assert PUBLICATION.version in text and PUBLICATION.editors in text


def _range_panel(page, reference):
    """A range's panel: the page's link to the range, then its own cite panel (how-to-cite shows one)."""
    page.goto(page.url.split("/docs/")[0] + "/docs/how-to-cite.html")
    panel = page.locator(f'details.ed-cite[data-ref="{reference}"]')
    panel.locator("pre").first.wait_for()
    return panel


def test_the_same_citation_in_a_published_copy_names_its_address(page, site_url):
    """The page script writes the URL from the publication's base, as patience cite does."""
    page.goto(f"{site_url}docs/games/napoleon.html")
    page.evaluate("""() => new Promise(done => { const wait = () => window.EDITION_DATA ? done() : setTimeout(wait, 20);
                      const s = document.createElement('script'); s.src = '../../_static/edition-data.js'; s.onload = wait;
                      document.head.append(s); })""")
    page.evaluate("window.EDITION_DATA.publication.base = 'https://patience.github.io/'")
    panel = open_panel(page, "napoleon.game.2")
    published = PUBLICATION.model_copy(update={"base_url": "https://patience.github.io/"})
    expected = citation.citation(EDITION, "napoleon.game.2", published, datetime.date.today())
    assert panel.locator('pre[data-format="ris"]').inner_text() == citation.render(expected, "ris")


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
    page.goto(f"{site_url}{citation.page_of(EDITION, cite.passages[0])}#{cite.label}")
    marked = page.eval_on_selector_all(".ed-row.ed-marked", "rows => rows.map(r => r.id)")
    assert marked == [p.id for p in cite.passages]
    colour = page.locator('[id="sultan.end.2"]').evaluate("n => getComputedStyle(n).backgroundColor")
    assert colour not in ("rgba(0, 0, 0, 0)", "transparent")


def test_panels_are_not_in_the_pages_or_the_search_index(built_site):
    for name in ("sultan", "calculation", "napoleon"):
        html = (built_site / "docs" / "games" / f"{name}.html").read_text(encoding="utf-8")
        assert "@misc" not in html and "@incollection" not in html and "anonymous Russian translation" not in html
    text = (built_site / "searchindex.js").read_text(encoding="utf-8")
    index = json.loads(text[len("Search.setIndex("):-1])
    about_citing = {index["docnames"].index(name) for name in ("docs/how-to-cite", "docs/citing-and-linking")}
    for word in ("incollect", "urldat", "howpublish"):  # only the pages on citing name the fields
        found = index["terms"].get(word, [])
        assert set(found if isinstance(found, list) else [found]) <= about_citing, word


def test_no_built_page_or_download_names_a_placeholder_host(built_site):
    """No address on a host reserved for examples (the pages may name such a host in prose)."""
    import re
    import zlib

    address = re.compile(rb"https?://[^/\s\"'<>]*\b(example|test|invalid|localhost)\b")
    for path in built_site.rglob("*"):
        if path.is_file() and path.suffix in (".html", ".js", ".xml", ".json", ".txt", ".inv"):
            data = path.read_bytes()
            if path.suffix == ".inv":
                data = zlib.decompress(data.split(b"\n", 4)[4])
            assert not address.search(data), (path, address.search(data))


def test_each_page_carries_metadata_for_reference_managers(page, site_url):
    page.goto(f"{site_url}docs/games/sultan.html")
    meta = page.eval_on_selector_all("meta[name^='citation_'], meta[name^='prism.']",
                                     "ms => ms.map(m => [m.name, m.content])")
    assert meta == [
        ["citation_title", "Sultan"],
        ["citation_inbook_title", PUBLICATION.title],
        ["citation_author", "Cadogan, Adelaide"],
        ["citation_editor", PUBLICATION.editors],
        ["citation_publication_date", PUBLICATION.released.strftime("%Y/%m/%d")],
        ["prism.edition", f"Version {PUBLICATION.version}"],
        ["citation_language", "ru"],
    ]  # no citation_public_url: the edition has no public address yet
