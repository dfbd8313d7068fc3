"""The site's search, in Chromium: a query finds the same pages in either spelling.

Needs the site built with the ``edition_search`` extension and
``html_search_language = "ru-spellings"`` in conf.py. The queries «мѣстомъ» and
«местом» stand nowhere on the site in either spelling, so only folding and
stemming on both sides can make them find the pages with «мѣста»/«места».
"""

from __future__ import annotations

from urllib.parse import quote

import pytest

pytestmark = pytest.mark.browser


def test_the_site_searches_across_spellings(built_site):
    script = (built_site / "_static" / "language_data.js").read_text(encoding="utf-8")
    assert "static fold(word)" in script, (
        "the site's search does not fold spellings: conf.py needs 'edition_search' in "
        "extensions and html_search_language = 'ru-spellings'"
    )


def _search(page, site_url: str, query: str) -> set[str]:
    """The pages (paths, anchors dropped) the search page lists for ``query``."""
    page.goto(f"{site_url}search.html?q={quote(query)}")
    # Results are listed one by one; the summary is written once the last one is shown.
    page.wait_for_function(
        "() => { const s = document.querySelector('#search-results .search-summary');"
        " return s !== null && s.textContent.trim() !== ''; }",
        timeout=15000,
    )
    links = page.eval_on_selector_all(
        "#search-results ul.search li a", "links => links.map(a => a.getAttribute('href'))"
    )
    return {link.split("#")[0] for link in links}


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("мѣстомъ", "местом"),  # ѣ, final ъ; a form found nowhere on the site
        ("подходящія", "подходящие"),  # plural participle -ія/-ие
        ("каждаго", "каждого"),  # genitive -аго
        ("разсматривать", "рассматривать"),  # prefix раз-/рас-
        ("Онѣ", "они"),
        ("чрезъ", "через"),
    ],
)
def test_either_spelling_finds_the_same_pages(page, site_url, old, new):
    found_old = _search(page, site_url, old)
    found_new = _search(page, site_url, new)
    assert found_old, f"nothing found for {old!r}"
    assert found_old == found_new


def test_a_pre_reform_query_finds_its_passage_page(page, site_url):
    # «разсматривать» stands in rule I of Napoleon's Square.
    assert any("napoleon" in path for path in _search(page, site_url, "рассматривать"))


def test_a_word_not_in_the_book_finds_nothing(page, site_url):
    assert _search(page, site_url, "щщщщщ") == set()


def _passage_hits(page, site_url: str, query: str) -> list[dict]:
    """The passages the search page lists under the pages' results: id, layer, snippet, marked words, link."""
    _search(page, site_url, query)
    page.wait_for_function(
        "() => { const pages = [...document.querySelectorAll('#search-results li.kind-text, #search-results li.kind-title')];"
        " return pages.length > 0 && pages.every(li => li.querySelector('.context')); }",
        timeout=15000,
    )
    return page.eval_on_selector_all(
        "li > a.ed-search-passage",
        """links => links.map(a => { const li = a.parentElement, s = li.querySelector('.ed-search-snippet');
            return {id: a.textContent, href: a.getAttribute('href'), layer: li.querySelector('.ed-search-layer').textContent,
                    snippet: s.textContent, marked: [...s.querySelectorAll('.highlighted')].map(m => m.textContent)}; })""",
    )


def _words(text: str) -> str:
    return " ".join(text.replace("…", " ").split())


def test_a_snippet_is_one_layer_of_the_reading_text_with_the_words_marked(page, site_url):
    from patience.orthography.folding import fold
    from patience.text import load_edition

    edition = load_edition()
    hits = _passage_hits(page, site_url, "местом")  # «мѣста» in the book, found by its search key
    assert len(hits) >= 10
    for hit in hits:
        assert hit["layer"].strip() == "(Reading text)"
        reading = _words(edition.passage(hit["id"]).reading)
        assert _words(hit["snippet"]) in reading, hit  # one layer, words not run together
        assert "ђ" not in hit["snippet"] and "Witness" not in hit["snippet"]
        assert hit["marked"] and all(fold(word).startswith("мест") for word in hit["marked"]), hit
        assert hit["href"].endswith(f".html#{hit['id']}")


def test_passage_results_are_the_same_in_either_spelling(page, site_url):
    old = [hit["id"] for hit in _passage_hits(page, site_url, "мѣстомъ")]
    new = [hit["id"] for hit in _passage_hits(page, site_url, "местом")]
    assert old and old == new


def test_an_english_query_gives_an_english_snippet(page, site_url):
    hits = _passage_hits(page, site_url, "divan")
    assert [hit["id"] for hit in hits] == ["sultan.end.2"]
    assert hits[0]["layer"].strip() == "(English)" and [w.lower() for w in hits[0]["marked"]] == ["divan", "divan"]


def test_a_result_opens_at_its_passage_with_the_words_marked(page, site_url):
    hits = _passage_hits(page, site_url, "местом")
    pairs = page.eval_on_selector_all(
        "#search-results li:has(a.ed-search-passage)",
        "lis => lis.map(li => [li.querySelector(':scope > a').getAttribute('href'),"
        " li.querySelector('a.ed-search-passage').getAttribute('href')])")
    assert pairs and all(own == first for own, first in pairs)  # a page's result opens at its first passage
    page.locator("a.ed-search-passage").nth(2).click()
    target = hits[2]["id"]
    page.wait_for_url(f"**#{target}")
    row = page.locator(f'[id="{target}"]')
    row.wait_for()
    page.wait_for_timeout(300)  # the page settles its landing after the layers and the font
    top = row.evaluate("r => r.getBoundingClientRect().top")
    assert 0 <= top < 450, top
    assert row.evaluate("r => getComputedStyle(r).backgroundColor") not in ("rgba(0, 0, 0, 0)", "transparent")
    marked = row.locator(".ed-reading span.highlighted").all_inner_texts()
    assert marked and set(marked) <= set(hits[2]["marked"]), (marked, hits[2])
