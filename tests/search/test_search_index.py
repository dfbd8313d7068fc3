"""The search index of a tiny site holds folded keys, the same for either spelling."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from patience_sphinx.search import FOLDING_JS
from sphinx.testing.util import SphinxTestApp

ROOTS = Path(__file__).with_name("roots")


@pytest.fixture
def built(tmp_path):
    source = tmp_path / "spellings"
    shutil.copytree(ROOTS / "spellings", source)
    app = SphinxTestApp("html", srcdir=source)
    try:
        app.build()
        yield app
    finally:
        app.cleanup()


def _index(app) -> dict:
    text = (app.outdir / "searchindex.js").read_text(encoding="utf-8")
    assert text.startswith("Search.setIndex(") and text.endswith(")")
    return json.loads(text[len("Search.setIndex("):-1])


def test_index_holds_folded_keys_only(built):
    terms = _index(built)["terms"]
    # «мѣста»/«места», «основныя», «разсматривая»/«рассматривают», «чрезъ»…
    assert {"мест", "основн", "свободн", "подходя", "рассматрив", "через", "карт"} <= set(terms)
    assert not [t for t in terms if set(t) & set("ѣіѳѵъ")]
    assert "пасьянс" in _index(built)["titleterms"]


def test_both_spellings_stem_to_one_key():
    from patience_sphinx.search import SearchAcrossSpellings

    language = SearchAcrossSpellings({})
    pairs = [
        ("мѣстомъ", "местом"), ("основныя", "основные"), ("подходящія", "подходящие"),
        ("разсматривать", "рассматривать"), ("каждаго", "каждого"), ("лучшаго", "лучшего"),
        ("большаго", "большого"), ("онѣ", "они"), ("ея", "ее"), ("ея", "её"), ("чрезъ", "через"),
        ("разсчетъ", "расчет"), ("Ѳома", "Фома"), ("четыреугольникѣ", "четырехугольнике"),
        ("ИЗЪ", "из"), ("Открывшіяся", "открывшиеся"),
    ]
    for old, new in pairs:
        assert language.stem(old) == language.stem(new), (old, new)
    assert language.stem("карта") != language.stem("место")
    assert language.stem("Playing") == "play"


def test_the_browser_gets_the_stemmer_inline(built):
    script = (built.outdir / "_static" / "language_data.js").read_text(encoding="utf-8")
    assert FOLDING_JS.read_text(encoding="utf-8") in script and "RussianStemmer" in script and "EnglishStemmer" in script
    assert "http" not in script.replace("https://snowballstem.org", "")


def test_every_gold_word_and_its_modern_form_share_search_keys():
    import re

    from patience_sphinx.search import SearchAcrossSpellings

    from tests.orthography.conftest import gold_words

    language = SearchAcrossSpellings({})
    for entry in gold_words():
        old, new = re.findall(r"\w+", entry["original"]), re.findall(r"\w+", entry["modern"])
        assert [language.stem(w) for w in old] == [language.stem(w) for w in new], entry
