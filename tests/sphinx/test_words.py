"""The dictionary's answers kept under the doctrees from one build to the next."""

from __future__ import annotations

import pickle
from pathlib import Path

from patience_sphinx.edition.words import FILE

from patience.orthography import memo
from tests.sphinx.helpers import warnings_of


def test_a_build_keeps_the_answers_it_was_given(make_app, site_copy):
    app = make_app("html", srcdir=site_copy("downloads"))
    app.build()
    kept = pickle.loads(Path(app.doctreedir, FILE).read_bytes())
    assert kept["answers"]["patience.text.glossary.lemmas"]["картъ"] == frozenset({"карта"})
    assert memo.recall(kept)


def test_a_damaged_file_of_answers_is_made_again(make_app, site_copy):
    site = site_copy("downloads")
    first = make_app("html", srcdir=site)
    first.build()
    path = Path(first.doctreedir, FILE)
    path.write_bytes(b"\x80\x05not a pickle")
    first.cleanup()
    again = make_app("html", srcdir=site)
    again.build()
    assert warnings_of(again) == []
    assert memo.recall(pickle.loads(path.read_bytes()))
