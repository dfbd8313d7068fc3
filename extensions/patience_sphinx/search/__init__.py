"""``edition_search``: the site's search finds a word in pre-reform or modern spelling.

A custom search language (``html_search_language = "ru-spellings"``): Cyrillic words
are folded (:func:`patience.orthography.folding.fold`: ѣ/і/ѳ/ѵ, ъ, -аго/-ыя, prefixes
in з …) and then stemmed with Snowball Russian; other words are stemmed with Snowball
English, as Sphinx's English search does. The browser runs the same folding
(``folding.js``) and Sphinx's own Snowball stemmers, all carried in
``language_data.js``: nothing is fetched from elsewhere.
"""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import snowballstemmer
from sphinx.application import Sphinx
from sphinx.search import SearchLanguage
from sphinx.search.en import SearchEnglish

from patience.orthography.folding import fold

CYRILLIC = re.compile(r"[\u0400-\u04FF]")
FOLDING_JS = Path(__file__).with_name("folding.js")
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


def setup(app: Sphinx) -> dict:
    app.add_search_language(SearchAcrossSpellings)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
