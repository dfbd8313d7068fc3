"""The TEI viewer of the downloads, in Chromium: CETEIcean shows the TEI document with each
passage's three layers side by side, the reading text without the witness's letters, then
the glossary, the departures and the settled readings; from the site and from a disk."""

from __future__ import annotations

import pytest

from patience.corpus import load_corpus

pytestmark = pytest.mark.browser

CORPUS = load_corpus()
VIEWER = "downloads/edition-viewer.html"


def _words(text: str) -> str:
    return " ".join(text.split())


def open_viewer(page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("body[data-ready=yes]", timeout=30000)
    page.evaluate("document.body.classList.add('text-only')")  # the layers' text, without their notes


def rows(page) -> list[dict]:
    return page.eval_on_selector_all(
        ".row",
        """rows => rows.map(row => { const cells = [...row.querySelectorAll('.cell')];
           return {id: row.dataset.passage, text: cells.map(c => c.innerText), lang: cells.map(c => c.lang),
                   box: cells.map(c => { const r = c.getBoundingClientRect(); return [r.left, r.top]; })}; })""",
    )


def test_every_passage_is_a_row_of_its_three_layers_side_by_side(page, site_url):
    open_viewer(page, site_url + VIEWER)
    shown = rows(page)
    assert [row["id"] for row in shown] == [p.id for p in CORPUS.edition.passages]
    for row in shown:
        passage = CORPUS.edition.passage(row["id"])
        assert row["lang"] == ["ru-petr1708", "ru", "en"]
        assert _words(row["text"][0]) == _words(passage.reading), row["id"]  # corr shown, sic hidden
        assert _words(row["text"][1]) == _words(CORPUS.modern[passage.id].text), row["id"]
        assert _words(row["text"][2]) == _words(CORPUS.english[passage.id].text), row["id"]
        (left0, top0), (left1, top1), (left2, top2) = row["box"]
        assert top0 == top1 == top2 and left0 < left1 < left2, row["id"]


def test_the_glossary_departures_and_readings_follow(page, site_url):
    open_viewer(page, site_url + VIEWER)
    assert page.locator('tei-list[type="gloss"] > tei-label').count() == len(CORPUS.glossary.terms)
    assert page.locator('tei-div[type="departure"]').count() == len(CORPUS.edition.collation.departures)
    assert page.locator('tei-div[type="reading"]').count() == len(CORPUS.edition.collation.readings)
    assert page.locator('tei-div[type="reading"]').first.is_visible()
    assert not page.locator("tei-teiheader").is_visible() and not page.locator("tei-sic").first.is_visible()


def test_the_viewer_opens_from_a_disk(browser, built_site):
    context = browser.new_context()
    try:
        page = context.new_page()
        open_viewer(page, (built_site / VIEWER).as_uri())
        assert page.locator(".row").count() == len(CORPUS.edition.passages)
    finally:
        context.close()
