"""Landings and keys: a link to a passage shows the passage below the sticky column
header; search results land on what they found, with clean snippets; ← and → do not
turn the page."""

from __future__ import annotations

from urllib.parse import quote

import pytest

pytestmark = pytest.mark.browser


def settle(page):
    """Wait until the fonts are in and a (smooth) scroll has stopped."""
    page.evaluate("document.fonts.ready.then(() => true)")
    page.wait_for_function(
        """() => new Promise(done => { const y = scrollY;
            setTimeout(() => done(scrollY === y), 150); })""", polling=200, timeout=5000)


def visible_below_header(page, selector):
    """The target's top is inside the viewport and below every sticky header."""
    settle(page)
    return page.evaluate(
        """sel => {
            const target = document.querySelector(sel);
            const top = target.getBoundingClientRect().top;
            const heads = [...document.querySelectorAll('.ed-head, .mobile-header')]
                .filter(h => getComputedStyle(h).display !== 'none' && h.offsetHeight > 0)
                .map(h => h.getBoundingClientRect().bottom);
            const covered = Math.max(0, ...heads.filter(b => b > 0 && b < window.innerHeight / 2));
            return [top, covered, top >= covered - 1 && top < window.innerHeight];
        }""",
        selector,
    )


@pytest.mark.parametrize("width", [1400, 800])
@pytest.mark.parametrize(
    ("path", "selector"),
    [
        ("docs/games/napoleon.html#napoleon.game.4", '[id="napoleon.game.4"]'),  # a permalink
        ("docs/games/calculation.html#noteref-14-calculation.game.4", '[id="noteref-14-calculation.game.4"]'),
        ("docs/games/empress.html#empress.game.9", '[id="empress.game.9"]'),
        ("docs/notes.html#note-16", '[id="note-16"]'),
    ],
)
def test_a_landing_shows_its_target_below_the_sticky_header(browser, site_url, path, selector, width):
    context = browser.new_context(viewport={"width": width, "height": 800})
    try:
        page = context.new_page()
        page.goto(site_url + path)
        page.wait_for_timeout(200)
        top, covered, ok = visible_below_header(page, selector)
        assert ok, (top, covered)
    finally:
        context.close()


def test_a_urn_landing_shows_its_passage_below_the_header(page, site_url):
    page.goto(f"{site_url}docs/index.html#urn:cts:cadogan:patience.ru.ocr-edition:napoleon.game.4")
    page.wait_for_url("**/napoleon.html#napoleon.game.4")
    page.wait_for_timeout(200)
    assert visible_below_header(page, '[id="napoleon.game.4"]')[2]


def test_a_footnote_back_link_and_a_clause_link_land_below_the_header(page, site_url):
    page.goto(f"{site_url}docs/notes.html#note-14")
    page.locator('[id="note-14"] a[href*="calculation.html#calculation.game.4"]').click()
    page.wait_for_url("**/calculation.html#calculation.game.4")
    page.wait_for_timeout(200)
    assert visible_below_header(page, '[id="calculation.game.4"]')[2]
    page.goto(f"{site_url}docs/games/napoleon.html")
    link = page.locator('.rules-clause a[href^="#napoleon."]').first
    target = link.get_attribute("href")[1:]
    link.click()
    page.wait_for_timeout(200)
    assert visible_below_header(page, f'[id="{target}"]')[2]


def test_arrow_keys_do_not_turn_the_page(page, site_url):
    page.goto(f"{site_url}docs/games/napoleon.html")
    page.locator("h1").click()
    page.keyboard.press("ArrowRight")
    page.wait_for_timeout(300)
    page.keyboard.press("ArrowLeft")
    page.wait_for_timeout(300)
    assert page.url.endswith("docs/games/napoleon.html")


def search(page, site_url, query):
    page.goto(f"{site_url}search.html?q={quote(query)}")
    page.wait_for_function(
        "() => { const s = document.querySelector('#search-results .search-summary');"
        " return s !== null && s.textContent.trim() !== ''; }",
        timeout=15000,
    )
    page.wait_for_timeout(500)  # the snippets are fetched after the list
    return page.eval_on_selector_all(
        "#search-results ul.search li",
        "items => items.map(li => [li.querySelector('a').getAttribute('href'),"
        " (li.querySelector('p.context') || {textContent: ''}).textContent])",
    )


@pytest.mark.parametrize("query", ["пасьянсъ", "talon", "16", "napoleon", "sultan.end.2", "диванъ"])
def test_every_search_result_lands_on_an_anchor_that_exists(page, site_url, query):
    results = search(page, site_url, query)
    assert results
    pages = {}
    for href, _ in results:
        path, _, anchor = href.partition("#")
        if not anchor:
            continue
        if path not in pages:
            pages[path] = page.context.new_page()
            pages[path].goto(site_url + path)
        found = pages[path].evaluate("id => document.getElementById(id) !== null", anchor)
        assert found, href
    for other in pages.values():
        other.close()


def test_a_term_and_a_note_are_found_with_their_anchors(page, site_url):
    hrefs = [href for href, _ in search(page, site_url, "пасьянсъ")]
    assert any(href.endswith("glossary.html#term-пасьянсъ") or href.endswith("glossary.html#term-patience")
               for href in hrefs)
    hrefs = [href for href, _ in search(page, site_url, "16")]
    assert "docs/notes.html#note-16" in hrefs


def test_search_snippets_carry_no_labels_or_citations(page, site_url):
    for query in ("талонъ", "sultan.end.2", "диванъ"):
        for _, snippet in search(page, site_url, query):
            for noise in ("Witness (OCR)", "Reading text", "Modern spelling", "Suggested citation", "@inbook",
                          "OCR: «", "Copy BibTeX"):
                assert noise not in snippet, (query, noise, snippet)


def test_a_passage_is_found_in_either_spelling(page, site_url):
    old = {href.split("#")[0] for href, _ in search(page, site_url, "мѣста")}
    new = {href.split("#")[0] for href, _ in search(page, site_url, "места")}
    assert old and old == new
