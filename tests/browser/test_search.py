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
    assert "EditionFolding" in script, (
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
