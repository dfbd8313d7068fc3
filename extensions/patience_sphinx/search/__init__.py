"""``edition_search``: the site's search finds a word in pre-reform or modern spelling.

A custom search language (``html_search_language = "ru-spellings"``): Cyrillic words
are folded (:func:`patience.orthography.folding.fold`: ѣ/і/ѳ/ѵ, ъ, -аго/-ыя, prefixes
in з …) and then stemmed with Snowball Russian; other words are stemmed with Snowball
English, as Sphinx's English search does. The browser runs the same folding
(``folding.js``) and Sphinx's own Snowball stemmers, all carried in
``language_data.js``: nothing is fetched from elsewhere. On the search page,
``js/search-landing.js`` makes the results land where the words are: each passage
that holds them, with a snippet of one layer of the text, and links to the passage.

The published index is always whole: Sphinx keeps the index entries of a page only
while it writes that page, so an incremental or no-op build wrote ``searchindex.js``
without those of every page it left alone (sphinx-doc/sphinx#12599). Before the index
is written, :func:`whole_index` gives those pages their entries again, as the index
domain recorded them when it read the page (kept with the environment: no doctree is
read again), and drops the words no page holds any more, so the index of any build
equals that of a clean build of the same sources.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from importlib import resources
from pathlib import Path

import snowballstemmer
from sphinx.application import Sphinx
from sphinx.search import SearchLanguage
from sphinx.search.en import SearchEnglish
from sphinx.util.index_entries import split_index_msg

from patience.orthography.folding import fold

from .. import _scripts

CYRILLIC = re.compile(r"[\u0400-\u04FF]")
FOLDING_JS = Path(__file__).with_name("folding.js")
JS = Path(__file__).with_name("js")
# Sphinx ships its Snowball stemmers as package data; found through importlib, not a private name.
SNOWBALL_JS = resources.files("sphinx.search") / "minified-js"


def _browser_stemmer() -> str:
    """Sphinx's Snowball stemmers for Russian and English, then the folding and the Stemmer."""
    parts = [(SNOWBALL_JS / name).read_text(encoding="utf-8")
             for name in ("base-stemmer.js", "russian-stemmer.js", "english-stemmer.js")]
    return "\n".join([*parts, FOLDING_JS.read_text(encoding="utf-8")])


class SearchAcrossSpellings(SearchLanguage):
    lang = "ru-spellings"
    language_name = "Russian in either spelling, and English"
    # Only English stop words: a Russian stop list in modern spelling would drop «из»
    # from the index while the browser still looked up «изъ» unfolded.
    stopwords = SearchEnglish.stopwords
    js_stemmer_code = _browser_stemmer()

    def __init__(self, options: dict[str, str]) -> None:
        super().__init__(options)
        self.russian = snowballstemmer.stemmer("russian")
        self.english = snowballstemmer.stemmer("english")
        # The site repeats its words; Snowball in pure Python is slow enough to remember them.
        self._stems: dict[str, str] = {}

    def stem(self, word: str) -> str:
        stemmed = self._stems.get(word)
        if stemmed is None:
            stemmed = self._stems[word] = self._stem(word)
        return stemmed

    def _stem(self, word: str) -> str:
        if CYRILLIC.search(word):
            return self.russian.stemWord(fold(word))
        return self.english.stemWord(word.lower())


IndexEntry = tuple[str, str, str, str, str | None]  # as an ``index`` node holds it: kind, value, anchor, main, key


def index_entries(entries: Iterable[IndexEntry]) -> list[tuple[str, str, str]]:
    """A page's index entries (as its ``index`` nodes hold them) as the search index keeps them:
    (entry, anchor, "main" or "")."""
    found: set[tuple[str, str, str]] = set()
    for kind, value, anchor, main, _key in entries:
        try:
            parts = split_index_msg(kind, value)
        except ValueError:
            continue
        found.update((part, anchor or "", main) for part in parts)
    return sorted(found)


def whole_index(app: Sphinx) -> list:
    """Give the pages this build did not write their index entries again; drop words no page holds.

    Runs on ``html-collect-pages``, after every page is written and before the index is.
    The index builder keeps its state in attributes Sphinx does not document (pinned:
    ``constraints.txt``); ``tests/search/test_incremental_index.py`` holds it to a clean build.
    """
    indexer = getattr(app.builder, "indexer", None)
    if indexer is None:
        return []
    entries = indexer._index_entries
    for docname in [d for d in entries if d not in indexer._titles]:
        del entries[docname]  # a page removed since
    recorded = app.env.domains.index_domain.entries  # each page's, recorded as it was read
    for docname in indexer._titles:
        if docname not in entries:
            searchable = not {"no-search", "nosearch"} & set(app.env.metadata.get(docname, {}))
            entries[docname] = index_entries(recorded.get(docname, ())) if searchable else []
    for words in (indexer._mapping, indexer._title_mapping):
        for word in [word for word, docnames in words.items() if not docnames]:
            del words[word]
    return []


def _landing(app: Sphinx, pagename: str, templatename: str, context: dict, doctree) -> None:
    if pagename == "search":  # after searchtools.js and language_data.js, before the query runs
        app.add_js_file("search-landing.js", defer="defer")


def setup(app: Sphinx) -> dict:
    app.add_search_language(SearchAcrossSpellings)
    _scripts.add(app, JS, ["search-landing.js"])
    app.connect("html-page-context", _landing)
    app.connect("html-collect-pages", whole_index)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
